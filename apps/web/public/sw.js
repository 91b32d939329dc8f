/* global self, caches */
// RHC service worker (decision 015). Hand-written and dependency-free; registered by src/app/service-worker.ts in
// production only. The build writes its id in place of the placeholder below, so every deploy is a new worker with a
// new cache, and the old caches are deleted when it activates.
const BUILD_ID = '__RHC_BUILD_ID__';
const CACHE = `rhc-${BUILD_ID}`;
/**
 * The app shell: index.html as built. The server answers every client route with it, filled in for the page and the
 * visitor (language, first frame: decision 029); offline, any page gets the plain one, which the app then draws.
 */
const SHELL = '/index.html';

/**
 * What the worker does with a request: 'shell' (a page navigation: network first, the cached shell when offline),
 * 'immutable' (a hashed build file: cache first) or 'network' (left to the browser, never cached).
 */
function strategyFor(request) {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'network';
  // A request that carries credentials of its own is left alone.
  if (request.headers.has('authorization')) return 'network';
  // Nothing of a navigation is stored: offline, the shell stored at install answers it.
  if (request.mode === 'navigate') return 'shell';
  // Hashed build files never change; one with a query (which might hold a token) is not one of them.
  if (url.pathname.startsWith('/assets/') && url.search === '') return 'immutable';
  return 'network';
}

/** Only complete, successful, same-origin answers that allow storing are cached. */
function isCacheable(response) {
  if (!response.ok || response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = (response.headers.get('cache-control') || '').toLowerCase();
  return !/\b(?:no-store|private)\b/.test(cacheControl) && response.headers.get('vary') !== '*';
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheable(response)) await cache.put(request, response.clone());
  return response;
}

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await (await caches.open(CACHE)).match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const shell = await fetch(SHELL, { cache: 'no-cache' });
      if (isCacheable(shell)) await cache.put(SHELL, shell);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('rhc-') && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request);
  if (strategy === 'immutable') event.respondWith(cacheFirst(event.request));
  else if (strategy === 'shell') event.respondWith(networkFirstShell(event.request));
});
