import { OrderTrackingSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersQueryKey } from './keys.ts';

const endpoint = { method: 'GET', path: '/p/order/track-order/:code', response: OrderTrackingSchema } as const;

/** GET /api/p/order/track-order/{code}: public, no session; nothing personal beyond the patient's initials. */
export function useOrderTracking(code: string) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'tracking', code],
    queryFn: ({ signal }) => apiRequest(endpoint, { params: { code }, signal, session: false }),
    enabled: code !== '',
  });
}
