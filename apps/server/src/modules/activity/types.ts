import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * One thing a player did, as the engines that react to play (loyalty, quests, wheels,
 * referrals, tournaments) see it. Records come in commit order (by transaction id) and each
 * reaches each consumer exactly once (docs/activity.md).
 */
export type ActivityRecord = GameActivity | DepositActivity | ProfileActivity | SignInActivity;

interface ActivityBase {
  /** Unique across the stream: `g:{game wallet row id}` or `a:{activity row id}`. */
  id: string;
  playerId: string;
  occurredAt: Date;
}

/** A settled real-money game call (demo play is not activity). */
export interface GameActivity extends ActivityBase {
  kind: 'bet' | 'win' | 'rollback';
  accountId: string;
  currency: string;
  /** Bet: the stake. Win: the payout. Rollback: the amount of the call it undid. */
  amountMinor: bigint;
  /** The part of a bet paid with bonus money (0 for wins and rollbacks). */
  bonusMinor: bigint;
  gameId: string;
  /** The game's identity (slug), as quest conditions name games. */
  gameIdentity: string;
  provider: string;
  roundId: string;
  /** A free round from a free-spins grant (no money was staked). */
  freeRound: boolean;
  /**
   * Win: the round's stake (its bets not rolled back) when the win was recorded, so that
   * win / stake is the round's multiplier. Bet and rollback: 0.
   */
  roundStakeMinor: bigint;
  /** Rollback: which call it undid. */
  undid: 'bet' | 'win' | null;
}

/** A deposit credited to the player's account. */
export interface DepositActivity extends ActivityBase {
  kind: 'deposit';
  accountId: string;
  currency: string;
  amountMinor: bigint;
  invoiceId: string;
}

/** The player's profile changed. */
export interface ProfileActivity extends ActivityBase {
  kind: 'profile';
  /** Every profile field that has a value after the change (not only the changed ones). */
  filledFields: string[];
}

/** The player signed in (a new sign-in session). */
export interface SignInActivity extends ActivityBase {
  kind: 'sign-in';
  sessionId: string;
}

/**
 * An engine reading the stream. `handle` gets the next records in commit order inside the
 * transaction that also moves the consumer's cursor past them: what it writes through `trx`
 * commits exactly once with that move, or rolls back with it and the records come again.
 * Realtime events go out with `publishAfterCommit(trx, …)`.
 */
export interface ActivityConsumer {
  /** Stable name: the cursor's key (`activity_consumers.name`). */
  name: string;
  handle(trx: Transaction<Database>, records: readonly ActivityRecord[]): Promise<void>;
}

/** What the modules that record low-volume activity (deposits, profile, sign-in) write with. */
export type NewActivity =
  | Omit<DepositActivity, 'id' | 'occurredAt'>
  | Omit<ProfileActivity, 'id' | 'occurredAt'>
  | Omit<SignInActivity, 'id' | 'occurredAt'>;
