import type { ManagedProfile, Order, PatientInfo } from '@rhc/contracts';
import { cleanPhone, isPhoneOf, VN_CALLING_CODE, type Gender } from '@rhc/domain';
import { nameCountryOf } from '../../config/calling-codes.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import type { BookingFor } from '../../stores/booking-store.ts';

/*
 * Whom a booking is for, as every booking form holds it (an examination, a vaccination): the person themself, or someone
 * else typed in or chosen among the profiles I manage (spec §3 "Customer/patient info").
 */

/** Another person's details as the form holds them. */
export type PatientFormValues = {
  fullName: string;
  phone: string;
  callingCodes: string;
  gender: Gender;
  dateOfBirth: string | null;
  email: string;
  address: string;
  /** Kept from an existing booking so a country outside the list survives an edit. */
  nameCountry?: string;
};

/** The part of a booking form that says whom it is for; field names follow the request body. */
export type PatientChoiceValues = {
  bookingFor: BookingFor;
  infomation: PatientFormValues;
  /** A saved profile of a relative the booking is for (its details fill `infomation`); null: typed in by hand. */
  profileId: string | null;
};

export const emptyPatient: PatientFormValues = {
  fullName: '',
  phone: '',
  callingCodes: VN_CALLING_CODE,
  gender: 'male',
  dateOfBirth: null,
  email: '',
  address: '',
};

/** Whom a new booking is for: the person themself, no one else's details typed in or chosen. */
export const selfPatientChoice: PatientChoiceValues = { bookingFor: 'self', infomation: emptyPatient, profileId: null };

/** A profile's details as the form shows them (read-only: they are changed on /relativemanagement/). */
export function patientOfProfile(profile: ManagedProfile): PatientFormValues {
  return {
    fullName: profile.info.fullName,
    phone: profile.info.phone,
    callingCodes: profile.info.callingCodes,
    nameCountry: profile.info.nameCountry,
    gender: profile.info.gender as Gender,
    dateOfBirth: profile.info.dateOfBirth,
    email: profile.info.email ?? '',
    address: profile.info.address,
  };
}

/** The values a booking form takes when a kept profile is chosen (its id and details), or when none is (typed in). */
export function profileValues(profile: ManagedProfile | null): Pick<PatientChoiceValues, 'profileId' | 'infomation'> {
  return { profileId: profile ? profile.id : null, infomation: profile ? patientOfProfile(profile) : emptyPatient };
}

/** Another person's details as a draft keeps them or an order answers them. */
type KeptPatientInfo = Partial<PatientInfo> & Pick<PatientInfo, 'fullName' | 'phone' | 'address'>;

/** The details as the form holds them, from what a draft kept or an order answers (null: none). */
export function patientOfInfo(info: KeptPatientInfo): PatientFormValues {
  return {
    fullName: info.fullName,
    phone: info.phone,
    callingCodes: info.callingCodes ?? VN_CALLING_CODE,
    gender: info.gender ?? 'male',
    dateOfBirth: info.dateOfBirth || null,
    email: info.email ?? '',
    address: info.address,
    nameCountry: info.nameCountry,
  };
}

/** Whom a draft kept in the store is for, as the form holds it (a step back from the confirm page, or a reload). */
export function patientChoiceOfDraft(
  draft: { infomation?: KeptPatientInfo; profileId?: string },
  bookingFor: BookingFor,
): PatientChoiceValues {
  return {
    bookingFor,
    infomation: draft.infomation ? patientOfInfo(draft.infomation) : emptyPatient,
    profileId: draft.profileId ?? null,
  };
}

/** Whom an existing order is for, as an edit form holds it (an edit sends the details as they stand). */
export function patientChoiceOfOrder(order: Order): PatientChoiceValues {
  const forOther = order.kind === 1;
  return {
    bookingFor: forOther ? 'other' : 'self',
    infomation: forOther ? patientOfInfo({ ...order.infomation, email: order.infomation.email ?? '' }) : emptyPatient,
    profileId: null,
  };
}

/**
 * The request body's part of whom the booking is for: another person's details are sent only when booking for someone
 * else, with the profile they were chosen from.
 */
export function patientBody(values: PatientChoiceValues): { isFamily: boolean; infomation?: PatientInfo; profileId?: string } {
  const isFamily = values.bookingFor === 'other';
  const patient = values.infomation;
  return {
    isFamily,
    infomation: isFamily
      ? {
          fullName: patient.fullName,
          phone: patient.phone,
          callingCodes: patient.callingCodes,
          nameCountry: nameCountryOf(patient.callingCodes) || (patient.nameCountry ?? ''),
          gender: patient.gender,
          dateOfBirth: patient.dateOfBirth ?? '',
          email: patient.email.trim(),
          address: patient.address,
        }
      : undefined,
    profileId: isFamily && values.profileId ? values.profileId : undefined,
  };
}

/** An error of the booking forms' own (not of the contract): a key of the booking namespace. */
export const BOOKING_ERROR_PREFIX = 'booking:';

/**
 * Adds to `errors` (the contract schema's) what a form alone checks of another person's details: the schema's phone
 * refinement runs only once the rest parses, and a form shows every problem at once; a birthday is required and past.
 */
export function addPatientErrors(errors: FieldErrors, values: PatientChoiceValues, today: string): FieldErrors {
  if (values.bookingFor !== 'other') return errors;
  const patient = values.infomation;
  const phone = cleanPhone(patient.phone);
  if (phone !== '' && !errors['infomation.phone'] && !isPhoneOf(patient.callingCodes, phone))
    errors['infomation.phone'] = patient.callingCodes === VN_CALLING_CODE ? 'validation.phone_invalid' : 'validation.phone_any_invalid';
  if (!patient.dateOfBirth) errors['infomation.dateOfBirth'] = 'validation.required';
  else if (patient.dateOfBirth > today) errors['infomation.dateOfBirth'] = `${BOOKING_ERROR_PREFIX}form.birthdayFuture`;
  return errors;
}

/**
 * `addPatientErrors` for a booking that sends a kept profile by its id (lab tests, a scan, a vaccination): the
 * profile's details are the profile's, not the form's to check.
 */
export function addPatientErrorsUnlessProfile(errors: FieldErrors, values: PatientChoiceValues, today: string): FieldErrors {
  if (values.bookingFor === 'other' && values.profileId)
    return Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('infomation')));
  return addPatientErrors(errors, values, today);
}
