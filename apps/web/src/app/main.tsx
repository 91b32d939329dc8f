import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { clearLoginWithoutSession } from '../stores/auth-store.ts';
import { AppProviders } from './providers.tsx';
import { connectApiClient, routes } from './router.tsx';

// Spec §4: no session cookie left (it expired while the browser was closed) → the login state is cleared.
clearLoginWithoutSession();
const router = createBrowserRouter(routes);
connectApiClient(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
