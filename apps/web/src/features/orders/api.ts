import {
  endpointPath,
  type ClientInput,
  type ExamOrderBody,
  type FreeTime,
  type Order,
  type OrderPageQuerySchema,
  type WorkMode,
  ordersEndpoints,
  relativesEndpoints,
  schedulesEndpoints,
} from '@rhc/contracts';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the orders feature, each through its entry of the endpoint table (`ordersEndpoints`). */
const api = ordersEndpoints;

/**
 * After a booking is made or changed: every query of the orders domain is read again (lists, days, details), and the
 * doctors' free time, which the booking took or gave back.
 */
export async function refreshOrders(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [api.detail.domain] }),
    queryClient.invalidateQueries({ queryKey: [schedulesEndpoints.directFreeTime.domain] }),
  ]);
}

/* ---------- reads ---------- */

/**
 * The relatives' profiles I manage (issue 14), offered when booking for someone else. Under the relatives domain's
 * key, so a change made on /relativemanagement/ refreshes it.
 */
export const savedProfilesQuery = (userId: string) => endpointQuery(relativesEndpoints.profiles, { params: { userId } });

export function useSavedProfiles(userId: string | undefined) {
  return useQuery({ ...savedProfilesQuery(userId ?? ''), enabled: !!userId });
}

export type OrderPageQuery = ClientInput<typeof OrderPageQuerySchema>;

/** My bookings (as=patient) or those assigned to me (as=doctor), filtered and paged. */
export function useOrderPage(userId: string, query: OrderPageQuery, enabled = true) {
  return useQuery({
    ...endpointQuery(api.page, { params: { userId }, query }),
    enabled: enabled && userId !== '',
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The days of a month that have bookings, with their counts. */
export function useOrderDays(userId: string, query: { month: number; year: number; as: 'patient' | 'doctor' }) {
  return useQuery({ ...endpointQuery(api.days, { params: { userId }, query }), enabled: userId !== '' });
}

export const orderDetailQuery = (id: string) => endpointQuery(api.detail, { params: { id } });

/**
 * One booking the person may see (another's answers 404), with what they may do with it now. `fresh` reads it again on
 * every visit (the edit form must not start from an outdated booking).
 */
export function useOrderDetail(id: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...orderDetailQuery(id), enabled: id !== '', ...(fresh && { staleTime: 0 }) });
}

/** Public, no session; nothing personal beyond the patient's initials. */
export function useOrderTracking(code: string) {
  return useQuery({ ...endpointQuery(api.track, { params: { code }, session: false }), enabled: code !== '' });
}

/**
 * The booking as an .ics calendar file: a plain download link is enough, the browser sends the session cookie with it.
 * The link names the app's language: the browser's own Accept-Language may be another.
 */
export function orderIcsUrl(orderId: string, language: string): string {
  return `${endpointPath(api.calendar, { id: orderId })}?lang=${encodeURIComponent(language)}`;
}

/* ---------- booking ---------- */

export type FreeTimeRequest = { doctorId: string; mode: WorkMode; examTypeId: number | undefined; month: number; year: number };

function freeTimeQuery({ doctorId, mode, examTypeId, month, year }: FreeTimeRequest) {
  const endpoint = mode === 'online' ? schedulesEndpoints.onlineFreeTime : schedulesEndpoints.directFreeTime;
  return endpointQuery(endpoint, { params: { doctorId }, body: { month, year, examTypeId } });
}

/** A doctor's bookable slots and days off in a month (in person or online). */
export function useFreeTime(request: FreeTimeRequest | null) {
  return useQuery({
    ...(request
      ? freeTimeQuery(request)
      : { queryKey: [schedulesEndpoints.directFreeTime.domain, 'none'], queryFn: () => Promise.reject(new Error('No doctor chosen')) }),
    enabled: request !== null,
    // Slots are taken by others all the time: read them afresh on every visit.
    staleTime: 0,
  });
}

/** The key prefix of every month's free time of one mode (to read them all afresh after a slot was taken). */
export function freeTimeKey(mode: WorkMode): readonly unknown[] {
  const endpoint = mode === 'online' ? schedulesEndpoints.onlineFreeTime : schedulesEndpoints.directFreeTime;
  return [endpoint.domain, endpoint.name];
}

/** The month's free time read afresh (after a slot was taken), for code outside a component. */
export function refetchFreeTime(queryClient: QueryClient, request: FreeTimeRequest): Promise<FreeTime> {
  return queryClient.fetchQuery({ ...freeTimeQuery(request), staleTime: 0 });
}

/**
 * Books an examination. The same `idempotencyKey` and body answer the first booking again instead of booking twice;
 * 409 SLOT_TAKEN, 422 SLOT_UNAVAILABLE / SLOT_PAST.
 */
export function postExamOrder(userId: string, body: ExamOrderBody, idempotencyKey: string): Promise<Order> {
  return apiRequest(api.create, { params: { userId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Changes a booking that is not done or cancelled (409/422 as when booking). */
export function putExamOrder(id: string, body: ExamOrderBody): Promise<Order> {
  return apiRequest(api.edit, { params: { id }, body });
}

/* ---------- the lifecycle ---------- */

/** The doctor confirms; an online booking may carry its meeting link. */
export function verifyOrder(userId: string, orderId: string, meetingLink?: string): Promise<Order> {
  return apiRequest(api.verify, { params: { userId, orderId }, body: meetingLink ? { meetingLink } : {} });
}

/** The patient or the doctor cancels, with a reason when given. */
export function cancelOrder(userId: string, orderId: string, reason?: string): Promise<Order> {
  return apiRequest(api.cancel, { params: { userId, orderId }, body: reason ? { reason } : {} });
}

/** The doctor marks the booking done. */
export function completeOrder(userId: string, orderId: string): Promise<Order> {
  return apiRequest(api.complete, { params: { userId, orderId } });
}

/** The doctor removes a booked or cancelled order. */
export function deleteOrder(userId: string, orderId: string): Promise<{ id: string }> {
  return apiRequest(api.remove, { params: { userId, orderId } });
}
