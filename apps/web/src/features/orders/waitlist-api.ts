import { type WaitlistState, waitlistEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

const api = waitlistEndpoints;

/** My booking's place in the waiting list for an earlier slot, and the offer held for me; refreshed while shown. */
export function useWaitlist(orderId: string) {
  return useQuery({
    ...endpointQuery(api.get, { params: { id: orderId } }),
    enabled: orderId !== '',
    // An offer arrives when someone else cancels: look again every 30 s while the page is open.
    refetchInterval: 30_000,
  });
}

/** Waits for an earlier slot on those days, with the booking's doctor or (`anyDoctor`) any of its specialty at its clinic. */
export function joinWaitlist(orderId: string, range: { fromDay: string; toDay: string; anyDoctor?: boolean }): Promise<WaitlistState> {
  return apiRequest(api.join, { params: { id: orderId }, body: range });
}

export function leaveWaitlist(orderId: string): Promise<WaitlistState> {
  return apiRequest(api.leave, { params: { id: orderId } });
}

export function acceptOffer(offerId: string): Promise<WaitlistState> {
  return apiRequest(api.accept, { params: { offerId } });
}

export function declineOffer(offerId: string): Promise<WaitlistState> {
  return apiRequest(api.decline, { params: { offerId } });
}
