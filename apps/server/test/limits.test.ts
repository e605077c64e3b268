import { limitSchema, type Limit } from '@croupier/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_KEY, fixtures, useGameProvider, useTestServer } from './fixtures';
import { dataOf, paymentsClient, WEBHOOK_SECRET } from './payments-helpers';
import { errorOf } from './players';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * Bet, loss and deposit limits (docs/player-protection.md, "Limits"), with a clock the tests
 * move: a decrease applies now, an increase or removal after 24 hours, periods roll over,
 * the tightest limit wins, loss is stakes minus wins, and every money path refuses what
 * would pass a limit, parallel bursts included.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Starts at the real time: rounds and deposits are stamped by the database's clock, so the
// running periods must hold them; moving forward rolls the periods over.
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const advance = (ms: number) => {
  offsetMs += ms;
};
// Each test starts at the real time again (its rounds and deposits are stamped now).
beforeEach(() => {
  offsetMs = 0;
});

const PROVIDER = 'northern-lights';
const SECRET = 'northern-lights-test-secret';
const GAME = 'aurora-wilds';

const t = useTestServer(
  {
    ADMIN_API_KEY: ADMIN_KEY,
    PAYMENTS_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENTS_SANDBOX_ASYNC_DELAY_MS: '20',
    PAYMENTS_SANDBOX_PAYOUT_DELAY_MS: '20',
    RATE_LIMIT_PER_MINUTE: '100000',
  },
  { app: { now } },
);
const { call: providerCall } = useGameProvider(t, PROVIDER, SECRET, { app: { now } });
const f = fixtures(t);
const { p, dice } = f;
const c = paymentsClient(t);

const limitsOf = async (token: string): Promise<Limit[]> =>
  dataOf(await p.get('/api/player/limits', { token }), z.array(limitSchema));

async function addLimit(token: string, body: Record<string, unknown>): Promise<Limit> {
  const response = await p.post('/api/player/limits', body, { token });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(response, limitSchema);
}

let tx = 0;
const txId = (label: string) => `${label}-${++tx}-${Date.now()}`;

describe('limits API', () => {
  it('validates a cash limit per field, one per definition, period and currency', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const missing = await p.post('/api/player/limits', { definition: 1 }, { token: player.token });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(errorOf(missing).fields ?? {}).sort()).toEqual(['amount', 'currency', 'period']);
    const badAmount = await p.post(
      '/api/player/limits',
      { definition: 2, period: 'daily', currency: 'USD', amount: -5 },
      { token: player.token },
    );
    expect(badAmount.statusCode).toBe(422);
    expect(errorOf(badAmount).fields).toHaveProperty('amount');
    const otherCurrency = await p.post(
      '/api/player/limits',
      { definition: 3, period: 'weekly', currency: 'EUR', amount: 10 },
      { token: player.token },
    );
    expect(otherCurrency.statusCode).toBe(422);
    expect(errorOf(otherCurrency).fields).toHaveProperty('currency');

    const limit = await addLimit(player.token, { definition: 3, period: 'weekly', currency: 'USD', amount: 50.5 });
    expect(limit).toMatchObject({
      definition: 3,
      status: 1,
      amount: 50.5,
      currentAmount: 0,
      currency: 'USD',
      period: 'weekly',
      cancelProcess: false,
      pendingExist: false,
      expiredAt: null,
    });
    const twice = await p.post(
      '/api/player/limits',
      { definition: 3, period: 'weekly', currency: 'USD', amount: 20 },
      { token: player.token },
    );
    expect(twice.statusCode).toBe(422);
    expect(await limitsOf(player.token)).toHaveLength(1);

    // Another player's limit is unknown to this one.
    const other = await p.registerByEmail({ currency: 'USD' });
    const edit = await p.put(`/api/player/limits/${limit.id}`, { amount: 1 }, { token: other.token });
    expect(edit.statusCode).toBe(404);
    const remove = await p.delete(`/api/player/limits/${limit.id}`, { token: other.token });
    expect(remove.statusCode).toBe(404);
    expect((await limitsOf(player.token))[0]?.amount).toBe(50.5);
  });

  it('a decrease applies at once; an increase and a removal only after 24 hours', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const limit = await addLimit(player.token, { definition: 2, period: 'daily', currency: 'USD', amount: 10 });

    const lowered = dataOf(
      await p.put(`/api/player/limits/${limit.id}`, { amount: 5 }, { token: player.token }),
      limitSchema,
    );
    expect(lowered).toMatchObject({ amount: 5, pendingExist: false, status: 1 });

    const raised = dataOf(
      await p.put(`/api/player/limits/${limit.id}`, { amount: 20 }, { token: player.token }),
      limitSchema,
    );
    expect(raised).toMatchObject({ amount: 5, pendingExist: true, pendingAmount: 20, status: 2 });
    const dueAt = Date.parse(raised.expiredAt ?? '');
    expect(dueAt - now().getTime()).toBeGreaterThan(DAY_MS - 60_000);
    expect(dueAt - now().getTime()).toBeLessThanOrEqual(DAY_MS);

    advance(DAY_MS - HOUR_MS);
    expect((await limitsOf(player.token))[0]).toMatchObject({ amount: 5, pendingExist: true });
    advance(HOUR_MS);
    expect((await limitsOf(player.token))[0]).toMatchObject({ amount: 20, pendingExist: false, expiredAt: null });

    // Lowering drops a pending increase.
    await p.put(`/api/player/limits/${limit.id}`, { amount: 30 }, { token: player.token });
    const again = dataOf(
      await p.put(`/api/player/limits/${limit.id}`, { amount: 15 }, { token: player.token }),
      limitSchema,
    );
    expect(again).toMatchObject({ amount: 15, pendingExist: false, pendingAmount: null });

    const removing = dataOf(await p.delete(`/api/player/limits/${limit.id}`, { token: player.token }), limitSchema);
    expect(removing).toMatchObject({ cancelProcess: true, amount: 15 });
    const locked = await p.put(`/api/player/limits/${limit.id}`, { amount: 1 }, { token: player.token });
    expect(locked.statusCode).toBe(422);
    advance(DAY_MS - 1000);
    expect(await limitsOf(player.token)).toHaveLength(1);
    advance(1000);
    // Set again once the removal is due, before anything read the list.
    const removed = await addLimit(player.token, { definition: 2, period: 'daily', currency: 'USD', amount: 10 });
    advance(DAY_MS);
    expect((await limitsOf(player.token)).map((l) => l.id)).toEqual([removed.id]);
    await p.delete(`/api/player/limits/${removed.id}`, { token: player.token });
    advance(DAY_MS);
    expect(await limitsOf(player.token)).toEqual([]);
  });
});

describe('bet and loss limits in the in-house games', () => {
  it('a bet limit refuses the round that would pass it (14100) and counts what the period staked before', async () => {
    const { player, session, accountId } = await f.playerWithSession('dice', 100_00n);
    expect((await dice(session, 2)).statusCode).toBe(200);
    const limit = await addLimit(player.token, { definition: 1, period: 'daily', currency: 'USD', amount: 7 });
    // The round before the limit counts: the period's stakes are 2.
    expect(limit.currentAmount).toBe(2);
    expect((await dice(session, 2)).statusCode).toBe(200);
    expect((await dice(session, 2)).statusCode).toBe(200);
    const balance = (await balancesOf(t.db, accountId)).real;
    const refused = await dice(session, 2);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).code).toBe(14100);
    // Nothing moved for the refused round.
    expect((await balancesOf(t.db, accountId)).real).toBe(balance);
    // 1 more still fits exactly.
    expect((await dice(session, 1)).statusCode).toBe(200);
    expect((await limitsOf(player.token))[0]?.currentAmount).toBe(7);
    const launch = await p.post('/api/game/games/dice/play', { demoMode: false }, { token: player.token });
    expect(launch.statusCode).toBe(400);
    expect(errorOf(launch).code).toBe(14100);
    // Demo play is not limited.
    expect((await p.post('/api/game/games/dice/play', { demoMode: true }, { token: player.token })).statusCode).toBe(
      200,
    );

    // The next day the period has rolled over.
    advance(DAY_MS);
    const next = await limitsOf(player.token);
    expect(next[0]?.currentAmount).toBe(0);
    expect((await dice(session, 2)).statusCode).toBe(200);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('loss is stakes minus wins, exactly; a round that could pass the loss limit is refused (14101)', async () => {
    const { player, session } = await f.playerWithSession('dice', 1_000_00n);
    await addLimit(player.token, { definition: 2, period: 'daily', currency: 'USD', amount: 10 });
    await addLimit(player.token, { definition: 2, period: 'weekly', currency: 'USD', amount: 100 });
    let lossMinor = 0n;
    let refusals = 0;
    for (let i = 0; i < 60; i += 1) {
      const response = await dice(session, 1);
      if (response.statusCode === 200) {
        // The stake fitted: the loss before it left room for the whole stake.
        expect(lossMinor + 100n).toBeLessThanOrEqual(1000n);
        const round = response.json<{ data: { round: { payout: number } } }>().data.round;
        lossMinor += 100n - BigInt(Math.round(round.payout * 100));
      } else {
        expect(errorOf(response).code).toBe(14101);
        expect(lossMinor + 100n).toBeGreaterThan(1000n);
        refusals += 1;
        break;
      }
    }
    const shown = Number(lossMinor > 0n ? lossMinor : 0n) / 100;
    const limits = await limitsOf(player.token);
    expect(limits.find((l) => l.period === 'daily')?.currentAmount).toBe(shown);
    expect(limits.find((l) => l.period === 'weekly')?.currentAmount).toBe(shown);
    expect(refusals).toBeLessThanOrEqual(1);
  });

  it('where several limits apply the tightest remaining one wins, each rolling over with its period', async () => {
    // Rounds are counted by the clock's periods: start on a Monday so that the days below share a week.
    const real = new Date();
    const sinceMonday = (real.getUTCDay() + 6) % 7;
    const monday = Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate() - sinceMonday + 7, 10);
    const { player, session } = await f.playerWithSession('dice', 1_000_00n);
    offsetMs = monday - Date.now();
    await addLimit(player.token, { definition: 1, period: 'daily', currency: 'USD', amount: 10 });
    await addLimit(player.token, { definition: 1, period: 'weekly', currency: 'USD', amount: 25 });
    const playUntilRefused = async () => {
      let played = 0;
      for (;;) {
        const response = await dice(session, 2);
        if (response.statusCode !== 200) {
          expect(errorOf(response).code).toBe(14100);
          return played;
        }
        played += 1;
      }
    };
    // Daily 10 and weekly 25: 5 rounds of 2 a day, then the week's 25 leaves 2 rounds on day 3.
    expect(await playUntilRefused()).toBe(5);
    advance(DAY_MS);
    expect(await playUntilRefused()).toBe(5);
    advance(DAY_MS);
    expect(await playUntilRefused()).toBe(2);
    const limits = await limitsOf(player.token);
    expect(limits.find((l) => l.period === 'daily')?.currentAmount).toBe(4);
    expect(limits.find((l) => l.period === 'weekly')?.currentAmount).toBe(24);
    // The next Monday starts a new week.
    advance(5 * DAY_MS);
    expect(await playUntilRefused()).toBe(5);
  });

  it('a burst of parallel rounds cannot pass a bet limit together', async () => {
    const { player, session } = await f.playerWithSession('dice', 1_000_00n);
    await addLimit(player.token, { definition: 1, period: 'monthly', currency: 'USD', amount: 10 });
    const responses = await Promise.all(Array.from({ length: 24 }, () => dice(session, 1)));
    const ok = responses.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(10);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) expect(errorOf(refused).code).toBe(14100);
    expect((await limitsOf(player.token))[0]?.currentAmount).toBe(10);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('limits on third-party bets through the game wallet', () => {
  it('answers LIMIT_REACHED to a bet past a loss limit; wins and rollbacks give room back', async () => {
    const { player, session: token, accountId } = await f.playerWithSession(GAME, 100_00n);
    await addLimit(player.token, { definition: 2, period: 'daily', currency: 'USD', amount: 10 });
    const bet = (amount: number) =>
      providerCall('bet', { token, transactionId: txId('bet'), roundId: txId('r'), amount, currency: 'USD' });
    expect(await bet(6_00)).toMatchObject({ status: 'OK' });
    expect(await bet(5_00)).toMatchObject({ status: 'LIMIT_REACHED', balance: 94_00 });
    // A win of 3 lowers the loss to 3: 5 fits again.
    expect(
      await providerCall('win', { token, transactionId: txId('win'), roundId: 'w1', amount: 3_00, currency: 'USD' }),
    ).toMatchObject({ status: 'OK' });
    const second = { token, transactionId: txId('bet'), roundId: 'r-rb', amount: 5_00, currency: 'USD' };
    expect(await providerCall('bet', second)).toMatchObject({ status: 'OK' });
    expect((await limitsOf(player.token))[0]?.currentAmount).toBe(8);
    // Its rollback takes the stake back off the loss.
    await providerCall('rollback', {
      token,
      transactionId: txId('rb'),
      referenceTransactionId: second.transactionId,
      roundId: 'r-rb',
    });
    expect((await limitsOf(player.token))[0]?.currentAmount).toBe(3);
    expect((await balancesOf(t.db, accountId)).real).toBe(97_00n);
    const parallel = await Promise.all(Array.from({ length: 12 }, () => bet(1_00)));
    expect(parallel.filter((a) => a.status === 'OK')).toHaveLength(7);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('deposit limits', () => {
  it('refuses the deposit that would pass the limit and the methods once it is reached (13100)', async () => {
    const payer = await c.payer({ currency: 'USD' });
    await addLimit(payer.token, { definition: 3, period: 'daily', currency: 'USD', amount: 50 });
    const first = await c.deposit(payer, { method: 'sandbox.card', amount: 30 });
    expect(first.statusCode, first.body).toBe(200);
    const over = await c.deposit(payer, { method: 'sandbox.card', amount: 25 });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).code).toBe(13100);
    expect((await limitsOf(payer.token))[0]?.currentAmount).toBe(30);
    // Parallel deposits queue on the limit: of four of 10, two fit.
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => c.deposit(payer, { method: 'sandbox.card', amount: 10 })),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const methods = await p.get('/api/payment/methods/deposit?currency=USD', { token: payer.token });
    expect(methods.statusCode).toBe(400);
    expect(errorOf(methods).code).toBe(13100);
    expect((await limitsOf(payer.token))[0]?.currentAmount).toBe(50);
    advance(DAY_MS);
    const later = await p.get('/api/payment/methods/deposit?currency=USD', { token: payer.token });
    expect(later.statusCode, later.body).toBe(200);
  });
});
