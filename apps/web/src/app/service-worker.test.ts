import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MANIFEST_HREF, REGISTER_AFTER_LOAD_MS, registerServiceWorker } from './service-worker.ts';

const ORIGIN = 'https://rhc.example';
const workerSource = fs.readFileSync(path.join(import.meta.dirname, '../../public/sw.js'), 'utf8');

type FakeRequest = { url: string; method: string; mode: string; headers: Headers };
type Handler = (event: Record<string, unknown>) => void;

function request(pathname: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}): FakeRequest {
  const url = pathname.startsWith('http') ? pathname : ORIGIN + pathname;
  return { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers: new Headers(init.headers) };
}

/** A same-origin answer as a browser hands it to a worker. */
function answer(body: string, init: ResponseInit = {}): Response {
  const response = new Response(body, init);
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}

/** The browser around one worker: its cache storage (shared between deploys) and the network. */
function browser() {
  const storage = new Map<string, Map<string, Response>>();
  const keyOf = (key: FakeRequest | string) => new URL(typeof key === 'string' ? key : key.url, ORIGIN).href;
  const caches = {
    open: async (name: string) => {
      const entries = storage.get(name) ?? new Map<string, Response>();
      storage.set(name, entries);
      return {
        match: async (key: FakeRequest | string) => entries.get(keyOf(key))?.clone(),
        put: async (key: FakeRequest | string, response: Response) => void entries.set(keyOf(key), response),
      };
    },
    keys: async () => [...storage.keys()],
    delete: async (name: string) => storage.delete(name),
  };
  const network = { online: true, requests: [] as string[], answers: new Map<string, () => Response>() };
  const fetch = async (input: FakeRequest | string) => {
    const url = keyOf(input);
    network.requests.push(url);
    if (!network.online) throw new TypeError('Failed to fetch');
    return network.answers.get(new URL(url).pathname)?.() ?? answer('not found', { status: 404 });
  };
  return { storage, caches, network, fetch };
}

/** Runs public/sw.js as a browser would, with the build id the build writes into it. */
function startWorker(world: ReturnType<typeof browser>, buildId: string) {
  const handlers = new Map<string, Handler>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const context = vm.createContext({ self, caches: world.caches, fetch: world.fetch, URL });
  vm.runInContext(workerSource.replaceAll('__RHC_BUILD_ID__', buildId), context);

  const lifecycle = async (type: 'install' | 'activate') => {
    const pending: Promise<unknown>[] = [];
    handlers.get(type)?.({ waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };
  /** The worker's answer, or undefined when it leaves the request to the browser. */
  const fetchThrough = async (req: FakeRequest) => {
    let answered: Promise<Response> | undefined;
    handlers.get('fetch')?.({ request: req, respondWith: (promise: Promise<Response>) => (answered = promise) });
    return answered;
  };
  return { lifecycle, fetchThrough };
}

async function installedWorker(buildId = 'build-1') {
  const world = browser();
  // The page as built, and the home page as the server fills it in for a visitor (language, first frame).
  world.network.answers.set('/index.html', () => answer('<div id="root"></div>', { headers: { 'cache-control': 'no-cache' } }));
  world.network.answers.set('/', () =>
    answer('<div id="root"><main><h1>Sức khỏe cả gia đình</h1></main></div>', { headers: { 'cache-control': 'no-cache' } }),
  );
  world.network.answers.set('/assets/index-a1.js', () =>
    answer('console.log(1)', { headers: { 'cache-control': 'public, max-age=31536000, immutable' } }),
  );
  world.network.answers.set('/api/accounts/me', () => answer('{"name":"An"}', { headers: { 'cache-control': 'no-store' } }));
  const worker = startWorker(world, buildId);
  await worker.lifecycle('install');
  await worker.lifecycle('activate');
  world.network.requests.length = 0;
  return { world, worker };
}

describe('the service worker', () => {
  it('keeps a hashed file after the first visit and answers it from the cache, even offline', async () => {
    const { world, worker } = await installedWorker();

    expect(await (await worker.fetchThrough(request('/assets/index-a1.js')))?.text()).toBe('console.log(1)');
    world.network.online = false;
    expect(await (await worker.fetchThrough(request('/assets/index-a1.js')))?.text()).toBe('console.log(1)');
    expect(world.network.requests).toHaveLength(1);
  });

  it('loads pages from the network, and the app shell as built (no page’s first frame in it) when offline', async () => {
    const { world, worker } = await installedWorker();
    world.network.answers.set('/healthcare/booking', () => answer('<div id="root"></div><!-- new deploy -->'));

    const online = await worker.fetchThrough(request('/healthcare/booking?step=2', { mode: 'navigate' }));
    expect(await online?.text()).toBe('<div id="root"></div><!-- new deploy -->');
    world.network.online = false;
    for (const page of ['/healthcare/booking', '/']) {
      const offline = await worker.fetchThrough(request(page, { mode: 'navigate' }));
      expect(await offline?.text(), page).toBe('<div id="root"></div>');
    }
  });

  it('never touches the API, other methods, other sites, or requests carrying credentials', async () => {
    const { world, worker } = await installedWorker();
    const untouched = [
      request('/api/accounts/me'),
      request('/api/accounts/me', { mode: 'navigate' }),
      request('/assets/index-a1.js', { method: 'POST' }),
      request('/assets/index-a1.js', { headers: { authorization: 'Bearer secret' } }),
      request('/assets/index-a1.js?token=secret'),
      request('https://cdn.example/assets/index-a1.js'),
      request('/manifest.webmanifest'),
    ];
    for (const req of untouched) expect(await worker.fetchThrough(req), `${req.method} ${req.url}`).toBeUndefined();
    expect([...world.storage.values()].flatMap((entries) => [...entries.keys()])).toEqual([`${ORIGIN}/index.html`]);
  });

  it('does not keep an answer that failed or forbids storing', async () => {
    const { world, worker } = await installedWorker();
    world.network.answers.set('/assets/broken-b2.js', () => answer('oops', { status: 500 }));
    world.network.answers.set('/assets/private-c3.js', () => answer('mine', { headers: { 'cache-control': 'private, max-age=60' } }));

    for (const file of ['/assets/missing-z9.js', '/assets/broken-b2.js', '/assets/private-c3.js']) {
      await worker.fetchThrough(request(file));
      await worker.fetchThrough(request(file));
    }
    expect(world.network.requests).toHaveLength(6);
  });

  it('replaces the previous deploy’s cache when a new build activates', async () => {
    const { world } = await installedWorker('build-1');
    expect(await world.caches.keys()).toEqual(['rhc-build-1']);

    const next = startWorker(world, 'build-2');
    await next.lifecycle('install');
    await next.lifecycle('activate');

    expect(await world.caches.keys()).toEqual(['rhc-build-2']);
  });
});

describe('registering the service worker', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
    document.head.querySelector('link[rel="manifest"]')?.remove();
  });

  const manifestLinks = () => document.head.querySelectorAll(`link[rel="manifest"][href="${MANIFEST_HREF}"]`).length;

  function registerSpy() {
    const register = vi.fn(async () => ({}));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    return register;
  }

  it('registers /sw.js a while after the page has loaded, not during its first load, in a production build', () => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    const register = registerSpy();

    registerServiceWorker();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS * 2);
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);

    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('makes the app installable only after the first load: the manifest is linked with the worker, once', () => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    registerSpy();
    // index.html links none, so the browser does not check installability while the first page loads.
    const indexHtml = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    expect(indexHtml).not.toContain('rel="manifest"');

    registerServiceWorker();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS - 1);
    expect(manifestLinks()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(manifestLinks()).toBe(1);

    registerServiceWorker();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    expect(manifestLinks()).toBe(1);
  });

  it('registers no worker in development, where files are not hashed, but is installable there too', () => {
    vi.stubEnv('PROD', false);
    const register = registerSpy();

    vi.useFakeTimers();
    registerServiceWorker();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);

    expect(register).not.toHaveBeenCalled();
    expect(manifestLinks()).toBe(1);
  });
});
