/* global self */
// Routing decisions of the service worker (sw.js loads this file with importScripts).
// Kept free of Cache and fetch calls so that unit tests can evaluate it with a fake
// `self` (apps/web/src/features/pwa/sw-routes.test.ts). Plain ES2020, no build step:
// public/ files are copied to dist as they are.
(function (scope) {
  'use strict';

  // Bump when the precache list or a caching rule changes: activate deletes the caches
  // of every other version.
  var VERSION = 'v1';
  var PREFIX = 'croupier-';

  var CACHES = {
    offline: PREFIX + 'offline-' + VERSION,
    assets: PREFIX + 'assets-' + VERSION,
    images: PREFIX + 'images-' + VERSION,
  };

  // Bounds on the runtime caches (entries, oldest dropped first): a release brings new
  // hashed file names, so without a bound the asset cache only grows.
  var LIMITS = { assets: 120, images: 200 };

  // The offline page and everything it loads: it must render with no network at all.
  var PRECACHE = ['/offline.html', '/offline.css', '/offline.js', '/favicon.svg'];

  var IMAGE_PATH = /\.(?:png|jpe?g|gif|webp|avif|svg|ico)$/i;

  /**
   * How to answer a request:
   * - 'navigate': network first, the offline page when the network fails;
   * - 'precached': the offline page's own files, network first (fresh when online, and
   *   refreshed in the cache), the precached copy when offline;
   * - 'asset': cache first (hashed names under /assets/ never change);
   * - 'image': cached copy at once, refreshed in the background (names are not hashed);
   * - 'network': not handled, the browser fetches as if there were no worker.
   * `request` needs method, url, mode and destination; `origin` is the worker's origin.
   */
  function routeFor(request, origin) {
    if (request.method !== 'GET') return 'network';
    var url = new URL(request.url);
    if (url.origin !== origin) return 'network';
    // Player data must never come from a cache (balances, sessions, invoices).
    if (url.pathname === '/api' || url.pathname.indexOf('/api/') === 0) return 'network';
    if (request.mode === 'navigate') return 'navigate';
    // The worker's own scripts are updated by the browser's update check.
    if (url.pathname === '/sw.js' || url.pathname === '/sw-routes.js') return 'network';
    if (PRECACHE.indexOf(url.pathname) !== -1) return 'precached';
    if (url.pathname.indexOf('/assets/') === 0) return 'asset';
    if (request.destination === 'image' || IMAGE_PATH.test(url.pathname)) return 'image';
    return 'network';
  }

  /** Only complete, same-origin successes are stored (no 206 ranges, errors or opaque answers). */
  function isCacheable(response) {
    return response.status === 200 && response.type === 'basic';
  }

  /** Names of this app's caches that belong to another version (deleted on activate). */
  function staleCaches(names) {
    var current = Object.keys(CACHES).map(function (key) {
      return CACHES[key];
    });
    return names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && current.indexOf(name) === -1;
    });
  }

  /** How many of `count` entries (oldest first, as Cache.keys() lists them) to delete. */
  function excess(count, limit) {
    return Math.max(0, count - limit);
  }

  scope.CroupierSw = {
    VERSION: VERSION,
    CACHES: CACHES,
    LIMITS: LIMITS,
    PRECACHE: PRECACHE,
    routeFor: routeFor,
    isCacheable: isCacheable,
    staleCaches: staleCaches,
    excess: excess,
  };
})(self);
