import { OrderSchema, type ExamOrderBody, type Order } from '@rhc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'PUT', path: '/order/:id', response: OrderSchema } as const;

/** PUT /api/order/{id}: changes a booking that is not done or cancelled (409/422 as when booking). */
export function putExamOrder(id: string, body: ExamOrderBody): Promise<Order> {
  return apiRequest(endpoint, { params: { id }, body });
}
