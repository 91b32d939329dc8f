import type { OrderKit } from '../../components/booking/order-kit.ts';
import { paths } from '../../config/paths.ts';

/** The three steps of an imaging booking (spec §2 `/imageanalysation/` → `confirm/` → `complete/`). */
export const IMAGING_PATHS = {
  form: paths.imaging,
  confirm: paths.imagingConfirm,
  complete: paths.imagingComplete,
} as const;

/** The strings of the imaging pages: their own, the catalog's names (types, parts, questions), the booking parts' and a person's fields. */
export const IMAGING_STRINGS = ['imaging-booking', 'lab-catalog', 'booking', 'person'] as const;

/** The imaging booking on the kit's pages (issue 51): a scan at a clinic's machine, a counted place. The names kept for the confirm page are not sent. */
export const IMAGING_KIT: OrderKit<'imaging'> = {
  category: 'imaging',
  strings: IMAGING_STRINGS,
  paths: IMAGING_PATHS,
  shown: ['workUnit', 'endHour'],
};
