import { OrderSchema, type ExamOrderBody, type Order } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'POST', path: '/order/:userId', response: OrderSchema } as const;

/**
 * POST /api/order/{userId}: books an examination. The same `idempotencyKey` and body answer the first
 * booking again instead of booking twice; 409 SLOT_TAKEN, 422 SLOT_UNAVAILABLE / SLOT_PAST.
 */
export function postExamOrder(userId: string, body: ExamOrderBody, idempotencyKey: string): Promise<Order> {
  return apiRequest(endpoint, { params: { userId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}
