import { FreeTimeSchema, type FreeTime, type WorkMode } from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const direct = { method: 'POST', path: '/user-freetime-in-month/:doctorId', response: FreeTimeSchema } as const;
const online = { method: 'POST', path: '/user-freetime-in-month-online/:doctorId', response: FreeTimeSchema } as const;

export type FreeTimeRequest = { doctorId: string; mode: WorkMode; examTypeId: number | undefined; month: number; year: number };

export const freeTimeQueryKey = ({ doctorId, mode, examTypeId, month, year }: FreeTimeRequest) =>
  ['booking', 'free-time', doctorId, mode, examTypeId, year, month] as const;

function fetchFreeTime(request: FreeTimeRequest, signal?: AbortSignal): Promise<FreeTime> {
  const { doctorId, mode, examTypeId, month, year } = request;
  return apiRequest(mode === 'online' ? online : direct, { params: { doctorId }, body: { month, year, examTypeId }, signal });
}

/** POST /api/user-freetime-in-month/{doctorId} (or -online): a doctor's bookable slots and days off in a month. */
export function useFreeTime(request: FreeTimeRequest | null) {
  return useQuery({
    queryKey: request ? freeTimeQueryKey(request) : ['booking', 'free-time', 'none'],
    queryFn: ({ signal }) => (request ? fetchFreeTime(request, signal) : Promise.reject(new Error('No doctor chosen'))),
    enabled: request !== null,
    // Slots are taken by others all the time: read them afresh on every visit.
    staleTime: 0,
  });
}

/** The month's free time read afresh (after a slot was taken), for code outside a component. */
export function refetchFreeTime(queryClient: QueryClient, request: FreeTimeRequest): Promise<FreeTime> {
  return queryClient.fetchQuery({
    queryKey: freeTimeQueryKey(request),
    queryFn: ({ signal }) => fetchFreeTime(request, signal),
    staleTime: 0,
  });
}
