import { WorkTimeListSchema, type WorkTimeBody } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { schedulesKeys } from './query-keys.ts';

const list = { method: 'GET', path: '/user-time-doctor', response: WorkTimeListSchema } as const;
// The page refetches everything after a change, so the answer's body is not read.
const create = { method: 'POST', path: '/user-time-doctor', response: z.unknown() } as const;

/** GET /api/user-time-doctor: the logged-in doctor's registered work times. */
export function useWorkTimes(enabled: boolean) {
  return useQuery({
    queryKey: schedulesKeys.workTimes,
    queryFn: ({ signal }) => apiRequest(list, { signal }),
    enabled,
  });
}

/** POST /api/user-time-doctor: registers an in-person work time (the body carries the clinic). */
export async function createDirectWorkTime(body: WorkTimeBody): Promise<void> {
  await apiRequest(create, { body });
}
