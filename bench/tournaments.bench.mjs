// Tournaments benchmark: a running tournament with 100,000 participants on the round path,
// the leaderboard read and the live updates, on the database leaderboard and on Redis
// (docs/tournaments.md, "Benchmark"). One fresh PostgreSQL database; the participants are
// inserted with SQL (players and `tournament_entries`, points spread, distinct `reached_at`);
// the tournament (total wagered, the Originals collection, automatic entry) is created through
// the operator API. The players placing bets are real players made through the API, as in
// bench/dice.bench.mjs, with entries spread over the board (the first of them in the top 50).
// For each leaderboard store (a server process of its own, the activity poller running at
// its default interval) it prints:
//
//   1. rounds/s, p50/p99 and the CPU a round costs (server, PostgreSQL, Redis) at each level of
//      concurrent players, with the tournament running and, interleaved, with no tournament
//      running (the same tournament marked completed); PostgreSQL statements per round counted
//      on the wire (bench/pg-wire-count.mjs) in a short run of its own;
//   2. `GET /api/retention/tournaments/{id}` signed in as a participant at the top, middle and
//      bottom of the board: p50/p99 idle and under the largest level's rounds;
//   3. update-to-screen lag: from a round's HTTP answer to the arrival, on a realtime client
//      (`/api/connection/websocket`), of `tournament.player-entry.updated` on
//      `tournaments:{id}#{playerId}` carrying that round's points, and of the throttled
//      `tournament.leaderboard.updated` on `tournaments:{id}` (the first player, in the top 50).
// Figures only: nothing passes or fails on a time.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     a PostgreSQL server where a fresh database is created for the run and dropped after.
//   TOURNAMENT_BENCH_PARTICIPANTS=100000   participants inserted with SQL
//   TOURNAMENT_BENCH_PLAYERS=8,32          concurrency levels (players placing bets)
//   TOURNAMENT_BENCH_DURATION_MS=8000      per level, with and without the tournament
//   TOURNAMENT_BENCH_READ_MS=4000          per leaderboard-read phase (idle, under load)
//   TOURNAMENT_BENCH_COUNT_MS=3000         per statements-counting run (0 skips the counting)
//   TOURNAMENT_BENCH_STORES=database,redis the leaderboard stores (TOURNAMENT_LEADERBOARD)
//   TOURNAMENT_BENCH_REDIS_URL=redis://127.0.0.1:6379   for the Redis store; its keys get a
//                                          prefix of this run's, deleted at the end
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import {
  call,
  createBenchDatabase,
  createDicePlayer,
  diceLoop,
  ensureServerBuilt,
  fixed,
  keepAliveAgent,
  levelsOf,
  percentile,
  sendForData,
  startServer,
  timedLoops,
  wait,
} from './lib.mjs';
import { startWireCounter } from './pg-wire-count.mjs';

const PARTICIPANTS = Number(process.env.TOURNAMENT_BENCH_PARTICIPANTS ?? 100_000);
const LEVELS = levelsOf(process.env.TOURNAMENT_BENCH_PLAYERS ?? '8,32');
const DURATION_MS = Number(process.env.TOURNAMENT_BENCH_DURATION_MS ?? 8000);
const READ_MS = Number(process.env.TOURNAMENT_BENCH_READ_MS ?? 4000);
const COUNT_MS = Number(process.env.TOURNAMENT_BENCH_COUNT_MS ?? 3000);
/** Each player's pace in the statements-counting runs: 20 rounds/s (160 at 8 players). */
const COUNT_PACE_MS = 50;
const STORES = (process.env.TOURNAMENT_BENCH_STORES ?? 'database,redis')
  .split(',')
  .map((store) => store.trim())
  .filter((store) => store === 'database' || store === 'redis');
const REDIS_URL = process.env.TOURNAMENT_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'bench tournament player password';
const ADMIN_KEY = 'tournament-bench-admin-key-0123456789abcdefgh';
const JWT_SECRET = 'tournament-bench-jwt-secret-0123456789abcdef01';
const POOL_MAX = 20;
/** A round stakes 1 USD: 1.00 point of total wagered (hundredths on the entry). */
const ROUND_POINTS_HUNDREDTHS = 100;
/** The key prefix of this run's Redis leaderboard (deleted at the end; never a FLUSH). */
const REDIS_PREFIX = `bench-tournaments-${randomUUID().slice(0, 8)}:`;

const createPlayer = (url, index) =>
  createDicePlayer(url, index, { emailPrefix: 'tournament', ipOctet: 79, password: PASSWORD });

// The rounds and reads go through node:http with kept-alive connections.
const agent = keepAliveAgent();
const request = (url, options) => sendForData(agent, url, options);

/**
 * Live updates: each player's rounds waiting for the event that carries their points, and
 * the lags measured. `expect` is set (points before the run) only while the tournament runs.
 */
function createLagTracker() {
  // playerId → the points after the last round answered, and the rounds (and for the board's
  // player, the same again) waiting for an event with their points: { next, rounds, board }
  const waiting = new Map();
  const entryLags = [];
  const boardLags = [];
  return {
    entryLags,
    boardLags,
    /** Starts matching a player's rounds: `hundredths` are the entry's points now. */
    expect(playerId, hundredths, onBoard) {
      waiting.set(playerId, { next: BigInt(hundredths), rounds: [], board: onBoard ? [] : null });
    },
    stop() {
      let undelivered = 0;
      for (const state of waiting.values()) undelivered += state.rounds.length;
      waiting.clear();
      return undelivered;
    },
    pending() {
      let count = 0;
      for (const state of waiting.values()) count += state.rounds.length + (state.board?.length ?? 0);
      return count;
    },
    /** A round's HTTP answer came at `at`. */
    answered(playerId, at) {
      const state = waiting.get(playerId);
      if (!state) return;
      state.next += BigInt(ROUND_POINTS_HUNDREDTHS);
      state.rounds.push({ target: state.next, at });
      state.board?.push({ target: state.next, at });
    },
    entry(playerId, points, at) {
      const state = waiting.get(playerId);
      if (!state) return;
      const hundredths = BigInt(Math.round(points * 100));
      while (state.rounds.length > 0 && state.rounds[0].target <= hundredths)
        entryLags.push(at - state.rounds.shift().at);
    },
    board(leaderboard, at) {
      for (const row of leaderboard) {
        const board = waiting.get(row.playerId)?.board;
        if (!board) continue;
        const hundredths = BigInt(Math.round(row.points * 100));
        while (board.length > 0 && board[0].target <= hundredths) boardLags.push(at - board.shift().at);
      }
    },
  };
}

/** A realtime client (raw ws, as bench/realtime.bench.mjs) of one player, subscribed to `channels`. */
function openClient(wsUrl, token, channels, onData) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    let subscribed = 0;
    socket.on('open', () => {
      socket.send(
        [
          JSON.stringify({ id: 1, connect: { token, name: 'bench' } }),
          ...channels.map((channel, index) => JSON.stringify({ id: index + 2, subscribe: { channel } })),
        ].join('\n'),
      );
    });
    socket.on('message', (data) => {
      const received = performance.now();
      for (const line of String(data).split('\n')) {
        if (line === '{}') socket.send('{}');
        else if (line.startsWith('{"push"')) onData(JSON.parse(line).push.pub.data, received);
        else if (line.includes('"error"')) reject(new Error(`realtime: ${line}`));
        else if (/^\{"id":\d+,"subscribe"/.test(line) && ++subscribed === channels.length) resolve(socket);
      }
    });
    socket.on('error', reject);
  });
}

/** One player's closed loop of rounds until the deadline (`diceLoop`), the answers told to `lag`. */
const playerLoop = (url, player, deadline, samples, lag, paceMs = 0) =>
  diceLoop(agent, url, player, deadline, samples, {
    onAnswer: lag && ((at) => lag.answered(player.playerId, at)),
    paceMs,
  });

/** Rounds/s, p50/p99 and CPU per round over `players` for DURATION_MS. */
async function timedRun(url, players, serverPid, lag) {
  const run = await timedLoops(
    players,
    DURATION_MS,
    (player, deadline, samples) => playerLoop(url, player, deadline, samples, lag),
    { serverPids: [serverPid], redis: true },
  );
  const perRound = (ms) => (run.samples.length === 0 ? NaN : ms / run.samples.length);
  return {
    roundsPerS: run.samples.length / run.elapsedS,
    rounds: run.samples.length,
    p50: run.p50,
    p99: run.p99,
    cpu: { server: perRound(run.cpu.server), postgres: perRound(run.cpu.postgres), redis: perRound(run.cpu.redis) },
  };
}

/** Closed loops of detail reads, one per reader, until the deadline; latencies per reader. */
async function readLoops(url, tournamentId, readers, ms) {
  const deadline = performance.now() + ms;
  return Promise.all(
    readers.map(async (reader) => {
      const samples = [];
      let place;
      while (performance.now() < deadline) {
        const started = performance.now();
        const detail = await request(`${url}/api/retention/tournaments/${tournamentId}`, { headers: reader.headers });
        samples.push(performance.now() - started);
        place = detail.playerEntry?.place;
      }
      samples.sort((a, b) => a - b);
      return {
        position: reader.position,
        place,
        requests: samples.length,
        p50: percentile(samples, 50),
        p99: percentile(samples, 99),
      };
    }),
  );
}

function serverEnv(databaseUrl, store) {
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(POOL_MAX),
    JWT_SECRET,
    TURNOVER_WAGER_MULTIPLE: '1',
    TRUST_PROXY: 'true',
    ADMIN_API_KEY: ADMIN_KEY,
    TOURNAMENT_LEADERBOARD: store,
    ...(store === 'redis' ? { REDIS_URL, TOURNAMENT_LEADERBOARD_PREFIX: REDIS_PREFIX } : { REDIS_URL: '' }),
  };
}

/** The keys under `prefix` (SCAN, never KEYS); `remove` deletes them. */
async function redisKeys(url, prefix, { remove = false } = {}) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const found = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0 && remove) await redis.del(...keys);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  } finally {
    await redis.quit();
  }
}

ensureServerBuilt();
const database = await createBenchDatabase('tournaments');
const databaseUrl = database.url;
const db = new pg.Client({ connectionString: databaseUrl.toString() });
const results = [];
try {
  const maxLevel = Math.max(...LEVELS);
  // A first server migrates and seeds the database and makes the players through the API.
  const setup = await startServer(serverEnv(databaseUrl.toString(), 'database'));
  let players;
  let readers;
  let tournament;
  try {
    await db.connect();
    // No other tournament runs: the seeded ones are completed (the "without" runs have none).
    await db.query('update tournaments set completed_at = now() where completed_at is null');
    players = [];
    for (let i = 0; i < maxLevel; i += 1) players.push(await createPlayer(setup.url, i));
    readers = [];
    for (const [i, position] of ['top', 'middle', 'bottom'].entries()) {
      readers.push({ ...(await createPlayer(setup.url, 1000 + i)), position });
    }
    const startAt = new Date(Date.now() - 60_000);
    tournament = await call(
      `${setup.url}/api/admin/tournaments`,
      'POST',
      {
        identity: `bench-race-${randomUUID().slice(0, 8)}`,
        title: 'Bench race',
        type: 1,
        startAt: startAt.toISOString(),
        endAt: new Date(Date.now() + 86_400_000).toISOString(),
        confirmationRequired: false,
        baseCurrency: 'USD',
        gameCollections: ['originals'],
        currencies: [{ isoCode: 'USD', rate: 1 }],
      },
      { 'x-admin-key': ADMIN_KEY },
    );
    const inserted = performance.now();
    // Points: a permutation of 0..N-1 whole points (7919 is a prime: any N not a multiple of
    // it) plus hundredths below one point; reached_at distinct (ties would break by it).
    await db.query(
      `with g as (select i, gen_random_uuid() as id from generate_series(1, $2::int) i),
         p as (insert into players (id, email, nickname, currency, registration_method)
                select id, 'racer-' || i || '@bench.example', 'Racer ' || i, 'USD', 'email' from g)
       insert into tournament_entries (tournament_id, player_id, points, reached_at, joined_at, currency, rounds, updated_at)
       select $1, id, ((i::bigint * 7919) % $2::int) * 100 + i % 100, $3::timestamptz + i * interval '1 millisecond',
              $3::timestamptz, 'USD', 1, $3::timestamptz
         from g`,
      [tournament.id, PARTICIPANTS, startAt],
    );
    // The betting players spread over the board (the first one in the top 50, so that its
    // rounds show on the published top 50); the readers at the top, middle and bottom.
    const top = BigInt(PARTICIPANTS) * 100n;
    const placed = [
      ...players.map((player, i) => [
        player.playerId,
        i === 0 ? top - 3_000n : (top * BigInt(i)) / BigInt(players.length) + 37n,
      ]),
      [readers[0].playerId, top * 10n],
      [readers[1].playerId, top / 2n + 51n],
      [readers[2].playerId, -100n],
    ];
    for (const [playerId, points] of placed) {
      await db.query(
        `insert into tournament_entries (tournament_id, player_id, points, reached_at, joined_at, currency, rounds, updated_at)
         values ($1, $2, $3, $4, $4, 'USD', 1, $4)`,
        [tournament.id, playerId, points.toString(), startAt],
      );
    }
    await db.query('analyze players; analyze tournament_entries');
    console.log(
      `${PARTICIPANTS.toLocaleString('en')} participants inserted with SQL in ${((performance.now() - inserted) / 1000).toFixed(1)} s; ` +
        `${maxLevel} betting players and 3 readers made through the API; tournament ${tournament.id} (total wagered, Originals, automatic entry)`,
    );
  } finally {
    await setup.stop();
  }

  const setRunning = async (running) =>
    db.query(`update tournaments set completed_at = ${running ? 'null' : 'now()'} where id = $1`, [tournament.id]);
  const pointsOf = async (ids) => {
    const rows = await db.query(
      'select player_id, points::text from tournament_entries where tournament_id = $1 and player_id = any($2)',
      [tournament.id, ids],
    );
    return new Map(rows.rows.map((row) => [row.player_id, row.points]));
  };

  for (const store of STORES) {
    const row = { store, levels: [], reads: [], statements: [], firstReadMs: NaN };
    results.push(row);
    if (store === 'redis') {
      try {
        const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
        await redis.connect();
        await redis.quit();
      } catch (error) {
        row.skipped = `Redis at ${REDIS_URL} is not reachable (${error.message})`;
        continue;
      }
    }
    console.log(`\n## leaderboard store: ${store}`);

    // 1b. Statements per round, on the wire, at the smallest level (the poller's included),
    // paced: the poller's statements per second are the same with and without the tournament,
    // so the difference is the tournament's.
    if (COUNT_MS > 0) {
      const counter = await startWireCounter(databaseUrl.toString());
      const counted = await startServer(serverEnv(counter.url, store));
      try {
        const level = Math.min(...LEVELS);
        const warmDeadline = performance.now() + 1000;
        await Promise.all(players.slice(0, level).map((p) => playerLoop(counted.url, p, warmDeadline, [])));
        for (const running of [false, true]) {
          await setRunning(running);
          await call(`${counted.url}/api/dev/activity/drain`, 'POST', {});
          const before = counter.snapshot();
          const deadline = performance.now() + COUNT_MS;
          const samples = [];
          await Promise.all(
            players.slice(0, level).map((p) => playerLoop(counted.url, p, deadline, samples, undefined, COUNT_PACE_MS)),
          );
          await call(`${counted.url}/api/dev/activity/drain`, 'POST', {});
          const after = counter.snapshot();
          row.statements.push({
            running,
            level,
            rounds: samples.length,
            perRound: (after.statements - before.statements) / samples.length,
            roundTripsPerRound: (after.roundTrips - before.roundTrips) / samples.length,
          });
        }
      } finally {
        await counted.stop();
        await counter.stop();
      }
    }

    // 1. and 3. The timed levels, the tournament off and on in turn; live updates measured.
    const server = await startServer(serverEnv(databaseUrl.toString(), store));
    const sockets = [];
    try {
      const lag = createLagTracker();
      const wsUrl = `${server.url.replace('http', 'ws')}/api/connection/websocket`;
      for (const [i, player] of players.entries()) {
        const channels = [`tournaments:${tournament.id}#${player.playerId}`];
        if (i === 0) channels.push(`tournaments:${tournament.id}`);
        sockets.push(
          await openClient(wsUrl, player.token, channels, (data, at) => {
            if (data.event === 'tournament.player-entry.updated') lag.entry(data.entry.playerId, data.entry.points, at);
            else if (data.event === 'tournament.leaderboard.updated') lag.board(data.leaderboard, at);
          }),
        );
      }
      // The first read (on Redis: the rebuild from the database, its keys dropped first —
      // the counting run's server built them).
      await setRunning(true);
      if (store === 'redis') await redisKeys(REDIS_URL, REDIS_PREFIX, { remove: true });
      const firstReadStarted = performance.now();
      await request(`${server.url}/api/retention/tournaments/${tournament.id}`, { headers: readers[2].headers });
      row.firstReadMs = performance.now() - firstReadStarted;
      if (store === 'redis') {
        row.redisKeys = await redisKeys(REDIS_URL, REDIS_PREFIX);
        if (row.redisKeys.length === 0) {
          console.log(
            `  (no Redis key under ${REDIS_PREFIX}: this server keeps no Redis leaderboard, the run is the database's)`,
          );
        }
      }
      // Warm-up: the process's JIT, caches and connections.
      const warmDeadline = performance.now() + 2000;
      await Promise.all(players.map((p) => playerLoop(server.url, p, warmDeadline, [])));
      await call(`${server.url}/api/dev/activity/drain`, 'POST', {});

      for (const level of LEVELS) {
        const active = players.slice(0, level);
        for (const running of [false, true]) {
          await setRunning(running);
          await call(`${server.url}/api/dev/activity/drain`, 'POST', {});
          await wait(1100); // the leaderboard throttle's last publication of the run before
          if (running) {
            const points = await pointsOf(active.map((p) => p.playerId));
            for (const [i, p] of active.entries()) lag.expect(p.playerId, points.get(p.playerId) ?? '0', i === 0);
            await call(`${server.url}/api/dev/activity/stats?reset=1`, 'GET');
          }
          const result = await timedRun(server.url, active, server.pid, running ? lag : undefined);
          if (running) {
            // The last rounds' events: a poll, a batch and the throttle later.
            const deadline = performance.now() + 5000;
            while (lag.pending() > 0 && performance.now() < deadline) await wait(20);
            result.undelivered = lag.stop();
            // The consumer's own part: from a bet's write to the commit of the batch that scored it.
            const { consumers } = await call(`${server.url}/api/dev/activity/stats?reset=1`, 'GET');
            const scoring = consumers.find((consumer) => consumer.name === 'tournaments');
            result.consumerLag = { p50: scoring?.p50Ms ?? NaN, p99: scoring?.p99Ms ?? NaN };
            const entryLags = lag.entryLags.splice(0).sort((a, b) => a - b);
            const boardLags = lag.boardLags.splice(0).sort((a, b) => a - b);
            result.entryLag = {
              samples: entryLags.length,
              p50: percentile(entryLags, 50),
              p99: percentile(entryLags, 99),
            };
            result.boardLag = {
              samples: boardLags.length,
              p50: percentile(boardLags, 50),
              p99: percentile(boardLags, 99),
            };
          }
          row.levels.push({ level, running, ...result });
          console.log(
            `  ${String(level).padStart(3)} players, ${running ? 'tournament running' : 'no tournament     '}: ` +
              `${result.roundsPerS.toFixed(1)} rounds/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms` +
              (result.entryLag
                ? `; entry lag p50 ${result.entryLag.p50.toFixed(0)} / p99 ${result.entryLag.p99.toFixed(0)} ms` +
                  ` (of which write → scoring batch's commit p50 ${result.consumerLag.p50} / p99 ${result.consumerLag.p99} ms)`
                : ''),
          );
        }
      }

      // 2. Leaderboard reads, idle and under the largest level's rounds (tournament running).
      await setRunning(true);
      await call(`${server.url}/api/dev/activity/drain`, 'POST', {});
      for (const loaded of [false, true]) {
        const samples = [];
        const deadline = performance.now() + READ_MS;
        const [reads] = await Promise.all([
          readLoops(server.url, tournament.id, readers, READ_MS),
          loaded ? Promise.all(players.map((p) => playerLoop(server.url, p, deadline, samples))) : Promise.resolve(),
        ]);
        for (const read of reads) row.reads.push({ loaded, ...read });
        if (loaded) row.readLoadRoundsPerS = samples.length / (READ_MS / 1000);
      }
    } finally {
      for (const socket of sockets) socket.terminate();
      await server.stop();
    }
  }
} finally {
  await db.end().catch(() => {});
  await database.drop();
  if (STORES.includes('redis')) {
    try {
      await redisKeys(REDIS_URL, REDIS_PREFIX, { remove: true });
    } catch {
      /* not reachable: nothing was written */
    }
  }
  agent.destroy();
}

// The table.
console.log(
  `\nTournament of ${PARTICIPANTS.toLocaleString('en')} participants (total wagered), dice rounds over HTTP, ` +
    `activity poller at its default interval; ${DURATION_MS} ms per run\n`,
);
console.log(
  'store     players  tournament   rounds/s  p50 ms  p99 ms   CPU ms/round: server postgres  redis   ' +
    'entry lag p50/p99 ms  board lag p50/p99 ms  scored p50/p99 ms',
);
for (const row of results) {
  if (row.skipped) {
    console.log(`${row.store.padEnd(9)} skipped: ${row.skipped}`);
    continue;
  }
  for (const level of row.levels) {
    console.log(
      `${row.store.padEnd(9)} ${String(level.level).padStart(7)}  ${(level.running ? 'running' : 'none').padEnd(10)} ` +
        `${fixed(level.roundsPerS).padStart(9)} ${fixed(level.p50).padStart(7)} ${fixed(level.p99).padStart(7)}` +
        `   ${fixed(level.cpu.server, 2).padStart(20)} ${fixed(level.cpu.postgres, 2).padStart(8)} ${fixed(level.cpu.redis, 2).padStart(6)}` +
        (level.entryLag
          ? `   ${`${fixed(level.entryLag.p50, 0)} / ${fixed(level.entryLag.p99, 0)}`.padStart(20)}` +
            `  ${`${fixed(level.boardLag.p50, 0)} / ${fixed(level.boardLag.p99, 0)}`.padStart(20)}` +
            `  ${`${fixed(level.consumerLag.p50, 0)} / ${fixed(level.consumerLag.p99, 0)}`.padStart(17)}` +
            (level.undelivered > 0 ? `  (${level.undelivered} rounds without their event)` : '')
          : ''),
    );
  }
}
for (const row of results) {
  if (row.redisKeys?.length === 0) {
    console.log(
      `${row.store}: the server wrote no key under the run's prefix (no Redis leaderboard in this build): ` +
        'its figures are the database leaderboard with the Redis event bus',
    );
  }
}
console.log(
  "entry lag: a round's HTTP answer → its points on tournaments:{id}#{playerId} at the realtime client; board lag: → " +
    'the first tournament.leaderboard.updated carrying them (throttled to one a second; the first player, in the top 50); ' +
    "scored: the server's own part, a bet's write → the commit of the tournaments consumer's batch (GET /api/dev/activity/stats)",
);
console.log(
  `\nPostgreSQL statements per round, on the wire (the activity poller included; each player paced at ${1000 / COUNT_PACE_MS} rounds/s):`,
);
for (const row of results) {
  for (const count of row.statements) {
    console.log(
      `  ${row.store.padEnd(9)} ${count.level} players, ${count.running ? 'tournament running' : 'no tournament     '}: ` +
        `${fixed(count.perRound, 2)} statements, ${fixed(count.roundTripsPerRound, 2)} round trips (${count.rounds} rounds)` +
        (count.running && row.statements[0] && !row.statements[0].running
          ? `; the tournament's share ${fixed(count.perRound - row.statements[0].perRound, 2)}`
          : ''),
    );
  }
}
console.log(
  '\nGET /api/retention/tournaments/{id} signed in as a participant (top 50 and own place), one closed loop per reader:',
);
console.log('store     load                  reader  place      p50 ms  p99 ms  requests');
for (const row of results) {
  if (row.skipped) continue;
  for (const read of row.reads) {
    const load = read.loaded ? `${Math.max(...LEVELS)} players' rounds` : 'idle';
    console.log(
      `${row.store.padEnd(9)} ${load.padEnd(21)} ${read.position.padStart(6)}  ${String(read.place ?? '–').padStart(7)}  ` +
        `${fixed(read.p50).padStart(8)} ${fixed(read.p99).padStart(7)}  ${String(read.requests).padStart(8)}`,
    );
  }
  console.log(
    `${row.store.padEnd(9)} first read after the server started${row.store === 'redis' ? ' (the rebuild from the database)' : ''}: ${fixed(row.firstReadMs, 0)} ms` +
      (row.readLoadRoundsPerS ? `; rounds/s during the loaded reads: ${fixed(row.readLoadRoundsPerS)}` : ''),
  );
}
