// Settings and content API: cold start to readiness on a fresh embedded database (with
// migrations and seed), then throughput and latency of the calls every page load makes.
import { ensureBuilt, load, printRow, startServer } from './lib.mjs';

ensureBuilt();
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 5000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const server = await startServer();
console.log(`cold start (migrate + seed + listen), embedded PGlite: ${server.readyMs.toFixed(0)} ms`);
console.log(`load: ${concurrency} keep-alive clients, ${durationMs} ms per endpoint, one process\n`);
try {
  for (const [label, path, headers] of [
    ['GET /api/settings/locales', '/api/settings/locales', {}],
    ['GET /api/settings/currencies?visible=1', '/api/settings/currencies?visible=1', {}],
    ['GET /api/settings/countries (br)', '/api/settings/countries', { 'accept-encoding': 'br' }],
    ['GET /api/settings/constants', '/api/settings/constants', {}],
    ['GET /api/player/init', '/api/player/init', { 'cf-ipcountry': 'DE' }],
    ['GET /api/content/groups?locale=de (br)', '/api/content/groups?locale=de', { 'accept-encoding': 'br' }],
    ['GET /api/health/ready (database round trip)', '/api/health/ready', {}],
  ]) {
    printRow(label, await load(`${server.url}${path}`, { concurrency, durationMs, headers }));
  }
} finally {
  await server.stop();
}
