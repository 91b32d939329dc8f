/**
 * Registers public/sw.js (decision 015) once the page has loaded, so it never competes with the first render.
 * Production builds only: in development Vite serves unhashed modules the worker must not keep.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      // Without a worker the app works as before, online only; there is nothing to tell the person.
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    },
    { once: true },
  );
}
