import { DeletedOrderSchema } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'DELETE', path: '/order/delete/:userId/:orderId', response: DeletedOrderSchema } as const;

/** DELETE /api/order/delete/{userId}/{orderId}: the doctor removes a booked or cancelled order. */
export function deleteOrder(userId: string, orderId: string) {
  return apiRequest(endpoint, { params: { userId, orderId } });
}
