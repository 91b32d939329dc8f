import { vaccineOrdersEndpoints, type Order, type VaccineOrderBody } from '@rhc/contracts';
import { apiRequest } from '../../lib/api-client.ts';

/** Every call of the vaccine registration, each through its entry of the endpoint table (`vaccineOrdersEndpoints`). */
const api = vaccineOrdersEndpoints;

/**
 * Registers a vaccination. The same `idempotencyKey` and body answer the first order again instead of booking twice;
 * 409 SLOT_TAKEN, 422 SLOT_UNAVAILABLE / SLOT_PAST / VACCINE_DOSE_UNAVAILABLE.
 */
export function postVaccineOrder(userId: string, body: VaccineOrderBody, idempotencyKey: string): Promise<Order> {
  return apiRequest(api.create, { params: { userId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Changes a vaccine order that is still booked or verified (409/422 as when registering). */
export function putVaccineOrder(id: string, body: VaccineOrderBody): Promise<Order> {
  return apiRequest(api.edit, { params: { id }, body });
}
