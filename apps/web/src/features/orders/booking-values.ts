import { ExamOrderBodySchema, type ExamOrderBody, type FreeTime, type Order, type WorkMode } from '@rhc/contracts';
import { cleanPhone, DEGREES, isPhoneOf, VN_CALLING_CODE, type Degree, type Gender } from '@rhc/domain';
import { nameCountryOf } from '../../config/calling-codes.ts';
import { schemaErrors, type FieldErrors } from '../../lib/forms.ts';
import type { BookingDraft, BookingFor } from '../../stores/booking-store.ts';

/** Another person's details as the form holds them (spec §3 "Customer/patient info"). */
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

/** The booking form: field names follow the request body, so the contract's errors land on their fields. */
export type BookingFormValues = {
  bookingFor: BookingFor;
  infomation: PatientFormValues;
  /** A saved profile of a relative the booking is for (its details fill `infomation`); null: typed in by hand. */
  profileId: string | null;
  specialtyId: string | null;
  examTypeId: string | null;
  doctorId: string | null;
  timeCustome: boolean;
  checkDay: string | null;
  checkHour: string | null;
  reasonForExamination: string;
  note: string;
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

export const emptyBookingValues: BookingFormValues = {
  bookingFor: 'self',
  infomation: emptyPatient,
  profileId: null,
  specialtyId: null,
  examTypeId: null,
  doctorId: null,
  timeCustome: false,
  checkDay: null,
  checkHour: null,
  reasonForExamination: '',
  note: '',
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The values with what a link chose (issue 17: "book the re-examination" on an order's result): `doctor` (its id),
 * `specialty` (its id) and `day` (YYYY-MM-DD, not before `today`). A link with no valid doctor changes nothing; the hour
 * is always left for the person to pick among the free ones.
 */
export function withPreselection(values: BookingFormValues, search: URLSearchParams, today: string): BookingFormValues {
  const doctorId = search.get('doctor');
  if (!doctorId || !UUID_PATTERN.test(doctorId)) return values;
  const specialty = search.get('specialty');
  const day = search.get('day');
  return {
    ...values,
    specialtyId: specialty && idOf(specialty) !== undefined ? specialty : values.specialtyId,
    doctorId,
    examTypeId: null,
    timeCustome: false,
    checkDay: day && DAY_PATTERN.test(day) && day >= today ? day : null,
    checkHour: null,
  };
}

function idOf(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

function patientCountry(patient: PatientFormValues): string {
  return nameCountryOf(patient.callingCodes) || (patient.nameCountry ?? '');
}

/**
 * The request body for these values. Unchosen values stay undefined, so the contract's schema reports them
 * as required; another person's details are sent only when booking for someone else.
 */
export function toExamOrderBody(values: BookingFormValues, mode: WorkMode): ExamOrderBody {
  const isFamily = values.bookingFor === 'other';
  const patient = values.infomation;
  return {
    mode,
    isFamily,
    specialtyId: idOf(values.specialtyId) as number,
    examTypeId: idOf(values.examTypeId) as number,
    doctorId: values.doctorId ?? '',
    checkDay: values.checkDay ?? '',
    checkHour: values.checkHour ?? '',
    timeCustome: values.timeCustome,
    reasonForExamination: values.reasonForExamination,
    note: values.note,
    infomation: isFamily
      ? {
          fullName: patient.fullName,
          phone: patient.phone,
          callingCodes: patient.callingCodes,
          nameCountry: patientCountry(patient),
          gender: patient.gender,
          dateOfBirth: patient.dateOfBirth ?? '',
          email: patient.email.trim(),
          address: patient.address,
        }
      : undefined,
    profileId: isFamily && values.profileId ? values.profileId : undefined,
  };
}

/** An error of this feature's own (not of the contract): a key of the booking namespace. */
export const BOOKING_ERROR_PREFIX = 'booking:';

/**
 * Every problem of the form, by field, from the contract's own schema. The schema's refinements (the phone
 * pattern of the chosen country) run only once the rest parses; a form shows every problem at once, so they
 * are also checked here, with the same keys, and so are the rules a form alone knows (a birthday in the future).
 */
export function bookingErrors(values: BookingFormValues, mode: WorkMode, today: string): FieldErrors {
  const errors = schemaErrors(ExamOrderBodySchema, toExamOrderBody(values, mode));
  // Chosen in lists and calendars, not typed: "please choose".
  if (!values.specialtyId) errors.specialtyId = 'validation.choose';
  if (!values.examTypeId) errors.examTypeId = 'validation.choose';
  if (!values.doctorId) errors.doctorId = 'validation.choose';
  if (!values.checkDay) errors.checkDay = 'validation.choose';
  if (!values.checkHour) errors.checkHour = 'validation.choose';
  if (values.bookingFor === 'other') {
    const patient = values.infomation;
    const phone = cleanPhone(patient.phone);
    if (phone !== '' && !errors['infomation.phone'] && !isPhoneOf(patient.callingCodes, phone))
      errors['infomation.phone'] = patient.callingCodes === VN_CALLING_CODE ? 'validation.phone_invalid' : 'validation.phone_any_invalid';
    if (!patient.dateOfBirth) errors['infomation.dateOfBirth'] = 'validation.required';
    else if (patient.dateOfBirth > today) errors['infomation.dateOfBirth'] = `${BOOKING_ERROR_PREFIX}form.birthdayFuture`;
  }
  return errors;
}

/** The form's values from a draft kept in the store (a step back from the confirm page, or a reload). */
export function valuesOfDraft(draft: BookingDraft, bookingFor: BookingFor): BookingFormValues {
  const patient = draft.infomation;
  return {
    bookingFor,
    infomation: patient
      ? {
          fullName: patient.fullName,
          phone: patient.phone,
          callingCodes: patient.callingCodes ?? VN_CALLING_CODE,
          gender: patient.gender ?? 'male',
          dateOfBirth: patient.dateOfBirth || null,
          email: patient.email ?? '',
          address: patient.address,
          nameCountry: patient.nameCountry,
        }
      : emptyPatient,
    profileId: draft.profileId ?? null,
    specialtyId: draft.specialtyId ? String(draft.specialtyId) : null,
    examTypeId: draft.examTypeId ? String(draft.examTypeId) : null,
    doctorId: draft.doctorId ?? null,
    timeCustome: draft.timeCustome ?? false,
    checkDay: draft.checkDay || null,
    checkHour: draft.checkHour || null,
    reasonForExamination: draft.reasonForExamination ?? '',
    note: draft.note ?? '',
  };
}

/** The form's values of an existing booking (the edit pages). */
export function valuesOfOrder(order: Order): BookingFormValues {
  const forOther = order.kind === 1;
  const patient = order.infomation;
  return {
    bookingFor: forOther ? 'other' : 'self',
    infomation: forOther
      ? {
          fullName: patient.fullName,
          phone: patient.phone,
          callingCodes: patient.callingCodes,
          gender: patient.gender,
          dateOfBirth: patient.dateOfBirth || null,
          email: patient.email ?? '',
          address: patient.address,
          nameCountry: patient.nameCountry,
        }
      : emptyPatient,
    // An edit sends the details as they stand (the booking keeps the profile it was made for).
    profileId: null,
    specialtyId: order.specialty ? String(order.specialty.id) : null,
    examTypeId: order.examType ? String(order.examType.id) : null,
    doctorId: order.doctor?.id ?? null,
    timeCustome: order.timeCustome,
    checkDay: order.checkDay,
    checkHour: order.checkHour,
    reasonForExamination: order.reasonForExamination,
    note: order.note,
  };
}

export type SlotChoice = { day: string; hour: string };

/** The first `count` free slots on or after `fromDay`, in time order, across the months given. */
export function nextFreeSlots(months: FreeTime[], fromDay: string, count = 3): SlotChoice[] {
  return (
    months
      .flatMap(({ days }) => days.flatMap(({ day, slots }) => slots.map(({ hour }) => ({ day, hour }))))
      .filter(({ day }) => day >= fromDay)
      // YYYY-MM-DD and HH:mm of one time zone sort as text in time order, compared by code unit: localeCompare would
      // load ICU's collation data for it (≈ 20 ms on first use, issue 13).
      .map((slot) => ({ slot, at: `${slot.day} ${slot.hour}` }))
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .map(({ slot }) => slot)
      .slice(0, count)
  );
}

/** Whether a doctor's degree is one of the known codes (translated as `booking:degrees.<code>`). */
export function isDegree(value: string): value is Degree {
  return (DEGREES as readonly string[]).includes(value);
}

/** The request body of a draft, without the names kept for display. */
export function bodyOfDraft(draft: BookingDraft): ExamOrderBody {
  return {
    mode: draft.mode ?? 'direct',
    isFamily: draft.isFamily ?? false,
    specialtyId: draft.specialtyId ?? 0,
    examTypeId: draft.examTypeId ?? 0,
    doctorId: draft.doctorId ?? '',
    checkDay: draft.checkDay ?? '',
    checkHour: draft.checkHour ?? '',
    timeCustome: draft.timeCustome ?? false,
    reasonForExamination: draft.reasonForExamination ?? '',
    note: draft.note ?? '',
    infomation: draft.isFamily ? draft.infomation : undefined,
    profileId: draft.isFamily ? draft.profileId : undefined,
  };
}

/**
 * The draft to keep after the form: the idempotency key stays while the body is the same (a step back and
 * forth, a retry) and is new as soon as anything changed, since the server refuses a key with another body.
 */
export function withIdempotencyKey(next: BookingDraft, previous: BookingDraft | null | undefined, newKey: () => string): BookingDraft {
  const same = previous?.idempotencyKey && JSON.stringify(bodyOfDraft(previous)) === JSON.stringify(bodyOfDraft(next));
  return { ...next, idempotencyKey: same ? previous.idempotencyKey : newKey() };
}
