import { OrderSchema, pageSchema } from '@rhc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersQueryKey } from './keys.ts';

/** The query of OrderPageQuerySchema as the web sends it. */
export type OrderPageQuery = {
  page: number;
  size: number;
  as: 'patient' | 'doctor';
  status?: number;
  day?: number;
  month?: number;
  year?: number;
};

const endpoint = { method: 'GET', path: '/order/page/:userId', response: pageSchema(OrderSchema) } as const;

/** GET /api/order/page/{userId}: my bookings (as=patient) or those assigned to me (as=doctor), filtered and paged. */
export function useOrderPage(userId: string, query: OrderPageQuery, enabled = true) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'page', userId, query],
    queryFn: ({ signal }) => apiRequest(endpoint, { params: { userId }, query, signal }),
    enabled: enabled && userId !== '',
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
