import { paths } from '../../config/paths.ts';

/** The three steps of a lab booking (spec §2 `/diagnostictest/` → `confirm/` → `complete/`). */
export const LAB_PATHS = {
  form: paths.diagnosticTest,
  confirm: paths.diagnosticTestConfirm,
  complete: paths.diagnosticTestComplete,
} as const;

/** The strings of the lab pages: their own, the catalog's names, the booking parts' and a person's fields. */
export const LAB_STRINGS = ['lab-booking', 'lab-catalog', 'booking', 'person'] as const;
