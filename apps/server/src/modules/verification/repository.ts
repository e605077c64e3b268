import type { VerificationStatus } from '@croupier/contract';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The player's verification (migration 0031). */
export interface PlayerVerificationTable {
  player_id: string;
  provider: string;
  status: Generated<VerificationStatus>;
  reason: string | null;
  event_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface VerificationWebhookEventTable {
  provider: string;
  event_id: string;
  player_id: string;
  type: string;
  received_at: Generated<Date>;
}

export interface VerificationSandboxApplicantTable {
  id: Generated<string>;
  external_user_id: string;
  review_status: Generated<string>;
  review_answer: string | null;
  last_body: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// The module's tables (declaration merging keeps them an addition to `Database`).
declare module '../../db/schema' {
  interface Database {
    player_verifications: PlayerVerificationTable;
    verification_webhook_events: VerificationWebhookEventTable;
    verification_sandbox_applicants: VerificationSandboxApplicantTable;
  }
}

export type PlayerVerificationRow = Selectable<PlayerVerificationTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export function createVerificationRepository(db: Db) {
  return {
    db,

    async find(q: Executor, playerId: string): Promise<PlayerVerificationRow | undefined> {
      return q.selectFrom('player_verifications').selectAll().where('player_id', '=', playerId).executeTakeFirst();
    },

    /** The row a started verification needs; an existing one keeps its status (only webhooks change it). */
    async ensure(q: Executor, playerId: string, provider: string): Promise<void> {
      await q
        .insertInto('player_verifications')
        .values({ player_id: playerId, provider })
        .onConflict((oc) => oc.column('player_id').doUpdateSet({ provider }))
        .execute();
    },

    async lock(q: Transaction<Database>, playerId: string): Promise<PlayerVerificationRow | undefined> {
      return q
        .selectFrom('player_verifications')
        .selectAll()
        .where('player_id', '=', playerId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Records an event id; false when it was recorded before (a repeated delivery). */
    async recordEvent(
      q: Transaction<Database>,
      event: { provider: string; eventId: string; playerId: string; type: string },
    ): Promise<boolean> {
      const inserted = await q
        .insertInto('verification_webhook_events')
        .values({ provider: event.provider, event_id: event.eventId, player_id: event.playerId, type: event.type })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async setStatus(
      q: Transaction<Database>,
      playerId: string,
      change: { status: VerificationStatus; reason: string | null; eventAt: Date },
    ): Promise<PlayerVerificationRow> {
      return q
        .updateTable('player_verifications')
        .set({ status: change.status, reason: change.reason, event_at: change.eventAt, updated_at: new Date() })
        .where('player_id', '=', playerId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
