import { WorkUnitListSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

const endpoint = { method: 'GET', path: '/workunit', response: WorkUnitListSchema } as const;

/** GET /api/workunit: the clinics an in-person work time can take place at, named in the current language. */
export function useWorkUnits(enabled: boolean) {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['schedules-work-units', language],
    queryFn: ({ signal }) => apiRequest(endpoint, { signal, showServerErrorScreen: false }),
    enabled,
  });
}
