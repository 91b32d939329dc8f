import { OrderSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'GET', path: '/order/detail/:id', response: OrderSchema } as const;

export const orderQueryKey = (id: string) => ['orders', 'detail', id] as const;

/** GET /api/order/detail/{id}: one booking, with what the viewer may do with it now. */
export function useOrderDetail(id: string) {
  return useQuery({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => apiRequest(endpoint, { params: { id }, signal }),
    staleTime: 0,
  });
}
