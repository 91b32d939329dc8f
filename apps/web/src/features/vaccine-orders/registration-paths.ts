import type { OrderKit } from '../../components/booking/order-kit.ts';
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

/** The vaccine registration on the kit's pages (issue 50): a dose at a clinic, in a vaccinator's free slot. The names kept for the confirm page are not sent. */
export const VACCINE_KIT: OrderKit<'vaccine'> = {
  category: 'vaccine',
  strings: REGISTRATION_STRINGS,
  paths: REGISTRATION_PATHS,
  shown: ['doctor', 'workUnitName'],
};
