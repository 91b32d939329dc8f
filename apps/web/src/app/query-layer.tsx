import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

/*
 * Server data (TanStack Query) is not part of the shell: the header, footer and page loader read none, so the
 * first paint does not wait for it. It comes with the first part that reads data (a page, the account bar, the
 * footer's contact block), each of which is lazy already and is wrapped here, in parallel with that part's own code.
 * They all share one client, so a logout's `clear()` or a mutation's invalidation reaches every one of them.
 */
let sharedClient: QueryClient | undefined;

/** Provides the app's one query client, unless a client is provided already (tests pass their own to AppProviders). */
export function QueryLayer({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  sharedClient ??= createQueryClient();
  return <QueryClientProvider client={sharedClient}>{children}</QueryClientProvider>;
}

/** The pages' parent route: every page renders inside the query layer. */
export function QueryOutlet() {
  return (
    <QueryLayer>
      <Outlet />
    </QueryLayer>
  );
}

/** A lazily loaded component of the shell that reads server data, wrapped in the query layer. */
export function withQueries<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  return function WithQueries(props: Props) {
    return (
      <QueryLayer>
        <Component {...props} />
      </QueryLayer>
    );
  };
}
