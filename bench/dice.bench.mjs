// Dice benchmark: rounds of the in-house dice game through the full path on PostgreSQL —
// HTTP request, seed pair lock and nonce, FairRng, game wallet bet and win (two ledger
// transactions and the turn-over wager), the round row, the balance events after commit.
// Each player is a signed-in player with a real-money dice session, playing in a closed
// loop. Runs with 1, 8, 32 and 128 concurrent players and prints rounds per second and
// p50/p99 latency, then pgbench's TPC-B-like transactions per second on the same
// PostgreSQL server for comparison (when pgbench is installed). Figures only.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
//     a PostgreSQL server where a fresh database is created for the run and dropped after.
//   DICE_BENCH_PLAYERS=1,8,32,128    concurrency levels
//   DICE_BENCH_DURATION_MS=8000      per level
//   DICE_BENCH_WALLET=remote         the games run apart: a second server process plays the
//                                    rounds and calls the first one's wallet over signed HTTP
//                                    (ORIGINALS_WALLET_URL); default: in process
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { ensureServerBuilt, percentile, startServer } from './lib.mjs';

const LEVELS = (process.env.DICE_BENCH_PLAYERS ?? '1,8,32,128')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const DURATION_MS = Number(process.env.DICE_BENCH_DURATION_MS ?? 8000);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench dice player password';
const REMOTE = process.env.DICE_BENCH_WALLET === 'remote';
const CROUPIER_SECRET = 'dice-bench-croupier-wallet-secret-0123456789';
const POOL_MAX = 20;

async function call(url, method, body, headers = {}) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text).data;
}

/** A registered, funded player with a real-money dice session. */
async function createPlayer(url, index) {
  const email = `dice-${index}-${randomUUID().slice(0, 8)}@bench.example`;
  // Registration is limited per client IP: each player comes from an address of its own.
  const auth = await call(
    `${url}/api/player/register`,
    'POST',
    { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: 1, currency: 'USD' },
    { 'cf-connecting-ip': `10.78.${Math.floor(index / 250)}.${(index % 250) + 1}` },
  );
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  const accounts = await call(`${url}/api/wallet/accounts`, 'GET', undefined, headers);
  await call(`${url}/api/dev/wallet/accounts/${accounts[0].id}/fund`, 'POST', { amount: 1_000_000 }, headers);
  const launch = await call(`${url}/api/game/games/dice/play`, 'POST', { demoMode: false }, headers);
  return { session: { 'x-game-session': launch.token }, rounds: 0 };
}

/** One player's closed loop of dice rounds (on the games server `url`) until the deadline. */
async function playerLoop(url, player, deadline, samples) {
  while (performance.now() < deadline) {
    const started = performance.now();
    await call(
      `${url}/api/game/originals/dice/rounds`,
      'POST',
      { amount: 1, direction: 'under', targetHundredths: 4950 },
      player.session,
    );
    samples.push(performance.now() - started);
    player.rounds += 1;
  }
}

/** pgbench's built-in TPC-B-like script on the same server, `clients` connections, 10 s. */
function pgbenchTps(databaseUrl, clients) {
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', databaseUrl], { encoding: 'utf8' });
  if (init.status !== 0) return `pgbench -i failed: ${init.stderr.trim()}`;
  const run = spawnSync('pgbench', ['-c', String(clients), '-j', '2', '-T', '10', databaseUrl], { encoding: 'utf8' });
  if (run.status !== 0) return `pgbench failed: ${run.stderr.trim()}`;
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  const latency = /latency average = ([\d.]+ ms)/.exec(run.stdout)?.[1];
  return `${tps} tps (latency average ${latency})`;
}

ensureServerBuilt();
const databaseName = `croupier_bench_dice_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = new URL(ADMIN_URL);
databaseUrl.pathname = `/${databaseName}`;

const serverEnv = {
  DATABASE_URL: databaseUrl.toString(),
  DATABASE_POOL_MAX: String(POOL_MAX),
  JWT_SECRET: 'dice-bench-jwt-secret-0123456789abcdef0123456',
  TURNOVER_WAGER_MULTIPLE: '1',
  TRUST_PROXY: 'true',
  ...(REMOTE ? { GAME_PROVIDERS: 'croupier', GAME_PROVIDER_CROUPIER_SECRET: CROUPIER_SECRET } : {}),
};
const server = await startServer(serverEnv);
// Run apart: the games' server shares the database and sends its money calls to the first.
const gamesServer = REMOTE
  ? await startServer({ ...serverEnv, ORIGINALS_WALLET_URL: server.url, ORIGINALS_WALLET_SECRET: CROUPIER_SECRET })
  : server;
try {
  console.log(
    `server ready in ${server.readyMs.toFixed(0)} ms on PostgreSQL (fresh database ${databaseName}, pool ${POOL_MAX})`,
  );
  console.log(
    REMOTE
      ? 'wallet: remote (a second server process plays the rounds and calls the wallet over signed HTTP)'
      : 'wallet: in process (bet, win and round in one transaction)',
  );
  const maxPlayers = Math.max(...LEVELS);
  const players = [];
  for (let i = 0; i < maxPlayers; i += 1) players.push(await createPlayer(server.url, i));
  console.log(`${maxPlayers} players funded; ${DURATION_MS} ms per level, closed loop of dice rounds (stake 1 USD)\n`);
  console.log(
    `${'players'.padStart(7)} ${'rounds/s'.padStart(9)} ${'rounds'.padStart(7)}  ${'p50'.padStart(9)} ${'p99'.padStart(9)}`,
  );
  for (const level of LEVELS) {
    const samples = [];
    const started = performance.now();
    const deadline = started + DURATION_MS;
    await Promise.all(players.slice(0, level).map((player) => playerLoop(gamesServer.url, player, deadline, samples)));
    const elapsedS = (performance.now() - started) / 1000;
    samples.sort((a, b) => a - b);
    console.log(
      `${String(level).padStart(7)} ${(samples.length / elapsedS).toFixed(1).padStart(9)} ${String(samples.length).padStart(7)}  ${percentile(samples, 50).toFixed(2).padStart(6)} ms ${percentile(samples, 99).toFixed(2).padStart(6)} ms`,
    );
  }
  // Every round is in the database once, and the ledger balances.
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  const rounds = Number((await db.query("select count(*) from game_rounds where status = 'settled'")).rows[0].count);
  const unbalanced = Number(
    (
      await db.query(
        'select count(*) from (select transaction_id from ledger_postings group by transaction_id, currency having sum(amount_minor) <> 0) u',
      )
    ).rows[0].count,
  );
  const owed = Number((await db.query('select count(*) from game_round_wallet_calls')).rows[0].count);
  await db.end();
  const played = players.reduce((sum, p) => sum + p.rounds, 0);
  console.log(
    `\nrounds settled: ${rounds} of ${played} played; unbalanced ledger transactions: ${unbalanced}; rounds owing a wallet call: ${owed}`,
  );
} finally {
  if (gamesServer !== server) await gamesServer.stop();
  await server.stop();
}
try {
  const which = spawnSync('which', ['pgbench'], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.log('pgbench: not installed (no TPC-B-like comparison)');
  } else {
    console.log(
      `pgbench TPC-B-like, scale 10, ${POOL_MAX} clients, 10 s, same server: ${pgbenchTps(databaseUrl.toString(), POOL_MAX)}`,
    );
  }
} finally {
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
