import { describe, expect, it, vi } from 'vitest';
import routesSource from '../../../public/sw-routes.js?raw';
import workerSource from '../../../public/sw.js?raw';

// public/sw.js and public/sw-routes.js are classic worker scripts copied to dist as they
// are; the tests run them the way the browser does, against a fake worker scope.

type Route = 'navigate' | 'precached' | 'asset' | 'image' | 'network';
interface SwRoutes {
  VERSION: string;
  CACHES: { offline: string; assets: string; images: string };
  LIMITS: { assets: number; images: number };
  PRECACHE: string[];
  routeFor(request: FakeRequest, origin: string): Route;
  isCacheable(response: { status: number; type: string }): boolean;
  staleCaches(names: string[]): string[];
  excess(count: number, limit: number): number;
}

interface FakeRequest {
  method: string;
  url: string;
  mode: string;
  destination: string;
}
interface FakeResponse {
  status: number;
  type: string;
  body: string;
  clone(): FakeResponse;
}

const ORIGIN = 'https://croupier.test';

function runScript(source: string, scope: Record<string, unknown>, globals: Record<string, unknown> = {}): void {
  const names = Object.keys(globals);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the worker's own script, as importScripts does
  const run = new Function('self', ...names, source) as (...args: unknown[]) => void;
  run(scope, ...names.map((name) => globals[name]));
}

function loadRoutes(): SwRoutes {
  const scope: { CroupierSw?: SwRoutes } = {};
  runScript(routesSource, scope);
  if (!scope.CroupierSw) throw new Error('sw-routes.js did not define CroupierSw');
  return scope.CroupierSw;
}

const request = (path: string, init: Partial<FakeRequest> = {}): FakeRequest => ({
  method: 'GET',
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
  mode: 'cors',
  destination: '',
  ...init,
});

const response = (body: string, status = 200, type = 'basic'): FakeResponse => ({
  status,
  type,
  body,
  clone() {
    return response(body, status, type);
  },
});

describe('sw-routes.js', () => {
  const sw = loadRoutes();

  it('routes navigations, hashed assets and images; leaves the API and the rest alone', () => {
    expect(sw.routeFor(request('/casino?x=1', { mode: 'navigate', destination: 'document' }), ORIGIN)).toBe('navigate');
    expect(sw.routeFor(request('/assets/index-abc123.js', { destination: 'script' }), ORIGIN)).toBe('asset');
    expect(sw.routeFor(request('/assets/index-abc123.css', { destination: 'style' }), ORIGIN)).toBe('asset');
    expect(sw.routeFor(request('/images/games/slot-200x200.svg', { destination: 'image' }), ORIGIN)).toBe('image');
    expect(sw.routeFor(request('/icons/icon-192.png'), ORIGIN)).toBe('image');
    expect(sw.routeFor(request('/api/settings/locales'), ORIGIN)).toBe('network');
    expect(sw.routeFor(request('/api/player/init', { mode: 'navigate' }), ORIGIN)).toBe('network');
    expect(sw.routeFor(request('/api/game/image.png', { destination: 'image' }), ORIGIN)).toBe('network');
    expect(sw.routeFor(request('/assets/x.js', { method: 'POST' }), ORIGIN)).toBe('network');
    expect(sw.routeFor(request('https://cdn.example/assets/a.js'), ORIGIN)).toBe('network');
    expect(sw.routeFor(request('/sw.js'), ORIGIN)).toBe('network');
    expect(sw.routeFor(request('/manifest.webmanifest', { destination: 'manifest' }), ORIGIN)).toBe('network');
    expect(sw.routeFor(request('/offline.css', { destination: 'style' }), ORIGIN)).toBe('precached');
    expect(sw.routeFor(request('/offline.js?v=2', { destination: 'script' }), ORIGIN)).toBe('precached');
    expect(sw.routeFor(request('/favicon.svg', { destination: 'image' }), ORIGIN)).toBe('precached');
  });

  it('stores only complete same-origin answers', () => {
    expect(sw.isCacheable({ status: 200, type: 'basic' })).toBe(true);
    expect(sw.isCacheable({ status: 206, type: 'basic' })).toBe(false);
    expect(sw.isCacheable({ status: 404, type: 'basic' })).toBe(false);
    expect(sw.isCacheable({ status: 0, type: 'opaque' })).toBe(false);
  });

  it('names versioned caches and finds the stale ones', () => {
    expect(Object.values(sw.CACHES).every((name) => name.startsWith('croupier-') && name.endsWith(sw.VERSION))).toBe(
      true,
    );
    expect(sw.staleCaches(['croupier-assets-v0', sw.CACHES.assets, 'other-app', 'croupier-offline-old'])).toEqual([
      'croupier-assets-v0',
      'croupier-offline-old',
    ]);
    expect(sw.excess(3, 5)).toBe(0);
    expect(sw.excess(7, 5)).toBe(2);
  });

  it('precaches the offline page and its files', () => {
    expect(sw.PRECACHE).toEqual(expect.arrayContaining(['/offline.html', '/offline.css', '/offline.js']));
  });
});

class FakeCache {
  readonly entries = new Map<string, FakeResponse>();
  constructor(private readonly fetcher: (request: FakeRequest | Request) => Promise<FakeResponse>) {}
  match(req: FakeRequest | string): Promise<FakeResponse | undefined> {
    return Promise.resolve(this.entries.get(typeof req === 'string' ? req : req.url));
  }
  put(req: FakeRequest, res: FakeResponse): Promise<void> {
    this.entries.delete(req.url); // re-insert: newest last, as Cache.keys() orders them
    this.entries.set(req.url, res);
    return Promise.resolve();
  }
  async addAll(requests: Request[]): Promise<void> {
    for (const req of requests) this.entries.set(req.url, await this.fetcher(req));
  }
  keys(): Promise<{ url: string }[]> {
    return Promise.resolve([...this.entries.keys()].map((url) => ({ url })));
  }
  delete(req: { url: string }): Promise<boolean> {
    return Promise.resolve(this.entries.delete(req.url));
  }
}

interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

function startWorker(routes = loadRoutes()) {
  const listeners = new Map<string, (event: unknown) => void>();
  const fetcher = vi.fn((req: FakeRequest | Request) => Promise.resolve(response(`network ${req.url}`)));
  const stores = new Map<string, FakeCache>();
  const open = (name: string) => {
    let cache = stores.get(name);
    if (!cache) stores.set(name, (cache = new FakeCache((req) => fetcher(req))));
    return cache;
  };
  const caches = {
    open: (name: string) => Promise.resolve(open(name)),
    keys: () => Promise.resolve([...stores.keys()]),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
    match: (url: string, options: { cacheName: string }) => open(options.cacheName).match(url),
  };
  const scope = {
    location: { origin: ORIGIN },
    registration: { navigationPreload: { enable: vi.fn(() => Promise.resolve()) } },
    clients: { claim: vi.fn(() => Promise.resolve()) },
    skipWaiting: vi.fn(() => Promise.resolve()),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    CroupierSw: undefined as SwRoutes | undefined,
  };
  const importScripts = (url: string) => {
    expect(url).toBe('/sw-routes.js');
    runScript(routesSource, scope);
  };
  runScript(workerSource, scope, { caches, fetch: fetcher, importScripts, Request, Response, URL });

  async function lifecycle(type: 'install' | 'activate') {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    } satisfies ExtendableEvent);
    await Promise.all(pending);
  }

  /** Dispatches a fetch event; resolves with the worker's answer, or undefined when it did not answer. */
  async function dispatch(
    req: FakeRequest,
    preloadResponse: Promise<FakeResponse | undefined> = Promise.resolve(undefined),
  ) {
    const pending: Promise<unknown>[] = [];
    let answer: Promise<FakeResponse> | undefined;
    listeners.get('fetch')?.({
      request: req,
      preloadResponse,
      respondWith: (promise: Promise<FakeResponse>) => (answer = promise),
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    const result = answer ? await answer : undefined;
    // Background work may register more waitUntil promises while it runs.
    for (let done = 0; done < pending.length; done = pending.length) await Promise.all(pending.slice(done));
    return result;
  }

  return { routes, scope, stores, fetcher, lifecycle, dispatch };
}

describe('sw.js', () => {
  it('precaches the offline files on install and takes over', async () => {
    const worker = startWorker();
    await worker.lifecycle('install');
    const offline = worker.stores.get(worker.routes.CACHES.offline);
    expect([...(offline?.entries.keys() ?? [])]).toEqual(worker.routes.PRECACHE.map((path) => `${ORIGIN}${path}`));
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
  });

  it('deletes the caches of other versions on activate', async () => {
    const worker = startWorker();
    await worker.lifecycle('install');
    worker.stores.set('croupier-assets-v0', new FakeCache(worker.fetcher));
    worker.stores.set('someone-else', new FakeCache(worker.fetcher));
    await worker.lifecycle('activate');
    expect([...worker.stores.keys()].sort()).toEqual([worker.routes.CACHES.offline, 'someone-else']);
    expect(worker.scope.registration.navigationPreload.enable).toHaveBeenCalled();
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });

  it('serves navigations from the network, the offline page when it fails', async () => {
    const worker = startWorker();
    await worker.lifecycle('install');
    const page = request('/casino', { mode: 'navigate', destination: 'document' });
    expect((await worker.dispatch(page))?.body).toBe(`network ${ORIGIN}/casino`);
    expect((await worker.dispatch(page, Promise.resolve(response('preloaded'))))?.body).toBe('preloaded');
    worker.fetcher.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await worker.dispatch(page))?.body).toBe(`network ${ORIGIN}/offline.html`);
    // A server error is the server's answer, not "offline".
    worker.fetcher.mockResolvedValueOnce(response('oops', 500));
    expect((await worker.dispatch(page))?.status).toBe(500);
    expect(worker.stores.get(worker.routes.CACHES.offline)?.entries.has(`${ORIGIN}/casino`)).toBe(false);
  });

  it('loads the offline page files from the network, the precached copy when offline', async () => {
    const worker = startWorker();
    await worker.lifecycle('install');
    const style = request('/offline.css', { destination: 'style' });
    worker.fetcher.mockResolvedValueOnce(response('fresh css'));
    expect((await worker.dispatch(style))?.body).toBe('fresh css');
    worker.fetcher.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await worker.dispatch(style))?.body).toBe('fresh css');
    worker.fetcher.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await worker.dispatch(request('/offline.js')))?.body).toBe(`network ${ORIGIN}/offline.js`);
  });

  it('never answers API requests', async () => {
    const worker = startWorker();
    expect(await worker.dispatch(request('/api/player/init'))).toBeUndefined();
    expect(await worker.dispatch(request('/api/wallet', { method: 'POST' }))).toBeUndefined();
    expect(worker.fetcher).not.toHaveBeenCalled();
    expect(worker.stores.size).toBe(0);
  });

  it('serves hashed assets from the cache once fetched', async () => {
    const worker = startWorker();
    const script = request('/assets/index-abc.js', { destination: 'script' });
    expect((await worker.dispatch(script))?.body).toBe(`network ${ORIGIN}/assets/index-abc.js`);
    worker.fetcher.mockClear();
    expect((await worker.dispatch(script))?.body).toBe(`network ${ORIGIN}/assets/index-abc.js`);
    expect(worker.fetcher).not.toHaveBeenCalled();
    worker.fetcher.mockResolvedValueOnce(response('missing', 404));
    await worker.dispatch(request('/assets/gone.js'));
    expect(worker.stores.get(worker.routes.CACHES.assets)?.entries.has(`${ORIGIN}/assets/gone.js`)).toBe(false);
  });

  it('answers images from the cache and refreshes them in the background, within the bound', async () => {
    const worker = startWorker();
    const image = request('/images/games/a.svg', { destination: 'image' });
    await worker.dispatch(image);
    worker.fetcher.mockResolvedValueOnce(response('new picture'));
    expect((await worker.dispatch(image))?.body).toBe(`network ${ORIGIN}/images/games/a.svg`);
    expect((await worker.dispatch(image))?.body).toBe('new picture');

    const limit = worker.routes.LIMITS.images;
    for (let i = 0; i < limit + 5; i += 1) await worker.dispatch(request(`/images/tile-${i}.png`));
    const cached = [...(worker.stores.get(worker.routes.CACHES.images)?.entries.keys() ?? [])];
    expect(cached).toHaveLength(limit);
    expect(cached.at(-1)).toBe(`${ORIGIN}/images/tile-${limit + 4}.png`);
    expect(cached).not.toContain(`${ORIGIN}/images/games/a.svg`);
  });
});
