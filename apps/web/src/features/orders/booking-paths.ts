import type { WorkMode } from '@rhc/contracts';
import { paths } from '../../config/paths.ts';

/** The three steps of a booking in person and online (spec §2). */
export const BOOKING_PATHS = {
  direct: { form: paths.healthcare, confirm: paths.healthcareConfirm, complete: paths.healthcareComplete },
  online: { form: paths.healthcareOnline, confirm: paths.healthcareOnlineConfirm, complete: paths.healthcareOnlineComplete },
} as const satisfies Record<WorkMode, { form: string; confirm: string; complete: string }>;
