import { paths } from '../../config/paths.ts';
import { VACCINE_AGES } from '../../lib/vaccine-ages.ts';

/** The three steps of a vaccine registration (spec §2). */
export const REGISTRATION_PATHS = {
  form: paths.vaccineRegistration,
  confirm: paths.vaccineRegistrationConfirm,
  complete: paths.vaccineRegistrationComplete,
} as const;

/** The strings of the registration pages: their own, the vaccines' names, the booking parts' and a person's fields. */
export const REGISTRATION_STRINGS = ['vaccine-registration', 'vaccine-facts', VACCINE_AGES, 'booking', 'person'] as const;
