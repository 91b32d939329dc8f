import { ExamOrderBodySchema, type ExamOrderBody, type Order, type WorkMode } from '@rhc/contracts';
import { withKeyForBody } from '../../components/booking/idempotency.ts';
import {
  addPatientErrors,
  patientBody,
  patientChoiceOfOrder,
  patientChoiceOfDraft,
  selfPatientChoice,
  type PatientChoiceValues,
} from '../../components/booking/patient-values.ts';
import { schemaErrors, type FieldErrors } from '../../lib/forms.ts';
import type { BookingDraft, BookingFor } from '../../stores/booking-store.ts';

/** The booking form: field names follow the request body, so the contract's errors land on their fields. */
export type BookingFormValues = PatientChoiceValues & {
  specialtyId: string | null;
  examTypeId: string | null;
  doctorId: string | null;
  timeCustome: boolean;
  checkDay: string | null;
  checkHour: string | null;
  reasonForExamination: string;
  note: string;
};

export const emptyBookingValues: BookingFormValues = {
  ...selfPatientChoice,
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

/**
 * The request body for these values. Unchosen values stay undefined, so the contract's schema reports them
 * as required; another person's details are sent only when booking for someone else.
 */
export function toExamOrderBody(values: BookingFormValues, mode: WorkMode): ExamOrderBody {
  return {
    mode,
    specialtyId: idOf(values.specialtyId) as number,
    examTypeId: idOf(values.examTypeId) as number,
    doctorId: values.doctorId ?? '',
    checkDay: values.checkDay ?? '',
    checkHour: values.checkHour ?? '',
    timeCustome: values.timeCustome,
    reasonForExamination: values.reasonForExamination,
    note: values.note,
    ...patientBody(values),
  };
}

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
  return addPatientErrors(errors, values, today);
}

/** The form's values from a draft kept in the store (a step back from the confirm page, or a reload). */
export function valuesOfDraft(draft: BookingDraft, bookingFor: BookingFor): BookingFormValues {
  return {
    ...patientChoiceOfDraft(draft, bookingFor),
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
  return {
    ...patientChoiceOfOrder(order),
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
 * The draft to keep after the form: the idempotency key stays while the body is the same (a step back and forth, a
 * retry) and is new as soon as anything changed.
 */
export function withIdempotencyKey(next: BookingDraft, previous: BookingDraft | null | undefined, newKey: () => string): BookingDraft {
  return withKeyForBody(bodyOfDraft, next, previous, newKey);
}
