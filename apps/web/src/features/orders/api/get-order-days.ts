import { OrderDaysSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersQueryKey } from './keys.ts';

const endpoint = { method: 'GET', path: '/order/:userId/date-tests', response: OrderDaysSchema } as const;

export type OrderDaysQuery = { month: number; year: number; as: 'patient' | 'doctor' };

/** GET /api/order/{userId}/date-tests: the days of a month that have bookings, with their counts. */
export function useOrderDays(userId: string, query: OrderDaysQuery) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'days', userId, query],
    queryFn: ({ signal }) => apiRequest(endpoint, { params: { userId }, query, signal }),
    enabled: userId !== '',
  });
}
