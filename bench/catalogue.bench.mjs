// Catalogue reads benchmark: GET /api/game/collections and GET /api/game/games (the lobby's
// rail query and the unfiltered first page) through the whole server (hooks, rate limit,
// validation, cache, serialisation), compared in the same run with a bare Fastify server
// answering the same bytes from memory (bench/catalogue-bare-server.mjs). Both run in
// processes of their own; this process is the load: closed-loop keep-alive connections,
// each sending its next request when the answer is in. The two sides are measured in
// alternating slices so that a noisy machine weighs on both alike. Also the conditional
// path (If-None-Match with the ETag: 304 and no body) and a brotli-accepting request (as
// browsers send). Figures only.
//
//   BENCH_DATABASE_URL                a PostgreSQL server: a fresh database is created for the
//                                     run and dropped after; default: the embedded PGlite
//   CATALOGUE_BENCH_CONNECTIONS=50    keep-alive connections per run
//   CATALOGUE_BENCH_DURATION_MS=3000  per slice; CATALOGUE_BENCH_SLICES=3 slices per side
//   CATALOGUE_BENCH_RATE_LIMIT=on     `allow`: the bench's address is on RATE_LIMIT_ALLOW_IPS
//                                     (the bare side has no rate limit either); default: the
//                                     limit counts every request (with a limit it never reaches)
//   CATALOGUE_BENCH_LOG_LEVEL=warn    the server's LOG_LEVEL (`info` logs one line per request)
//   CATALOGUE_BENCH_PROFILE=dir       write a V8 CPU profile of the real server there
//   CATALOGUE_BENCH_ONLY=text         only the runs whose label contains the text
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuilt, percentile, processCpuMs, startServer } from './lib.mjs';

const CONNECTIONS = Number(process.env.CATALOGUE_BENCH_CONNECTIONS ?? 50);
const SLICE_MS = Number(process.env.CATALOGUE_BENCH_DURATION_MS ?? 3000);
const SLICES = Number(process.env.CATALOGUE_BENCH_SLICES ?? 3);
const WARMUP_MS = 1000;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ALLOW_LISTED = process.env.CATALOGUE_BENCH_RATE_LIMIT === 'allow';
const LOG_LEVEL = process.env.CATALOGUE_BENCH_LOG_LEVEL ?? 'warn';
const PROFILE_DIR = process.env.CATALOGUE_BENCH_PROFILE;
const ONLY = process.env.CATALOGUE_BENCH_ONLY;

/** GET `url` on the server and the whole answer (raw bytes, as sent). */
function fetchRaw(base, url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * Closed-loop load on raw keep-alive sockets: far cheaper per request than an HTTP client,
 * so the load generator is not what limits the bare server. Answers carry a
 * Content-Length or are chunked (compressed on the fly); any other status than `expectStatus` is an error.
 */
async function load(port, url, { headers = {}, durationMs, expectStatus }) {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.from(
    `GET ${url} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: keep-alive\r\n${headerLines}\r\n`,
  );
  const latencies = [];
  let errors = 0;
  let bodyBytes = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise((resolve) => {
          const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
          let buffer = Buffer.alloc(0);
          let sentAt = 0;
          const send = () => {
            sentAt = performance.now();
            socket.write(request);
          };
          socket.on('connect', send);
          socket.on('data', (chunk) => {
            buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
            const headerEnd = buffer.indexOf('\r\n\r\n');
            if (headerEnd < 0) return;
            const head = buffer.toString('latin1', 0, headerEnd);
            let length;
            if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
              // A streamed answer (compressed on the fly) ends with the zero-length chunk.
              if (buffer.length < headerEnd + 9 || buffer.toString('latin1', buffer.length - 5) !== '0\r\n\r\n') return;
              length = buffer.length - headerEnd - 4;
            } else {
              length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
              if (buffer.length < headerEnd + 4 + length) return;
            }
            const status = Number(head.slice(9, 12));
            latencies.push(performance.now() - sentAt);
            if (status !== expectStatus) errors += 1;
            bodyBytes += length;
            buffer = Buffer.alloc(0);
            if (performance.now() < deadline) send();
            else socket.end(resolve);
          });
          socket.on('error', () => {
            errors += 1;
            resolve();
          });
        }),
    ),
  );
  return { latencies, errors, bodyBytes, elapsedMs: performance.now() - started };
}

/** Waits (up to 30 s) until the process uses under a tenth of a core: startup work is over. */
async function settle(pid) {
  for (let tries = 0; tries < 60; tries += 1) {
    const before = processCpuMs(pid);
    if (before === undefined) return;
    await new Promise((r) => setTimeout(r, 500));
    if (processCpuMs(pid) - before < 50) return;
  }
}

/** Slices of `durationMs` on each side in turn (real, bare, real, bare, …), added up per side. */
async function compare(sides, url, options) {
  for (const side of sides) await load(side.port, url, { ...options, durationMs: WARMUP_MS });
  const totals = sides.map(() => ({ latencies: [], errors: 0, bodyBytes: 0, elapsedMs: 0, cpuMs: 0 }));
  for (let slice = 0; slice < SLICES; slice += 1) {
    for (const [index, side] of sides.entries()) {
      const cpuBefore = processCpuMs(side.pid);
      const result = await load(side.port, url, { ...options, durationMs: SLICE_MS });
      const total = totals[index];
      total.cpuMs += (processCpuMs(side.pid) ?? NaN) - (cpuBefore ?? NaN);
      for (const latency of result.latencies) total.latencies.push(latency);
      total.errors += result.errors;
      total.bodyBytes += result.bodyBytes;
      total.elapsedMs += result.elapsedMs;
    }
  }
  return totals.map((total) => {
    total.latencies.sort((a, b) => a - b);
    return {
      rps: total.latencies.length / (total.elapsedMs / 1000),
      p50: percentile(total.latencies, 50),
      p99: percentile(total.latencies, 99),
      errors: total.errors,
      kb: total.bodyBytes / 1024 / Math.max(1, total.latencies.length),
      cpuUsPerRequest: (total.cpuMs * 1000) / Math.max(1, total.latencies.length),
    };
  });
}

/** A bare Fastify server answering `routes` from memory; resolves with its port and a stop function. */
async function startBare(routes) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-bare-')), 'routes.json');
  fs.writeFileSync(file, JSON.stringify(routes));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'catalogue-bare-server.mjs')], {
    env: { ...process.env, ROUTES_FILE: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  return {
    port,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

ensureServerBuilt();
let admin;
let databaseName;
const serverEnv = { LOG_LEVEL, ...(ALLOW_LISTED ? { RATE_LIMIT_ALLOW_IPS: '127.0.0.1' } : {}) };
if (DATABASE_URL) {
  databaseName = `croupier_bench_catalogue_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${databaseName}`;
  serverEnv.DATABASE_URL = url.toString();
}
if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
const server = await startServer(serverEnv, {
  nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
});
let bare;
try {
  const base = server.url;
  const collections = JSON.parse((await fetchRaw(base, '/api/game/collections')).body.toString()).data;
  const rail = collections.find((c) => c.identity === 'popular') ?? collections[0];
  // The lobby's rail: one collection, 18 games, the visitor's country (bracket arrays, as the web app sends them).
  const railUrl = `/api/game/games?page=1&perPage=18&collectionId%5B%5D=${rail.id}&countries%5B%5D=DE`;
  const BROTLI = 'gzip, deflate, br';
  const scenarios = [
    { label: 'GET /api/game/collections', url: '/api/game/collections' },
    { label: 'GET /api/game/games (first page)', url: '/api/game/games' },
    { label: `GET /api/game/games (rail: ${rail.identity}, DE)`, url: railUrl },
    { label: '  … accept-encoding br', url: railUrl, acceptEncoding: BROTLI },
  ];
  const routes = [];
  for (const scenario of scenarios) {
    const headers = scenario.acceptEncoding ? { 'accept-encoding': scenario.acceptEncoding } : {};
    const answer = await fetchRaw(base, scenario.url, headers);
    if (answer.status !== 200) throw new Error(`${scenario.url}: ${answer.status}`);
    scenario.headers = headers;
    scenario.etag = answer.headers.etag;
    const kept = {};
    for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary'])
      if (answer.headers[name] !== undefined) kept[name] = answer.headers[name];
    routes.push({
      url: scenario.url,
      acceptEncoding: scenario.acceptEncoding,
      bodyBase64: answer.body.toString('base64'),
      headers: kept,
    });
  }
  bare = await startBare(routes);
  await settle(server.pid);

  const where = DATABASE_URL ? `PostgreSQL (fresh database ${databaseName})` : 'embedded PGlite';
  console.log(`server ready in ${server.readyMs.toFixed(0)} ms on ${where}; LOG_LEVEL=${LOG_LEVEL}`);
  console.log(
    ALLOW_LISTED
      ? 'rate limit: the bench address 127.0.0.1 is on RATE_LIMIT_ALLOW_IPS (not counted, as on the bare side)'
      : 'rate limit: counts every request (limit raised so that the bench never reaches it); the bare side has none',
  );
  console.log(
    `load: ${CONNECTIONS} keep-alive connections, closed loop; ${SLICES} × ${SLICE_MS} ms per side, sides alternating, after ${WARMUP_MS} ms warm-up each`,
  );
  console.log(
    'bare: a Fastify server without plugins or hooks answering the same bytes from memory, in a process of its own\n',
  );
  const columns = `${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'KB'.padStart(5)} ${'CPU µs/req'.padStart(10)}`;
  console.log(
    `${'endpoint'.padEnd(46)} ${'side'.padEnd(5)} ${columns} ${'ratio'.padStart(6)} ${'CPU ratio'.padStart(9)}`,
  );
  const row = (label, side, r, ratios = ['', '']) =>
    console.log(
      `${label.slice(0, 46).padEnd(46)} ${side.padEnd(5)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)} ${r.kb.toFixed(1).padStart(5)} ${r.cpuUsPerRequest.toFixed(0).padStart(10)} ${ratios[0].padStart(6)} ${ratios[1].padStart(9)}${r.errors ? `  errors ${r.errors}` : ''}`,
    );
  const sides = [
    { port: Number(new URL(base).port), pid: server.pid },
    { port: bare.port, pid: bare.pid },
  ];
  const runs = [];
  for (const scenario of scenarios) runs.push({ ...scenario, expectStatus: 200 });
  for (const scenario of scenarios.slice(0, 3)) {
    if (!scenario.etag) {
      console.log(`(no ETag on ${scenario.url}: no conditional run)`);
      continue;
    }
    runs.push({
      ...scenario,
      label: `  … If-None-Match → 304 (${scenario.label.replace('GET /api/game/', '')})`,
      headers: { ...scenario.headers, 'if-none-match': scenario.etag },
      expectStatus: 304,
    });
  }
  // Warm-up of every path first: the server's first seconds under load (compilation, the
  // collection of its startup garbage) would otherwise weigh on the first run alone.
  const chosen = runs.filter((run) => !ONLY || run.label.includes(ONLY));
  for (const run of chosen)
    await load(sides[0].port, run.url, { headers: run.headers, durationMs: 2000, expectStatus: run.expectStatus });
  for (const run of chosen) {
    const [real, bareResult] = await compare(sides, run.url, { headers: run.headers, expectStatus: run.expectStatus });
    row(run.label, 'real', real, [
      `${(real.rps / bareResult.rps).toFixed(2)}×`,
      `${(bareResult.cpuUsPerRequest / real.cpuUsPerRequest).toFixed(2)}×`,
    ]);
    row('', 'bare', bareResult);
  }
  console.log('\nratio: real req/s ÷ bare req/s in the same run (goal ≥ 0.5×)');
  console.log(
    'CPU ratio: bare CPU per request ÷ real CPU per request (each server process, from /proc): the ratio the',
  );
  console.log('throughputs tend to when each server has a core of its own; on a shared machine trust it over req/s');
} finally {
  await bare?.stop();
  await server.stop();
  if (admin) {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}
if (PROFILE_DIR) console.log(`CPU profile of the real server: ${path.resolve(PROFILE_DIR)}`);
