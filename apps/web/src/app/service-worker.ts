/** How long after `load` the app becomes installable: the first page has its chunks and data by then, even on slow 4G. */
export const REGISTER_AFTER_LOAD_MS = 5_000;

/** The web app manifest (public/manifest.webmanifest): what makes the app installable. */
export const MANIFEST_HREF = '/manifest.webmanifest';

/**
 * Links the manifest to the page, as `<link rel="manifest">` in index.html did. Chromium reads a manifest as soon as a
 * page has one and then checks whether the app can be installed (the manifest, its icons) and draws the answer in its
 * own window (the install icon in the address bar, on a phone the install prompt): on this machine that was about 120 ms
 * of the browser's CPU inside the first load's tasks, and a frame of the browser's own every 16 ms for 3 s (decision
 * 034). A browser that installs on request (Safari's "Add to Home Screen") reads it then, long after the load.
 */
function linkManifest(): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}

/**
 * A while after the page has loaded: links the manifest (in every build) and registers public/sw.js (decision 015;
 * production builds only: in development Vite serves unhashed modules the worker must not keep). Neither serves the
 * first visit: starting the worker (its thread, its script, storing the shell) during it took the page's main thread
 * about 100 ms of CPU and made its tasks wait for a core (decision 015, 2026-11-29), and the manifest set the browser
 * checking installability (above); a page's own chunks and data come after `load`.
 */
export function registerServiceWorker(): void {
  window.addEventListener(
    'load',
    () => {
      setTimeout(() => {
        linkManifest();
        if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
        // Without a worker the app works as before, online only; there is nothing to tell the person.
        navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
      }, REGISTER_AFTER_LOAD_MS);
    },
    { once: true },
  );
}
