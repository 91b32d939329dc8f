import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: data queries do not retry, do not refetch on focus or reconnect, and never go stale.
 * A mutation that changes server data invalidates the queries it affects instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
    },
  });
}
