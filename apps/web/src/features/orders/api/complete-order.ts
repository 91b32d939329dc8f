import { OrderSchema } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'PATCH', path: '/order/complete/:userId/:orderId', response: OrderSchema } as const;

/** PATCH /api/order/complete/{userId}/{orderId}: the doctor marks the booking done. */
export function completeOrder(userId: string, orderId: string) {
  return apiRequest(endpoint, { params: { userId, orderId }, body: {} });
}
