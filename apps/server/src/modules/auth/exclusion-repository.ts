import { PlayerStatus } from '@croupier/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a cooling-off or self-exclusion reads of the excluded person (register and identity match). */
export interface ExcludedPlayer {
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  /** yyyy-mm-dd */
  birthdate: string | null;
}

/**
 * SQL of the `players` writes a cooling-off or self-exclusion makes (the table is auth's;
 * the limits module calls these in its own transactions).
 */
export function createExclusionRepository() {
  return {
    /**
     * Status 4 at once, and the marketing consents withdrawn: an excluded player receives no
     * marketing, and opts in again only by choice after the exclusion. Locks the player's
     * row, so two exclusions of one player take turns. Undefined for an unknown or blocked
     * player (a blocked one keeps status 3).
     */
    async markExcluded(q: Kysely<Database>, playerId: string): Promise<ExcludedPlayer | undefined> {
      return q
        .updateTable('players')
        .set({
          status: PlayerStatus.SELF_EXCLUDED,
          // The status to come back to (kept from the first of overlapping exclusions).
          status_before_exclusion: sql<
            number | null
          >`case when status = ${PlayerStatus.SELF_EXCLUDED} then status_before_exclusion else status end`,
          receive_email_promo: false,
          receive_sms_promo: false,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', playerId)
        .where('status', '<>', PlayerStatus.BLOCKED)
        .returning(['email', 'phone', 'first_name', 'last_name', 'birthdate'])
        .executeTakeFirst();
    },

    /**
     * Back to the status before the exclusion (active, or limited deposits) after the last one
     * ended; a status the operator changed meanwhile stays.
     */
    async reactivate(q: Kysely<Database>, playerId: string): Promise<void> {
      await q
        .updateTable('players')
        .set({
          status: sql<number>`coalesce(status_before_exclusion, ${PlayerStatus.ACTIVE})`,
          status_before_exclusion: null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', playerId)
        .where('status', '=', PlayerStatus.SELF_EXCLUDED)
        .execute();
    },

    /** The person behind the account, the row locked (an exclusion starting meanwhile waits for it). */
    async identity(q: Kysely<Database>, playerId: string): Promise<ExcludedPlayer | undefined> {
      return q
        .selectFrom('players')
        .select(['email', 'phone', 'first_name', 'last_name', 'birthdate'])
        .where('id', '=', playerId)
        .forUpdate()
        .executeTakeFirst();
    },
  };
}
