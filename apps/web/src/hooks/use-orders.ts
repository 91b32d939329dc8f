import { ordersEndpoints, schedulesEndpoints } from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../lib/api-client.ts';

/*
 * The orders every booking feature reads and refreshes (server module `orders`): an examination, a vaccination. Each
 * feature's own calls are in its api.ts.
 */
const api = ordersEndpoints;

/**
 * After a booking is made or changed: every query of the orders domain is read again (lists, days, details), and the
 * doctors' free time, which the booking took or gave back.
 */
export async function refreshOrders(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [api.detail.domain] }),
    queryClient.invalidateQueries({ queryKey: [schedulesEndpoints.directFreeTime.domain] }),
  ]);
}

export const orderDetailQuery = (id: string) => endpointQuery(api.detail, { params: { id } });

/**
 * One booking the person may see (another's answers 404), with what they may do with it now. `fresh` reads it again on
 * every visit (the edit form must not start from an outdated booking).
 */
export function useOrderDetail(id: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...orderDetailQuery(id), enabled: id !== '', ...(fresh && { staleTime: 0 }) });
}
