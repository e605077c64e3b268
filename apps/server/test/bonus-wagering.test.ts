import { originalsPlayResponseSchema, originalsSessionResponseSchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { SLOT, useWageringServer } from './bonus-helpers';
import { recordPublications } from './payments-helpers';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * Wagering a bonus on the bet path (docs/bonuses.md, "Wagering"): real money first, then
 * bonus money; wins paid back in the stakes' proportions; each bet counts once toward the
 * active bonus with its game type's contribution; max bet and excluded games refuse; the
 * met wager converts once, capped; a bonus whose money is gone is lost. Bets come from a
 * third-party provider (exact amounts) on a second app, and from the in-house dice.
 */

const { t, provider, p, call, id, createBonus, playerWithBonus, bonusOf } = useWageringServer(
  'northern-lights-wagering-secret',
);
const app = provider.app;

describe('wagering on third-party bets', () => {
  it('takes real money first, then bonus money; pays wins back in proportion; counts each bet once', async () => {
    const bonus = await createBonus({ name: 'Twenty', amounts: [{ currency: 'USD', amount: 20 }], wagerCasino: 10 });
    const { player, token, accountId, bonusId } = await playerWithBonus(1_000n, bonus.id);
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 1_000n, bonus: 2_000n });

    // 15 USD: 10 real, 5 bonus.
    const bet = { token, transactionId: id('bet'), roundId: id('round'), amount: 1_500, currency: 'USD' };
    expect(await call('bet', bet)).toMatchObject({ status: 'OK', balance: 0, bonusBalance: 1_500 });
    // A retry counts nothing again.
    expect(await call('bet', bet)).toMatchObject({ status: 'OK', balance: 0, bonusBalance: 1_500 });
    let shown = await bonusOf(player, bonusId);
    expect(shown).toMatchObject({
      currentWagerCasinoAmount: 15,
      requiredWagerCasinoAmount: 185,
      openedTransactionsCount: 1,
    });
    expect(shown.currentWagerPercentage).toBe(7.5);

    // A win of 30 for that round: 2/3 real (20), 1/3 bonus (10).
    const win = { token, transactionId: id('win'), roundId: bet.roundId, amount: 3_000, currency: 'USD' };
    expect(await call('win', win)).toMatchObject({ status: 'OK', balance: 2_000, bonusBalance: 2_500 });
    expect(await call('win', win)).toMatchObject({ status: 'OK', balance: 2_000, bonusBalance: 2_500 });
    shown = await bonusOf(player, bonusId);
    expect(shown).toMatchObject({ currentWagerCasinoAmount: 15, openedTransactionsCount: 0, status: 2 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a rollback refunds as paid and takes the wager back', async () => {
    const bonus = await createBonus({ name: 'Ten', amounts: [{ currency: 'USD', amount: 10 }], wagerCasino: 10 });
    const { player, token, accountId, bonusId } = await playerWithBonus(200n, bonus.id);
    const bet = { token, transactionId: id('bet'), roundId: id('round'), amount: 500, currency: 'USD' };
    expect(await call('bet', bet)).toMatchObject({ balance: 0, bonusBalance: 700 });
    expect((await bonusOf(player, bonusId)).currentWagerCasinoAmount).toBe(5);
    const rollback = {
      token,
      transactionId: id('rb'),
      referenceTransactionId: bet.transactionId,
      roundId: bet.roundId,
    };
    expect(await call('rollback', rollback)).toMatchObject({ status: 'OK', balance: 200, bonusBalance: 1_000 });
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 200n, bonus: 1_000n });
    expect(await bonusOf(player, bonusId)).toMatchObject({ currentWagerCasinoAmount: 0, openedTransactionsCount: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses a bet above the max bet and a bet of bonus money on an excluded game, with their events', async () => {
    const bonus = await createBonus({
      name: 'Narrow',
      amounts: [{ currency: 'USD', amount: 10 }],
      wagerCasino: 10,
      betRanges: [{ currency: 'USD', amountTo: 2 }],
      gameIds: ['fruit-fiesta'],
    });
    const { player, token, accountId, bonusId } = await playerWithBonus(500n, bonus.id);
    const events = recordPublications(t);
    const appEvents = recordPublicationsOn(app);
    try {
      // Above the max bet: refused, nothing moves.
      const big = await call('bet', {
        token,
        transactionId: id('bet'),
        roundId: id('r'),
        amount: 300,
        currency: 'USD',
      });
      expect(big).toMatchObject({ status: 'BET_OUT_OF_LIMITS', balance: 500, bonusBalance: 1_000 });
      // Real money on a game the bonus leaves out: allowed, and it does not count.
      const real = await call('bet', {
        token,
        transactionId: id('bet'),
        roundId: id('r'),
        amount: 200,
        currency: 'USD',
      });
      expect(real).toMatchObject({ status: 'OK', balance: 300, bonusBalance: 1_000 });
      expect((await bonusOf(player, bonusId)).currentWagerCasinoAmount).toBe(0);
      // Bonus money there: refused.
      await call('bet', { token, transactionId: id('bet'), roundId: id('r'), amount: 200, currency: 'USD' });
      const needsBonus = await call('bet', {
        token,
        transactionId: id('bet'),
        roundId: id('r'),
        amount: 200,
        currency: 'USD',
      });
      expect(needsBonus).toMatchObject({ status: 'INVALID_GAME', balance: 100, bonusBalance: 1_000 });
    } finally {
      events.stop();
      appEvents.stop();
    }
    const published = [...events.seen, ...appEvents.seen].filter((e) => e.channel === `game:bets#${player.id}`);
    expect(published.map((e) => e.data.event)).toEqual(['game.bet.max.exceed', 'game.bet.restricted']);
    expect(published[0]?.data).toMatchObject({ gameIdentity: SLOT, playerBonus: { maxBetAmount: 2, currency: 'USD' } });
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 100n, bonus: 1_000n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('converts the met wager once, capped by the max win, after the last open bet settles', async () => {
    const bonus = await createBonus({
      name: 'Capped',
      amounts: [{ currency: 'USD', amount: 10 }],
      wagerCasino: 1,
      maxWinAmounts: [{ currency: 'USD', amount: 12 }],
    });
    const { player, token, accountId, bonusId } = await playerWithBonus(0n, bonus.id);
    // 10 bonus money bet; the wager (10) is met but the round is open: no conversion yet.
    const round = id('round');
    expect(
      await call('bet', { token, transactionId: id('bet'), roundId: round, amount: 1_000, currency: 'USD' }),
    ).toMatchObject({
      status: 'OK',
      balance: 0,
      bonusBalance: 0,
    });
    expect(await bonusOf(player, bonusId)).toMatchObject({
      status: 2,
      currentWagerPercentage: 100,
      openedTransactionsCount: 1,
    });
    // The win of 50 is all bonus money (the stake was); then the conversion: 12 real, 38 back to the operator.
    expect(
      await call('win', { token, transactionId: id('win'), roundId: round, amount: 5_000, currency: 'USD' }),
    ).toMatchObject({
      status: 'OK',
      balance: 1_200,
      bonusBalance: 0,
    });
    expect(await bonusOf(player, bonusId)).toMatchObject({ status: 3, result: 2 });
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 1_200n, bonus: 0n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('converts when the rollback of the last open bet leaves the wager met (found by the property test)', async () => {
    const bonus = await createBonus({
      name: 'Met, then refunded',
      amounts: [{ currency: 'USD', amount: 10 }],
      wagerCasino: 1,
    });
    const { player, token, accountId, bonusId } = await playerWithBonus(0n, bonus.id);
    // 15 bet in two rounds: the wager (10) is met; the 3 of the second round stay open.
    const settled = id('round');
    await call('bet', { token, transactionId: id('bet'), roundId: settled, amount: 700, currency: 'USD' });
    await call('win', { token, transactionId: id('win'), roundId: settled, amount: 1_200, currency: 'USD' });
    const open = id('round');
    const betId = id('bet');
    await call('bet', { token, transactionId: betId, roundId: open, amount: 300, currency: 'USD' });
    await call('bet', { token, transactionId: id('bet'), roundId: settled, amount: 500, currency: 'USD' });
    await call('win', { token, transactionId: id('win'), roundId: settled, amount: 0, currency: 'USD' });
    expect(await bonusOf(player, bonusId)).toMatchObject({ status: 2, openedTransactionsCount: 1 });
    // Its rollback takes 3 back from the wager (15 → 12, still met) and closes the last open bet: converted.
    const refunded = await call('rollback', {
      token,
      transactionId: id('rollback'),
      referenceTransactionId: betId,
      roundId: open,
    });
    expect(refunded.status).toBe('OK');
    expect(await bonusOf(player, bonusId)).toMatchObject({ status: 3, result: 2 });
    const after = await balancesOf(t.db, accountId);
    expect(after.bonus).toBe(0n);
    expect(refunded.balance).toBe(Number(after.real));
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a bonus whose money is gone, with no open bet, is lost', async () => {
    const bonus = await createBonus({ name: 'Gone', amounts: [{ currency: 'USD', amount: 5 }], wagerCasino: 30 });
    const { player, token, bonusId } = await playerWithBonus(0n, bonus.id);
    const round = id('round');
    await call('bet', { token, transactionId: id('bet'), roundId: round, amount: 500, currency: 'USD' });
    expect((await bonusOf(player, bonusId)).status).toBe(2);
    await call('win', { token, transactionId: id('win'), roundId: round, amount: 0, currency: 'USD' });
    expect(await bonusOf(player, bonusId)).toMatchObject({ status: 3, result: 5 });
  });
});

describe('wagering on in-house rounds', () => {
  it('dice bets count at their type’s contribution, above the max bet they are refused', async () => {
    const bonus = await createBonus({
      name: 'Dice half',
      amounts: [{ currency: 'USD', amount: 50 }],
      wagerCasino: 10,
      betRanges: [{ currency: 'USD', amountTo: 5 }],
      categoryContributions: [{ category: 'instant', percentage: 50 }],
    });
    const { player, token, accountId, bonusId } = await playerWithBonus(1_000n, bonus.id, 'dice');
    const headers = { 'x-game-session': token };
    const tooBig = await p.post(
      '/api/game/originals/dice/rounds',
      { amount: 6, direction: 'under', targetHundredths: 5000 },
      { headers },
    );
    expect(tooBig.statusCode).toBe(422);
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 1_000n, bonus: 5_000n });
    for (let round = 0; round < 4; round += 1) {
      const played = await p.post(
        '/api/game/originals/dice/rounds',
        { amount: 4, direction: 'under', targetHundredths: 5000 },
        { headers },
      );
      expect(played.statusCode, played.body).toBe(200);
    }
    // 4 × 4 USD at 50 %.
    expect(await bonusOf(player, bonusId)).toMatchObject({ currentWagerCasinoAmount: 8, openedTransactionsCount: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a player with bonus money only can stake it: the frame is told real plus bonus money', async () => {
    const bonus = await createBonus({ name: 'Bonus only', amounts: [{ currency: 'USD', amount: 10 }], wagerCasino: 5 });
    const { token, accountId } = await playerWithBonus(0n, bonus.id, 'dice');
    const headers = { 'x-game-session': token };
    const session = await p.get('/api/game/originals/session', { headers });
    expect(session.statusCode, session.body).toBe(200);
    expect(originalsSessionResponseSchema.parse(session.json()).data.balance).toBe(10);
    const played = await p.post(
      '/api/game/originals/dice/rounds',
      { amount: 1, direction: 'under', targetHundredths: 5000 },
      { headers },
    );
    expect(played.statusCode, played.body).toBe(200);
    const { balance } = originalsPlayResponseSchema.parse(played.json()).data;
    const after = await balancesOf(t.db, accountId);
    // Paid from the bonus; a win goes back to it (the stake was all bonus money).
    expect(after.real).toBe(0n);
    expect(balance).toBe(Number(after.real + after.bonus) / 100);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

/** Publications on another app's bus (the provider's app publishes its own refusals). */
function recordPublicationsOn(other: {
  realtime: { bus: { subscribe(fn: (channel: string, json: string) => void): () => void } };
}) {
  const seen: { channel: string; data: Record<string, unknown> }[] = [];
  const stop = other.realtime.bus.subscribe((channel, json) => {
    seen.push({ channel, data: JSON.parse(json) as Record<string, unknown> });
  });
  return { seen, stop };
}
