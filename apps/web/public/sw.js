/* global self, caches, importScripts */
// Croupier service worker, hand-written (no Workbox). It is served with `no-cache`, so
// the browser's update check sees every release; cache names carry a version
// (sw-routes.js) and activate deletes the caches of other versions.
//
// - navigations: network first (navigation preload where supported), the precached
//   offline page when the network fails; pages are never cached (they need the API);
// - the offline page's files: network first, the precached copy when offline (the page
//   served in place of /casino still loads /offline.css and /offline.js through here);
// - /assets/*: cache first (hashed names, immutable), bounded;
// - images: cached copy at once, refreshed in the background (names are not hashed, so
//   a changed picture must replace the cached one), bounded;
// - /api/* and everything else: not intercepted, except that a navigation there uses
//   the navigation preload response.
importScripts('/sw-routes.js');

const sw = self.CroupierSw;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(sw.CACHES.offline)
      // `reload` skips the HTTP cache so that a new version never precaches old files.
      .then((cache) =>
        cache.addAll(sw.PRECACHE.map((path) => new Request(new URL(path, self.location.origin), { cache: 'reload' }))),
      )
      // Safe to take over at once: the worker does not pin any version of the app's files.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const stale = sw.staleCaches(await caches.keys());
      await Promise.all(stale.map((name) => caches.delete(name)));
      // Starts the navigation request while the worker boots (network-first costs less).
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const route = sw.routeFor(event.request, self.location.origin);
  if (route === 'navigate') event.respondWith(navigate(event));
  else if (route === 'precached') event.respondWith(networkFirst(event, sw.CACHES.offline));
  else if (route === 'asset') event.respondWith(cacheFirst(event, sw.CACHES.assets, sw.LIMITS.assets));
  else if (route === 'image') event.respondWith(staleWhileRevalidate(event, sw.CACHES.images, sw.LIMITS.images));
  else if (event.request.mode === 'navigate') event.respondWith(preloadedOrFetch(event));
  // 'network' for other requests: no respondWith, the browser handles the request itself.
});

// A navigation the worker does not route (e.g. /api/… redirects of social sign-in) must
// still consume the navigation preload: left alone, the browser sends the request a
// second time, and a one-time callback would be spent by the unused preload.
async function preloadedOrFetch(event) {
  const preloaded = await event.preloadResponse;
  return preloaded || fetch(event.request);
}

async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    // Only a network failure lands here; a server error page is still the server's answer.
    const offline = await caches.match(new URL('/offline.html', self.location.origin).href, {
      cacheName: sw.CACHES.offline,
    });
    return offline || Response.error();
  }
}

async function networkFirst(event, cacheName) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(event.request);
    // Unbounded: only the few precached files take this route.
    if (sw.isCacheable(response)) event.waitUntil(store(cache, event.request, response.clone(), Infinity));
    return response;
  } catch (error) {
    const cached = await cache.match(event.request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(event, cacheName, limit) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (sw.isCacheable(response)) event.waitUntil(store(cache, event.request, response.clone(), limit));
  return response;
}

async function staleWhileRevalidate(event, cacheName, limit) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(event.request);
  const network = fetch(event.request).then((response) => {
    if (sw.isCacheable(response)) event.waitUntil(store(cache, event.request, response.clone(), limit));
    return response;
  });
  if (!cached) return network;
  event.waitUntil(network.catch(() => undefined));
  return cached;
}

/** Stores a response, then drops the oldest entries beyond the cache's bound. */
async function store(cache, request, response, limit) {
  try {
    await cache.put(request, response);
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, sw.excess(keys.length, limit)).map((key) => cache.delete(key)));
  } catch {
    // A full quota or a storage error only costs the cache entry, never the response.
  }
}
