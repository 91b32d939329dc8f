import { endpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/support-contact: the support phone and e-mail of every page's footer (spec §1).
 * A failure shows in the footer itself, never as the server-error screen.
 */
export function useSupportContact() {
  return useQuery({
    queryKey: ['support-contact'],
    queryFn: ({ signal }) => apiRequest(endpoints.supportContact, { signal, showServerErrorScreen: false }),
  });
}
