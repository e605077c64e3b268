// Shared helpers for benchmarks: start the built server on a fresh database, and a
// closed-loop HTTP load generator with latency percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';

export const root = path.resolve(import.meta.dirname, '..');

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

/** CPU ms of each PostgreSQL process now (server processes and backends), by pid. */
export function postgresCpuByPid() {
  const byPid = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    byPid.set(Number(entry), processCpuMs(Number(entry)) ?? 0);
  }
  return byPid;
}

/**
 * PostgreSQL's CPU ms since `before` (a `postgresCpuByPid()`): what each process still running
 * used since then, a new one all it used. A backend that ended in between (a pool closing idle
 * connections) takes its share with it: an undercount, never a negative figure.
 */
export function postgresCpuMsSince(before) {
  let total = 0;
  for (const [pid, ms] of postgresCpuByPid()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** CPU ms of each process named `comm` now (e.g. `redis-server`), by pid. */
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

/** The CPU ms the processes named `comm` used since `before` (a `processesCpuByPid(comm)`), as `postgresCpuMsSince`. */
export function processesCpuMsSince(before, comm) {
  let total = 0;
  for (const [pid, ms] of processesCpuByPid(comm)) total += ms - (before.get(pid) ?? 0);
  return total;
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
