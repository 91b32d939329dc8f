import { paths } from '../../config/paths.ts';

/** The three steps of an imaging booking (spec §2 `/imageanalysation/` → `confirm/` → `complete/`). */
export const IMAGING_PATHS = {
  form: paths.imaging,
  confirm: paths.imagingConfirm,
  complete: paths.imagingComplete,
} as const;

/** The strings of the imaging pages: their own, the catalog's names (types, parts, questions), the booking parts' and a person's fields. */
export const IMAGING_STRINGS = ['imaging-booking', 'lab-catalog', 'booking', 'person'] as const;
