import { schedulesEndpoints, type FreeTime, type FreeTimeClinic, type WorkMode } from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../lib/api-client.ts';

/*
 * A doctor's free time (server module `schedules`), read by every booking form (an examination, a vaccination) to offer
 * the days and hours that can still be booked.
 */

export type FreeTimeRequest = { doctorId: string; mode: WorkMode; examTypeId: number | undefined; month: number; year: number };

function freeTimeQuery({ doctorId, mode, examTypeId, month, year }: FreeTimeRequest) {
  const endpoint = mode === 'online' ? schedulesEndpoints.onlineFreeTime : schedulesEndpoints.directFreeTime;
  return endpointQuery(endpoint, { params: { doctorId }, body: { month, year, examTypeId } });
}

/** A doctor's bookable slots and days off in a month (in person or online). */
export function useFreeTime(request: FreeTimeRequest | null) {
  return useQuery({
    ...(request
      ? freeTimeQuery(request)
      : { queryKey: [schedulesEndpoints.directFreeTime.domain, 'none'], queryFn: () => Promise.reject(new Error('No doctor chosen')) }),
    enabled: request !== null,
    // Slots are taken by others all the time: read them afresh on every visit.
    staleTime: 0,
  });
}

/** The key prefix of every month's free time of one mode (to read them all afresh after a slot was taken). */
export function freeTimeKey(mode: WorkMode): readonly unknown[] {
  const endpoint = mode === 'online' ? schedulesEndpoints.onlineFreeTime : schedulesEndpoints.directFreeTime;
  return [endpoint.domain, endpoint.name];
}

/** The month's free time read afresh (after a slot was taken), for code outside a component. */
export function refetchFreeTime(queryClient: QueryClient, request: FreeTimeRequest): Promise<FreeTime> {
  return queryClient.fetchQuery({ ...freeTimeQuery(request), staleTime: 0 });
}

/**
 * Where an in-person slot takes place: the clinic of the doctor's working time it falls in, as the month's free time
 * lists it (already loaded by the form, so usually from the cache). Null online, or while it is not known.
 */
export function useSlotClinic(
  mode: WorkMode,
  slot: { doctorId?: string; examTypeId?: number; checkDay?: string; checkHour?: string },
): FreeTimeClinic | null {
  const { doctorId, examTypeId, checkDay, checkHour } = slot;
  const freeTime = useFreeTime(
    mode === 'direct' && doctorId && checkDay
      ? { doctorId, mode, examTypeId, month: Number(checkDay.slice(5, 7)), year: Number(checkDay.slice(0, 4)) }
      : null,
  );
  const clinicId = freeTime.data?.days.find(({ day }) => day === checkDay)?.slots.find(({ hour }) => hour === checkHour)?.clinicId ?? null;
  return clinicId === null ? null : (freeTime.data?.clinics.find(({ id }) => id === clinicId) ?? null);
}
