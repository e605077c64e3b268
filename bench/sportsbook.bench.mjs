// Sportsbook benchmark (docs/sportsbook.md, "Benchmark"): one server process with the
// sandbox feed (SPORTSBOOK_FEED=sandbox, its events created and driven through
// `POST /api/dev/sportsbook/...`) on a fresh PostgreSQL database. It prints:
//
//   1. bets placed per second and p50/p99 through the full path — players registered
//      through the API, each with the sportsbook game's session (`POST /api/game/games/
//      betsy-sportsbook-betsy/play`), in closed loops of `POST /api/sportsbook/tickets`:
//      singles and 3-leg accumulators in turn, over several pre-match events (no live
//      delay, the liability limit out of the way), with the CPU a bet costs the server and
//      PostgreSQL; and pgbench's TPC-B-like tps on the same server for scale;
//   2. odds updates fanned out to websocket clients: guests on the realtime gateway
//      (`/api/connection/websocket`, in worker threads) subscribed to one event's channel
//      `sportsbook:events:{eventId}`, the odds of one outcome moved at a steady rate through
//      the dev endpoint; the delivery latency is from the dev call's send to the arrival of
//      the `sportsbook.event.markets.updated` message carrying that price, per update and
//      client. The ingestor publishes at most one message per event per batch, the latest
//      price: an update that shared a batch with the next one is never published
//      (superseded, counted apart); lost is an update published to clients that one of them
//      never saw;
//   3. settlement: singles placed on one event through the API, then its result published;
//      the time until no ticket is open (the settlement jobs, polled by the server every
//      JOBS_POLL_MS), with the placement rate and the jobs' cadence.
// Figures only: nothing passes or fails on a time.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     a PostgreSQL server where a fresh database is created for the run and dropped after.
//   SPORTSBOOK_BENCH_PARTS=bets,odds,settle   the parts to run
//   SPORTSBOOK_BENCH_COUNT=100                before the timed runs, a server of its own behind a
//                                             counting relay (bench/pg-wire-count.mjs): statements
//                                             per single, per accumulator (this many each) and per
//                                             settled ticket (250 singles); 0 skips it
//   SPORTSBOOK_BENCH_PLAYERS=8,32             part 1's concurrency levels (players)
//   SPORTSBOOK_BENCH_DURATION_MS=10000        part 1, per level
//   SPORTSBOOK_BENCH_EVENTS=8                 part 1's events
//   SPORTSBOOK_BENCH_PGBENCH=1                pgbench at 8 and 32 clients (0 skips it)
//   SPORTSBOOK_BENCH_CLIENTS=1000             part 2's websocket clients
//   SPORTSBOOK_BENCH_WS_WORKERS=2             worker threads holding them
//   SPORTSBOOK_BENCH_UPDATES_PER_S=10         part 2's odds changes per second
//   SPORTSBOOK_BENCH_UPDATES_S=15             for this many seconds
//   SPORTSBOOK_BENCH_TICKETS=100000           part 3's tickets
//   SPORTSBOOK_BENCH_SETTLE_CONCURRENCY=32    part 3's placing players
//   SPORTSBOOK_BENCH_JOBS_POLL_MS             the server's JOBS_POLL_MS (unset: its default, 1000)
//   SPORTSBOOK_BENCH_CPU_PROFILE=<dir>        writes a V8 CPU profile of the server there
import { randomUUID } from 'node:crypto';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import WebSocket from 'ws';
import {
  call,
  cpuProfileOptions,
  createBenchDatabase,
  createDicePlayer,
  ensureServerBuilt,
  fixed,
  keepAliveAgent,
  levelsOf,
  percentile,
  pgbenchTpcb,
  send,
  startCpuMeter,
  startServer,
  timedLoops,
  wait,
} from './lib.mjs';
import { startWireCounter } from './pg-wire-count.mjs';

/** Wall-clock ms with sub-ms precision, comparable across worker threads. */
const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------
// Part 2's clients, in worker threads: `workerData` = { wsUrl, channel, outcomeId, base,
// clients }. Messages: → 'ready' (connect times), ← { updates, sentAt } (the dev calls'
// send times), → { latencies, delivered (per update), received }.
if (!isMainThread) {
  const { wsUrl, channel, outcomeId, base, clients } = workerData;
  const idNeedle = `"id":${JSON.stringify(outcomeId)}`;
  const sockets = [];
  const receipts = []; // per client: Map update index → receipt time
  let received = 0;
  let expected = Infinity;
  let complete = 0;
  let onComplete = () => {};

  /** The price of the outcome in a publication line, without parsing the whole event. */
  const priceIn = (line) => {
    const at = line.indexOf(idNeedle);
    if (at < 0) return undefined;
    const field = line.indexOf('"oddsMilli":', at);
    if (field < 0) return undefined;
    return Number.parseInt(line.slice(field + 12, field + 24), 10);
  };

  const open = (index) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const seen = new Map();
      receipts[index] = seen;
      const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
      socket.on('open', () => {
        socket.send(
          `${JSON.stringify({ id: 1, connect: { name: 'bench' } })}\n${JSON.stringify({ id: 2, subscribe: { channel } })}`,
        );
      });
      socket.on('message', (data) => {
        const at = now();
        for (const line of String(data).split('\n')) {
          if (line === '{}') socket.send('{}');
          else if (line.startsWith('{"push"')) {
            if (!line.includes('"sportsbook.event.markets.updated"')) continue;
            received += 1;
            const update = priceIn(line) - base;
            if (update >= 0 && !seen.has(update)) {
              seen.set(update, at);
              if (seen.size === expected) {
                complete += 1;
                if (complete === sockets.length) onComplete();
              }
            }
          } else if (line.startsWith('{"id":2,')) {
            if (line.includes('"subscribe"')) resolve({ socket, ms: performance.now() - started });
            else reject(new Error(`subscribe: ${line}`));
          } else if (line.includes('"error"')) reject(new Error(`realtime: ${line}`));
        }
      });
      socket.on('error', reject);
    });

  const connectTimes = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(50, clients) }, async () => {
      while (next < clients) {
        const opened = await open(next++);
        sockets.push(opened.socket);
        connectTimes.push(opened.ms);
      }
    }),
  );
  parentPort.postMessage({ type: 'ready', connectTimes });
  parentPort.once('message', async ({ updates, sentAt }) => {
    expected = updates;
    complete = receipts.filter((seen) => seen.size >= updates).length;
    const all = new Promise((resolve) => {
      onComplete = resolve;
      if (complete === sockets.length) resolve();
    });
    await Promise.race([all, wait(10_000)]);
    const latencies = [];
    const delivered = new Int32Array(updates);
    for (const seen of receipts) {
      for (let update = 0; update < updates; update += 1) {
        const at = seen.get(update);
        if (at === undefined) continue;
        delivered[update] += 1;
        latencies.push(at - sentAt[update]);
      }
    }
    let lastReceipt = 0;
    for (const seen of receipts) for (const at of seen.values()) if (at > lastReceipt) lastReceipt = at;
    for (const socket of sockets) socket.terminate();
    parentPort.postMessage({
      type: 'done',
      latencies: Float64Array.from(latencies),
      delivered,
      received,
      lastReceipt,
    });
  });
} else {
  await main();
}

async function main() {
  const PARTS = new Set((process.env.SPORTSBOOK_BENCH_PARTS ?? 'bets,odds,settle').split(',').map((p) => p.trim()));
  const LEVELS = levelsOf(process.env.SPORTSBOOK_BENCH_PLAYERS ?? '8,32');
  const DURATION_MS = Number(process.env.SPORTSBOOK_BENCH_DURATION_MS ?? 10_000);
  const EVENTS = Number(process.env.SPORTSBOOK_BENCH_EVENTS ?? 8);
  const PGBENCH = process.env.SPORTSBOOK_BENCH_PGBENCH !== '0';
  const CLIENTS = Number(process.env.SPORTSBOOK_BENCH_CLIENTS ?? 1000);
  const WS_WORKERS = Math.max(1, Number(process.env.SPORTSBOOK_BENCH_WS_WORKERS ?? 2));
  const UPDATES_PER_S = Number(process.env.SPORTSBOOK_BENCH_UPDATES_PER_S ?? 10);
  const UPDATES_S = Number(process.env.SPORTSBOOK_BENCH_UPDATES_S ?? 15);
  const TICKETS = Number(process.env.SPORTSBOOK_BENCH_TICKETS ?? 100_000);
  const SETTLE_CONCURRENCY = Number(process.env.SPORTSBOOK_BENCH_SETTLE_CONCURRENCY ?? 32);
  const JOBS_POLL_MS = process.env.SPORTSBOOK_BENCH_JOBS_POLL_MS;
  const CPU_PROFILE_DIR = process.env.SPORTSBOOK_BENCH_CPU_PROFILE;
  const COUNT = Number(process.env.SPORTSBOOK_BENCH_COUNT ?? 100);
  const PASSWORD = 'bench sportsbook player password';
  const POOL_MAX = 20;
  const PGBENCH_CLIENTS = [8, 32];
  /** Every ticket stakes 1 USD. */
  const STAKE = 1;

  // Bets go through node:http with kept-alive connections.
  const agent = keepAliveAgent();

  /** A JSON request answering `{ status, text }`, never throwing on a refusal. */
  function request(url, method, headers, body) {
    if (body === undefined) return send(agent, url, { method, headers });
    const text = JSON.stringify(body);
    return send(agent, url, { method, headers: { 'content-type': 'application/json', ...headers }, body: text });
  }

  /** A funded player (as bench/dice.bench.mjs makes them) with the sportsbook game's session. */
  async function createPlayer(url, index) {
    const player = await createDicePlayer(url, index, { emailPrefix: 'sportsbook', ipOctet: 81, password: PASSWORD });
    const launch = await call(
      `${url}/api/game/games/betsy-sportsbook-betsy/play`,
      'POST',
      { demoMode: false },
      player.headers,
    );
    return { ...player, sportsbook: { 'x-game-session': launch.token } };
  }

  async function createPlayers(url, count) {
    const players = [];
    for (let i = 0; i < count; i += 8) {
      const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) => createPlayer(url, i + j));
      players.push(...(await Promise.all(batch)));
    }
    return players;
  }

  /** A sandbox football event starting in an hour: its id and every outcome with its price. */
  async function createEvent(url, index) {
    const event = await call(`${url}/api/dev/sportsbook/events`, 'POST', {
      home: `Bench Home ${index}`,
      away: `Bench Away ${index}`,
      startsInMs: 3_600_000,
    });
    return {
      eventId: event.eventId,
      outcomes: event.markets.flatMap((market) =>
        market.outcomes.map((outcome) => ({ outcomeId: outcome.id, oddsMilli: outcome.oddsMilli })),
      ),
    };
  }

  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  /** Places one ticket; the latency, or the refusal's text. */
  async function placeTicket(url, player, selections) {
    const started = performance.now();
    const answer = await request(`${url}/api/sportsbook/tickets`, 'POST', player.sportsbook, {
      requestId: randomUUID(),
      stake: STAKE,
      selections,
      oddsPolicy: 'any',
    });
    const ms = performance.now() - started;
    return answer.status === 200 ? { ms } : { ms, error: `${answer.status} ${answer.text.slice(0, 200)}` };
  }

  const errors = new Map();
  const noteError = (error) => errors.set(error, (errors.get(error) ?? 0) + 1);

  ensureServerBuilt();
  const database = await createBenchDatabase('sportsbook');
  const { name: databaseName, url: databaseUrl, admin } = database;
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  const figures = { levels: [], pgbench: new Map() };
  try {
    const serverEnv = (url) => ({
      DATABASE_URL: url,
      DATABASE_POOL_MAX: String(POOL_MAX),
      JWT_SECRET: 'sportsbook-bench-jwt-secret-0123456789abcdef01',
      TRUST_PROXY: 'true',
      TURNOVER_WAGER_MULTIPLE: '1',
      // The sandbox feed: nothing happens but what the dev endpoints say (startServer turns
      // the simulated feed off; this run needs the sandbox's controls).
      SPORTSBOOK_FEED: 'sandbox',
      SPORTSBOOK_LIVE_DELAY_MS: '0',
      // In major units of the base currency: no bet of the run is refused for liability.
      SPORTSBOOK_EVENT_LIABILITY: '1000000000',
      // The activity stream's engines are not part of these figures (as in the dice benchmark).
      ACTIVITY_POLL_MS: '0',
      ...(JOBS_POLL_MS ? { JOBS_POLL_MS } : {}),
    });

    // 0. Statements per bet and per settled ticket, on the wire, on a server of their own
    // and database of their own (the relay's extra hop is why it is not in the timed runs;
    // a sandbox feed numbers its events from 1 in each process).
    if (COUNT > 0) {
      await admin.query(`create database ${databaseName}_count`);
      const countUrl = new URL(databaseUrl);
      countUrl.pathname = `/${databaseName}_count`;
      const counter = await startWireCounter(countUrl.toString());
      const counted = await startServer(serverEnv(counter.url));
      const countDb = new pg.Client({ connectionString: countUrl.toString() });
      try {
        await countDb.connect();
        const player = await createPlayer(counted.url, 10_000);
        const events = [];
        for (let i = 0; i < 4; i += 1) events.push(await createEvent(counted.url, `count-${i}`));
        const single = (i) => [events[i % 4].outcomes[i % 7]];
        const accumulator = (i) => [0, 1, 2].map((k) => events[(i + k) % 4].outcomes[(i + k) % 7]);
        const countRun = async (n, selections) => {
          const before = counter.snapshot();
          for (let i = 0; i < n; i += 1) {
            const result = await placeTicket(counted.url, player, selections(i));
            if (result.error) throw new Error(`counted bet: ${result.error}`);
          }
          const after = counter.snapshot();
          return {
            statements: (after.statements - before.statements) / n,
            roundTrips: (after.roundTrips - before.roundTrips) / n,
          };
        };
        await countRun(20, single);
        await countRun(20, accumulator);
        const singles = await countRun(COUNT, single);
        const accumulators = await countRun(COUNT, accumulator);
        // Settlement: 250 singles (one job's batch) on an event of their own, its result, until settled.
        const settling = await createEvent(counted.url, 'count-settle');
        for (let i = 0; i < 250; i += 1) await placeTicket(counted.url, player, [settling.outcomes[i % 7]]);
        const openOn = async (eventId) =>
          Number(
            (
              await countDb.query(
                `select count(*) from sb_tickets t join sb_ticket_legs l on l.ticket_id = t.id
                  where l.event_id = $1 and t.status = 'open'`,
                [eventId],
              )
            ).rows[0].count,
          );
        const before = counter.snapshot();
        await call(`${counted.url}/api/dev/sportsbook/events/${encodeURIComponent(settling.eventId)}/result`, 'POST', {
          home: 2,
          away: 1,
        });
        const deadline = performance.now() + 60_000;
        while ((await openOn(settling.eventId)) > 0 && performance.now() < deadline) await wait(100);
        const after = counter.snapshot();
        figures.count = { singles, accumulators, settle: (after.statements - before.statements) / 250 };
        console.log(
          `on the wire (one player, sequential): ${fixed(singles.statements, 1)} statements and ` +
            `${fixed(singles.roundTrips, 1)} round trips per single, ${fixed(accumulators.statements, 1)} and ` +
            `${fixed(accumulators.roundTrips, 1)} per 3-leg accumulator (${COUNT} each); ` +
            `${fixed(figures.count.settle, 1)} statements and ` +
            `${fixed((after.roundTrips - before.roundTrips) / 250, 1)} round trips per settled single (one batch of 250, ` +
            'with the result ingest, the job claim and the jobs poller around it)',
        );
      } finally {
        await counted.stop();
        await counter.stop();
        await countDb.end();
        await admin.query(`drop database if exists ${databaseName}_count with (force)`);
      }
    }

    const server = await startServer(serverEnv(databaseUrl.toString()), cpuProfileOptions(CPU_PROFILE_DIR));
    try {
      await db.connect();
      console.log(
        `PostgreSQL (fresh database ${databaseName}, pool ${POOL_MAX}), one server process (SPORTSBOOK_FEED=sandbox, ` +
          `JOBS_POLL_MS=${JOBS_POLL_MS ?? 'default 1000'}), ready in ${server.readyMs.toFixed(0)} ms`,
      );
      const playerCount = Math.max(
        PARTS.has('bets') ? Math.max(...LEVELS) : 0,
        PARTS.has('settle') ? SETTLE_CONCURRENCY : 0,
      );
      const madeAt = performance.now();
      const players = await createPlayers(server.url, playerCount);
      if (players.length > 0) {
        console.log(
          `${players.length} players registered, funded (10,000 USD) and given a sportsbook session through the API ` +
            `in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`,
        );
      }

      // 1. Bets/s through the full path.
      if (PARTS.has('bets')) {
        const events = [];
        for (let i = 0; i < EVENTS; i += 1) events.push(await createEvent(server.url, i));
        const single = () => [pick(pick(events).outcomes)];
        const accumulator = () => {
          const chosen = [...events].sort(() => Math.random() - 0.5).slice(0, 3);
          return chosen.map((event) => pick(event.outcomes));
        };
        console.log(
          `\n1. Bets placed: closed loops of POST /api/sportsbook/tickets, one per player, singles and 3-leg ` +
            `accumulators in turn over ${EVENTS} pre-match events (random outcomes of 1X2, total 2.5, both teams to ` +
            `score), stake ${STAKE} USD, odds policy 'any'; ${DURATION_MS} ms per level after a 2 s warm-up`,
        );
        const loop = async (player, deadline, samples) => {
          while (performance.now() < deadline) {
            const result = await placeTicket(server.url, player, player.tickets++ % 2 === 0 ? single() : accumulator());
            if (result.error) noteError(result.error);
            else samples.push(result.ms);
          }
        };
        for (const player of players) player.tickets = 0;
        const warmDeadline = performance.now() + 2000;
        await Promise.all(players.slice(0, Math.min(...LEVELS)).map((p) => loop(p, warmDeadline, [])));
        console.log('players    bets/s    bets   p50 ms   p99 ms   CPU ms per bet: server  postgres   refused');
        for (const level of LEVELS) {
          const refusedBefore = [...errors.values()].reduce((a, b) => a + b, 0);
          const run = await timedLoops(players.slice(0, level), DURATION_MS, loop, { serverPids: [server.pid] });
          const perBet = (ms) => ms / Math.max(1, run.samples.length);
          const row = {
            level,
            betsPerS: run.samples.length / run.elapsedS,
            bets: run.samples.length,
            p50: run.p50,
            p99: run.p99,
            server: perBet(run.cpu.server),
            postgres: perBet(run.cpu.postgres),
            refused: [...errors.values()].reduce((a, b) => a + b, 0) - refusedBefore,
          };
          figures.levels.push(row);
          console.log(
            `${String(level).padStart(7)} ${fixed(row.betsPerS).padStart(9)} ${String(row.bets).padStart(7)} ` +
              `${fixed(row.p50).padStart(8)} ${fixed(row.p99).padStart(8)}   ${fixed(row.server, 2).padStart(21)} ` +
              `${fixed(row.postgres, 2).padStart(9)} ${String(row.refused).padStart(9)}`,
          );
        }
      }

      // 2. Odds updates fanned out to websocket clients.
      if (PARTS.has('odds')) {
        const event = await createEvent(server.url, 'odds');
        const { outcomeId } = event.outcomes[0];
        const channel = `sportsbook:events:${event.eventId}`;
        // Update i sets the price BASE + i: every update a change, and each price names its update.
        const BASE = 5000;
        const updates = Math.round(UPDATES_PER_S * UPDATES_S);
        const wsUrl = `${server.url.replace('http', 'ws')}/api/connection/websocket`;
        const connectStarted = performance.now();
        const workers = Array.from({ length: WS_WORKERS }, (_, w) => {
          const clients = Math.floor(CLIENTS / WS_WORKERS) + (w < CLIENTS % WS_WORKERS ? 1 : 0);
          return new Worker(new URL(import.meta.url), {
            workerData: { wsUrl, channel, outcomeId, base: BASE, clients },
          });
        });
        const message = (worker, type) =>
          new Promise((resolve, reject) => {
            const onMessage = (data) => {
              if (data.type !== type) return;
              worker.off('message', onMessage);
              resolve(data);
            };
            worker.on('message', onMessage);
            worker.once('error', reject);
          });
        const ready = await Promise.all(workers.map((worker) => message(worker, 'ready')));
        const connectS = (performance.now() - connectStarted) / 1000;
        const connectTimes = ready.flatMap((r) => r.connectTimes).sort((a, b) => a - b);
        console.log(
          `\n2. Odds fan-out: ${connectTimes.length} guest websocket clients (${WS_WORKERS} worker threads) subscribed to ` +
            `${channel}, connected in ${connectS.toFixed(1)} s (connect + subscribe p50 ${fixed(percentile(connectTimes, 50))} ms, ` +
            `p99 ${fixed(percentile(connectTimes, 99))} ms); ${updates} odds changes of one outcome via ` +
            `POST /api/dev/sportsbook/outcomes/:id/odds at ${UPDATES_PER_S}/s for ${UPDATES_S} s (each a new price); latency: ` +
            'the dev call sent → the sportsbook.event.markets.updated message carrying that price, per update and client',
        );
        await wait(500);
        const done = workers.map((worker) => message(worker, 'done'));
        const sentAt = new Float64Array(updates);
        const callMs = [];
        const calls = [];
        const sendStarted = performance.now();
        for (let i = 0; i < updates; i += 1) {
          await wait(sendStarted + (i * 1000) / UPDATES_PER_S - performance.now());
          sentAt[i] = now();
          calls.push(
            request(
              `${server.url}/api/dev/sportsbook/outcomes/${encodeURIComponent(outcomeId)}/odds`,
              'POST',
              {},
              {
                oddsMilli: BASE + i,
              },
            ).then((answer) => {
              if (answer.status !== 200) noteError(`odds: ${answer.status} ${answer.text.slice(0, 200)}`);
              callMs.push(now() - sentAt[i]);
            }),
          );
        }
        await Promise.all(calls);
        const sendS = (performance.now() - sendStarted) / 1000;
        for (const worker of workers) worker.postMessage({ updates, sentAt });
        const results = await Promise.all(done);
        await Promise.all(workers.map((worker) => worker.terminate()));
        const latencies = results.flatMap((r) => [...r.latencies]).sort((a, b) => a - b);
        // Per update: how many clients saw it; none at all = never published (superseded).
        const seenBy = Array.from({ length: updates }, (_, i) => results.reduce((sum, r) => sum + r.delivered[i], 0));
        const superseded = seenBy.filter((count) => count === 0).length;
        const lost = seenBy.reduce((sum, count) => sum + (count > 0 ? connectTimes.length - count : 0), 0);
        const received = results.reduce((sum, r) => sum + r.received, 0);
        const lastReceipt = Math.max(...results.map((r) => r.lastReceipt));
        const spanS = (lastReceipt - sentAt[0]) / 1000;
        callMs.sort((a, b) => a - b);
        figures.odds = {
          clients: connectTimes.length,
          updatesPerS: updates / sendS,
          deliveriesPerS: latencies.length / spanS,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          lost,
          superseded,
        };
        console.log(
          `   ${updates} updates in ${sendS.toFixed(1)} s (${fixed(figures.odds.updatesPerS)} updates/s; dev call p50 ` +
            `${fixed(percentile(callMs, 50))} ms, p99 ${fixed(percentile(callMs, 99))} ms); ${latencies.length} of ` +
            `${updates * connectTimes.length} deliveries (${received} messages) in ${spanS.toFixed(1)} s: ` +
            `${fixed(figures.odds.deliveriesPerS, 0)} deliveries/s; delivery p50 ${fixed(figures.odds.p50)} ms, ` +
            `p99 ${fixed(figures.odds.p99)} ms, max ${fixed(latencies.at(-1))} ms; lost ${lost}; ` +
            `${superseded} update${superseded === 1 ? '' : 's'} superseded (shared an ingest batch with the next: ` +
            'only the later price published)',
        );
      }

      // 3. Settlement.
      if (PARTS.has('settle')) {
        const event = await createEvent(server.url, 'settle');
        const openCount = async () =>
          Number((await db.query("select count(*) from sb_tickets where status = 'open'")).rows[0].count);
        const openBefore = await openCount();
        const placers = players.slice(0, SETTLE_CONCURRENCY);
        const samples = [];
        let next = 0;
        let refused = 0;
        const placeStarted = performance.now();
        await Promise.all(
          placers.map(async (player) => {
            while (next < TICKETS) {
              next += 1;
              const result = await placeTicket(server.url, player, [pick(event.outcomes)]);
              if (result.error) {
                next -= 1;
                noteError(result.error);
                // A refusal that repeats (a broken setup) must not spin for ever.
                if ((refused += 1) > 1000) next = TICKETS;
              } else samples.push(result.ms);
            }
          }),
        );
        const placeS = (performance.now() - placeStarted) / 1000;
        samples.sort((a, b) => a - b);
        const placed = (await openCount()) - openBefore;
        console.log(
          `\n3. Settlement: ${placed} singles (stake ${STAKE} USD, random outcomes of the three markets) placed on one ` +
            `pre-match event by ${placers.length} players in closed loops in ${placeS.toFixed(1)} s: ` +
            `${fixed(samples.length / placeS)} bets/s, p50 ${fixed(percentile(samples, 50))} ms, ` +
            `p99 ${fixed(percentile(samples, 99))} ms`,
        );
        // The result 2–1: home, over 2.5 and both teams to score win; the rest lose.
        const cpuSince = startCpuMeter([server.pid]);
        const started = performance.now();
        await call(`${server.url}/api/dev/sportsbook/events/${encodeURIComponent(event.eventId)}/result`, 'POST', {
          home: 2,
          away: 1,
        });
        const timeoutS = Math.max(600, TICKETS / 50);
        let firstSettledS;
        let left = placed;
        while (left > 0 && (performance.now() - started) / 1000 < timeoutS) {
          await wait(250);
          left = (await openCount()) - openBefore;
          if (firstSettledS === undefined && left < placed) firstSettledS = (performance.now() - started) / 1000;
        }
        const elapsedS = (performance.now() - started) / 1000;
        const cpu = cpuSince();
        const settled = placed - left;
        const jobs = await db.query(
          `select finished_at, attempts, status, last_error from jobs
            where kind = 'sportsbook.settle-event' and payload->>'eventId' = $1 order by finished_at nulls last`,
          [event.eventId],
        );
        const finished = jobs.rows.filter((row) => row.finished_at).map((row) => row.finished_at.getTime());
        const gaps = finished
          .slice(1)
          .map((at, i) => at - finished[i])
          .sort((a, b) => a - b);
        const retried = jobs.rows.filter((row) => row.attempts > 1 || row.status === 'failed');
        const statuses = await db.query(
          `select t.status, count(*)::int as n from sb_tickets t join sb_ticket_legs l on l.ticket_id = t.id
            where l.event_id = $1 group by t.status order by t.status`,
          [event.eventId],
        );
        figures.settle = { placed, placeRate: samples.length / placeS, settled, elapsedS, rate: settled / elapsedS };
        console.log(
          `   result published (2–1) → ${left === 0 ? 'every ticket settled' : `${left} still open (timed out)`} in ` +
            `${elapsedS.toFixed(1)} s: ${fixed(figures.settle.rate)} tickets/s (first settled after ` +
            `${fixed(firstSettledS)} s; ${statuses.rows.map((row) => `${row.n} ${row.status}`).join(', ')})`,
        );
        console.log(
          `   ${jobs.rows.length} settlement jobs (batches of 250), one started every ${fixed(percentile(gaps, 50), 0)} ms ` +
            `(p50; min ${fixed(gaps[0], 0)}, max ${fixed(gaps.at(-1), 0)}); busy meanwhile: server ` +
            `${fixed(cpu.server / 1000)} s CPU, PostgreSQL ${fixed(cpu.postgres / 1000)} s CPU over ${elapsedS.toFixed(1)} s` +
            (retried.length > 0 ? `; ${retried.length} retried or failed: ${retried[0].last_error}` : ''),
        );
      }
    } finally {
      await server.stop();
    }

    if (errors.size > 0) {
      console.log('\nrefusals:');
      for (const [error, count] of errors) console.log(`  ${count}× ${error}`);
    }

    // pgbench on the same server, for scale.
    if (PGBENCH && figures.levels.length > 0) {
      const pgbench = pgbenchTpcb(databaseUrl.toString(), PGBENCH_CLIENTS);
      if (pgbench) {
        figures.pgbench = pgbench;
        console.log('ratio of bets/s to pgbench tps (8 clients up to 8 players, else 32):');
        for (const row of figures.levels) {
          const clients = row.level > 8 ? 32 : 8;
          const tps = figures.pgbench.get(clients)?.tps;
          if (tps)
            console.log(
              `  ${String(row.level).padStart(3)} players / pgbench ${clients} clients: ${(row.betsPerS / tps).toFixed(3)}`,
            );
        }
      }
    }
  } finally {
    await db.end().catch(() => {});
    await database.drop();
    agent.destroy();
  }
}
