// Dice benchmark: rounds of the in-house dice game through the full path — HTTP request,
// game session, the seed pair's nonce, FairRng, the game wallet's bet and win (two ledger
// transactions and the turn-over wager), the round row, the balance events after commit.
// Each player is a signed-in player with a real-money dice session, playing in a closed
// loop. In one run it prints:
//
//   1. statements and round trips per round, counted on the wire (bench/pg-wire-count.mjs)
//      over rounds of one player, before the timed runs;
//   2. rounds/s, p50/p99 and the CPU a round costs each party (this load generator, the
//      server, PostgreSQL; from /proc) at 1, 8, 32 and 128 concurrent players on PostgreSQL;
//   3. pgbench's TPC-B-like tps on the same server at 8 and 32 clients (when pgbench is
//      installed), the round's own writes replayed by pgbench (bench/dice-replay.mjs: as the
//      server sends them, and as one stored-function call) and the ratios the bet path is
//      held to (ARCHITECTURE.md, "The bet path's budget"): 1, 8 and 32 players against
//      pgbench at 8 clients, 128 against 32;
//   4. the same levels in process on PGlite (figures only).
// Figures only: nothing passes or fails on a time.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     a PostgreSQL server where a fresh database is created for the run and dropped after.
//   DICE_BENCH_PLAYERS=1,8,32,128    concurrency levels
//   DICE_BENCH_DURATION_MS=8000      per level
//   DICE_BENCH_COUNT_ROUNDS=200      rounds counted on the wire
//   DICE_BENCH_PGLITE=1,8,32,128     levels on PGlite; 0 skips it
//   DICE_BENCH_CPU_PROFILE=<dir>     writes a V8 CPU profile of the PostgreSQL server's timed
//                                    runs there (open in Chrome DevTools or speedscope)
//   DICE_BENCH_SERVERS=1             server processes for the timed PostgreSQL levels, sharing the
//                                    database; players are spread over them (in-process wallet)
//   DICE_BENCH_BONUS=1               also runs the levels with every player wagering an active
//                                    bonus (0 skips it) and prints the slowdown (goal ≤ 30 %)
//   DICE_BENCH_LIMITS=1              also runs the levels with every player holding bet, loss and
//                                    deposit limits (far above what the run uses; 0 skips it) and
//                                    prints the slowdown (goal ≤ 20 %)
//   DICE_BENCH_ENGINES=1             also runs each level with the activity stream's engines on
//                                    (loyalty, quests, wheels, referrals polling every 200 ms in a
//                                    server process of their own) and prints rounds/s and p99
//                                    beside the plain run (engines off) and the activity lag: from
//                                    a bet's write to the commit of the engine batch that handled
//                                    it, p50/p99 per engine (0 skips it)
//   DICE_BENCH_WALLET=remote         the games run apart: a second server process plays the
//                                    rounds and calls the first one's wallet over signed HTTP
//                                    (ORIGINALS_WALLET_URL); default: in process
import path from 'node:path';
import pg from 'pg';
import {
  call,
  cpuProfileOptions,
  createBenchDatabase,
  createDicePlayer,
  diceLoop,
  ensureServerBuilt,
  keepAliveAgent,
  levelsOf,
  pgbenchTpcb,
  playDiceRound,
  startServer,
  timedLoops,
} from './lib.mjs';
import { replayRounds } from './dice-replay.mjs';
import { startWireCounter } from './pg-wire-count.mjs';

const LEVELS = levelsOf(process.env.DICE_BENCH_PLAYERS ?? '1,8,32,128');
const PGLITE_LEVELS = levelsOf(process.env.DICE_BENCH_PGLITE ?? LEVELS.join(','));
const DURATION_MS = Number(process.env.DICE_BENCH_DURATION_MS ?? 8000);
const COUNT_ROUNDS = Number(process.env.DICE_BENCH_COUNT_ROUNDS ?? 200);
const CPU_PROFILE_DIR = process.env.DICE_BENCH_CPU_PROFILE;
const PASSWORD = 'bench dice player password';
const REMOTE = process.env.DICE_BENCH_WALLET === 'remote';
const SERVERS = REMOTE ? 1 : Math.max(1, Number(process.env.DICE_BENCH_SERVERS ?? 1));
const CROUPIER_SECRET = 'dice-bench-croupier-wallet-secret-0123456789';
const POOL_MAX = 20;
const BONUS = process.env.DICE_BENCH_BONUS !== '0';
const LIMITS = process.env.DICE_BENCH_LIMITS !== '0';
const ENGINES = process.env.DICE_BENCH_ENGINES !== '0';
/** The engines' poll interval when they run (the servers' default). */
const ENGINES_POLL_MS = 200;
const ADMIN_KEY = 'dice-bench-admin-key-0123456789abcdefghijkl';
const PGBENCH_CLIENTS = [8, 32];

const createPlayer = (url, index) =>
  createDicePlayer(url, index, { emailPrefix: 'dice', ipOctet: 78, password: PASSWORD });

/**
 * A bonus being wagered on every round: 10,000 USD at 200x, so that it neither converts nor
 * runs out during the run. The players' real money pays the stakes (real money first); each
 * round counts toward the wager (the bonus side of the bet path).
 */
async function createWageringBonus(url) {
  const response = await fetch(`${url}/api/admin/bonuses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': ADMIN_KEY },
    body: JSON.stringify({
      name: 'Bench wagering bonus',
      type: 1,
      trigger: 'manual',
      amounts: [{ currency: 'USD', amount: 10_000 }],
      wagerCasino: 200,
    }),
  });
  if (response.status !== 201) throw new Error(`bonus: ${response.status} ${await response.text()}`);
  return (await response.json()).data.id;
}

/** Activates the first quest offered to the player (the engines then track its tasks); none: nothing. */
async function activateQuest(url, player) {
  const response = await fetch(`${url}/api/retention/quests?currency=USD&perPage=5`, { headers: player.headers });
  if (!response.ok) return;
  const quests = (await response.json()).data ?? [];
  const quest = quests.find((q) => q.tasks?.some((task) => task.type === 4)) ?? quests[0];
  if (quest) await call(`${url}/api/retention/quests/${quest.id}/activate`, 'PUT', undefined, player.headers);
}

async function activateBonus(url, player, bonusId) {
  const response = await fetch(`${url}/api/admin/players/${player.playerId}/bonuses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': ADMIN_KEY },
    body: JSON.stringify({ bonusId, currency: 'USD' }),
  });
  if (response.status !== 201) throw new Error(`issue: ${response.status} ${await response.text()}`);
  const issued = (await response.json()).data;
  await call(`${url}/api/game/player-bonuses/${issued.id}/activate`, 'PUT', undefined, player.headers);
}

/**
 * Bet and loss limits per day, week and month and a deposit limit, far above what a run
 * stakes: every round is counted against them (one guarded statement) and none refuses.
 */
async function setLimits(url, player) {
  const amount = 100_000_000;
  for (const definition of [1, 2]) {
    for (const period of ['daily', 'weekly', 'monthly']) {
      await call(`${url}/api/player/limits`, 'POST', { definition, period, currency: 'USD', amount }, player.headers);
    }
  }
  await call(
    `${url}/api/player/limits`,
    'POST',
    { definition: 3, period: 'daily', currency: 'USD', amount },
    player.headers,
  );
}

const roundAgent = keepAliveAgent();
const playRound = (url, player) => playDiceRound(roundAgent, url, player);
/** One player's closed loop of dice rounds (on the games server at `url`) until the deadline. */
const playerLoop = (url, player, deadline, samples) => diceLoop(roundAgent, url, player, deadline, samples);

/** Plays untimed rounds for `ms` (a fresh server process's JIT and connections). */
async function warmUp(urls, players, ms) {
  const deadline = performance.now() + ms;
  await Promise.all(players.map((player, i) => playerLoop(urls[i % urls.length], player, deadline, [])));
}

/**
 * Each level in turn: rounds/s, p50/p99 and the CPU time a round cost each party — this
 * load generator, the server process(es) `serverPids` and PostgreSQL (0 on PGlite, which
 * is inside the server). Answers the rows.
 */
async function runLevels(urls, players, levels, serverPids, options = { header: true, suffix: '' }) {
  const rows = [];
  if (options.header)
    console.log(
      `${'players'.padStart(7)} ${'rounds/s'.padStart(9)} ${'rounds'.padStart(7)}  ${'p50'.padStart(9)} ${'p99'.padStart(9)}` +
        '   CPU ms per round: client  server  postgres',
    );
  for (const level of levels) {
    const run = await timedLoops(
      players.slice(0, level),
      DURATION_MS,
      (player, deadline, samples, i) => playerLoop(urls[i % urls.length], player, deadline, samples),
      { serverPids },
    );
    const perRound = (ms) => (run.samples.length === 0 ? NaN : ms / run.samples.length);
    const cpu = {
      client: perRound(run.cpu.client),
      server: perRound(run.cpu.server),
      postgres: perRound(run.cpu.postgres),
    };
    const row = {
      level,
      roundsPerS: run.samples.length / run.elapsedS,
      rounds: run.samples.length,
      p50: run.p50,
      p99: run.p99,
      cpu,
    };
    rows.push(row);
    console.log(
      `${String(level).padStart(7)} ${row.roundsPerS.toFixed(1).padStart(9)} ${String(row.rounds).padStart(7)}  ${row.p50.toFixed(2).padStart(6)} ms ${row.p99.toFixed(2).padStart(6)} ms` +
        `                     ${cpu.client.toFixed(2).padStart(6)}  ${cpu.server.toFixed(2).padStart(6)}  ${cpu.postgres.toFixed(2).padStart(8)}${options.suffix}`,
    );
  }
  return rows;
}

/**
 * Starts the wallet server (and the games server apart when REMOTE) on `databaseUrl`, and
 * `count - 1` more like it (the same database) whose URLs join `gameUrls`.
 */
async function startServers(databaseUrl, options = {}, count = 1) {
  const env = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: String(POOL_MAX) } : {}),
    JWT_SECRET: 'dice-bench-jwt-secret-0123456789abcdef0123456',
    TURNOVER_WAGER_MULTIPLE: '1',
    TRUST_PROXY: 'true',
    ADMIN_API_KEY: ADMIN_KEY,
    // The activity stream's engines run only where a run asks for them (DICE_BENCH_ENGINES).
    ACTIVITY_POLL_MS: String(options.enginesPollMs ?? 0),
    ...(REMOTE ? { GAME_PROVIDERS: 'croupier', GAME_PROVIDER_CROUPIER_SECRET: CROUPIER_SECRET } : {}),
  };
  const server = await startServer(env, options);
  // Run apart: the games' server shares the database and sends its money calls to the first.
  const games = REMOTE
    ? await startServer({ ...env, ORIGINALS_WALLET_URL: server.url, ORIGINALS_WALLET_SECRET: CROUPIER_SECRET }, options)
    : server;
  const more = [];
  for (let i = 1; i < count; i += 1) more.push(await startServer(env, options));
  return {
    server,
    games,
    gameUrls: [games.url, ...more.map((extra) => extra.url)],
    pids: [...new Set([server.pid, games.pid, ...more.map((extra) => extra.pid)])],
    async stop() {
      for (const extra of more) await extra.stop();
      if (games !== server) await games.stop();
      await server.stop();
    },
  };
}

/** Every round is in the database once, and the ledger balances. */
async function audit(databaseUrl, played) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const count = async (text) => Number((await db.query(text)).rows[0].count);
  const rounds = await count("select count(*) from game_rounds where status = 'settled'");
  const unbalanced = await count(
    'select count(*) from (select transaction_id from ledger_postings group by transaction_id, currency having sum(amount_minor) <> 0) u',
  );
  const owed = await count('select count(*) from game_round_wallet_calls');
  await db.end();
  console.log(
    `rounds settled: ${rounds} of ${played} played; unbalanced ledger transactions: ${unbalanced}; rounds owing a wallet call: ${owed}`,
  );
}

/**
 * Under `heading`, each of `rows` against the plain run of its level (`figures.levels`):
 * rounds/s and p99 before and after, how much slower; `more(row)` ends the line.
 */
function printAgainstPlain(heading, rows, more = () => '') {
  console.log(heading);
  for (const row of rows) {
    const plain = figures.levels.find((r) => r.level === row.level);
    if (!plain) continue;
    const slower = (1 - row.roundsPerS / plain.roundsPerS) * 100;
    console.log(
      `  ${String(row.level).padStart(3)} players: ${plain.roundsPerS.toFixed(1)} → ${row.roundsPerS.toFixed(1)} rounds/s ` +
        `(${slower >= 0 ? `${slower.toFixed(1)} % slower` : `${(-slower).toFixed(1)} % faster`}), ` +
        `p99 ${plain.p99.toFixed(1)} → ${row.p99.toFixed(1)} ms${more(row)}`,
    );
  }
}

ensureServerBuilt();
const database = await createBenchDatabase('dice');
const { name: databaseName, url: databaseUrl } = database;
let played = 0;
const figures = {
  perRound: undefined,
  perRoundBonus: undefined,
  perRoundLimits: undefined,
  levels: [],
  bonusLevels: [],
  limitLevels: [],
  engineLevels: [],
  pgbench: new Map(),
};
try {
  console.log(
    REMOTE
      ? 'wallet: remote (a second server process plays the rounds and calls the wallet over signed HTTP)'
      : 'wallet: in process (bet, win and round in one transaction)',
  );

  // 1. Statements and round trips per round, on the wire, with one player.
  if (COUNT_ROUNDS > 0) {
    const counter = await startWireCounter(databaseUrl.toString());
    const counted = await startServers(counter.url);
    try {
      /** Statements, round trips and transactions per round over COUNT_ROUNDS rounds of `player`. */
      const countRounds = async (player) => {
        // Warm-up: the processes' caches (game ids, stake limits, operator accounts) fill.
        for (let i = 0; i < 20; i += 1) await playRound(counted.games.url, player);
        const before = counter.snapshot();
        for (let i = 0; i < COUNT_ROUNDS; i += 1) await playRound(counted.games.url, player);
        const after = counter.snapshot();
        played += 20 + COUNT_ROUNDS;
        return {
          statements: (after.statements - before.statements) / COUNT_ROUNDS,
          roundTrips: (after.roundTrips - before.roundTrips) / COUNT_ROUNDS,
          transactions: (after.transactions - before.transactions) / COUNT_ROUNDS,
        };
      };
      figures.perRound = await countRounds(await createPlayer(counted.server.url, 100_000));
      console.log(
        `per round, on the wire over ${COUNT_ROUNDS} rounds of one player: ${figures.perRound.statements.toFixed(2)} statements, ` +
          `${figures.perRound.roundTrips.toFixed(2)} round trips, ${figures.perRound.transactions.toFixed(2)} transactions ` +
          '(wins and losses mixed; the winners feed reads at most once per 3 s)\n',
      );
      if (BONUS) {
        const wagering = await createPlayer(counted.server.url, 100_001);
        await activateBonus(counted.server.url, wagering, await createWageringBonus(counted.server.url));
        const counts = await countRounds(wagering);
        figures.perRoundBonus = counts.statements;
        console.log(
          `per round with an active wagering bonus: ${counts.statements.toFixed(2)} statements, ` +
            `${counts.roundTrips.toFixed(2)} round trips\n`,
        );
      }
      if (LIMITS) {
        const limited = await createPlayer(counted.server.url, 100_002);
        await setLimits(counted.server.url, limited);
        const counts = await countRounds(limited);
        figures.perRoundLimits = counts.statements;
        console.log(
          `per round with bet, loss and deposit limits: ${counts.statements.toFixed(2)} statements, ` +
            `${counts.roundTrips.toFixed(2)} round trips\n`,
        );
      }
    } finally {
      await counted.stop();
      await counter.stop();
    }
  }

  // 2. The timed levels on PostgreSQL.
  const servers = await startServers(databaseUrl.toString(), cpuProfileOptions(CPU_PROFILE_DIR), SERVERS);
  try {
    console.log(
      `PostgreSQL (fresh database ${databaseName}, pool ${POOL_MAX} per process), ${SERVERS} server process${SERVERS > 1 ? 'es' : ''}, ` +
        `ready in ${servers.server.readyMs.toFixed(0)} ms`,
    );
    const maxPlayers = Math.max(...LEVELS);
    const players = [];
    for (let i = 0; i < maxPlayers; i += 1) players.push(await createPlayer(servers.server.url, i));
    console.log(
      `${maxPlayers} players funded; ${DURATION_MS} ms per level, closed loop of dice rounds (stake 1 USD)\n`,
    );
    // With DICE_BENCH_BONUS, other players each wagering an active bonus play each level
    // right after the plain one (interleaved, so that drift in the machine hits both alike).
    /** `maxPlayers` more players, numbered from `first`, each given `prepare(url, player)` in turn. */
    const preparedPlayers = async (first, prepare) => {
      const prepared = [];
      for (let i = 0; i < maxPlayers; i += 1) {
        const player = await createPlayer(servers.server.url, first + i);
        await prepare(servers.server.url, player);
        prepared.push(player);
      }
      return prepared;
    };
    const wagering = [];
    if (BONUS) {
      const bonusId = await createWageringBonus(servers.server.url);
      wagering.push(...(await preparedPlayers(50_000, (url, player) => activateBonus(url, player, bonusId))));
    }
    // With DICE_BENCH_LIMITS, players holding bet, loss and deposit limits play each level too.
    const limited = LIMITS ? await preparedPlayers(60_000, setLimits) : [];
    // With DICE_BENCH_ENGINES, players with the engines' work to do (an active quest when one is
    // offered) play each level on a server process whose activity engines poll.
    const engaged = ENGINES ? await preparedPlayers(70_000, activateQuest) : [];
    for (const [index, level] of LEVELS.entries()) {
      const [plain] = await runLevels(servers.gameUrls, players, [level], servers.pids, {
        header: index === 0,
        suffix: '',
      });
      if (plain) figures.levels.push(plain);
      if (ENGINES) {
        const engines = await startServers(databaseUrl.toString(), { enginesPollMs: ENGINES_POLL_MS });
        try {
          // A new process: warm it up as the plain server was by the levels before, then catch
          // up on what earlier runs wrote, so that the timed run's batches are its own.
          await warmUp(engines.gameUrls, engaged.slice(0, level), 2_000);
          await call(`${engines.server.url}/api/dev/activity/drain`, 'POST', {});
          await call(`${engines.server.url}/api/dev/activity/stats?reset=1`, 'GET');
          const [withEngines] = await runLevels(
            engines.gameUrls,
            engaged,
            [level],
            [...servers.pids, ...engines.pids],
            {
              header: false,
              suffix: '  (activity engines on)',
            },
          );
          // The last bets' batches: at most one poll interval and a batch later.
          await new Promise((resolve) => setTimeout(resolve, ENGINES_POLL_MS * 3));
          const { consumers } = await call(`${engines.server.url}/api/dev/activity/stats?reset=1`, 'GET');
          if (withEngines) figures.engineLevels.push({ ...withEngines, consumers });
        } finally {
          await engines.stop();
        }
      }
      if (BONUS) {
        const [bonused] = await runLevels(servers.gameUrls, wagering, [level], servers.pids, {
          header: false,
          suffix: '  (active bonus)',
        });
        if (bonused) figures.bonusLevels.push(bonused);
      }
      if (LIMITS) {
        const [withLimits] = await runLevels(servers.gameUrls, limited, [level], servers.pids, {
          header: false,
          suffix: '  (bet, loss and deposit limits)',
        });
        if (withLimits) figures.limitLevels.push(withLimits);
      }
    }
    played += players.reduce((sum, p) => sum + p.rounds, 0);
    played += wagering.reduce((sum, p) => sum + p.rounds, 0);
    played += limited.reduce((sum, p) => sum + p.rounds, 0);
    played += engaged.reduce((sum, p) => sum + p.rounds, 0);
    if (BONUS) {
      printAgainstPlain('\nwith a bonus against without (goal: no more than 30 % slower):', figures.bonusLevels);
    }
    if (LIMITS) {
      printAgainstPlain(
        '\nwith bet, loss and deposit limits against without (goal: no more than 20 % slower):',
        figures.limitLevels,
      );
    }
    if (ENGINES) {
      printAgainstPlain(
        '\nwith the activity engines on against off (rounds/s, p99), and the activity lag from a bet to the ' +
          "commit of the engine's batch that handled it (p50 / p99 per engine):",
        figures.engineLevels,
        (row) => {
          const lags = row.consumers
            .map((c) => `${c.name} ${c.p50Ms ?? '–'} / ${c.p99Ms ?? '–'} ms (${c.samples})`)
            .join(', ');
          return `; lag ${lags || 'no engines registered'}`;
        },
      );
    }
  } finally {
    await servers.stop();
  }
  await audit(databaseUrl.toString(), played);
  if (CPU_PROFILE_DIR) console.log(`CPU profile of the server(s) written to ${path.resolve(CPU_PROFILE_DIR)}`);

  // 3. pgbench on the same server, and the ratios.
  const pgbench = pgbenchTpcb(databaseUrl.toString(), PGBENCH_CLIENTS);
  if (pgbench) {
    figures.pgbench = pgbench;
    // The round's own writes, replayed by pgbench: the ceiling for any server code.
    const replay = await replayRounds(databaseUrl.toString(), PGBENCH_CLIENTS);
    if (replay.error) {
      console.log(`round replay: ${replay.error}`);
    } else {
      const forms = {
        statements: "the round's statements as the server sends them",
        function: 'the same writes as one stored-function call',
      };
      console.log(`\nthe round's writes replayed by pgbench over ${replay.players} players (no HTTP, no Node.js):`);
      for (const [form, label] of Object.entries(forms)) {
        for (const [clients, result] of replay.results[form]) {
          const tpcb = figures.pgbench.get(clients)?.tps;
          console.log(
            `  ${label}, ${clients} clients: ${result.tps.toFixed(0)} rounds/s (latency average ${result.latency})` +
              (tpcb ? `, ${(result.tps / tpcb).toFixed(3)}× TPC-B-like` : ''),
          );
        }
      }
    }
    console.log('\nratio of dice rounds/s to pgbench tps (goal ≥ 0.5):');
    for (const row of figures.levels) {
      const clients = row.level > 32 ? 32 : 8;
      const tps = figures.pgbench.get(clients)?.tps;
      if (tps) {
        console.log(
          `  ${String(row.level).padStart(3)} players / pgbench ${String(clients).padStart(2)} clients: ${(row.roundsPerS / tps).toFixed(3)}`,
        );
      }
    }
  }
} finally {
  await database.drop();
}

// 4. The same in process on PGlite (one connection: rounds queue for it).
if (PGLITE_LEVELS.length > 0) {
  const servers = await startServers(undefined);
  try {
    console.log(`\nPGlite (in process, fresh data directory), server ready in ${servers.server.readyMs.toFixed(0)} ms`);
    const players = [];
    for (let i = 0; i < Math.max(...PGLITE_LEVELS); i += 1) players.push(await createPlayer(servers.server.url, i));
    await runLevels(servers.gameUrls, players, PGLITE_LEVELS, servers.pids);
  } finally {
    await servers.stop();
  }
}
if (figures.perRound) {
  console.log(
    `\nsummary: ${figures.perRound.statements.toFixed(2)} statements and ${figures.perRound.roundTrips.toFixed(2)} round trips per round` +
      (figures.perRoundBonus !== undefined
        ? `; ${figures.perRoundBonus.toFixed(2)} with an active wagering bonus`
        : '') +
      (figures.perRoundLimits !== undefined
        ? `; ${figures.perRoundLimits.toFixed(2)} with bet, loss and deposit limits`
        : ''),
  );
}
