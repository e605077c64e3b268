import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, adminRequest, fixtures, useGameProvider, useTestServer } from './fixtures';
import type { RegisteredPlayer } from './players';

/**
 * Loyalty (docs/loyalty.md): points from real-money stakes at the currency's rate and the
 * game's contribution, rollbacks, levels with their once-only bonus and event, awards from
 * other engines by source, the player's account and the operator's configuration.
 */

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-loyalty-secret';

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
const { call: providerCall } = useGameProvider(t, PROVIDER, SECRET);
const f = fixtures(t);
const { p, dice } = f;

interface Level {
  id: string;
  name: string;
  order: number;
  points: number;
}
interface Account {
  id: string;
  playerId: string;
  points: number;
  currentLevel: Level;
  nextLevel: Level | null;
}
interface Settings {
  rates: { currency: string; pointsPerUnit: number }[];
  contributions: { scope: string; key: string; percent: number }[];
  levelRewards: { levelId: string; bonusId: string }[];
}

let counter = 0;

async function account(player: RegisteredPlayer): Promise<Account> {
  const response = await p.get('/api/retention/account', { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Account }>().data;
}

async function setRate(currency: string, pointsPerUnit: number): Promise<void> {
  const response = await adminRequest(t, 'PUT', `/api/admin/retention/loyalty/rates/${currency}`, {
    body: { pointsPerUnit },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function setContribution(scope: 'game' | 'provider', key: string, percent: number | null): Promise<void> {
  const response = await adminRequest(t, 'PUT', '/api/admin/retention/loyalty/contributions', {
    body: { scope, key, percent },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function levels(): Promise<Level[]> {
  const response = await p.get('/api/retention/levels?sortBy=order&sortOrder=asc');
  return response.json<{ data: Level[] }>().data;
}

async function play(session: string, amount: number, rounds = 1): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const response = await dice(session, amount);
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** What the loyalty channel of a player published, in order. */
function published(playerId: string) {
  const events: { event: string; playerAccount: Account }[] = [];
  const stop = t.app.realtime.bus.subscribe((channel, json) => {
    if (channel === `retention:accounts#${playerId}`) events.push(JSON.parse(json) as (typeof events)[number]);
  });
  return { events, stop };
}

afterEach(async () => {
  // The seeded configuration again: 1 point per dollar, dice at 100 %.
  await setRate('USD', 1);
  await setContribution('game', 'dice', null);
  await setContribution('provider', PROVIDER, null);
});

describe('the loyalty account', () => {
  it('answers level 1 with 0 points for a player who has not earned any, and 401 for a guest', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const ladder = await levels();
    const data = await account(player);
    expect(data).toMatchObject({ id: player.id, playerId: player.id, points: 0 });
    expect(data.currentLevel).toMatchObject({ id: ladder[0]?.id, order: 1, points: 0 });
    expect(data.nextLevel).toMatchObject({ id: ladder[1]?.id, order: 2 });
    expect((await p.get('/api/retention/account')).statusCode).toBe(401);
  });
});

describe('points from stakes', () => {
  it('earns the real-money stake at the currency rate times the game contribution', async () => {
    await t.app.activity.drain();
    await setRate('USD', 10);
    const { player, session } = await f.playerWithSession('dice', 100_00n);
    await play(session, 1, 3);
    await t.app.activity.drain();
    expect((await account(player)).points).toBe(30);

    // Dice at 50 %: 0.25 USD earns 1.25 points; four such stakes make exactly 5.
    await setContribution('game', 'dice', 50);
    await play(session, 0.25, 3);
    await t.app.activity.drain();
    expect((await account(player)).points).toBe(33);
    await play(session, 0.25);
    await t.app.activity.drain();
    expect((await account(player)).points).toBe(35);
    const row = await sql<{ remainder: string }>`select remainder_attopoints::text as remainder
      from loyalty_accounts where player_id = ${player.id}`.execute(t.db);
    expect(row.rows[0]?.remainder).toBe('0');

    // A game's own share wins over its provider's; a provider's share applies to its games.
    await setContribution('provider', 'croupier', 0);
    await play(session, 1);
    await t.app.activity.drain();
    expect((await account(player)).points).toBe(40);
    await setContribution('game', 'dice', null);
    await play(session, 1);
    await t.app.activity.drain();
    expect((await account(player)).points).toBe(40);
    await setContribution('provider', 'croupier', null);
  });

  it('takes back the points of a rolled-back bet, as given whatever the rate is by then', async () => {
    await t.app.activity.drain();
    await setRate('USD', 2);
    const provider = await f.playerWithSession('aurora-wilds', 50_00n);
    const tx = (label: string) => `${label}-loyalty-${++counter}-${Date.now()}`;
    await providerCall('bet', {
      token: provider.session,
      transactionId: tx('bet'),
      roundId: 'lr-1',
      amount: 3_00,
      currency: 'USD',
    });
    const second = {
      token: provider.session,
      transactionId: tx('bet'),
      roundId: 'lr-2',
      amount: 2_00,
      currency: 'USD',
    };
    await providerCall('bet', second);
    await t.app.activity.drain();
    expect((await account(provider.player)).points).toBe(10);
    await setRate('USD', 7);
    await providerCall('rollback', {
      token: provider.session,
      transactionId: tx('rb'),
      referenceTransactionId: second.transactionId,
      roundId: 'lr-2',
    });
    await t.app.activity.drain();
    expect((await account(provider.player)).points).toBe(6);
  });

  it('earns only on the real-money part of a stake', async () => {
    await t.app.activity.drain();
    await setRate('USD', 1);
    const created = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        type: 1,
        trigger: 'manual',
        name: `Loyalty bonus money ${++counter}`,
        amounts: [{ currency: 'USD', amount: 20 }],
        wagerCasino: 10,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { player, session } = await f.playerWithSession('aurora-wilds', 10_00n);
    const issued = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
      body: { bonusId: created.json<{ data: { id: string } }>().data.id, currency: 'USD' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const bonusId = issued.json<{ data: { id: string } }>().data.id;
    const activated = await p.put(`/api/game/player-bonuses/${bonusId}/activate`, undefined, { token: player.token });
    expect(activated.statusCode, activated.body).toBe(200);
    // 15 USD staked: 10 real, 5 bonus money: 10 points.
    await providerCall('bet', {
      token: session,
      transactionId: `bonus-bet-${++counter}-${Date.now()}`,
      roundId: `bonus-round-${counter}`,
      amount: 15_00,
      currency: 'USD',
    });
    await t.app.activity.drain();
    expect((await account(player)).points).toBe(10);
  });

  it('earns nothing in a currency without a rate', async () => {
    await t.app.activity.drain();
    await setRate('USD', 0);
    const { player, session } = await f.playerWithSession('dice', 10_00n);
    await play(session, 1, 2);
    await t.app.activity.drain();
    expect((await account(player)).points).toBe(0);
  });
});

describe('levels', () => {
  it('reaches a level once: its event, its bonus once however often the stream is drained', async () => {
    const bonus = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        name: `Loyalty level bonus ${++counter}`,
        type: 1,
        trigger: 'manual',
        baseCurrencyAmount: 5,
        wagerCasino: 1,
        perPlayerLimit: null,
      },
    });
    expect(bonus.statusCode, bonus.body).toBe(201);
    const bonusId = bonus.json<{ data: { id: string } }>().data.id;
    const [bronze, silver, gold] = await levels();
    if (!bronze || !silver || !gold) throw new Error('the seeded ladder');
    const reward = await adminRequest(t, 'PUT', `/api/admin/retention/loyalty/levels/${silver.id}/reward`, {
      body: { bonusId },
    });
    expect(reward.statusCode, reward.body).toBe(200);
    expect(reward.json<{ data: Settings }>().data.levelRewards).toContainEqual({ levelId: silver.id, bonusId });

    await t.app.activity.drain();
    // One dollar is worth Silver's threshold.
    await setRate('USD', silver.points);
    const { player, session } = await f.playerWithSession('dice', 100_00n);
    const channel = published(player.id);
    await play(session, 1);
    await t.app.activity.drain();
    await t.app.activity.drain();
    channel.stop();
    const data = await account(player);
    expect(data.points).toBe(silver.points);
    expect(data.currentLevel.id).toBe(silver.id);
    expect(data.nextLevel?.id).toBe(gold.id);
    expect(channel.events.map((e) => e.event)).toEqual(['account.level.updated', 'account.balance.updated']);
    expect(channel.events[0]?.playerAccount.currentLevel.order).toBe(2);

    const given = await sql<{ n: string }>`select count(*)::text as n from player_bonuses
      where player_id = ${player.id} and bonus_id = ${bonusId}`.execute(t.db);
    expect(given.rows[0]?.n).toBe('1');
    // The messenger reacts to the app event with its system message.
    const messages = await p.get('/api/notification/messenger/messages', { token: player.token });
    expect(messages.json<{ meta: { totalRows: number } }>().meta.totalRows).toBeGreaterThan(0);

    // Staying on the level publishes the balance only; no second bonus.
    const again = published(player.id);
    await play(session, 0.5);
    await t.app.activity.drain();
    again.stop();
    expect(again.events.map((e) => e.event)).toEqual(['account.balance.updated']);
    const still = await sql<{ n: string }>`select count(*)::text as n from player_bonuses
      where player_id = ${player.id} and bonus_id = ${bonusId}`.execute(t.db);
    expect(still.rows[0]?.n).toBe('1');

    const removed = await adminRequest(t, 'PUT', `/api/admin/retention/loyalty/levels/${silver.id}/reward`, {
      body: { bonusId: null },
    });
    expect(removed.json<{ data: Settings }>().data.levelRewards).toEqual([]);
  });

  it('awards points by source once, with the level logic', async () => {
    const [, silver] = await levels();
    if (!silver) throw new Error('the seeded ladder');
    const player = await p.registerByEmail({ currency: 'USD' });
    const award = () =>
      t.app.realtime.events.transaction((trx) =>
        t.app.loyalty.awardPointsIn(trx, { playerId: player.id, points: silver.points, source: 'quest:test-1' }),
      );
    const first = await award();
    expect(first?.currentLevel.id).toBe(silver.id);
    expect(await award()).toBeUndefined();
    const data = await account(player);
    expect(data.points).toBe(silver.points);
    expect(data.currentLevel.id).toBe(silver.id);
    await t.app.realtime.events.transaction((trx) =>
      t.app.loyalty.awardPointsIn(trx, { playerId: player.id, points: 3, source: 'quest:test-2' }),
    );
    expect((await account(player)).points).toBe(silver.points + 3);
  });
});

describe('the operator API', () => {
  it('needs the admin key', async () => {
    expect((await p.get('/api/admin/retention/loyalty')).statusCode).toBe(401);
    const player = await p.registerByEmail({ currency: 'USD' });
    const asPlayer = await p.put(
      '/api/admin/retention/loyalty/rates/USD',
      { pointsPerUnit: 5 },
      { token: player.token },
    );
    expect(asPlayer.statusCode).toBe(401);
    const wrong = await adminRequest(t, 'GET', '/api/admin/retention/loyalty', { key: 'not-the-key' });
    expect(wrong.statusCode).toBe(401);
  });

  it('lists the seeded configuration and validates changes', async () => {
    const response = await adminRequest(t, 'GET', '/api/admin/retention/loyalty');
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json<{ data: Settings }>().data;
    expect(settings.rates).toContainEqual({ currency: 'USD', pointsPerUnit: 1 });
    expect(settings.rates).toContainEqual({ currency: 'BTC', pointsPerUnit: 95_000 });
    expect(settings.contributions).toContainEqual({ scope: 'game', key: 'roulette', percent: 20 });

    const bad = async (method: 'PUT', url: string, body: Record<string, unknown>, status = 422) => {
      const answer = await adminRequest(t, method, url, { body });
      expect(answer.statusCode, `${url} ${JSON.stringify(body)}: ${answer.body}`).toBe(status);
    };
    await bad('PUT', '/api/admin/retention/loyalty/rates/USD', { pointsPerUnit: -1 });
    await bad('PUT', '/api/admin/retention/loyalty/rates/USD', { pointsPerUnit: 0.0000001 });
    await bad('PUT', '/api/admin/retention/loyalty/rates/XYZ', { pointsPerUnit: 1 });
    await bad('PUT', '/api/admin/retention/loyalty/contributions', { scope: 'game', key: 'dice', percent: 101 });
    await bad('PUT', '/api/admin/retention/loyalty/contributions', { scope: 'studio', key: 'dice', percent: 50 });
    await bad('PUT', '/api/admin/retention/loyalty/contributions', { scope: 'game', key: '', percent: 50 });
    const [bronze] = await levels();
    await bad('PUT', `/api/admin/retention/loyalty/levels/${bronze?.id}/reward`, {
      bonusId: '00000000-0000-4000-8000-000000000000',
    });
    await bad('PUT', `/api/admin/retention/loyalty/levels/${bronze?.id}/reward`, { bonusId: 'nope' });
    await bad(
      'PUT',
      '/api/admin/retention/loyalty/levels/00000000-0000-4000-8000-000000000000/reward',
      { bonusId: null },
      404,
    );

    await setRate('USD', 2.5);
    const after = await adminRequest(t, 'GET', '/api/admin/retention/loyalty');
    expect(after.json<{ data: Settings }>().data.rates).toContainEqual({ currency: 'USD', pointsPerUnit: 2.5 });
  });
});
