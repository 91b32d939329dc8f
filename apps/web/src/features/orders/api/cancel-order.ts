import { OrderSchema } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'PATCH', path: '/order/cancel/:userId/:orderId', response: OrderSchema } as const;

/** PATCH /api/order/cancel/{userId}/{orderId}: the patient or the doctor cancels, with a reason when given. */
export function cancelOrder(userId: string, orderId: string, reason?: string) {
  return apiRequest(endpoint, { params: { userId, orderId }, body: reason ? { reason } : {} });
}
