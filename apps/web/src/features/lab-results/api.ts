import { orderResultsEndpoints, ordersEndpoints, recordsEndpoints } from '@rhc/contracts';
import type { ResultCategory } from '@rhc/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the lab and imaging results (issue 51, decision 046), each through its entry of the endpoint table. */
const api = orderResultsEndpoints;

/** Each category's results are read under its own consent section, so through its own call. */
const READS = { lab: api.labResults, imaging: api.imagingResults } as const;

/**
 * An order's results: when it was performed, the result files, the conclusion (its patient, its staff, a watcher).
 * `fresh` reads them again on every visit: the staff's screen must not start from what the order's page read before
 * the staff confirmed the order there (its steps open with the order's status).
 */
export function useOrderResults(orderId: string, category: ResultCategory, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...endpointQuery(READS[category], { params: { orderId } }), enabled: orderId !== '', ...(fresh && { staleTime: 0 }) });
}

/** One order (the staff's screen shows its facts): the orders' own read, the same cache as the order's page. */
export function useOrder(orderId: string) {
  return useQuery({ ...endpointQuery(ordersEndpoints.detail, { params: { id: orderId } }), enabled: orderId !== '' });
}

export function markPerformed(orderId: string) {
  return apiRequest(api.performed, { params: { orderId } });
}

export function saveConclusion(orderId: string, conclusion: string) {
  return apiRequest(api.conclusion, { params: { orderId }, body: { conclusion } });
}

/** The assigned staff complete the order (the orders' own call, which asks for results on these categories). */
export function completeOrder(staffId: string, orderId: string) {
  return apiRequest(ordersEndpoints.complete, { params: { userId: staffId, orderId } });
}

/** After a step: the results, the order and its files are read again. */
export async function refreshResults(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [api.labResults.domain] }),
    queryClient.invalidateQueries({ queryKey: [ordersEndpoints.detail.domain] }),
    queryClient.invalidateQueries({ queryKey: [recordsEndpoints.orderDocuments.domain] }),
  ]);
}
