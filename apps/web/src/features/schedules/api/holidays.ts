import { HolidayListSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { schedulesKeys } from './query-keys.ts';

const endpoint = { method: 'GET', path: '/holidays', response: HolidayListSchema } as const;

/** GET /api/holidays (no doctorId): the logged-in doctor's own days off. */
export function useHolidays(enabled: boolean) {
  return useQuery({
    queryKey: schedulesKeys.holidays,
    queryFn: ({ signal }) => apiRequest(endpoint, { signal }),
    enabled,
  });
}
