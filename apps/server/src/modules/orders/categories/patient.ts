import type { PatientInfo } from '@rhc/contracts';
import { ORDER_KIND, VN_CALLING_CODE, VN_COUNTRY_NAME } from '@rhc/domain';
import type { PersonBody, PreparedBooking } from '../category.ts';
import type { BookingFacts, OrderView } from '../orders.repository.ts';

/*
 * Who an order is for, as every category books and edits it (an examination's, a vaccination's body): oneself (the
 * account's details), a saved profile (its details, filled in by the core) or a person typed in (`infomation`).
 */

type PatientDetail = Pick<
  PreparedBooking['detail'],
  'patientName' | 'patientPhone' | 'callingCode' | 'countryName' | 'patientGender' | 'patientBirthday' | 'patientEmail' | 'patientAddress'
>;

/** The patient's columns of a booking's detail: the person given for someone else, else the account's own details. */
export function patientDetail(body: PersonBody, account: BookingFacts['account']): PatientDetail {
  const patient: PatientInfo | undefined = body.isFamily ? body.infomation : undefined;
  return patient
    ? {
        patientName: patient.fullName,
        patientPhone: patient.phone,
        callingCode: patient.callingCodes,
        countryName: patient.nameCountry,
        patientGender: patient.gender,
        patientBirthday: patient.dateOfBirth,
        patientEmail: patient.email || null,
        patientAddress: patient.address,
      }
    : {
        patientName: account.fullName,
        patientPhone: account.phone,
        callingCode: VN_CALLING_CODE,
        countryName: VN_COUNTRY_NAME,
        patientGender: account.gender,
        patientBirthday: account.dateOfBirth,
        patientEmail: account.email,
        patientAddress: account.address,
      };
}

/** Whether an edit's body names another person than the order is for (a doctor may not change that). */
export function otherPatient(current: OrderView, body: PersonBody): boolean {
  const { order, detail } = current;
  const wasRelative = order.kind === ORDER_KIND.relative;
  const given = body.isFamily ? body.infomation : undefined;
  return (
    wasRelative !== body.isFamily ||
    (given !== undefined &&
      (given.fullName !== detail.patientName ||
        given.phone !== detail.patientPhone ||
        given.callingCodes !== detail.callingCode ||
        given.nameCountry !== detail.countryName ||
        given.gender !== detail.patientGender ||
        given.dateOfBirth !== detail.patientBirthday ||
        (given.email || null) !== detail.patientEmail ||
        given.address !== detail.patientAddress))
  );
}
