import '../lib/zod-setup.ts';
import './shell-styles.ts';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { i18nReady } from '../lib/i18n.ts';
import { clearLoginWithoutSession } from '../stores/auth-store.ts';
import { keepFirstFrame } from './first-frame.ts';
import { AppProviders } from './providers.tsx';
import { HistoryRouter } from './history-router.tsx';
import { AppRoutes, connectApiClient } from './router.tsx';
import { registerServiceWorker } from './service-worker.ts';

// Spec §4: no session cookie left (it expired while the browser was closed) → the login state is cleared.
clearLoginWithoutSession();
// v5Compat: the history tells its listener of the app's own navigations too, not only of Back and Forward.
const history = createBrowserHistory({ v5Compat: true });
connectApiClient(history);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
keepFirstFrame(container);

// In the default language the shell's strings are bundled and this renders at once; in another, after its file.
// The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser between
// them, rather than in one long task (issue 13: total blocking time); the header index.html painted stays on screen
// until React commits.
void i18nReady.then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <HistoryRouter history={history}>
            <AppRoutes />
          </HistoryRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
});

registerServiceWorker();
