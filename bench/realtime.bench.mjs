// Realtime gateway benchmark: N websocket clients on one server process, each a player
// with an open session (created beforehand through the auth module's session service, see
// realtime-sessions.mjs; the gateway checks every token against its session, as in
// production) subscribed to its own per-player channel, then M events published to them
// through the development endpoint (which commits a transaction and publishes after the
// commit, as services do). Prints connect times, delivery latency (publish request sent →
// client received, so it includes the HTTP request and the commit), throughput and the
// server's memory. Figures only: it never fails on a threshold.
//
//   REALTIME_BENCH_CLIENTS=2000,10000  client counts, one run each (fresh server per run)
//   REALTIME_BENCH_EVENTS=20000        events per run under load
//   REALTIME_BENCH_CONCURRENCY=200     connection attempts in flight
//
// Clients speak the protocol on raw `ws` sockets (the SDK would cost more than the server).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { ensureServerBuilt, percentile, root, startServer } from './lib.mjs';

const SIZES = (process.env.REALTIME_BENCH_CLIENTS ?? '2000,10000')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const EVENTS = Number(process.env.REALTIME_BENCH_EVENTS ?? 20000);
const CONCURRENCY = Number(process.env.REALTIME_BENCH_CONCURRENCY ?? 200);
const LIGHT_EVENTS = 1000;
const LIGHT_BATCH = 50;
const LOAD_BATCH = 1000;
const LOAD_IN_FLIGHT = 4;
const SECRET = 'realtime-bench-secret-0123456789abcdef0123456789';

const ms = (value) => `${value.toFixed(2)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system) a process has used, in ms: a figure that holds on a busy machine, unlike wall time. */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** VmRSS of a process in kB. */
function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

/** A fresh data directory holding `count` players with one open session each; their ids and tokens. */
function prepareSessions(count) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-bench-rt-'));
  const outFile = path.join(dataDir, 'sessions.json');
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'realtime-sessions.mjs')],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: SECRET, PLAYERS: String(count), OUT_FILE: outFile },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('creating the sessions failed');
  const sessions = JSON.parse(fs.readFileSync(outFile, 'utf8'));
  fs.rmSync(outFile);
  return { dataDir, sessions, seconds: (performance.now() - started) / 1000 };
}

/** One client: connect + subscribe in one message, pongs, and a callback per publication. */
function openClient(wsUrl, playerId, jwt, onPublication) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    socket.on('open', () => {
      socket.send(
        `${JSON.stringify({ id: 1, connect: { token: jwt, name: 'bench' } })}\n${JSON.stringify({
          id: 2,
          subscribe: { channel: `wallet:accounts#${playerId}` },
        })}`,
      );
    });
    socket.on('message', (data) => {
      const received = performance.now();
      for (const line of String(data).split('\n')) {
        if (line === '{}') {
          socket.send('{}');
        } else if (line.startsWith('{"push"')) {
          onPublication(JSON.parse(line).push.pub.data, received);
        } else if (line.startsWith('{"id":2,')) {
          const ok = line.includes('"subscribe"');
          done(ok ? { socket, ms: received - started } : { error: line });
        } else if (line.includes('"error"')) {
          done({ error: line });
        }
      }
    });
    socket.on('error', (error) => done({ error: error.code ?? error.message }));
    socket.on('close', (code) => done({ error: `closed ${code}` }));
  });
}

async function publish(url, publications) {
  const response = await fetch(`${url}/api/dev/realtime/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publications }),
  });
  if (!response.ok) throw new Error(`publish: HTTP ${response.status} ${await response.text()}`);
}

function balanceEvent(seq, playerId) {
  return {
    channel: `wallet:accounts#${playerId}`,
    data: {
      event: 'account.balance.updated',
      account: {
        id: String(seq),
        currency: 'EUR',
        status: 1,
        balance: seq,
        realBalance: seq,
        bonusBalance: 0,
        lockedBalance: 0,
        withdrawalBalance: seq,
      },
    },
  };
}

async function run(clients) {
  const prepared = prepareSessions(clients);
  const server = await startServer({
    DATA_DIR: prepared.dataDir,
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'false',
    // Lets the stats endpoint collect garbage before measuring, so that memory deltas are the connections'.
    NODE_OPTIONS: '--expose-gc',
  });
  const wsUrl = `${server.url.replace('http', 'ws')}/api/connection/websocket`;
  const serverStats = async () => (await (await fetch(`${server.url}/api/dev/realtime/stats?gc=1`)).json()).data;
  try {
    // Let start-up garbage (migrations) go, and the memory it held return to the system, before the baseline.
    await serverStats();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const baseHeap = (await serverStats()).memory;
    const baseRss = rssKb(server.pid);
    const sent = new Map();
    const latencies = [];
    let firstSent = Infinity;
    let lastReceived = 0;
    const onPublication = (data, received) => {
      const at = sent.get(data.account.id);
      if (at === undefined) return;
      sent.delete(data.account.id);
      latencies.push(received - at);
      lastReceived = received;
    };

    // Connect.
    const players = prepared.sessions.map((session) => session.playerId);
    const tokens = prepared.sessions.map((session) => session.token);
    const sockets = [];
    const connectedPlayers = [];
    const connectTimes = [];
    const errors = new Map();
    let next = 0;
    const connectStarted = performance.now();
    const connectCpu = cpuMs(server.pid);
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, clients) }, async () => {
        while (next < clients) {
          const index = next++;
          const result = await openClient(wsUrl, players[index], tokens[index], onPublication);
          if (result.error) errors.set(result.error, (errors.get(result.error) ?? 0) + 1);
          else {
            sockets.push(result.socket);
            connectedPlayers.push(players[index]);
            connectTimes.push(result.ms);
          }
        }
      }),
    );
    const connectTotal = performance.now() - connectStarted;
    const connectCpuMs = cpuMs(server.pid) - connectCpu;
    connectTimes.sort((a, b) => a - b);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stats = await serverStats();
    const connectedRss = rssKb(server.pid);
    const perConnectionKb = (before, after) => ((after - before) / 1024 / Math.max(1, sockets.length)).toFixed(1);

    console.log(`\n${clients} clients`);
    console.log(`  sessions       ${clients} players signed in beforehand in ${prepared.seconds.toFixed(1)} s`);
    console.log(
      `  connect        ${sockets.length} connected in ${(connectTotal / 1000).toFixed(2)} s ` +
        `(${((sockets.length / connectTotal) * 1000).toFixed(0)} conn/s, ${CONCURRENCY} in flight); per connection ` +
        `p50 ${ms(percentile(connectTimes, 50))}  p99 ${ms(percentile(connectTimes, 99))}; ` +
        `server CPU ${((connectCpuMs / Math.max(1, sockets.length)) * 1000).toFixed(0)} µs per connection`,
    );
    console.log(
      `  server sees    ${stats.connections} connections, ${stats.players} players, ${stats.subscriptions} subscriptions`,
    );
    if (errors.size > 0) {
      console.log(`  failures       ${[...errors].map(([error, count]) => `${count}× ${error}`).join(', ')}`);
      if ([...errors.keys()].some((error) => /EMFILE|ENFILE|EADDRNOTAVAIL/.test(error))) {
        console.log(
          '  note           out of file descriptors or ports: raise `ulimit -n` (two per client on one host)',
        );
      }
    }
    console.log(
      `  server memory  RSS ${mb(baseRss)} idle → ${mb(connectedRss)} connected ` +
        `(${((connectedRss - baseRss) / Math.max(1, sockets.length)).toFixed(1)} KB per connection); ` +
        `JS heap after GC ${mb(baseHeap.heapUsed / 1024)} → ${mb(stats.memory.heapUsed / 1024)} ` +
        `(${perConnectionKb(baseHeap.heapUsed, stats.memory.heapUsed)} KB per connection)`,
    );
    if (sockets.length === 0) return;

    // Light load: small batches, one at a time.
    let seq = 0;
    const waitDelivered = async (deadlineMs) => {
      const deadline = performance.now() + deadlineMs;
      while (sent.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    };
    for (let batch = 0; batch < LIGHT_EVENTS / LIGHT_BATCH; batch += 1) {
      const publications = [];
      const at = performance.now();
      for (let i = 0; i < LIGHT_BATCH; i += 1) {
        seq += 1;
        publications.push(balanceEvent(seq, connectedPlayers[seq % connectedPlayers.length]));
        sent.set(String(seq), at);
      }
      await publish(server.url, publications);
      await waitDelivered(5000);
    }
    const light = latencies.splice(0).sort((a, b) => a - b);
    const lostLight = sent.size;
    sent.clear();
    console.log(
      `  light load     ${light.length} events in batches of ${LIGHT_BATCH}: ` +
        `p50 ${ms(percentile(light, 50))}  p95 ${ms(percentile(light, 95))}  p99 ${ms(percentile(light, 99))}` +
        (lostLight ? `  (${lostLight} not delivered)` : ''),
    );

    // Under load: large batches, several requests in flight.
    const rssBeforeLoad = rssKb(server.pid);
    let published = 0;
    const loadCpu = cpuMs(server.pid);
    firstSent = performance.now();
    await Promise.all(
      Array.from({ length: LOAD_IN_FLIGHT }, async () => {
        while (published < EVENTS) {
          const size = Math.min(LOAD_BATCH, EVENTS - published);
          published += size;
          const publications = [];
          const at = performance.now();
          for (let i = 0; i < size; i += 1) {
            seq += 1;
            publications.push(balanceEvent(seq, connectedPlayers[seq % connectedPlayers.length]));
            sent.set(String(seq), at);
          }
          await publish(server.url, publications);
        }
      }),
    );
    await waitDelivered(30_000);
    const loadCpuMs = cpuMs(server.pid) - loadCpu;
    const loaded = latencies.splice(0).sort((a, b) => a - b);
    const seconds = (lastReceived - firstSent) / 1000;
    console.log(
      `  under load     ${loaded.length} of ${EVENTS} events delivered in ${seconds.toFixed(2)} s ` +
        `(${(loaded.length / seconds).toFixed(0)} msg/s; batches of ${LOAD_BATCH}, ${LOAD_IN_FLIGHT} requests in flight): ` +
        `p50 ${ms(percentile(loaded, 50))}  p95 ${ms(percentile(loaded, 95))}  p99 ${ms(percentile(loaded, 99))}; ` +
        `server CPU ${((loadCpuMs / Math.max(1, loaded.length)) * 1000).toFixed(0)} µs per event (HTTP, checks, commit, push)`,
    );
    console.log(`  server RSS     ${mb(rssBeforeLoad)} before load → ${mb(rssKb(server.pid))} after`);

    for (const socket of sockets) socket.terminate();
  } finally {
    await server.stop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

ensureServerBuilt();
console.log(
  'Realtime gateway: raw ws clients, one per player, each subscribed to wallet:accounts#{id};\n' +
    'latency = publish request sent → publication received (includes HTTP, validation and the commit);\n' +
    'each connect checks the token against its session in the database.',
);
for (const clients of SIZES) await run(clients);
