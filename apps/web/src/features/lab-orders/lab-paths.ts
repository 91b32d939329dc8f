import type { OrderKit } from '../../components/booking/order-kit.ts';
import { paths } from '../../config/paths.ts';

/** The three steps of a lab booking (spec §2 `/diagnostictest/` → `confirm/` → `complete/`). */
export const LAB_PATHS = {
  form: paths.diagnosticTest,
  confirm: paths.diagnosticTestConfirm,
  complete: paths.diagnosticTestComplete,
} as const;

/** The strings of the lab pages: their own, the catalog's names, the booking parts' and a person's fields. */
export const LAB_STRINGS = ['lab-booking', 'lab-catalog', 'booking', 'person'] as const;

/** The lab booking on the kit's pages (issue 51): tests and packages, at home or at a clinic, a counted place. The names kept for the confirm page are not sent. */
export const LAB_KIT: OrderKit<'lab'> = { category: 'lab', strings: LAB_STRINGS, paths: LAB_PATHS, shown: ['workUnit', 'endHour'] };
