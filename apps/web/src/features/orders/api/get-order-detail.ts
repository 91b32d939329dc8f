import { OrderSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersQueryKey } from './keys.ts';

const endpoint = { method: 'GET', path: '/order/detail/:id', response: OrderSchema } as const;

export const orderDetailQueryKey = (id: string) => [...ordersQueryKey, 'detail', id] as const;

/** GET /api/order/detail/{id}: one booking the person may see (another's answers 404). */
export function useOrderDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: orderDetailQueryKey(id),
    queryFn: ({ signal }) => apiRequest(endpoint, { params: { id }, signal }),
    enabled: enabled && id !== '',
  });
}
