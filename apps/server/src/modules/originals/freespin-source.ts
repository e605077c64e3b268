import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Free spins of bonuses, as the in-house games need them: a port, implemented by the bonuses
 * module and handed over by app.ts, so that this module never imports it. Amounts in minor
 * units of the grant's currency.
 */
export interface FreespinGrant {
  id: string;
  name: string;
  count: number;
  usedCount: number;
  /** The stake of one spin. */
  betValueMinor: bigint;
  /** What the spins played so far have won. */
  wonMinor: bigint;
  expiresAt: Date | null;
  /** 1 issued, 2 active, 3 finished; result 1 open, 2 played, 3 cancelled, 4 expired. */
  status: number;
  result: number;
  /** Once finished with winnings: the bonus they became, and whether it was activated at once. */
  winningsBonus: { id: string; amountMinor: bigint; activated: boolean } | null;
}

export interface FreespinSource {
  /** The account's active grants on a game with spins and time left (the frame's session). */
  activeFor(query: { accountId: string; gameId: string }): Promise<FreespinGrant[]>;
  /**
   * Takes one spin of the grant in the round's transaction (first, before the seed pair);
   * throws the player's error when it may not be played by this account on this game.
   */
  takeSpin(
    trx: Transaction<Database>,
    spin: { grantId: string; accountId: string; gameId: string },
  ): Promise<FreespinGrant>;
  /** Adds the spin's payout to the grant, in the same transaction; the last spin finishes it. */
  settleSpin(trx: Transaction<Database>, spin: { grantId: string; payoutMinor: bigint }): Promise<FreespinGrant>;
}
