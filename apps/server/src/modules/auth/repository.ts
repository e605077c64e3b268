import { PlayerStatus } from '@croupier/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, PlayerSessionTable, PlayerTable, SessionCloseReason } from '../../db/schema';
import { afterFailedLogin, isLocked, type LockoutPolicy } from './lockout';

/** What sign-in needs of an account. */
export type CredentialsRow = Pick<
  Selectable<PlayerTable>,
  | 'id'
  | 'email'
  | 'phone'
  | 'password_hash'
  | 'status'
  | 'failed_login_count'
  | 'lockout_count'
  | 'locked_until'
  | 'closed_at'
  | 'locale'
>;

export type SessionRow = Selectable<PlayerSessionTable>;

/** A session as an authenticated request sees it, with its player's status. */
export interface SessionCheckRow {
  id: string;
  player_id: string;
  refresh_token_hash: string;
  closed_at: Date | null;
  player_status: number;
  /** The player closed the account. */
  player_closed: boolean;
  /** Past its absolute end or idle for longer than the idle lifetime (database clock). */
  lapsed: boolean;
  /** Last seen over a minute ago: worth recording the activity. */
  stale: boolean;
}

/** A listed session with when it lapsed, if it did without being closed. */
export type ListedSessionRow = SessionRow & { lapsed_at: Date | null };

const CREDENTIAL_COLUMNS = [
  'id',
  'email',
  'phone',
  'password_hash',
  'status',
  'failed_login_count',
  'lockout_count',
  'locked_until',
  'closed_at',
  'locale',
] as const;

/** Activity is recorded at most once a minute per session: a write per request would be waste. */
const TOUCH_INTERVAL_SECONDS = 60;

function secondsFromNow(seconds: number) {
  return sql<Date>`now() + make_interval(secs => ${seconds})`;
}

function lapsedExpression(idleSeconds: number) {
  return sql<boolean>`(s.expires_at <= now() or s.last_seen_at + make_interval(secs => ${idleSeconds}) <= now())`;
}

export function createAuthRepository(db: Db) {
  /** A player's sessions with `lapsed_at`: when an open one lapsed (first of its absolute and idle ends). */
  function listedSessions(playerId: string, idleSeconds: number) {
    return db
      .selectFrom('player_sessions as s')
      .selectAll('s')
      .select(
        sql<Date | null>`case when s.closed_at is null and ${lapsedExpression(idleSeconds)}
          then least(s.expires_at, s.last_seen_at + make_interval(secs => ${idleSeconds})) end`.as('lapsed_at'),
      )
      .where('s.player_id', '=', playerId);
  }

  /** Closes, with a reason, the open sessions the caller's filters keep; a closed one keeps its first close. */
  function closeOpenSessions(reason: SessionCloseReason) {
    return db
      .updateTable('player_sessions')
      .set({ closed_at: sql<Date>`now()`, close_reason: reason })
      .where('closed_at', 'is', null);
  }

  return {
    db,

    async findCredentialsByEmail(email: string): Promise<CredentialsRow | undefined> {
      return db
        .selectFrom('players')
        .select(CREDENTIAL_COLUMNS)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    async findCredentialsByPhone(phone: string): Promise<CredentialsRow | undefined> {
      return db.selectFrom('players').select(CREDENTIAL_COLUMNS).where('phone', '=', phone).executeTakeFirst();
    },

    async findCredentialsById(id: string): Promise<CredentialsRow | undefined> {
      return db.selectFrom('players').select(CREDENTIAL_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Where and in which language to tell an address's owner about their account. */
    async findNoticeTarget(email: string): Promise<{ email: string; locale: string | null } | undefined> {
      const row = await db
        .selectFrom('players')
        .select(['email', 'locale'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      return row?.email ? { email: row.email, locale: row.locale } : undefined;
    },

    async isEmailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('players')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
      return row !== undefined;
    },

    async isPhoneTaken(phone: string): Promise<boolean> {
      const row = await db.selectFrom('players').select('id').where('phone', '=', phone).executeTakeFirst();
      return row !== undefined;
    },

    /** A player's own profile columns, as the profile module checked them. */
    async updatePlayerProfile(
      playerId: string,
      changes: Updateable<PlayerTable>,
      q: Kysely<Database> = db,
    ): Promise<void> {
      // A self-excluded player (status 4) receives no marketing: the consents stay off until it ends.
      const consent = (value: boolean | undefined) =>
        value === undefined ? undefined : sql<boolean>`${value} and status <> ${PlayerStatus.SELF_EXCLUDED}`;
      const { receive_email_promo: emailPromo, receive_sms_promo: smsPromo, ...rest } = changes;
      await q
        .updateTable('players')
        .set({
          ...rest,
          ...(emailPromo === undefined ? {} : { receive_email_promo: consent(emailPromo) }),
          ...(smsPromo === undefined ? {} : { receive_sms_promo: consent(smsPromo) }),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', playerId)
        .execute();
    },

    async insertPlayer(values: Insertable<PlayerTable>): Promise<{ id: string }> {
      return db.insertInto('players').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /**
     * Claims one password check before it is made: refused while the account is locked;
     * otherwise counted as a failure at once (a success clears it), locking the account
     * when the policy says so. The row lock makes parallel claims take turns, so no more
     * than `maxFailures` checks run before the lock, and one burst locks only once.
     */
    async claimLoginAttempt(
      playerId: string,
      now: Date,
      policy: LockoutPolicy,
    ): Promise<{ claimed: true } | { claimed: false; lockedUntil: Date }> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('players')
          .select(['failed_login_count', 'lockout_count', 'locked_until'])
          .where('id', '=', playerId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        return claimOn(row, now, policy, async (columns) => {
          await trx.updateTable('players').set(columns).where('id', '=', playerId).execute();
        });
      });
    },

    /**
     * `claimLoginAttempt` for a login that has no password account (unknown, or social
     * only): the same policy, claimed the same way before the dummy check, so that a burst
     * of parallel guesses gets the same answers whether the account exists or not.
     */
    async claimUnknownLoginAttempt(
      login: string,
      now: Date,
      policy: LockoutPolicy,
    ): Promise<{ claimed: true } | { claimed: false; lockedUntil: Date }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('login_failures')
          .values({ login })
          .onConflict((oc) => oc.column('login').doNothing())
          .execute();
        const row = await trx
          .selectFrom('login_failures')
          .select(['failed_login_count', 'lockout_count', 'locked_until'])
          .where('login', '=', login)
          .forUpdate()
          .executeTakeFirstOrThrow();
        return claimOn(row, now, policy, async (columns) => {
          await trx
            .updateTable('login_failures')
            .set({ ...columns, updated_at: sql<Date>`now()` })
            .where('login', '=', login)
            .execute();
        });
      });
    },

    /** Clears the lockout and moves the previous sign-in time along (a closed account signs in no more). */
    async recordLoginSuccess(playerId: string): Promise<void> {
      await db
        .updateTable('players')
        .set((eb) => ({
          failed_login_count: 0,
          lockout_count: 0,
          locked_until: null,
          previous_login_at: eb.ref('last_login_at'),
          last_login_at: sql<Date>`now()`,
        }))
        .where('id', '=', playerId)
        .where('closed_at', 'is', null)
        .execute();
    },

    /** A new password also ends any lockout: its owner has just proved control. */
    async setPassword(playerId: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('players')
        .set({
          password_hash: passwordHash,
          password_changed_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
          failed_login_count: 0,
          lockout_count: 0,
          locked_until: null,
        })
        .where('id', '=', playerId)
        .execute();
    },

    /**
     * Uses a password-reset code and sets the new password, in one transaction: false when
     * the code was used or expired meanwhile. A code mailed to the player also confirms
     * the e-mail address it reached; every other open reset code of the player dies.
     */
    async completePasswordReset(input: {
      resetId: string;
      playerId: string;
      passwordHash: string;
      confirmEmail: boolean;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ consumed_at: sql<Date>`now()` })
          .where('id', '=', input.resetId)
          .where('consumed_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .returning('id')
          .executeTakeFirst();
        if (!used) return false;
        await trx
          .updateTable('password_resets')
          .set({ consumed_at: sql<Date>`now()` })
          .where('player_id', '=', input.playerId)
          .where('consumed_at', 'is', null)
          .execute();
        await trx
          .updateTable('players')
          .set((eb) => ({
            password_hash: input.passwordHash,
            password_changed_at: sql<Date>`now()`,
            updated_at: sql<Date>`now()`,
            failed_login_count: 0,
            lockout_count: 0,
            locked_until: null,
            ...(input.confirmEmail
              ? {
                  confirmed_at: eb.fn.coalesce(
                    'confirmed_at',
                    sql<Date>`case when email is null then null else now() end`,
                  ),
                }
              : {}),
          }))
          .where('id', '=', input.playerId)
          .execute();
        return true;
      });
    },

    async isClosed(playerId: string): Promise<boolean> {
      const row = await db.selectFrom('players').select('closed_at').where('id', '=', playerId).executeTakeFirst();
      return row?.closed_at != null;
    },

    async isEmailConfirmed(playerId: string): Promise<boolean> {
      const row = await db.selectFrom('players').select('confirmed_at').where('id', '=', playerId).executeTakeFirst();
      return row?.confirmed_at != null;
    },

    /** Marks the phone confirmed if it is still the player's number. */
    async confirmPhone(playerId: string, phone: string): Promise<boolean> {
      const row = await db
        .updateTable('players')
        .set({ phone_confirmed: true, updated_at: sql<Date>`now()` })
        .where('id', '=', playerId)
        .where('phone', '=', phone)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Confirms the e-mail address if it is still the player's address (a changed one is not). */
    async confirmEmail(playerId: string, email: string): Promise<boolean> {
      const row = await db
        .updateTable('players')
        .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`now()`), updated_at: sql<Date>`now()` }))
        .where('id', '=', playerId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    // -------------------------------------------------------------------------
    // Sessions
    // -------------------------------------------------------------------------

    /** Opens a session ending `absoluteTtlSeconds` from now (database clock). */
    async insertSession(
      values: Omit<Insertable<PlayerSessionTable>, 'expires_at'>,
      absoluteTtlSeconds: number,
      q: Kysely<Database> = db,
    ): Promise<void> {
      await q
        .insertInto('player_sessions')
        .values({ ...values, expires_at: secondsFromNow(absoluteTtlSeconds) })
        .execute();
    },

    async findSessionForCheck(sessionId: string, idleSeconds: number): Promise<SessionCheckRow | undefined> {
      return db
        .selectFrom('player_sessions as s')
        .innerJoin('players as p', 'p.id', 's.player_id')
        .select([
          's.id',
          's.player_id',
          's.refresh_token_hash',
          's.closed_at',
          'p.status as player_status',
          sql<boolean>`p.closed_at is not null`.as('player_closed'),
          lapsedExpression(idleSeconds).as('lapsed'),
          sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${TOUCH_INTERVAL_SECONDS})`.as('stale'),
        ])
        .where('s.id', '=', sessionId)
        .executeTakeFirst();
    },

    async touchSession(sessionId: string): Promise<void> {
      await db
        .updateTable('player_sessions')
        .set({ last_seen_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .where('closed_at', 'is', null)
        .execute();
    },

    /**
     * Replaces the session's refresh token hash if it is still `currentHash` and the
     * session is open ('rotated'). Otherwise 'retried' when the session already holds
     * `nextHash`, rotated less than `graceMs` ago: a parallel or repeated refresh with the
     * token just replaced. Anything else is 'reuse'. A losing parallel update waits for
     * the winner's row lock, so the second read sees its commit.
     */
    async rotateRefreshToken(
      sessionId: string,
      currentHash: string,
      nextHash: string,
      graceMs: number,
    ): Promise<'rotated' | 'retried' | 'reuse'> {
      const rotated = await db
        .updateTable('player_sessions')
        .set((eb) => ({
          refresh_token_hash: nextHash,
          refresh_generation: eb('refresh_generation', '+', 1),
          refresh_rotated_at: sql<Date>`now()`,
          last_seen_at: sql<Date>`now()`,
        }))
        .where('id', '=', sessionId)
        .where('refresh_token_hash', '=', currentHash)
        .where('closed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (rotated) return 'rotated';
      const retried = await db
        .selectFrom('player_sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('refresh_token_hash', '=', nextHash)
        .where('closed_at', 'is', null)
        .where('refresh_rotated_at', '>', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
        .executeTakeFirst();
      return retried ? 'retried' : 'reuse';
    },

    async closeSession(sessionId: string, reason: SessionCloseReason): Promise<void> {
      await closeOpenSessions(reason).where('id', '=', sessionId).execute();
    },

    /** Closes one of the player's sessions (no-op if already closed); undefined when it is not theirs. */
    async closeOwnSession(
      playerId: string,
      sessionId: string,
      reason: SessionCloseReason,
      idleSeconds: number,
    ): Promise<ListedSessionRow | undefined> {
      await closeOpenSessions(reason).where('id', '=', sessionId).where('player_id', '=', playerId).execute();
      return listedSessions(playerId, idleSeconds).where('s.id', '=', sessionId).executeTakeFirst();
    },

    /** Closes every open session of a player, except one; returns how many were closed. */
    async closePlayerSessions(playerId: string, reason: SessionCloseReason, exceptSessionId?: string): Promise<number> {
      let query = closeOpenSessions(reason).where('player_id', '=', playerId);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      const rows = await query.returning('id').execute();
      return rows.length;
    },

    /** The player's sessions, newest first. */
    async listSessions(
      playerId: string,
      idleSeconds: number,
      page: { offset: number; limit: number },
    ): Promise<ListedSessionRow[]> {
      return listedSessions(playerId, idleSeconds)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    async countSessions(playerId: string): Promise<number> {
      const row = await db
        .selectFrom('player_sessions')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .where('player_id', '=', playerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/** The lockout state as the columns of both tables that keep it (players, login_failures). */
interface LockoutColumns {
  failed_login_count: number;
  lockout_count: number;
  locked_until: Date | null;
}

/**
 * One more password check claimed on a row locked by the caller (an account's or an
 * unknown login's): refused with the lock's end while the row is locked, otherwise the
 * failure counted at once by `write`, which stores the next state in the row.
 */
async function claimOn(
  row: LockoutColumns,
  now: Date,
  policy: LockoutPolicy,
  write: (next: LockoutColumns) => Promise<void>,
): Promise<{ claimed: true } | { claimed: false; lockedUntil: Date }> {
  const state = {
    failedLoginCount: row.failed_login_count,
    lockoutCount: row.lockout_count,
    lockedUntil: row.locked_until,
  };
  if (state.lockedUntil && isLocked(state, now)) return { claimed: false, lockedUntil: state.lockedUntil };
  const next = afterFailedLogin(state, now, policy);
  await write({
    failed_login_count: next.failedLoginCount,
    lockout_count: next.lockoutCount,
    locked_until: next.lockedUntil,
  });
  return { claimed: true };
}
