import { VaccineOrderBodySchema, type Order, type VaccineOrderBody } from '@rhc/contracts';
import {
  DEFAULT_VACCINE_SCHEDULE,
  scheduleEntry,
  VACCINE_SCHEDULE_IDS,
  vaccineSchedule,
  type VaccineId,
  type VaccineScheduleId,
} from '@rhc/domain';
import {
  addPatientErrorsUnlessProfile,
  emptyPatient,
  patientBody,
  patientChoiceOfOrder,
  patientChoiceOfDraft,
  selfPatientChoice,
  type PatientChoiceValues,
} from '../../components/booking/patient-values.ts';
import { schemaErrors, type FieldErrors } from '../../lib/forms.ts';
import type { VaccineDraft } from '../../stores/booking-store.ts';

/** The registration form (spec §2 "/vaccine-registration/"): field names follow the request body, so the contract's errors land on them. */
export type VaccineFormValues = PatientChoiceValues & {
  scheduleId: VaccineScheduleId;
  vaccineId: string;
  vaccineDoseId: string;
  /** The clinic chosen ('' any): only its slots are offered. */
  workUnitId: string;
  doctorId: string | null;
  checkDay: string | null;
  checkHour: string | null;
  note: string;
};

export const emptyVaccineValues: VaccineFormValues = {
  ...selfPatientChoice,
  scheduleId: DEFAULT_VACCINE_SCHEDULE,
  vaccineId: '',
  vaccineDoseId: '',
  workUnitId: '',
  doctorId: null,
  checkDay: null,
  checkHour: null,
  note: '',
};

/** A dose of a vaccine's series in a schedule: `<vaccine>.<order>`, when the schedule gives it (`ages`, spec §3 notation). */
export type DoseChoice = { id: string; order: number; ages: string };

/** The vaccines a schedule gives, in its order. */
export function vaccinesOf(scheduleId: VaccineScheduleId): VaccineId[] {
  return vaccineSchedule(scheduleId).entries.map(({ vaccineId }) => vaccineId);
}

/** The doses of a vaccine in a schedule, through all its courses (an infant's, a catch-up, an adult's), in order. */
export function dosesOf(scheduleId: VaccineScheduleId, vaccineId: string): DoseChoice[] {
  const entry = scheduleEntry(scheduleId, vaccineId as VaccineId);
  if (!entry) return [];
  return entry.courses
    .flatMap(({ doses }) => doses)
    .map(({ order, ages }) => ({ id: `${vaccineId}.${order}`, order, ages }))
    .sort((a, b) => a.order - b.order);
}

function isScheduleId(value: string | null): value is VaccineScheduleId {
  return (VACCINE_SCHEDULE_IDS as readonly string[]).includes(value ?? '');
}

/**
 * The values with what a link chose (the /vaccines/ page's "register the next dose"): `?schedule=`, `?vaccine=` of that
 * schedule, `?dose=` of that vaccine, `?person=` (my own id: for me; another: a profile I manage, whose details are filled
 * in once the profiles have arrived). Anything that does not fit is left for the person to choose.
 */
export function withPreselection(values: VaccineFormValues, search: URLSearchParams, userId: string): VaccineFormValues {
  const next = { ...values };
  const schedule = search.get('schedule');
  if (isScheduleId(schedule)) next.scheduleId = schedule;
  const vaccine = search.get('vaccine') ?? '';
  if (!vaccinesOf(next.scheduleId).includes(vaccine as VaccineId)) return next;
  next.vaccineId = vaccine;
  const dose = search.get('dose') ?? '';
  next.vaccineDoseId = dosesOf(next.scheduleId, vaccine).some(({ id }) => id === dose) ? dose : '';
  const person = search.get('person');
  if (person && person !== userId) {
    next.bookingFor = 'other';
    next.profileId = person;
    next.infomation = emptyPatient;
  } else if (person === userId) {
    next.bookingFor = 'self';
    next.profileId = null;
  }
  return next;
}

/** The request body for these values: unchosen values stay empty, so the contract's schema reports them as required. */
export function toVaccineOrderBody(values: VaccineFormValues): VaccineOrderBody {
  const workUnitId = Number(values.workUnitId);
  return {
    vaccineId: values.vaccineId as VaccineId,
    scheduleId: values.scheduleId,
    vaccineDoseId: values.vaccineDoseId,
    doctorId: values.doctorId ?? '',
    workUnitId: Number.isInteger(workUnitId) && workUnitId > 0 ? workUnitId : undefined,
    checkDay: values.checkDay ?? '',
    checkHour: values.checkHour ?? '',
    note: values.note,
    ...patientBody(values),
  };
}

/**
 * Every problem of the form, by field, from the contract's own schema (spec §5: "vaccine" and "dose" required), with the
 * choices made in lists and calendars said as "please choose", and another person's details as every booking checks them.
 * A profile chosen is sent by its id: its details are the profile's, not checked here.
 */
export function vaccineErrors(values: VaccineFormValues, today: string): FieldErrors {
  const errors = schemaErrors(VaccineOrderBodySchema, toVaccineOrderBody(values));
  if (!values.vaccineId) errors.vaccineId = 'validation.vaccine_required';
  if (!values.vaccineDoseId) errors.vaccineDoseId = 'validation.dose_required';
  if (!values.doctorId) errors.doctorId = 'validation.choose';
  if (!values.checkDay) errors.checkDay = 'validation.choose';
  if (!values.checkHour) errors.checkHour = 'validation.choose';
  return addPatientErrorsUnlessProfile(errors, values, today);
}

/** The form's values from the draft kept in the store (a step back from the confirm page, or a reload). */
export function valuesOfDraft(draft: VaccineDraft): VaccineFormValues {
  return {
    ...patientChoiceOfDraft(draft, draft.bookingFor),
    scheduleId: draft.scheduleId ?? DEFAULT_VACCINE_SCHEDULE,
    vaccineId: draft.vaccineId ?? '',
    vaccineDoseId: draft.vaccineDoseId ?? '',
    workUnitId: draft.workUnitId ? String(draft.workUnitId) : '',
    doctorId: draft.doctorId ?? null,
    checkDay: draft.checkDay || null,
    checkHour: draft.checkHour || null,
    note: draft.note ?? '',
  };
}

/** The form's values of an existing vaccine order (the edit page). */
export function valuesOfOrder(order: Order): VaccineFormValues {
  return {
    ...patientChoiceOfOrder(order),
    scheduleId: order.vaccine?.scheduleId ?? DEFAULT_VACCINE_SCHEDULE,
    vaccineId: order.vaccine?.vaccineId ?? '',
    vaccineDoseId: order.vaccine?.vaccineDoseId ?? '',
    workUnitId: '',
    doctorId: order.doctor?.id ?? null,
    checkDay: order.checkDay,
    checkHour: order.checkHour,
    note: order.note,
  };
}
