import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLOT, useWageringServer } from './bonus-helpers';
import { balancesOf, ledgerViolations } from './wallet-helpers';

/**
 * The sportsbook side of bonus wagering (docs/bonuses.md, "Wagering"): a bet on a game of
 * catalogue type `sportsbook` counts nothing toward the casino wager; its round's stakes
 * count toward the sportsbook wager when a win settles it (lost, won or cashed out), not
 * when it is voided (rolled back). The bonus's bet bounds apply to sportsbook bets. The
 * sportsbook plays as a provider of the game wallet over its signed callbacks.
 */

/** A catalogue game of type `sportsbook` of the provider, made by this file. */
const BOOK = `sportsbook-${randomUUID().slice(0, 8)}`;

const { t, f, call, id, createBonus, activateBonus, bonusOf } = useWageringServer(
  'northern-lights-sportsbook-wagering-secret',
);

beforeAll(async () => {
  // The slot's row as a template: the same provider, another identity and type.
  const template = await t.db.selectFrom('games').selectAll().where('identity', '=', SLOT).executeTakeFirstOrThrow();
  await t.db
    .insertInto('games')
    .values({ ...template, id: randomUUID(), identity: BOOK, name: 'Sportsbook', type: 'sportsbook' })
    .execute();
});

/** A USD player with `realMinor` cents, a session of the sportsbook and one of the slot, with `bonusId` active. */
async function playerWithBonus(realMinor: bigint, bonusId: string) {
  const { player, session, accountId } = await f.playerWithSession(BOOK, realMinor);
  const slot = await f.launch(SLOT, { demoMode: false }, player.token);
  return { player, book: session, slot: slot.token, accountId, bonusId: await activateBonus(player, bonusId) };
}

/** A ticket: its bet; answers what settles or voids it. */
async function ticket(token: string, stake: number) {
  const roundId = id('ticket');
  const bet = { token, transactionId: id('bet'), roundId, amount: stake, currency: 'USD' };
  const placed = await call('bet', bet);
  return {
    roundId,
    placed,
    settle: (payout: number) =>
      call('win', { token, transactionId: id('win'), roundId, amount: payout, currency: 'USD' }),
    void: () =>
      call('rollback', { token, transactionId: id('rb'), referenceTransactionId: bet.transactionId, roundId }),
  };
}

describe('sportsbook wagering', () => {
  it('counts settled tickets toward the sportsbook wager only; a void counts nothing; casino bets stay casino', async () => {
    const bonus = await createBonus({
      name: 'Both sides',
      amounts: [{ currency: 'USD', amount: 50 }],
      wagerCasino: 1,
      wagerSportsbook: 2,
    });
    const { player, book, slot, accountId, bonusId } = await playerWithBonus(0n, bonus.id);

    // Placed: nothing counts yet (the ticket is open).
    const lost = await ticket(book, 500);
    expect(lost.placed).toMatchObject({ status: 'OK', balance: 0, bonusBalance: 4_500 });
    expect(await bonusOf(player, bonusId)).toMatchObject({
      currentWagerCasinoAmount: 0,
      currentWagerSportsbookAmount: 0,
      openedTransactionsCount: 1,
    });
    // Lost (a win of 0): the stake counts toward the sportsbook wager.
    expect(await lost.settle(0)).toMatchObject({ status: 'OK', bonusBalance: 4_500 });
    expect(await bonusOf(player, bonusId)).toMatchObject({
      currentWagerCasinoAmount: 0,
      currentWagerSportsbookAmount: 5,
      requiredWagerSportsbookAmount: 95,
      openedTransactionsCount: 0,
    });

    // Void: refunded, counts nothing.
    const voided = await ticket(book, 300);
    expect(await voided.void()).toMatchObject({ status: 'OK', bonusBalance: 4_500 });
    expect((await bonusOf(player, bonusId)).currentWagerSportsbookAmount).toBe(5);

    // Cashed out before the event ends (a win of the cash-out amount): settled, counts.
    const cashed = await ticket(book, 200);
    expect(await cashed.settle(150)).toMatchObject({ status: 'OK', bonusBalance: 4_450 });
    // Won.
    const won = await ticket(book, 100);
    expect(await won.settle(250)).toMatchObject({ status: 'OK', bonusBalance: 4_600 });
    expect(await bonusOf(player, bonusId)).toMatchObject({
      currentWagerCasinoAmount: 0,
      currentWagerSportsbookAmount: 8,
    });

    // A casino bet on the slot counts toward the casino wager at once, and not the sportsbook one.
    const spin = { token: slot, transactionId: id('bet'), roundId: id('spin'), amount: 400, currency: 'USD' };
    expect(await call('bet', spin)).toMatchObject({ status: 'OK', bonusBalance: 4_200 });
    expect(await bonusOf(player, bonusId)).toMatchObject({
      currentWagerCasinoAmount: 4,
      currentWagerSportsbookAmount: 8,
    });

    // A correction up of a settled ticket is paid like its win (bonus money: the stake was) and counts nothing again.
    expect(
      await call('resettle', { token: book, transactionId: id('rs'), roundId: won.roundId, amount: 100 }),
    ).toMatchObject({ status: 'OK', balance: 0, bonusBalance: 4_300 });
    expect(await bonusOf(player, bonusId)).toMatchObject({
      currentWagerCasinoAmount: 4,
      currentWagerSportsbookAmount: 8,
    });
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 0n, bonus: 4_300n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("applies the bonus's bet bounds to sportsbook bets: above the max refused, below the min not counted", async () => {
    const bonus = await createBonus({
      name: 'Bounded',
      amounts: [{ currency: 'USD', amount: 20 }],
      wagerSportsbook: 5,
      betRanges: [{ currency: 'USD', amountFrom: 2, amountTo: 5 }],
    });
    const { player, book, bonusId } = await playerWithBonus(0n, bonus.id);
    const big = await ticket(book, 600);
    expect(big.placed).toMatchObject({ status: 'BET_OUT_OF_LIMITS', balance: 0, bonusBalance: 2_000 });
    const small = await ticket(book, 100);
    expect(small.placed).toMatchObject({ status: 'OK', bonusBalance: 1_900 });
    await small.settle(0);
    const fair = await ticket(book, 300);
    await fair.settle(0);
    expect(await bonusOf(player, bonusId)).toMatchObject({ currentWagerSportsbookAmount: 3, status: 2 });
  });

  it('converts a bonus whose sportsbook wager is met when its last ticket settles', async () => {
    const bonus = await createBonus({
      name: 'Book only',
      amounts: [{ currency: 'USD', amount: 10 }],
      wagerSportsbook: 1,
    });
    const { player, book, accountId, bonusId } = await playerWithBonus(0n, bonus.id);
    const all = await ticket(book, 1_000);
    expect(all.placed).toMatchObject({ status: 'OK', balance: 0, bonusBalance: 0 });
    // The wager is not met while the ticket is open.
    expect(await bonusOf(player, bonusId)).toMatchObject({ status: 2, currentWagerSportsbookAmount: 0 });
    // Won: the payout is bonus money (the stake was), the wager met, the bonus becomes real money.
    expect(await all.settle(1_800)).toMatchObject({ status: 'OK', balance: 1_800, bonusBalance: 0 });
    expect(await bonusOf(player, bonusId)).toMatchObject({ status: 3, result: 2 });
    expect(await balancesOf(t.db, accountId)).toMatchObject({ real: 1_800n, bonus: 0n });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
