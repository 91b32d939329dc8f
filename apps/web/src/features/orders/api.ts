import { endpointPath, type ClientInput, type ExamOrderBody, type Order, type OrderPageQuerySchema, ordersEndpoints } from '@rhc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the orders feature, each through its entry of the endpoint table (`ordersEndpoints`). */
const api = ordersEndpoints;

export { orderDetailQuery, refreshOrders, useOrderDetail } from '../../hooks/use-orders.ts';

/* ---------- reads ---------- */

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
