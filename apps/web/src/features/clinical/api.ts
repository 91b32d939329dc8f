import {
  type DoctorOrderBody,
  type ExaminationBody,
  type WorkMode,
  clinicalEndpoints,
  ordersEndpoints,
  schedulesEndpoints,
} from '@rhc/contracts';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the clinical feature (issue 17), each through its entry of the endpoint table (`clinicalEndpoints`). */
const api = clinicalEndpoints;

/** After a save: the clinical record, the doctor's screen and the order itself are read again. */
export async function refreshClinical(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [api.doctorEdit.domain] }),
    queryClient.invalidateQueries({ queryKey: [ordersEndpoints.detail.domain] }),
  ]);
}

/** The doctor's edit screen of an order assigned to them. */
export function useDoctorEdit(orderId: string) {
  return useQuery({ ...endpointQuery(api.doctorEdit, { params: { id: orderId } }), enabled: orderId !== '' });
}

/** An order's diagnosis, prescriptions, re-exam date and advice (its patient or its doctor). */
export function useClinicalRecord(orderId: string, enabled = true) {
  return useQuery({ ...endpointQuery(api.record, { params: { orderId } }), enabled: enabled && orderId !== '' });
}

/** The units a prescription line may be counted in. */
export function useDrugUnits() {
  return useQuery(endpointQuery(api.drugUnits, {}));
}

/** Generic drugs whose name matches what is typed (from two letters on). */
export function useDrugSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    ...endpointQuery(api.drugs, { query: { q, size: 8 } }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function saveExamination(doctorId: string, orderId: string, body: ExaminationBody) {
  return apiRequest(api.save, { params: { userId: doctorId, orderId }, body });
}

/** The assigned doctor marks the booking done (the orders' own call; the edit screen offers it after the examination). */
export function completeBooking(doctorId: string, orderId: string) {
  return apiRequest(ordersEndpoints.complete, { params: { userId: doctorId, orderId } });
}

/* ---------- the doctor's order for a patient (kind 2, decision 027) ---------- */

/** One booking (the source of a doctor's order, or the order a re-exam date belongs to): the orders' own read, same cache. */
export function useOrder(orderId: string) {
  return useQuery({ ...endpointQuery(ordersEndpoints.detail, { params: { id: orderId } }), enabled: orderId !== '' });
}

export type DoctorFreeTimeRequest = { doctorId: string; mode: WorkMode; examTypeId: number | undefined; month: number; year: number };

/** The doctor's own free slots and days off in a month (the schedules' call the booking page reads). */
export function useDoctorFreeTime(request: DoctorFreeTimeRequest | null) {
  const endpoint = request?.mode === 'online' ? schedulesEndpoints.onlineFreeTime : schedulesEndpoints.directFreeTime;
  const { doctorId = '', month = 1, year = 2000, examTypeId } = request ?? {};
  return useQuery({
    ...endpointQuery(endpoint, { params: { doctorId }, body: { month, year, examTypeId } }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** Books the doctor's order for the patient of `body.fromOrderId`; the same key answers a retry with the same order. */
export function bookForPatient(doctorId: string, body: DoctorOrderBody, idempotencyKey: string) {
  return apiRequest(ordersEndpoints.doctorOrder, { params: { doctorId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}
