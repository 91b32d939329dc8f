import { WorkUnitListSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

const endpoint = { method: 'GET', path: '/workunit', response: WorkUnitListSchema } as const;

/** GET /api/workunit: the hospitals a doctor can work at, named in the current language. */
export function useWorkUnits() {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['accounts', 'work-units', language],
    queryFn: ({ signal }) => apiRequest(endpoint, { signal, showServerErrorScreen: false }),
  });
}
