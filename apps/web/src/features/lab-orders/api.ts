import { labOrdersEndpoints, ordersEndpoints, type LabFreeTimes, type LabOrderBody, type Order } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the lab booking, each through its entry of the endpoint table (`labOrdersEndpoints`). */
const api = labOrdersEndpoints;

/** Where the sample is taken, as the free-places read asks it: an area visited at home, or a clinic. */
export type LabPlace = { atHome: true; district: string } | { atHome: false; workUnitId: number };

/**
 * No area is coded so: the free-places read needs an area or a clinic, and names the areas visited in every answer; the
 * district picker reads them with this one before an area is chosen (its times, all without places, are not shown).
 */
export const ANY_DISTRICT = 'none';

export const labFreeTimesQuery = (place: LabPlace, day: string) =>
  endpointQuery(api.freeTimes, {
    query: place.atHome ? { atHome: 'true', district: place.district, day } : { atHome: 'false', workUnitId: place.workUnitId, day },
  });

/** The free places of a day at a place (advice: the booking decides); not read until the place and the day are known. */
export function useLabFreeTimes(place: LabPlace | null, day: string | null) {
  return useQuery({
    ...labFreeTimesQuery(place ?? { atHome: true, district: ANY_DISTRICT }, day ?? ''),
    enabled: place !== null && day !== null,
    staleTime: 0,
  });
}

/** The areas home collection visits (codes, in order). */
export function useLabDistricts(today: string) {
  return useQuery({
    ...labFreeTimesQuery({ atHome: true, district: ANY_DISTRICT }, today),
    select: (data: LabFreeTimes) => data.districts,
  });
}

/**
 * Books lab tests. The same `idempotencyKey` and body answer the first order again instead of booking twice; 409
 * SLOT_TAKEN when the last place went meanwhile, 422 SLOT_UNAVAILABLE / SLOT_PAST.
 */
export function postLabOrder(userId: string, body: LabOrderBody, idempotencyKey: string): Promise<Order> {
  return apiRequest(api.create, { params: { userId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Changes a lab order that is still booked or verified (409/422 as when booking). */
export function putLabOrder(id: string, body: LabOrderBody): Promise<Order> {
  return apiRequest(api.edit, { params: { id }, body });
}

/** Cancels a lab order (the shared order call; its place is given back). */
export function cancelLabOrder(userId: string, orderId: string, reason?: string): Promise<Order> {
  return apiRequest(ordersEndpoints.cancel, { params: { userId, orderId }, body: reason ? { reason } : {} });
}
