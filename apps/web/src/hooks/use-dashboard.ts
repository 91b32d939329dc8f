import { accountsEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../lib/api-client.ts';

/**
 * GET /dashboard/{userId}: the authorization or tracking requests (invitations) waiting for the person's answer (spec §2,
 * issue 14), read by the header's bell and the home notice — one query, so both say the same number.
 */
export function useDashboard(userId: string) {
  return useQuery({
    ...endpointQuery(accountsEndpoints.dashboard, { params: { userId }, showServerErrorScreen: false }),
    enabled: userId !== '',
  });
}
