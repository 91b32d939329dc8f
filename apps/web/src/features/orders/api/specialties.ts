import { SpecialtySchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

const getSpecialties = { method: 'GET', path: '/specialties', response: z.array(SpecialtySchema) } as const;

/** GET /api/specialties: the specialties to book, named in the current language. */
export function useSpecialties() {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['booking', 'specialties', language],
    queryFn: ({ signal }) => apiRequest(getSpecialties, { signal }),
  });
}
