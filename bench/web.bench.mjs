// Web app: the JavaScript and CSS the home page and /casino load (gzipped size of the
// built files, and what went over the wire), and their largest contentful paint and
// cumulative layout shift in Chromium, and the first-load script (what the page loads
// before its load event) against the budget the web build enforces on the entry HTML's
// static import graph (apps/web/scripts/first-load-budget.mjs). Prints figures, never
// fails on them; fails only when something does not work (build, server, page load).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { firstLoadScriptBudgetBytes, firstLoadScripts } from '../apps/web/scripts/first-load-budget.mjs';
import { ensureBuilt, root, startServer } from './lib.mjs';

const PAGES = ['/', '/casino'];
const VIEWPORT = { width: 1440, height: 900 };
// Debian's Chromium started as in tests/e2e/browser.ts (no sandbox, no background network).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

ensureBuilt();
const dist = path.join(root, 'apps/web/dist');
const builtAt = fs.statSync(path.join(dist, 'index.html')).mtime;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipCache = new Map();
/** Gzip level 9 size of a built file, or undefined when the URL is not a file in dist. */
function gzipSize(pathname) {
  if (gzipCache.has(pathname)) return gzipCache.get(pathname);
  const file = path.join(dist, decodeURIComponent(pathname));
  const size =
    file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()
      ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
      : undefined;
  gzipCache.set(pathname, size);
  return size;
}

// Runs in the page after it settled: buffered observers return every entry so far.
// CLS is the largest session window (shifts less than 1 s apart, window at most 5 s).
function collectVitals() {
  const entries = (type) =>
    new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        observer.disconnect();
        resolve(list.getEntries());
      });
      observer.observe({ type, buffered: true });
      setTimeout(() => {
        observer.disconnect();
        resolve([]);
      }, 500);
    });
  return Promise.all([entries('largest-contentful-paint'), entries('layout-shift')]).then(([paints, shifts]) => {
    const last = paints.at(-1);
    const describe = (element) =>
      element
        ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
            typeof element.className === 'string' && element.className
              ? `.${element.className.trim().split(/\s+/).join('.')}`
              : ''
          }`
        : 'unknown element';
    let cls = 0;
    let current = 0;
    let windowStart = 0;
    let previous = 0;
    for (const shift of shifts) {
      if (shift.hadRecentInput) continue;
      if (current > 0 && (shift.startTime - previous > 1000 || shift.startTime - windowStart > 5000)) current = 0;
      if (current === 0) windowStart = shift.startTime;
      current += shift.value;
      previous = shift.startTime;
      cls = Math.max(cls, current);
    }
    const navigation = performance.getEntriesByType('navigation')[0];
    return {
      lcp: last ? last.startTime : undefined,
      lcpElement: last ? describe(last.element) : undefined,
      lcpSize: last ? last.size : undefined,
      cls,
      shiftCount: shifts.length,
      loadEventAt: performance.timeOrigin + (navigation ? navigation.loadEventStart : 0),
    };
  });
}

async function measure(browser, baseUrl, route) {
  // A fresh context per page: empty cache and storage, like a first visit. Service workers
  // are blocked so that the worker's install (after load) does not add to the figures.
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));

  const response = await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle', timeout: 60_000 });
  if (!response || !response.ok()) throw new Error(`${route}: document answered ${response?.status() ?? 'nothing'}`);
  await page.waitForTimeout(1000);
  const vitals = await page.evaluate(collectVitals);

  const origin = new URL(baseUrl).origin;
  const files = [];
  for (const request of finished) {
    const url = new URL(request.url());
    if (url.origin !== origin) continue;
    const kind = /\.m?js$/.test(url.pathname) ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
    if (!kind) continue;
    const res = await request.response();
    const sizes = await request.sizes();
    files.push({
      kind,
      path: url.pathname,
      gzip: gzipSize(url.pathname),
      transferred: sizes.responseBodySize + sizes.responseHeadersSize,
      body: sizes.responseBodySize,
      encoding: res ? ((await res.headerValue('content-encoding')) ?? 'identity') : '?',
      afterLoad: request.timing().startTime > vitals.loadEventAt,
    });
  }
  await context.close();
  return { files, vitals, errors };
}

function report(route, { files, vitals, errors }) {
  console.log(`\nGET ${route}`);
  console.log(`  ${'file'.padEnd(52)} ${'gzip -9 on disk'.padStart(16)} ${'transferred body'.padStart(17)}`);
  const sorted = [...files].sort((a, b) => a.kind.localeCompare(b.kind) || (b.gzip ?? 0) - (a.gzip ?? 0));
  for (const file of sorted) {
    const name = `${file.kind.padEnd(4)}${file.path}${file.afterLoad ? ' (after load)' : ''}`;
    console.log(
      `  ${name.padEnd(52)} ${(file.gzip === undefined ? 'not in dist' : kb(file.gzip)).padStart(16)} ${`${kb(file.body)} ${file.encoding}`.padStart(17)}`,
    );
  }
  for (const kind of ['js', 'css']) {
    const group = files.filter((file) => file.kind === kind);
    const gzip = group.reduce((sum, file) => sum + (file.gzip ?? 0), 0);
    const body = group.reduce((sum, file) => sum + file.body, 0);
    const wire = group.reduce((sum, file) => sum + file.transferred, 0);
    console.log(
      `  total ${kind.toUpperCase().padEnd(3)} ${group.length} files: ${kb(gzip)} gzipped; over the wire ${kb(body)} bodies, ${kb(wire)} with headers`,
    );
    if (kind === 'js') {
      // The budget is for what the first paint and the load event wait for; chunks fetched
      // after load (the realtime client, the fingerprint library) are reported apart.
      const initial = group.filter((file) => !file.afterLoad);
      const initialGzip = initial.reduce((sum, file) => sum + (file.gzip ?? 0), 0);
      const initialWire = initial.reduce((sum, file) => sum + file.body, 0);
      const within = initialGzip <= firstLoadScriptBudgetBytes ? 'within' : 'OVER';
      console.log(
        `    first-load script (before load, desktop): ${kb(initialGzip)} gzipped = ${initialGzip} bytes in ${initial.length} files, ${kb(initialWire)} over the wire; budget ${kb(firstLoadScriptBudgetBytes)}: ${within}`,
      );
      console.log(`    after load: ${kb(gzip - initialGzip)} gzipped`);
    }
  }
  const lcp =
    vitals.lcp === undefined
      ? 'not reported'
      : `${vitals.lcp.toFixed(0)} ms (${vitals.lcpElement}, ${vitals.lcpSize} px²)`;
  console.log(`  largest contentful paint: ${lcp}`);
  console.log(`  cumulative layout shift: ${vitals.cls.toFixed(3)} (${vitals.shiftCount} shifts)`);
  if (errors.length > 0) console.log(`  page errors: ${errors.join(' | ')}`);
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
try {
  console.log(`web app built ${builtAt.toISOString()} (apps/web/dist; delete it or run npm run build to refresh)`);
  console.log(
    `Chromium ${browser.version()}, ${VIEWPORT.width}x${VIEWPORT.height}, fresh context per page, cache disabled, service worker blocked, no throttling`,
  );
  console.log('settled = network idle (500 ms) + 1 s; sizes in KiB');
  // What the build checks: index.html's scripts and their static imports, from dist alone.
  const built = firstLoadScripts(dist);
  console.log(
    `build check (index.html + static imports): ${kb(built.gzipBytes)} gzipped = ${built.gzipBytes} bytes, ${kb(built.brotliBytes)} brotli, ${built.files.length} files; budget ${kb(firstLoadScriptBudgetBytes)}`,
  );
  for (const route of PAGES) report(route, await measure(browser, server.url, route));
} finally {
  await browser.close();
  await server.stop();
}
