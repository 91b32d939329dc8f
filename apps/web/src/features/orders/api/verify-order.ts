import { OrderSchema } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'PATCH', path: '/order/verify/:userId/:orderId', response: OrderSchema } as const;

/** PATCH /api/order/verify/{userId}/{orderId}: the doctor confirms; an online booking may carry its meeting link. */
export function verifyOrder(userId: string, orderId: string, meetingLink?: string) {
  return apiRequest(endpoint, { params: { userId, orderId }, body: meetingLink ? { meetingLink } : {} });
}
