import { API_BASE } from '@rhc/contracts';

/**
 * GET /api/order/ics/{orderId}: the booking as an .ics calendar file. A plain download link is enough:
 * the browser sends the session cookie with it.
 */
export function orderIcsUrl(orderId: string): string {
  return `${API_BASE}/order/ics/${encodeURIComponent(orderId)}`;
}
