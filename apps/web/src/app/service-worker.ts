/** How long after `load` the worker is registered: the first page has its chunks and data by then, even on slow 4G. */
export const REGISTER_AFTER_LOAD_MS = 5_000;

/**
 * Registers public/sw.js (decision 015) a while after the page has loaded. The worker only serves later visits, and
 * starting it (its thread, its script, storing the shell) during the first one took the page's main thread about
 * 100 ms of CPU and made its tasks wait for a core (decision 015, 2026-11-29); a page's own chunks and data come
 * after `load`.
 * Production builds only: in development Vite serves unhashed modules the worker must not keep.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      setTimeout(() => {
        // Without a worker the app works as before, online only; there is nothing to tell the person.
        navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
      }, REGISTER_AFTER_LOAD_MS);
    },
    { once: true },
  );
}
