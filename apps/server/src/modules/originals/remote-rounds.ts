import type { GameWalletStatus } from '@croupier/contract';
import type { GameRoundStatus } from '../../db/schema';
import type { OriginalsRepository } from './repository';
import type { RemoteWallet } from './remote-wallet';

/**
 * Rounds of the in-house games when the wallet is reached over HTTP. A round is stored
 * first with the wallet call it owes (`betting`), then each answered call moves it on:
 * betting → open (mines) or paying → settled; a refused bet → void. A call without an
 * answer is never assumed to have failed or worked: an unanswered bet is rolled back
 * (refunding → void; the wallet refuses that bet if it arrives later) and an unanswered
 * win is sent again until it is answered. Every call is idempotent on its transaction id
 * (`{roundId}:bet|win|rollback`), so a repeat after a crash or a lost answer moves no
 * money twice; the state moves are compare-and-set, so concurrent deliveries agree.
 */

/** Where a delivery left the round. */
export type Delivery =
  /** Bet taken and, for a one-shot round, win credited; or an open mines round. */
  | { outcome: 'done'; balanceMinor: bigint }
  /** The wallet refused the bet: nothing moved, the round is void. */
  | { outcome: 'refused'; status: GameWalletStatus }
  /** The bet got no answer and was rolled back: nothing moved, the round is void. */
  | { outcome: 'refunded' }
  /** A call is still owed and will be retried in the background. */
  | { outcome: 'pending'; status: 'paying' | 'refunding' }
  /** Nothing was owed (another delivery finished the round). */
  | { outcome: 'none' };

export interface RemoteRoundsOptions {
  repository: OriginalsRepository;
  wallet: RemoteWallet;
  /** How long a delivery holds a round before the background retry may take it over. */
  leaseMs: number;
  /** The first retry's delay; each later one doubles it, up to a minute. */
  retryBaseMs: number;
  onError?: (roundId: string, error: unknown) => void;
}

const MAX_RETRY_DELAY_MS = 60_000;

export function createRemoteRounds(options: RemoteRoundsOptions) {
  const { repository, wallet } = options;
  const { db } = repository;
  const lease = () => new Date(Date.now() + options.leaseMs);
  const retryAt = (attempts: number) =>
    new Date(Date.now() + Math.min(MAX_RETRY_DELAY_MS, options.retryBaseMs * 2 ** Math.min(attempts, 10)));

  /** The round goes from `from` to `to`; the owed call is rescheduled (null: nothing owed). */
  async function move(roundId: string, from: GameRoundStatus, to: 'open' | 'paying' | 'refunding', dueAt: Date | null) {
    return db.transaction().execute(async (trx) => {
      const moved = await repository.moveRound(trx, roundId, from, { status: to });
      if (moved) await repository.scheduleCall(trx, roundId, dueAt);
      return moved;
    });
  }

  /** The round is final: settled (win credited) or void; the call row and its token go. */
  async function finish(roundId: string, from: GameRoundStatus, to: 'settled' | 'void') {
    await db.transaction().execute(async (trx) => {
      const moved = await repository.moveRound(trx, roundId, from, {
        status: to,
        ...(to === 'settled' ? { settled_at: new Date() } : {}),
      });
      if (moved) await repository.deleteCall(trx, roundId);
    });
  }

  const failure = (answer: { status: GameWalletStatus } | undefined) => (answer ? answer.status : 'no answer');

  /**
   * Sends what the round owes until it rests. `recover`: a round still `betting` is rolled
   * back instead of bet (its player stopped waiting long ago).
   */
  async function deliver(roundId: string, mode: 'play' | 'recover' = 'play'): Promise<Delivery> {
    // At most: bet, then win or rollback; a lost compare-and-set re-reads the round.
    for (let pass = 0; pass < 6; pass += 1) {
      const owed = await repository.findOwedCall(db, roundId);
      if (!owed) return { outcome: 'none' };
      const token = owed.session_token;
      const base = { roundId, currency: owed.currency };
      switch (owed.status) {
        case 'betting': {
          if (mode === 'recover') {
            await move(roundId, 'betting', 'refunding', lease());
            continue;
          }
          const answer = await wallet.bet(token, {
            ...base,
            transactionId: `${roundId}:bet`,
            amountMinor: owed.stake_minor,
          });
          if (!answer) {
            await move(roundId, 'betting', 'refunding', lease());
            continue;
          }
          if (answer.status !== 'OK') {
            await finish(roundId, 'betting', 'void');
            return { outcome: 'refused', status: answer.status };
          }
          if (owed.game === 'mines') {
            // Open: nothing owed until a step ends the round.
            if (await move(roundId, 'betting', 'open', null))
              return { outcome: 'done', balanceMinor: answer.balanceMinor };
            continue;
          }
          await move(roundId, 'betting', 'paying', lease());
          continue;
        }
        case 'paying': {
          const answer = await wallet.win(token, {
            ...base,
            transactionId: `${roundId}:win`,
            amountMinor: owed.payout_minor,
          });
          if (answer?.status !== 'OK') {
            await repository.scheduleCall(db, roundId, retryAt(owed.attempts), `win: ${failure(answer)}`);
            return { outcome: 'pending', status: 'paying' };
          }
          await finish(roundId, 'paying', 'settled');
          return { outcome: 'done', balanceMinor: answer.balanceMinor };
        }
        case 'refunding': {
          const answer = await wallet.rollback(token, {
            transactionId: `${roundId}:rollback`,
            referenceTransactionId: `${roundId}:bet`,
            roundId,
          });
          if (answer?.status !== 'OK') {
            await repository.scheduleCall(db, roundId, retryAt(owed.attempts), `rollback: ${failure(answer)}`);
            return { outcome: 'pending', status: 'refunding' };
          }
          await finish(roundId, 'refunding', 'void');
          return { outcome: 'refunded' };
        }
        default:
          // open (nothing owed yet), or final.
          return { outcome: 'none' };
      }
    }
    return { outcome: 'none' };
  }

  return {
    deliver,

    /** Retries the calls that are due (up to `limit`); answers how many rounds it took. */
    async deliverDue(limit = 50): Promise<number> {
      const roundIds = await repository.claimDueCalls(db, limit, lease());
      for (const roundId of roundIds) {
        try {
          await deliver(roundId, 'recover');
        } catch (error) {
          options.onError?.(roundId, error);
        }
      }
      return roundIds.length;
    },
  };
}

export type RemoteRounds = ReturnType<typeof createRemoteRounds>;
