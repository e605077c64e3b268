import {
  toMajorAmount,
  type AmountCurrency,
  type OriginalsFreespinAfter,
  type OriginalsRound,
} from '@croupier/contract';
import { AppError } from '../../lib/errors';
import { newRoundRefusal, WalletRefusal } from '../game-wallet';
import type { FreespinGrant } from './freespin-source';
import { playSlot } from './one-shot';
import { stakeable, type OriginalsDeps, type OriginalsRounds, type PlaySession } from './rounds';

/**
 * A bonus's free spin on the slot (docs/bonuses.md, "Free spins"): a round like any other —
 * the next nonce of the player's seed pair, provably fair, stored and recalled — whose stake
 * is the grant's bet value and which moves no money: no ledger posting, no game-wallet bet,
 * no wagering, no turn-over. In one transaction: the spin taken from the grant (which
 * refuses a grant that is not active, used up, out of time, or another account's or game's),
 * the round stored marked with its grant, and its payout added to the grant's winnings (the
 * last spin turns them into a bonus). A spin that paid anything is a winner of the winners
 * feed, as a win without a bet (`game.win-credited` with a stake of 0, in the same
 * transaction). The games run apart from the wallet or not alike: no wallet call is owed.
 */

export type FreeSpinAnswer = { round: OriginalsRound; balance: number; freespin: OriginalsFreespinAfter };

/** A grant in the frame's shape (major units of the session currency). */
export function toOriginalsFreespin(grant: FreespinGrant, currency: AmountCurrency) {
  return {
    id: grant.id,
    name: grant.name,
    count: grant.count,
    usedCount: grant.usedCount,
    remaining: Math.max(0, grant.count - grant.usedCount),
    betAmount: toMajorAmount(grant.betValueMinor, currency),
    won: toMajorAmount(grant.wonMinor, currency),
    expiresAt: grant.expiresAt?.toISOString() ?? null,
  };
}

const notHere = (message: string) => AppError.validation({ freespinId: [message] });

export function createFreeSpinRounds(deps: OriginalsDeps, rounds: OriginalsRounds) {
  return {
    async playSlot(session: PlaySession, freespinId: string): Promise<FreeSpinAnswer> {
      const source = deps.freespins;
      if (!source) throw notHere('Free spins are not available.');
      const accountId = session.account_id;
      if (session.is_demo || !accountId) throw notHere('Free spins are played for real money.');
      const gameId = await rounds.gameIdFor(session, 'slot');
      const currency = await deps.currencyOf(session.currency);
      const { id, row, after } = await rounds.inTransaction('freespinId', async (trx) => {
        // Not a bet, but a round: an ended session or a blocked player plays none.
        const refusal = newRoundRefusal(session);
        if (refusal) throw new WalletRefusal(refusal);
        const grant = await source.takeSpin(trx, { grantId: freespinId, accountId, gameId });
        const settled = await rounds.settleWithoutMoney(trx, session, {
          game: 'slot',
          gameId,
          stakeMinor: grant.betValueMinor,
          params: {},
          freespinId: grant.id,
          play: (rng, nonce) => ({ ...playSlot(grant.betValueMinor)(rng, nonce), actions: null }),
        });
        const payoutMinor = settled.played.payoutMinor;
        const grantAfter = await source.settleSpin(trx, { grantId: grant.id, payoutMinor });
        // A win without a bet for the winners feed (recorded in this transaction, published after the commit).
        if (payoutMinor > 0n) {
          await deps.appEvents?.emit('game.win-credited', {
            trx,
            session,
            roundId: settled.id,
            amountMinor: payoutMinor,
            roundTotals: { stakeMinor: 0n, wonMinor: payoutMinor },
          });
        }
        return { id: settled.id, row: settled.row, after: grantAfter };
      });
      // No money moved: the balance as it is (a winnings bonus activated now shows in the bonus balance).
      const answer = await rounds.answerOf(id, stakeable(await deps.gameWallet.balance(session)), currency, row);
      return {
        ...answer,
        freespin: {
          ...toOriginalsFreespin(after, currency),
          finished: after.status === 3,
          result: after.result,
          winningsBonus: after.winningsBonus && {
            id: after.winningsBonus.id,
            amount: toMajorAmount(after.winningsBonus.amountMinor, currency),
            activated: after.winningsBonus.activated,
          },
        },
      };
    },
  };
}
