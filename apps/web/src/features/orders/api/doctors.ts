import { DoctorCardSchema, type WorkMode } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const getDoctors = { method: 'GET', path: '/doctors', response: z.array(DoctorCardSchema) } as const;

/** GET /api/doctors?specialtyId&mode: the verified doctors of a specialty who work in that mode. */
export function useDoctors(specialtyId: number | undefined, mode: WorkMode) {
  return useQuery({
    queryKey: ['booking', 'doctors', specialtyId, mode],
    queryFn: ({ signal }) => apiRequest(getDoctors, { query: { specialtyId, mode }, signal }),
    enabled: specialtyId !== undefined,
  });
}
