// Shared helpers for benchmarks: start the built server on a fresh database, a closed-loop
// HTTP load generator with latency percentiles, the CPU each party uses, players made
// through the API, timed closed loops and pgbench for scale.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

/** The PostgreSQL server a benchmark makes its fresh database on. */
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database `croupier_bench_{label}_…` on the server of BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else the local one): its name, its URL, the open connection to the
 * server's own database (`admin`) and `drop`, which drops it and closes that connection.
 */
export async function createBenchDatabase(label) {
  const name = `croupier_bench_${label}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url,
    admin,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Concurrency levels from a comma-separated list (`'8,32'`); what is not a positive integer is left out. */
export const levelsOf = (text) =>
  text
    .split(',')
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isInteger(value) && value > 0);

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A figure with `digits` decimals, '–' for none (NaN, undefined). */
export const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** `startServer`'s options for a V8 CPU profile of the server written to `dir` (none without one). */
export const cpuProfileOptions = (dir) =>
  dir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] } : {};

export function ensureBuilt() {
  if (
    !fs.existsSync(path.join(root, 'apps/server/dist/main.js')) ||
    !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  ) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('build failed');
  }
}

/** Newest modification time of the sources (ts, json, sql) under a directory. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (/\.(ts|json|sql)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * `ensureBuilt` builds only what is missing; a server benchmark also rebuilds the server
 * bundle (esbuild, seconds) when its sources are newer, so it never measures stale code.
 */
export function ensureServerBuilt() {
  ensureBuilt();
  const bundle = fs.statSync(path.join(root, 'apps/server/dist/main.js')).mtimeMs;
  const sources = Math.max(
    ...['apps/server/src', 'apps/server/migrations', 'packages/contract/src', 'packages/games/src'].map((dir) =>
      newestMtime(path.join(root, dir)),
    ),
  );
  if (sources > bundle) {
    const result = spawnSync('npm', ['run', 'build', '-w', '@croupier/server'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('server build failed');
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server; resolves with its URL, the time to readiness and a stop function.
 * `nodeArgs` go to node before the script (e.g. `--cpu-prof`, not allowed in NODE_OPTIONS).
 */
export async function startServer(env = {}, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // The sportsbook's simulated feed is background work of its own: not in these figures.
      SPORTSBOOK_FEED: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    /** The server's process id (memory figures come from /proc/<pid>/status). */
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile of ascending values (NaN for none). */
export const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Closed-loop load: `concurrency` clients each send the next request when one returns. */
export async function load(url, { concurrency = 32, durationMs = 5000, headers = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const deadline = performance.now() + durationMs;
  const once = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsedS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    kbPerResponse: bytes / 1024 / Math.max(1, latencies.length),
  };
}

export function printRow(label, r) {
  console.log(
    `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  ${r.kbPerResponse.toFixed(1).padStart(6)} KB/resp  errors ${r.errors}`,
  );
}

const CLOCK_TICKS_PER_S = 100; // USER_HZ on Linux (getconf CLK_TCK)

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux; clock
 * ticks of 10 ms); undefined when it is gone or elsewhere. CPU per request or per round is
 * what a busy, shared machine distorts least: it does not depend on how much of the cores
 * the scheduler gave each process.
 */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}

/**
 * CPU ms of each process named `comm` now, by pid: `postgres` (server processes and
 * backends), `redis-server`.
 */
export function processesCpuByPid(comm) {
  const byPid = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== comm) continue;
    } catch {
      continue;
    }
    byPid.set(Number(entry), processCpuMs(Number(entry)) ?? 0);
  }
  return byPid;
}

/**
 * The CPU ms the processes named `comm` used since `before` (a `processesCpuByPid(comm)`):
 * what each process still running used since then, a new one all it used. One that ended in
 * between (a pool closing idle PostgreSQL connections) takes its share with it: an
 * undercount, never a negative figure.
 */
export function processesCpuMsSince(before, comm) {
  let total = 0;
  for (const [pid, ms] of processesCpuByPid(comm)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Starts measuring the CPU time each party uses: this load generator (`client`), the
 * server processes `serverPids`, PostgreSQL and, with `redis`, the Redis server. Answers
 * a function that reads the ms each used since (NaN for a server process that is gone).
 */
export function startCpuMeter(serverPids, { redis = false } = {}) {
  const serverMs = () => serverPids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? NaN), 0);
  const before = {
    client: process.cpuUsage(),
    server: serverMs(),
    postgres: processesCpuByPid('postgres'),
    redis: redis ? processesCpuByPid('redis-server') : undefined,
  };
  return () => {
    const client = process.cpuUsage(before.client);
    return {
      client: (client.user + client.system) / 1000,
      server: serverMs() - before.server,
      postgres: processesCpuMsSince(before.postgres, 'postgres'),
      redis: before.redis ? processesCpuMsSince(before.redis, 'redis-server') : undefined,
    };
  };
}

/**
 * Runs `loop(player, deadline, samples, index)` for each of `players` at once for
 * `durationMs`, each pushing its latencies to `samples`. Answers the samples (ascending), the
 * seconds it took, p50/p99 and the CPU ms each party used meanwhile (`startCpuMeter` over
 * `serverPids`, read before the samples are sorted).
 */
export async function timedLoops(players, durationMs, loop, { serverPids, redis = false }) {
  const samples = [];
  const cpuSince = startCpuMeter(serverPids, { redis });
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(players.map((player, index) => loop(player, deadline, samples, index)));
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = cpuSince();
  samples.sort((a, b) => a - b);
  return { samples, elapsedS, p50: percentile(samples, 50), p99: percentile(samples, 99), cpu };
}

/**
 * An agent with kept-alive connections for the timed requests: fetch costs this load
 * generator about three times the CPU per request, CPU the server and PostgreSQL share.
 */
export const keepAliveAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** A request through `agent` answering `{ status, text }`, never throwing on a refusal; `body` a string. */
export function send(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `send` answering the envelope's `data`; throws on anything but 200. */
export async function sendForData(agent, url, options = {}) {
  const answer = await send(agent, url, options);
  if (answer.status !== 200) throw new Error(`${options.method ?? 'GET'} ${url}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text).data;
}

const DICE_ROUND_BODY = JSON.stringify({ amount: 1, direction: 'under', targetHundredths: 4950 });

/** A dice round of 1 USD in the player's session (a `createDicePlayer`) on the server at `url`. */
export const playDiceRound = (agent, url, player) =>
  sendForData(agent, `${url}/api/game/originals/dice/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...player.session },
    body: DICE_ROUND_BODY,
  });

/**
 * One player's closed loop of dice rounds on the server at `url` until the deadline, each
 * round's latency pushed to `samples`; `onAnswer(at)` is told when each answer came; with
 * `paceMs`, a round starts at most every `paceMs` (the same rounds per second whatever the
 * machine gives).
 */
export async function diceLoop(agent, url, player, deadline, samples, { onAnswer, paceMs = 0 } = {}) {
  while (performance.now() < deadline) {
    const started = performance.now();
    await playDiceRound(agent, url, player);
    const answered = performance.now();
    samples.push(answered - started);
    onAnswer?.(answered);
    player.rounds += 1;
    if (paceMs > 0) await wait(started + paceMs - performance.now());
  }
}

/** tps and average latency from pgbench's output. */
export const pgbenchFigures = (stdout) => ({
  tps: Number(/tps = ([\d.]+)/.exec(stdout)?.[1]),
  latency: /latency average = ([\d.]+ ms)/.exec(stdout)?.[1],
});

/** pgbench's built-in TPC-B-like script on the same server, `clients` connections, 10 s. */
function pgbenchTps(databaseUrl, clients) {
  const run = spawnSync('pgbench', ['-c', String(clients), '-j', '2', '-T', '10', databaseUrl], { encoding: 'utf8' });
  if (run.status !== 0) return { error: `pgbench failed: ${run.stderr.trim()}` };
  return pgbenchFigures(run.stdout);
}

/**
 * pgbench's TPC-B-like figures for scale: initialises `databaseUrl` at scale 10, then runs
 * at each of `clientCounts`, printing each result. Answers them by client count, or
 * undefined (said why) when pgbench is not installed or its initialisation fails.
 */
export function pgbenchTpcb(databaseUrl, clientCounts) {
  if (spawnSync('which', ['pgbench'], { encoding: 'utf8' }).status !== 0) {
    console.log('\npgbench: not installed (no TPC-B-like comparison)');
    return undefined;
  }
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', databaseUrl], { encoding: 'utf8' });
  if (init.status !== 0) {
    console.log(`\npgbench -i failed: ${init.stderr.trim()}`);
    return undefined;
  }
  console.log('');
  const results = new Map();
  for (const clients of clientCounts) {
    const result = pgbenchTps(databaseUrl, clients);
    results.set(clients, result);
    console.log(
      result.error ??
        `pgbench TPC-B-like, scale 10, ${clients} clients, 10 s, same server: ${result.tps.toFixed(0)} tps (latency average ${result.latency})`,
    );
  }
  return results;
}

/** An API call answering the envelope's `data`; throws on a refusal. A string body goes as it is. */
export async function call(url, method, body, headers = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text).data;
}

/**
 * A registered player funded with 10,000 USD and a real-money dice session. Registration is
 * limited per client IP, so each player comes from an address of its own (`10.{ipOctet}.x.y`).
 */
export async function createDicePlayer(url, index, { emailPrefix, ipOctet, password }) {
  const email = `${emailPrefix}-${index}-${randomUUID().slice(0, 8)}@bench.example`;
  const auth = await call(
    `${url}/api/player/register`,
    'POST',
    { email, password, password_confirmation: password, agreements: 1, currency: 'USD' },
    { 'cf-connecting-ip': `10.${ipOctet}.${Math.floor(index / 250)}.${(index % 250) + 1}` },
  );
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  const accounts = await call(`${url}/api/wallet/accounts`, 'GET', undefined, headers);
  await call(`${url}/api/dev/wallet/accounts/${accounts[0].id}/fund`, 'POST', { amount: 1_000_000 }, headers);
  const launch = await call(`${url}/api/game/games/dice/play`, 'POST', { demoMode: false }, headers);
  const playerId = JSON.parse(Buffer.from(auth.accessToken.split('.')[1], 'base64url').toString('utf8')).sub;
  return { session: { 'x-game-session': launch.token }, token: auth.accessToken, headers, playerId, rounds: 0 };
}
