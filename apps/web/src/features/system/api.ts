import { systemEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api-client.ts';

/**
 * The support phone and e-mail of every page's footer (spec §1). A failure shows in the footer itself, never as the
 * server-error screen.
 */
export function useSupportContact() {
  return useQuery(endpointQuery(systemEndpoints.supportContact, { showServerErrorScreen: false }));
}
