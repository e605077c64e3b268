import {
  adminBonusSchema,
  PlayerStatus,
  cashbackSchema,
  paginationMetaSchema,
  playerBonusSchema,
  type PlayerBonus,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/schema';
import { CASHBACK_BATCH_JOB, CASHBACK_JOB, createCashback } from '../src/modules/bonuses/cashback';
import { createCashbackRepository } from '../src/modules/bonuses/cashback-repository';
import { createBonusesRepository } from '../src/modules/bonuses/repository';
import { createBonuses } from '../src/modules/bonuses/service';
import { createJobs, createJobsRepository, nextWeekStartUtc, type Jobs } from '../src/modules/jobs';
import { createSettingsRepository } from '../src/modules/settings/repository';
import { toCurrency } from '../src/modules/settings/service';
import { CASHBACK_BONUS_ID } from '../src/seed/bonuses';
import {
  ADMIN_KEY,
  adminRequest,
  fixtures,
  setPlayerStatus,
  useGameProvider,
  useTestServer,
  walletFor,
} from './fixtures';
import { PASSWORD, type RegisteredPlayer } from './players';
import { ledgerViolations } from './wallet-helpers';

/**
 * Weekly cashback (docs/bonuses.md, "Weekly cashback"): the week's net loss of real money
 * in games (a provider's bets, wins and rollbacks through the game wallet, and in-house dice
 * through the API) gives the catalogue's cashback bonuses once per week, however many times
 * and from however many runners the week's job runs. The week's job enqueues its losing
 * accounts in batch jobs, each its own transaction: tests run the runners until nothing is due.
 * Blocked and self-excluded players get none.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-cashback-secret';
const GAME = 'aurora-wilds';

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
// Another process on the same database: the provider's access, and a job runner of its own.
const provider = useGameProvider(t, PROVIDER, SECRET, { ip: '10.9.9.9' });
const other = provider.app;
const f = fixtures(t);
const { p } = f;
const jobsRepository = () => createJobsRepository(t.db);

let txCounter = 0;
const txId = (label: string) => `${label}-${Date.now()}-${++txCounter}`;

/** A signed callback of the provider's game wallet (minor units). */
async function call(path: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) {
  expect((await provider.call(path, body)).status).toBe('OK');
}

/** A USD player with `fundMinor` cents and a session of the provider's game. */
async function gambler(fundMinor: bigint) {
  const { player, session } = await f.playerWithSession(GAME, fundMinor);
  const round = async (stakeMinor: number, options: { winMinor?: number; rollback?: boolean } = {}) => {
    const roundId = txId('round');
    const bet = txId('bet');
    await call('bet', { token: session, transactionId: bet, roundId, amount: stakeMinor, currency: 'USD' });
    if (options.winMinor) {
      await call('win', {
        token: session,
        transactionId: txId('win'),
        roundId,
        amount: options.winMinor,
        currency: 'USD',
      });
    }
    if (options.rollback) {
      await call('rollback', { token: session, transactionId: txId('rb'), referenceTransactionId: bet, roundId });
    }
  };
  return { player, round };
}

/** One in-house dice round through the API (1 USD); answers its net result in cents. */
async function diceRound(player: RegisteredPlayer): Promise<number> {
  const { token } = await f.launch('dice', { demoMode: false }, player.token);
  const response = await p.post(
    '/api/game/originals/dice/rounds',
    { amount: 1, direction: 'under', targetHundredths: 5000 },
    { headers: { 'x-game-session': token } },
  );
  expect(response.statusCode, response.body).toBe(200);
  const { round } = response.json<{ data: { round: { amount: number; payout: number } } }>().data;
  return Math.round((round.payout - round.amount) * 100);
}

async function cashbackOf(player: RegisteredPlayer, currency = 'USD') {
  const response = await p.get(`/api/game/bonuses/cashback?currency=${currency}`, { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: z.array(cashbackSchema) }).parse(response.json()).data;
}

async function bonusesOf(player: RegisteredPlayer): Promise<PlayerBonus[]> {
  const response = await p.get('/api/game/player-bonuses?perPage=100', { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: z.array(playerBonusSchema), meta: paginationMetaSchema }).parse(response.json()).data;
}

/** A week ending now (after what was played): its occurrence of the recurring job, keyed as the jobs module keys it. */
async function weekEndingNow(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return new Date();
}
const enqueueWeek = (end: Date, key = `${CASHBACK_JOB}@${end.toISOString()}`) =>
  t.app.jobs.enqueue(t.db, { kind: CASHBACK_JOB, key, runAt: end });

/** The cashback bonuses given to a player, read from the table (a blocked player's API calls are refused). */
const cashbackGiven = async (player: RegisteredPlayer) =>
  (
    await t.db
      .selectFrom('player_bonuses')
      .select('amount_minor')
      .where('player_id', '=', player.id)
      .where('source', 'like', 'cashback:%')
      .execute()
  ).map((row) => row.amount_minor);

/** Runs a runner's due jobs until none completes (the week's job, then its batches). */
async function drain(jobs: Jobs): Promise<number> {
  let total = 0;
  for (let done = await jobs.runDue(); done > 0; done = await jobs.runDue()) total += done;
  return total;
}

/** The batch jobs of the week that ends at `end`. */
const batchesOf = async (end: Date) =>
  (await jobsRepository().listByKind(CASHBACK_BATCH_JOB)).filter((job) =>
    job.key?.startsWith(`${CASHBACK_BATCH_JOB}:${new Date(end.getTime() - 7 * 86_400_000).toISOString()}:`),
  );

/**
 * A job runner of another process with the cashback handlers, as app.ts wires them, batches
 * of `batchSize` accounts. `transaction` wraps the runner's transactions (a crash before a commit).
 */
async function cashbackRunner(
  owner: string,
  options: {
    batchSize?: number;
    leaseMs?: number;
    transaction?: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  } = {},
): Promise<Jobs> {
  const settings = createSettingsRepository(t.db);
  const wallet = walletFor(t);
  const jobs = createJobs({
    repository: jobsRepository(),
    owner,
    batchSize: 1,
    retryBaseMs: 0,
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    log: { error: () => undefined },
    transaction: options.transaction ?? ((work) => t.app.realtime.events.transaction(work)),
  });
  const repository = createBonusesRepository(t.db);
  const bonuses = createBonuses({
    repository,
    ledger: wallet.ledger,
    accounts: wallet.accounts,
    currencies: {
      listCurrencies: async () => (await settings.listCurrencies({ visibleOnly: false })).map(toCurrency),
    },
    events: t.app.realtime.events,
    jobs,
  });
  await bonuses.warmUp();
  createCashback({
    repository: createCashbackRepository(t.db),
    catalogue: repository,
    bonuses,
    results: wallet.accounts,
    jobs,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
  });
  return jobs;
}

/** 10 % of a loss in cents, rounded down (the seeded weekly cashback). */
const tenPercent = (lossMinor: number) => Math.floor(lossMinor / 10);

describe('weekly cashback', () => {
  it('needs a player; nothing before a week ends; 422 for an unknown currency', async () => {
    expect((await p.get('/api/game/bonuses/cashback?currency=USD')).statusCode).toBe(401);
    const player = await p.registerByEmail({ currency: 'USD' });
    expect(await cashbackOf(player)).toEqual([]);
    const unknown = await p.get('/api/game/bonuses/cashback?currency=XXX', { token: player.token });
    expect(unknown.statusCode).toBe(422);
  });

  it('gives 10 % of the week’s net real-money loss (bets − wins − rollbacks) once, as a bonus to activate', async () => {
    const loser = await gambler(10_000n);
    await loser.round(1_000, { winMinor: 300 }); // −7.00
    await loser.round(500, { rollback: true }); // 0
    const dice = await diceRound(loser.player); // −1.00 or +0.98
    const winner = await gambler(10_000n);
    await winner.round(100, { winMinor: 500 }); // +4.00: no cashback
    const idle = await p.registerByEmail({ currency: 'USD' });

    const end = await weekEndingNow();
    expect(await enqueueWeek(end)).toBe(true);
    expect(await drain(t.app.jobs)).toBeGreaterThanOrEqual(2); // the week, then its batch

    const expected = tenPercent(700 - dice);
    const [cashback, ...more] = await cashbackOf(loser.player);
    expect(more).toEqual([]);
    expect(cashback).toMatchObject({
      bonusId: CASHBACK_BONUS_ID,
      bonusName: 'Weekly cashback: 10% of net losses',
      amount: expected / 100,
    });
    expect(await cashbackOf(loser.player, 'EUR')).toEqual([]);
    const [bonus] = await bonusesOf(loser.player);
    expect(bonus).toMatchObject({ bonusType: 4, status: 1, amount: expected / 100, currency: 'USD', wagerCasino: 1 });
    expect(await cashbackOf(winner.player)).toEqual([]);
    expect(await bonusesOf(idle)).toEqual([]);

    // The week's occurrence again: its key was used (nothing enqueued); another job for the same
    // week (as if scheduled twice) runs, finds its batches enqueued already and gives nothing more.
    expect(await enqueueWeek(end)).toBe(false);
    expect(await enqueueWeek(end, `duplicate-of-${end.toISOString()}`)).toBe(true);
    expect(await drain(t.app.jobs)).toBe(1);
    expect(await cashbackOf(loser.player)).toHaveLength(1);

    // The run enqueued the next week's occurrence.
    const next = nextWeekStartUtc(end);
    const pending = (await jobsRepository().listByKind(CASHBACK_JOB)).filter((job) => job.status === 'pending');
    expect(pending.map((job) => job.run_at.toISOString())).toContain(next.toISOString());
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('runs once when two processes’ runners poll together', async () => {
    const loser = await gambler(5_000n);
    await loser.round(2_000); // −20.00
    const end = await weekEndingNow();
    await enqueueWeek(end);
    const done = await Promise.all([t.app.jobs.runDue(), other.jobs.runDue()]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    await Promise.all([drain(t.app.jobs), drain(other.jobs)]);
    expect((await cashbackOf(loser.player)).map((c) => c.amount)).toEqual([2]);
  });

  it('gives a week once even when two runners run two jobs of it at the same time (the unique source)', async () => {
    const loser = await gambler(5_000n);
    await loser.round(3_000); // −30.00
    const end = await weekEndingNow();
    // Two runners of one job each, as two processes would be, each with the cashback handlers.
    const runners = await Promise.all(['runner-a', 'runner-b'].map((owner) => cashbackRunner(owner)));
    await enqueueWeek(end, `twin-a-${end.toISOString()}`);
    await enqueueWeek(end, `twin-b-${end.toISOString()}`);
    const done = await Promise.all(runners.map((jobs) => jobs.runDue()));
    expect(done).toEqual([1, 1]);
    // The second plan found the week's batches enqueued by the first (their keys): one set.
    const batches = await batchesOf(end);
    expect(new Set(batches.map((job) => job.key)).size).toBe(batches.length);
    await Promise.all(runners.map(drain));
    expect((await cashbackOf(loser.player)).map((c) => c.amount)).toEqual([3]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('gives every cashback bonus on offer, capped by its max amount; a paused one gives nothing', async () => {
    const extra = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        name: 'High-roller cashback: 50% up to 1 USD',
        type: 4,
        trigger: 'cashback',
        cashbackPercentage: 50,
        maxAmounts: [{ currency: 'USD', amount: 1 }],
        perPlayerLimit: null,
      },
    });
    expect(extra.statusCode, extra.body).toBe(201);
    const bonus = z.object({ data: adminBonusSchema }).parse(extra.json()).data;
    try {
      const loser = await gambler(5_000n);
      await loser.round(700); // −7.00
      const end = await weekEndingNow();
      await enqueueWeek(end);
      expect(await drain(t.app.jobs)).toBeGreaterThanOrEqual(2);
      const received = await cashbackOf(loser.player);
      expect(received.map((c) => [c.bonusId, c.amount]).sort()).toEqual(
        [
          [CASHBACK_BONUS_ID, 0.7],
          [bonus.id, 1],
        ].sort(),
      );
    } finally {
      const paused = await adminRequest(t, 'PUT', `/api/admin/bonuses/${bonus.id}`, {
        body: {
          name: bonus.name,
          type: 4,
          status: 2,
          trigger: 'cashback',
          cashbackPercentage: 50,
          maxAmounts: [{ currency: 'USD', amount: 1 }],
          perPlayerLimit: null,
        },
      });
      expect(paused.statusCode, paused.body).toBe(200);
    }
    const later = await gambler(5_000n);
    await later.round(1_000);
    await enqueueWeek(await weekEndingNow());
    expect(await drain(t.app.jobs)).toBeGreaterThanOrEqual(2);
    expect((await cashbackOf(later.player)).map((c) => c.bonusId)).toEqual([CASHBACK_BONUS_ID]);
  });

  it('skips blocked, self-excluded and closed accounts: their week’s cashback is lost, not given later', async () => {
    const active = await gambler(5_000n);
    const blocked = await gambler(5_000n);
    const excluded = await gambler(5_000n);
    const closed = await gambler(5_000n);
    for (const g of [active, blocked, excluded, closed]) await g.round(1_000); // −10.00 each
    await setPlayerStatus(t, blocked.player.id, PlayerStatus.BLOCKED);
    await setPlayerStatus(t, excluded.player.id, PlayerStatus.SELF_EXCLUDED);
    const closure = await f.p.post(
      '/api/player/profile/closure',
      { password: PASSWORD, reason: 'other' },
      { token: closed.player.token },
    );
    expect(closure.statusCode, closure.body).toBe(200);
    try {
      const end = await weekEndingNow();
      await enqueueWeek(end);
      expect(await drain(t.app.jobs)).toBeGreaterThanOrEqual(2);
      expect((await cashbackOf(active.player)).map((c) => c.amount)).toEqual([1]);
      expect(await cashbackGiven(blocked.player)).toEqual([]);
      expect(await cashbackGiven(excluded.player)).toEqual([]);
      expect(await cashbackGiven(closed.player)).toEqual([]);

      // Back to active, the same week planned again (a duplicate job) finds its batches done: still nothing.
      await setPlayerStatus(t, blocked.player.id, PlayerStatus.ACTIVE);
      await setPlayerStatus(t, excluded.player.id, PlayerStatus.ACTIVE);
      await enqueueWeek(end, `again-${end.toISOString()}`);
      expect(await drain(t.app.jobs)).toBe(1);
      expect(await cashbackGiven(blocked.player)).toEqual([]);
      expect(await cashbackGiven(excluded.player)).toEqual([]);
      expect(await cashbackGiven(active.player)).toEqual([100n]);
    } finally {
      await setPlayerStatus(t, blocked.player.id, PlayerStatus.ACTIVE);
      await setPlayerStatus(t, excluded.player.id, PlayerStatus.ACTIVE);
    }
  });

  it('splits a week into batch transactions; crashes between and inside batches, then a restart, give each once', async () => {
    const losers = await Promise.all([100, 200, 300, 400, 500].map(() => gambler(10_000n)));
    for (const [i, loser] of losers.entries()) await loser.round(1_000 * (i + 1)); // −10.00 … −50.00
    const end = await weekEndingNow();
    await enqueueWeek(end, `batched-${end.toISOString()}`);

    // The first process: plans the week (2 accounts a batch), runs one batch, then dies twice:
    // once inside a batch (its writes roll back with the job's claim), once holding a claim.
    const first = await cashbackRunner('process-1', { batchSize: 2 });
    expect(await first.runDue()).toBe(1);
    const planned = await batchesOf(end);
    expect(planned.length).toBeGreaterThanOrEqual(3); // these 5 and the file's earlier losers
    expect(await first.runDue()).toBe(1);
    const crashing = await cashbackRunner('process-1-crashing', {
      batchSize: 2,
      transaction: async (work) =>
        t.app.realtime.events.transaction(async (trx) => {
          await work(trx);
          throw new Error('killed before the commit');
        }),
    });
    expect(await crashing.runDue()).toBe(0);
    const crashed = (await batchesOf(end)).filter((job) => job.last_error !== null);
    expect(crashed).toHaveLength(1);
    const held = await jobsRepository().claimDue('process-1-dead', 1, 1);
    expect(held).toHaveLength(1);
    expect(held[0]?.kind).toBe(CASHBACK_BATCH_JOB);
    await new Promise((resolve) => setTimeout(resolve, 5)); // its lease lapses

    // The restarted process resumes: the pending batches and the one the dead process held.
    const restarted = await cashbackRunner('process-2', { batchSize: 2 });
    expect(await drain(restarted)).toBe(planned.length - 1);
    const batches = await batchesOf(end);
    expect(batches.map((job) => job.status)).toEqual(batches.map(() => 'done'));
    for (const [i, loser] of losers.entries()) {
      expect((await cashbackOf(loser.player)).map((c) => c.amount)).toEqual([i + 1]);
    }

    // Planned again, with other batch bounds, by two processes at once: nothing more.
    await enqueueWeek(end, `replanned-${end.toISOString()}`);
    const others = await Promise.all([
      cashbackRunner('process-3', { batchSize: 3 }),
      cashbackRunner('process-4', { batchSize: 3 }),
    ]);
    await Promise.all(others.map(drain));
    for (const [i, loser] of losers.entries()) {
      expect((await cashbackOf(loser.player)).map((c) => c.amount)).toEqual([i + 1]);
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('schedules the coming week once, however often processes start', async () => {
    const now = new Date();
    await t.app.jobs.schedule(now);
    await other.jobs.schedule(now);
    const coming = nextWeekStartUtc(now).toISOString();
    const rows = (await jobsRepository().listByKind(CASHBACK_JOB)).filter((job) => job.run_at.toISOString() === coming);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', key: `${CASHBACK_JOB}@${coming}` });
  });
});
