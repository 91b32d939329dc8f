import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { HistoryRouter } from '../app/history-router.tsx';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes, connectApiClient } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { clearLoginWithoutSession } from '../stores/auth-store.ts';

/** Renders the whole app, as main.tsx does (login state checked against the session cookie first), at `path` with an in-memory history. */
export function renderApp(path = '/') {
  clearLoginWithoutSession();
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  connectApiClient(history);
  // No pause between keystrokes: long forms stay quick to fill.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>,
  );
  return { ...view, history, user };
}

/** Renders one part on its own inside the app's providers (theme, translations, a fresh query client, the overlays). */
export function renderInProviders(children: ReactNode) {
  const user = userEvent.setup({ delay: null });
  const view = render(<AppProviders queryClient={createQueryClient()}>{children}</AppProviders>);
  return { ...view, user };
}
