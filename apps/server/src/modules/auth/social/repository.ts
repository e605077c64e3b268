import { sql, type Generated, type Insertable } from 'kysely';
import type { Db } from '../../../db/database';
import type { PlayerTable } from '../../../db/schema';

/** Tables of migration 0006 (kept here: only this module reads or writes them). */
export interface SocialIdentityTable {
  id: Generated<string>;
  player_id: string;
  provider: string;
  subject: string;
  connection: string | null;
  email: string | null;
  email_verified: Generated<boolean>;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
}

export interface SocialLoginFlowTable {
  id: Generated<string>;
  flow_hash: string;
  binding_hash: string;
  provider: string;
  connection: string;
  client_state: string;
  code_verifier: string | null;
  nonce: string | null;
  redirect_uri: string | null;
  proof_hash: string | null;
  client_ip: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: Date | null;
}

type SocialTables = {
  social_identities: SocialIdentityTable;
  social_login_flows: SocialLoginFlowTable;
};

/** A completed flow: what the callback needs to finish the sign-in. */
export interface ConsumedFlow {
  client_state: string;
  code_verifier: string | null;
  nonce: string | null;
  redirect_uri: string | null;
}

/** The player behind an identity or an e-mail address. */
export interface LinkedPlayer {
  player_id: string;
  status: number;
  confirmed_at: Date | null;
}

export interface IdentityValues {
  provider: string;
  subject: string;
  connection: string | null;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Flows are kept a day past their end: a Telegram payload (at most a day fresh) stays
 * recorded in `proof_hash` for as long as it could be replayed.
 */
const KEEP_AFTER_EXPIRY = sql<Date>`now() - interval '1 day'`;

function identityRow(playerId: string, identity: IdentityValues): Insertable<SocialIdentityTable> {
  return {
    player_id: playerId,
    provider: identity.provider,
    subject: identity.subject,
    connection: identity.connection,
    email: identity.email,
    email_verified: identity.emailVerified,
  };
}

export function createSocialRepository(database: Db) {
  const db = database.withTables<SocialTables>();

  return {
    /** Records a started sign-in (and drops long-finished ones). */
    async insertFlow(values: Omit<Insertable<SocialLoginFlowTable>, 'expires_at'>, ttlSeconds: number): Promise<void> {
      await db.deleteFrom('social_login_flows').where('expires_at', '<', KEEP_AFTER_EXPIRY).execute();
      await db
        .insertInto('social_login_flows')
        .values({ ...values, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
        .execute();
    },

    /**
     * Completes a flow once: it must be open, unexpired, of this provider and connection,
     * started by this browser and, for Telegram, carry the payload seen at the callback.
     * Undefined for anything else (unknown, used, expired, another browser's, tampered).
     */
    async consumeFlow(match: {
      flowHash: string;
      bindingHash: string;
      provider: string;
      connection: string;
      proofHash?: string;
    }): Promise<ConsumedFlow | undefined> {
      let query = db
        .updateTable('social_login_flows')
        .set({ consumed_at: sql<Date>`now()` })
        .where('flow_hash', '=', match.flowHash)
        .where('binding_hash', '=', match.bindingHash)
        .where('provider', '=', match.provider)
        .where('connection', '=', match.connection)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`);
      if (match.proofHash !== undefined) query = query.where('proof_hash', '=', match.proofHash);
      return query.returning(['client_state', 'code_verifier', 'nonce', 'redirect_uri']).executeTakeFirst();
    },

    /**
     * Telegram's callback: attaches the signed payload to the newest open Telegram flow of
     * this browser and gives it a new flow token (the one the web app will present). The
     * same payload may come twice (a browser may send a navigation twice, e.g. through a
     * service worker's navigation preload): the flow it is attached to gets a new token
     * again. 'replayed' when the payload already completed or joined another flow.
     */
    async attachTelegramProof(match: {
      bindingHash: string;
      proofHash: string;
      flowHash: string;
    }): Promise<{ client_state: string } | 'none' | 'replayed'> {
      const open = await db
        .selectFrom('social_login_flows')
        .select('id')
        .where('binding_hash', '=', match.bindingHash)
        .where('provider', '=', 'telegram')
        .where('consumed_at', 'is', null)
        .where((eb) => eb.or([eb('proof_hash', 'is', null), eb('proof_hash', '=', match.proofHash)]))
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy(sql`proof_hash is null`)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!open) return 'none';
      try {
        const row = await db
          .updateTable('social_login_flows')
          .set({ proof_hash: match.proofHash, flow_hash: match.flowHash })
          .where('id', '=', open.id)
          .where('consumed_at', 'is', null)
          .where((eb) => eb.or([eb('proof_hash', 'is', null), eb('proof_hash', '=', match.proofHash)]))
          .returning('client_state')
          .executeTakeFirst();
        return row ?? 'none';
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') return 'replayed';
        throw error;
      }
    },

    async findByIdentity(
      provider: string,
      subject: string,
    ): Promise<(LinkedPlayer & { identity_id: string }) | undefined> {
      return db
        .selectFrom('social_identities as i')
        .innerJoin('players as p', 'p.id', 'i.player_id')
        .select(['i.id as identity_id', 'p.id as player_id', 'p.status', 'p.confirmed_at'])
        .where('i.provider', '=', provider)
        .where('i.subject', '=', subject)
        .executeTakeFirst();
    },

    async findByEmail(email: string): Promise<LinkedPlayer | undefined> {
      return db
        .selectFrom('players')
        .select(['id as player_id', 'status', 'confirmed_at'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    /** Keeps what the provider said last (e-mail, verification, connection). */
    async touchIdentity(identityId: string, identity: IdentityValues): Promise<void> {
      await db
        .updateTable('social_identities')
        .set({
          email: identity.email,
          email_verified: identity.emailVerified,
          connection: identity.connection,
          last_used_at: sql<Date>`now()`,
        })
        .where('id', '=', identityId)
        .execute();
    },

    /** Links an identity to an existing player. Throws a unique violation when it is linked already. */
    async linkIdentity(playerId: string, identity: IdentityValues): Promise<void> {
      await db.insertInto('social_identities').values(identityRow(playerId, identity)).execute();
    },

    /** Creates the player and links the identity, together or not at all. */
    async createPlayerWithIdentity(player: Insertable<PlayerTable>, identity: IdentityValues): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('players').values(player).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('social_identities').values(identityRow(id, identity)).execute();
        return id;
      });
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
