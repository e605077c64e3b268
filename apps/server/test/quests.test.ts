import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EXPIRE_JOB, expireJobKey } from '../src/modules/quests';
import { ADMIN_KEY, adminRequest, fixtures, useGameProvider, useTestServer } from './fixtures';
import type { RegisteredPlayer } from './players';
import { createManualCashBonus } from './tournament-helpers';

/**
 * Quests (docs/quests.md): definitions, activation, cancelling and expiry, progress from the
 * activity stream for each task type and its conditions, any order against sequential,
 * rollbacks, and the completion's rewards once however often the stream is drained.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-quest-secret';

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
const { call: providerCall } = useGameProvider(t, PROVIDER, SECRET);
const f = fixtures(t);
const { p } = f;

interface Task {
  id: string;
  type: number;
  progress: number;
  quantity: number;
  isActive: boolean;
  isCompleted: boolean;
  executionOrder: number;
  conditions: Record<string, unknown>;
}
interface Quest {
  id: string;
  identity: string;
  state: number;
  name: string;
  playerId?: string;
  taskExecutionOrder: number;
  endAt: string | null;
  tasks: Task[];
  rewards: { type: number; amount: number; attributes: { isoCode: string; lockBalance: boolean } }[];
}

let counter = 0;
const MINUTE = 60_000;

const betTask = (executionOrder: number, quantity: number, conditions: Record<string, unknown> = {}) => ({
  type: 4,
  name: `Bet ${executionOrder}`,
  quantity,
  executionOrder,
  conditions: { games: [], ...conditions },
});

async function createQuest(body: Record<string, unknown>): Promise<Quest> {
  const response = await adminRequest(t, 'POST', '/api/admin/retention/quests', {
    body: {
      identity: `quest-${Date.now()}-${++counter}`,
      name: `Quest ${counter}`,
      taskExecutionOrder: 1,
      tasks: [betTask(1, 1)],
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Quest }>().data;
}

async function activate(questId: string, player: RegisteredPlayer): Promise<Quest> {
  const response = await p.put(`/api/retention/quests/${questId}/activate`, {}, { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Quest }>().data;
}

async function playerQuests(player: RegisteredPlayer, query = ''): Promise<Quest[]> {
  const response = await p.get(`/api/retention/player-quests?perPage=100${query}`, { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Quest[] }>().data;
}

async function playerQuest(player: RegisteredPlayer, playerQuestId: string): Promise<Quest> {
  const found = (await playerQuests(player)).find((q) => q.id === playerQuestId);
  if (!found) throw new Error('player quest not listed');
  return found;
}

const progressOf = (quest: Quest) => quest.tasks.map((task) => task.progress);

/** A USD player with money and a session of the provider's slot (aurora-wilds). */
async function slotPlayer() {
  const { player, session } = await f.playerWithSession('aurora-wilds', 1_000_00n);
  const tx = (label: string) => `${label}-${++counter}-${Date.now()}`;
  return {
    player,
    bet: async (roundId: string, amountMinor: number) => {
      const body = { token: session, transactionId: tx('bet'), roundId, amount: amountMinor, currency: 'USD' };
      await providerCall('bet', body);
      return body.transactionId;
    },
    win: async (roundId: string, amountMinor: number) => {
      await providerCall('win', {
        token: session,
        transactionId: tx('win'),
        roundId,
        amount: amountMinor,
        currency: 'USD',
      });
    },
    rollback: async (roundId: string, betTransactionId: string) => {
      await providerCall('rollback', {
        token: session,
        transactionId: tx('rb'),
        referenceTransactionId: betTransactionId,
        roundId,
      });
    },
  };
}

/** A credited deposit as payments records it on the stream. */
async function deposit(player: RegisteredPlayer, amountMinor: bigint, currency = 'USD') {
  const accountId = await f.accountIn(player.id, currency);
  await t.db.transaction().execute((trx) =>
    t.app.activity.record(trx, {
      kind: 'deposit',
      playerId: player.id,
      accountId,
      currency,
      amountMinor,
      invoiceId: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
    }),
  );
}

describe('quest definitions and the offer', () => {
  it('lists the seeded quests to start, with conditions and rewards; validates definitions', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const response = await p.get('/api/retention/quests?perPage=100', { token: player.token });
    expect(response.statusCode, response.body).toBe(200);
    const offer = response.json<{ data: Quest[]; meta: { perPage: number } }>();
    const firstSteps = offer.data.find((q) => q.identity === 'first-steps');
    expect(firstSteps).toMatchObject({ state: 1, taskExecutionOrder: 2, name: 'First steps' });
    expect(firstSteps?.tasks.map((task) => [task.type, task.quantity, task.isActive])).toEqual([
      [2, 1, false],
      [4, 3, false],
    ]);
    expect(firstSteps?.tasks[1]?.conditions).toMatchObject({ games: ['dice'], currencies: [] });
    expect(firstSteps?.rewards.map((r) => r.type)).toEqual([1, 2]);
    // Defaults: 5 per page; `currency` narrows the overrides (always an array).
    const paged = await p.get('/api/retention/quests?currency=EUR', { token: player.token });
    expect(paged.json<{ meta: { perPage: number } }>().meta.perPage).toBe(5);
    const streak = paged.json<{ data: Quest[] }>().data.find((q) => q.identity === 'lucky-streak');
    expect(streak?.tasks.map((task) => task.conditions.currencies)).toEqual([[], []]);

    expect((await p.get('/api/retention/quests')).statusCode).toBe(401);
    const bad = await adminRequest(t, 'POST', '/api/admin/retention/quests', {
      body: {
        identity: 'bad-profile-quest',
        name: 'Bad',
        taskExecutionOrder: 1,
        tasks: [{ type: 2, name: 'Fields', quantity: 3, executionOrder: 1, conditions: { fields: ['city'] } }],
      },
    });
    expect(bad.statusCode).toBe(422);
    const noBonus = await adminRequest(t, 'POST', '/api/admin/retention/quests', {
      body: {
        identity: 'bad-reward-quest',
        name: 'Bad',
        taskExecutionOrder: 1,
        tasks: [betTask(1, 1)],
        rewards: [{ type: 1, amount: 5, isoCode: 'USD' }],
      },
    });
    expect(noBonus.statusCode).toBe(422);
    expect((await adminRequest(t, 'POST', '/api/admin/retention/quests', { body: {}, key: null })).statusCode).toBe(
      401,
    );
  });

  it('hides quests outside their window or disabled, and refuses to start them', async () => {
    const later = await createQuest({ startAt: new Date(Date.now() + 60 * MINUTE).toISOString() });
    const disabled = await createQuest({ enabled: false });
    const player = await p.registerByEmail({ currency: 'USD' });
    const offer = (await p.get('/api/retention/quests?perPage=100', { token: player.token })).json<{ data: Quest[] }>();
    expect(offer.data.map((q) => q.id)).not.toContain(later.id);
    expect(offer.data.map((q) => q.id)).not.toContain(disabled.id);
    expect((await p.put(`/api/retention/quests/${later.id}/activate`, {}, { token: player.token })).statusCode).toBe(
      409,
    );
    expect((await p.put(`/api/retention/quests/${disabled.id}/activate`, {}, { token: player.token })).statusCode).toBe(
      404,
    );
  });

  it('lets the operator change a quest, and its tasks only before anyone started it', async () => {
    const quest = await createQuest({});
    const update = (body: Record<string, unknown>) =>
      adminRequest(t, 'PUT', `/api/admin/retention/quests/${quest.id}`, {
        body: { name: 'Renamed', taskExecutionOrder: 2, ...body },
      });
    const renamed = await update({ tasks: [betTask(1, 2), betTask(2, 1)] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: Quest }>().data).toMatchObject({ name: 'Renamed', taskExecutionOrder: 2 });
    const player = await p.registerByEmail({ currency: 'USD' });
    await activate(quest.id, player);
    expect((await update({ tasks: [betTask(1, 1)] })).statusCode).toBe(409);
    expect((await update({ name: 'Again' })).statusCode).toBe(200);
  });
});

describe('activation, cancelling and expiry', () => {
  it('activates once, cancels only the player’s own running quest, and offers it again', async () => {
    const quest = await createQuest({});
    const player = await p.registerByEmail({ currency: 'USD' });
    const other = await p.registerByEmail({ currency: 'USD' });
    const started = await activate(quest.id, player);
    expect(started).toMatchObject({ state: 2, playerId: player.id });
    expect(started.id).not.toBe(quest.id);
    expect(started.tasks[0]).toMatchObject({ isActive: true, progress: 0 });
    // Running: not in the offer, not twice.
    const offer = (await p.get('/api/retention/quests?perPage=100', { token: player.token })).json<{ data: Quest[] }>();
    expect(offer.data.map((q) => q.id)).not.toContain(quest.id);
    const again = await p.put(`/api/retention/quests/${quest.id}/activate`, {}, { token: player.token });
    expect(again.statusCode).toBe(409);
    expect((await playerQuests(player, '&state[]=2')).map((q) => q.id)).toEqual([started.id]);
    // Another player's quest reads as missing; an unknown quest too.
    const foreign = await p.put(`/api/retention/player-quests/${started.id}/cancel`, {}, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await p.put(`/api/retention/quests/00000000-0000-4000-8000-000000000000/activate`, {}, { token: player.token }))
        .statusCode,
    ).toBe(404);
    expect((await p.put(`/api/retention/player-quests/${started.id}/cancel`, {})).statusCode).toBe(401);
    const cancelled = await p.put(`/api/retention/player-quests/${started.id}/cancel`, {}, { token: player.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: Quest }>().data.state).toBe(1);
    expect(
      (await p.put(`/api/retention/player-quests/${started.id}/cancel`, {}, { token: player.token })).statusCode,
    ).toBe(409);
    expect(await playerQuests(player)).toEqual([]);
    const restarted = await activate(quest.id, player);
    expect(restarted.id).not.toBe(started.id);
  });

  it('expires a running quest at its end through the expiry job; later activity does not count', async () => {
    const quest = await createQuest({ durationSeconds: 3600 });
    const { player, bet } = await slotPlayer();
    const started = await activate(quest.id, player);
    expect(Date.parse(started.endAt ?? '') - Date.now()).toBeGreaterThan(59 * MINUTE);
    const job = await t.db
      .selectFrom('jobs')
      .select(['kind', 'run_at'])
      .where('key', '=', expireJobKey(started.id))
      .executeTakeFirst();
    expect(job?.kind).toBe(EXPIRE_JOB);
    // Time passes: the end moves into the past (no service moves it).
    await sql`update player_quests set ends_at = now() - interval '1 second' where id = ${started.id}`.execute(t.db);
    expect((await playerQuests(player, '&state[]=5&state[]=6')).map((q) => [q.id, q.state])).toEqual([[started.id, 5]]);
    await bet('exp-1', 100);
    await t.app.activity.drain();
    expect(await t.app.quests.expire(started.id)).toBe(true);
    expect(await t.app.quests.expire(started.id)).toBe(false);
    const expired = await playerQuest(player, started.id);
    expect(expired).toMatchObject({ state: 5 });
    expect(progressOf(expired)).toEqual([0]);
    expect(
      (await p.put(`/api/retention/player-quests/${started.id}/cancel`, {}, { token: player.token })).statusCode,
    ).toBe(409);
    // Expired: it can be started again.
    await activate(quest.id, player);
  });
});

describe('progress', () => {
  it('counts bets by game and stake bounds, with per-currency overrides; rolled-back bets are taken back', async () => {
    const quest = await createQuest({
      tasks: [
        betTask(1, 5, { games: ['aurora-wilds'], spinAmount: 1, maxSpinAmount: 5 }),
        betTask(2, 5, { games: ['dice'] }),
        betTask(3, 5, { spinAmount: 100, currencies: [{ isoCode: 'USD', spinAmount: 2, maxSpinAmount: null }] }),
      ],
    });
    const { player, bet, rollback } = await slotPlayer();
    // Before the activation: does not count.
    await bet('b-0', 200);
    const started = await activate(quest.id, player);
    await bet('b-1', 200); // 2 USD: tasks 1 and 3
    await bet('b-2', 50); // 0.5 USD: below both minimums
    await bet('b-3', 600); // 6 USD: above task 1's maximum, task 3
    const undone = await bet('b-4', 300); // task 1 and 3, then rolled back
    await t.app.activity.drain();
    expect(progressOf(await playerQuest(player, started.id))).toEqual([2, 0, 3]);
    await rollback('b-4', undone);
    await t.app.activity.drain();
    expect(progressOf(await playerQuest(player, started.id))).toEqual([1, 0, 2]);
  });

  it('counts wins by multiplier and payout bounds', async () => {
    const quest = await createQuest({
      tasks: [
        {
          type: 3,
          name: 'Win 2x to 10x',
          quantity: 5,
          executionOrder: 1,
          conditions: { games: ['aurora-wilds'], multiplier: 2, maxMultiplier: 10 },
        },
        {
          type: 3,
          name: 'Win 3 to 8',
          quantity: 5,
          executionOrder: 2,
          conditions: { minPayout: 100, currencies: [{ isoCode: 'USD', minPayout: 3, maxPayout: 8 }] },
        },
      ],
    });
    const { player, bet, win } = await slotPlayer();
    const started = await activate(quest.id, player);
    await bet('w-1', 100);
    await win('w-1', 300); // 3x, 3 USD: both
    await bet('w-2', 100);
    await win('w-2', 150); // 1.5x, 1.5 USD: neither
    await bet('w-3', 100);
    await win('w-3', 1200); // 12x, 12 USD: neither
    await bet('w-4', 400);
    await win('w-4', 800); // 2x, 8 USD: both
    await t.app.activity.drain();
    expect(progressOf(await playerQuest(player, started.id))).toEqual([2, 2]);
  });

  it('counts deposits within their bounds and profile fields once filled', async () => {
    const quest = await createQuest({
      tasks: [
        {
          type: 6,
          name: 'Deposit 10 to 100',
          quantity: 3,
          executionOrder: 1,
          conditions: {
            minAmount: 10,
            maxAmount: 100,
            currencies: [{ isoCode: 'EUR', minAmount: 50, maxAmount: null }],
          },
        },
        {
          type: 2,
          name: 'City and address',
          quantity: 2,
          executionOrder: 2,
          conditions: { fields: ['city', 'address'] },
        },
      ],
    });
    const player = await p.registerByEmail({ currency: 'USD' });
    const started = await activate(quest.id, player);
    await deposit(player, 10_00n); // counts
    await deposit(player, 5_00n); // below
    await deposit(player, 500_00n); // above
    await deposit(player, 20_00n, 'EUR'); // below EUR's override
    await deposit(player, 60_00n, 'EUR'); // counts
    const saved = await p.put('/api/player/profile', { city: 'Lisbon' }, { token: player.token });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.activity.drain();
    expect(progressOf(await playerQuest(player, started.id))).toEqual([2, 1]);
    const nick = await p.put('/api/player/profile', { address: '1 Main Street' }, { token: player.token });
    expect(nick.statusCode, nick.body).toBe(200);
    await t.app.activity.drain();
    const after = await playerQuest(player, started.id);
    expect(progressOf(after)).toEqual([2, 2]);
    expect(after.tasks.map((task) => task.isCompleted)).toEqual([false, true]);
  });

  it('advances every task in any order, only the active task in a sequential quest', async () => {
    const tasks = [betTask(1, 2, { spinAmount: 5 }), betTask(2, 2)];
    const anyOrder = await createQuest({ taskExecutionOrder: 1, tasks });
    const sequential = await createQuest({ taskExecutionOrder: 2, tasks });
    const { player, bet } = await slotPlayer();
    const a = await activate(anyOrder.id, player);
    const s = await activate(sequential.id, player);
    expect(s.tasks.map((task) => task.isActive)).toEqual([true, false]);
    await bet('s-1', 100); // 1 USD: below task 1's minimum
    await bet('s-2', 100);
    await t.app.activity.drain();
    expect(progressOf(await playerQuest(player, a.id))).toEqual([0, 2]);
    // Sequential: task 2 waits for task 1.
    expect(progressOf(await playerQuest(player, s.id))).toEqual([0, 0]);
    await bet('s-3', 500);
    await bet('s-4', 500);
    await bet('s-5', 100);
    await t.app.activity.drain();
    const seq = await playerQuest(player, s.id);
    expect(progressOf(seq)).toEqual([2, 1]);
    expect(seq.tasks.map((task) => [task.isCompleted, task.isActive])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe('completion and rewards', () => {
  it('completes a quest, grants its bonus and points once even when the stream is drained twice', async () => {
    const bonusId = await createManualCashBonus(t, `Quest reward ${++counter}`);
    const quest = await createQuest({
      taskExecutionOrder: 2,
      tasks: [betTask(1, 1), betTask(2, 1)],
      rewards: [
        { type: 1, amount: 10, isoCode: 'USD', bonusId },
        { type: 2, amount: 40, isoCode: 'PTS' },
        { type: 3, amount: 1, isoCode: 'SPIN' },
      ],
    });
    const { player, bet } = await slotPlayer();
    const started = await activate(quest.id, player);
    const account = async () =>
      (await p.get('/api/retention/account', { token: player.token })).json<{ data: { points: number } }>().data.points;
    const pointsBefore = await account();
    await bet('c-1', 100);
    await bet('c-2', 100);
    await bet('c-3', 100);
    await t.app.activity.drain();
    await t.app.activity.drain();
    const completed = await playerQuests(player, '&state[]=3&state[]=4');
    expect(completed.map((q) => [q.id, q.state])).toEqual([[started.id, 3]]);
    expect(progressOf(completed[0] as Quest)).toEqual([1, 1]);
    expect(await playerQuests(player, '&state[]=2')).toEqual([]);
    const grants = await sql<{ n: string }>`select count(*)::text as n from player_bonuses
      where player_id = ${player.id} and bonus_id = ${bonusId}`.execute(t.db);
    expect(grants.rows[0]?.n).toBe('1');
    // The stake's own loyalty points aside, the quest's 40 come once.
    const awards = await sql<{ source: string }>`select source from loyalty_point_entries
      where player_id = ${player.id} and source like ${`quest:${started.id}:%`}`.execute(t.db);
    expect(awards.rows.map((r) => r.source)).toEqual([`quest:${started.id}:1`]);
    expect((await account()) - pointsBefore).toBeGreaterThanOrEqual(40);
    // Completed: not offered again, and it cannot start twice.
    const offer = (await p.get('/api/retention/quests?perPage=100', { token: player.token })).json<{ data: Quest[] }>();
    expect(offer.data.map((q) => q.id)).not.toContain(quest.id);
    expect((await p.put(`/api/retention/quests/${quest.id}/activate`, {}, { token: player.token })).statusCode).toBe(
      409,
    );
  });
});
