import { LabOrderBodySchema, type LabOrderBody, type Order } from '@rhc/contracts';
import type { LabPackageId, LabTestId } from '@rhc/domain';
import {
  addPatientErrorsUnlessProfile,
  patientBody,
  patientChoiceOfOrder,
  patientChoiceOfDraft,
  selfPatientChoice,
  type PatientChoiceValues,
} from '../../components/booking/patient-values.ts';
import { schemaErrors, type FieldErrors } from '../../lib/forms.ts';
import type { LabDraft } from '../../stores/booking-store.ts';
import type { LabPlace } from './api.ts';

/** The booking form (spec §2 "/diagnostictest/"): field names follow the request body, so the contract's errors land on them. */
export type LabFormValues = PatientChoiceValues & {
  atHome: boolean;
  district: string;
  orderAdress: string;
  orderPhone: string;
  /** The clinic chosen ('' none yet). */
  workUnitId: string;
  packageTestItems: LabPackageId[];
  requestTestItems: LabTestId[];
  testDay: string | null;
  testTime: string | null;
  note: string;
};

/** A new booking: at home (the first case), the phone the account's, nothing chosen. */
export function emptyLabValues(phone: string): LabFormValues {
  return {
    ...selfPatientChoice,
    atHome: true,
    district: '',
    orderAdress: '',
    orderPhone: phone,
    workUnitId: '',
    packageTestItems: [],
    requestTestItems: [],
    testDay: null,
    testTime: null,
    note: '',
  };
}

/** Where the values take the sample, once an area or a clinic is chosen. */
export function placeOf(values: Pick<LabFormValues, 'atHome' | 'district' | 'workUnitId'>): LabPlace | null {
  if (values.atHome) return values.district ? { atHome: true, district: values.district } : null;
  const workUnitId = Number(values.workUnitId);
  return Number.isInteger(workUnitId) && workUnitId > 0 ? { atHome: false, workUnitId } : null;
}

/** The request body for these values: what the other place would need is left out, unchosen values stay empty. */
export function toLabOrderBody(values: LabFormValues): LabOrderBody {
  const place = placeOf(values);
  return {
    atHome: values.atHome,
    ...(values.atHome
      ? {
          district: place?.atHome ? place.district : undefined,
          orderAdress: values.orderAdress,
          orderPhone: values.orderPhone.trim() ? values.orderPhone : undefined,
        }
      : { workUnitId: place && !place.atHome ? place.workUnitId : undefined }),
    packageTestItems: values.packageTestItems,
    requestTestItems: values.requestTestItems,
    testDay: values.testDay ?? '',
    testTime: values.testTime ?? '',
    note: values.note,
    ...patientBody(values),
  };
}

/**
 * Every problem of the form, by field, from the contract's own schema (spec §5: at least one test or package, the
 * address at home, the clinic), said at once however far the schema got, with the choices made in lists and
 * calendars said as "please choose", and another person's details as every booking checks them.
 */
export function labErrors(values: LabFormValues, today: string): FieldErrors {
  const errors = schemaErrors(LabOrderBodySchema, toLabOrderBody(values));
  if (values.packageTestItems.length === 0 && values.requestTestItems.length === 0)
    errors.requestTestItems = 'validation.lab_item_required';
  if (values.atHome) {
    if (!values.district) errors.district = 'validation.choose';
    if (!values.orderAdress.trim()) errors.orderAdress = 'validation.required';
    if (!values.orderPhone.trim()) errors.orderPhone = 'validation.required';
  } else if (!values.workUnitId) errors.workUnitId = 'validation.choose';
  if (!values.testDay) errors.testDay = 'validation.choose';
  if (!values.testTime) errors.testTime = 'validation.choose';
  return addPatientErrorsUnlessProfile(errors, values, today);
}

/** The form's values from the draft kept in the store (a step back from the confirm page, or a reload). */
export function valuesOfDraft(draft: LabDraft): LabFormValues {
  return {
    ...patientChoiceOfDraft(draft, draft.bookingFor),
    atHome: draft.atHome ?? true,
    district: draft.district ?? '',
    orderAdress: draft.orderAdress ?? '',
    orderPhone: draft.orderPhone ?? '',
    workUnitId: draft.workUnitId ? String(draft.workUnitId) : '',
    packageTestItems: [...(draft.packageTestItems ?? [])],
    requestTestItems: [...(draft.requestTestItems ?? [])],
    testDay: draft.testDay || null,
    testTime: draft.testTime || null,
    note: draft.note ?? '',
  };
}

/** The form's values of an existing lab order (the edit page). */
export function valuesOfOrder(order: Order): LabFormValues {
  const lab = order.lab;
  const atHome = lab?.atHome ?? true;
  return {
    ...patientChoiceOfOrder(order),
    atHome,
    district: lab?.district ?? '',
    orderAdress: lab?.orderAdress ?? '',
    orderPhone: lab?.orderPhone ?? '',
    workUnitId: !atHome && order.workUnit ? String(order.workUnit.id) : '',
    packageTestItems: [...(lab?.packageTestItems ?? [])],
    requestTestItems: [...(lab?.requestTestItems ?? [])],
    testDay: order.checkDay,
    testTime: order.checkHour,
    note: order.note,
  };
}
