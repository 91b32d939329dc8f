import { imagingOrdersEndpoints, ordersEndpoints, type ImagingOrderBody, type Order } from '@rhc/contracts';
import type { ImagingType } from '@rhc/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the imaging booking, each through its entry of the endpoint table (`imagingOrdersEndpoints`). */
const api = imagingOrdersEndpoints;

/** What the free-slots read asks: a clinic, an image type and a day. */
export type ImagingPlace = { workUnitId: number; type: ImagingType };

/**
 * The clinic the clinic picker's read asks about before one is chosen: any serves, since every answer names the clinics
 * with a machine of the type (that read's times are not shown).
 */
const ANY_CLINIC = 1;

export const imagingFreeTimesQuery = (place: ImagingPlace, day: string) =>
  endpointQuery(api.freeTimes, { query: { workUnitId: place.workUnitId, type: place.type, day } });

/** The free machines of a day, slot by slot (advice: the booking decides); not read until the clinic and the day are known. */
export function useImagingFreeTimes(place: ImagingPlace | null, day: string | null) {
  return useQuery({
    ...imagingFreeTimesQuery(place ?? { workUnitId: ANY_CLINIC, type: 'XRAY' }, day ?? ''),
    enabled: place !== null && day !== null,
    staleTime: 0,
  });
}

/** The clinics with a machine of the type (the answer names them whatever clinic is asked about). */
export function useImagingClinics(type: ImagingType | null, today: string) {
  return useQuery({
    ...imagingFreeTimesQuery({ workUnitId: ANY_CLINIC, type: type ?? 'XRAY' }, today),
    select: (data) => data.workUnits,
    enabled: type !== null,
  });
}

/**
 * Books a scan. The same `idempotencyKey` and body answer the first order again instead of booking twice; 409
 * SLOT_TAKEN when the last machine went meanwhile, 422 SLOT_UNAVAILABLE / SLOT_PAST / IMAGING_CONTRAST_NOT_OFFERED.
 */
export function postImagingOrder(userId: string, body: ImagingOrderBody, idempotencyKey: string): Promise<Order> {
  return apiRequest(api.create, { params: { userId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Changes an imaging order that is still booked or verified (409/422 as when booking). */
export function putImagingOrder(id: string, body: ImagingOrderBody): Promise<Order> {
  return apiRequest(api.edit, { params: { id }, body });
}

/** Cancels an imaging order (the shared order call; its machine's slot is given back). */
export function cancelImagingOrder(userId: string, orderId: string, reason?: string): Promise<Order> {
  return apiRequest(ordersEndpoints.cancel, { params: { userId, orderId }, body: reason ? { reason } : {} });
}
