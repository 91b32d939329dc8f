import { DashboardSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const endpoint = { method: 'GET', path: '/dashboard/:userId', response: DashboardSchema } as const;

/** GET /api/dashboard/{userId}: the unanswered authorization or tracking requests the header's bell counts. */
export function useDashboard(userId: string) {
  return useQuery({
    queryKey: ['accounts', 'dashboard', userId],
    queryFn: ({ signal }) => apiRequest(endpoint, { params: { userId }, signal, showServerErrorScreen: false }),
  });
}
