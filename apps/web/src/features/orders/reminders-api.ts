import { type OrderReminders, remindersEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

const api = remindersEndpoints;

/** One of my bookings' reminder lead times (null: my default, given as `defaults`). */
export function useOrderReminders(orderId: string) {
  return useQuery({ ...endpointQuery(api.order, { params: { id: orderId } }), enabled: orderId !== '' });
}

/** Chooses the booking's own lead times (null: follow my default). */
export function saveOrderReminders(orderId: string, minutes: number[] | null): Promise<OrderReminders> {
  return apiRequest(api.updateOrder, { params: { id: orderId }, body: { minutes } });
}
