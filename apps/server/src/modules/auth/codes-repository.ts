import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OtpCodeTable, OtpReasonColumn } from '../../db/schema';

export type OtpRow = Selectable<OtpCodeTable>;

function secondsFromNow(seconds: number) {
  return sql<Date>`now() + make_interval(secs => ${seconds})`;
}

function secondsAgo(seconds: number) {
  return sql<Date>`now() - make_interval(secs => ${seconds})`;
}

/**
 * The single-use codes (one-time codes, password resets, e-mail confirmations, autologin
 * tokens) and the self-exclusion register. Codes are looked up by hash; "active" means
 * not used, not invalidated and not expired by the database clock.
 */
export function createCodesRepository(db: Db) {
  return {
    /**
     * Stores a new one-time code unless `maxPerWindow` codes were already sent to this
     * phone for this reason within the window; earlier codes stop working. Serialised per
     * phone and reason (advisory lock), so parallel requests cannot exceed the limit.
     */
    async createOtpWithinLimit(input: {
      phone: string;
      reason: OtpReasonColumn;
      codeHash: string;
      clientIp: string;
      ttlSeconds: number;
      windowSeconds: number;
      maxPerWindow: number;
    }): Promise<{ id: string } | { retryAfterSeconds: number }> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`otp:${input.phone}:${input.reason}`}))`.execute(trx);
        const window = await trx
          .selectFrom('otp_codes')
          .select((eb) => [
            eb.fn.countAll<string | number | bigint>().as('sent'),
            sql<
              number | null
            >`ceil(extract(epoch from (min(created_at) + make_interval(secs => ${input.windowSeconds}) - now())))`.as(
              'retry_after',
            ),
          ])
          .where('phone', '=', input.phone)
          .where('reason', '=', input.reason)
          .where('created_at', '>', secondsAgo(input.windowSeconds))
          .executeTakeFirstOrThrow();
        if (Number(window.sent) >= input.maxPerWindow) {
          return { retryAfterSeconds: Math.max(1, Number(window.retry_after ?? 1)) };
        }
        await trx
          .updateTable('otp_codes')
          .set({ invalidated_at: sql<Date>`now()` })
          .where('phone', '=', input.phone)
          .where('reason', '=', input.reason)
          .where('consumed_at', 'is', null)
          .where('invalidated_at', 'is', null)
          .execute();
        return trx
          .insertInto('otp_codes')
          .values({
            phone: input.phone,
            reason: input.reason,
            code_hash: input.codeHash,
            client_ip: input.clientIp,
            expires_at: secondsFromNow(input.ttlSeconds),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
    },

    /**
     * Checks one attempt against the newest usable code for this phone and reason, with
     * its row locked from the read to the count, so parallel attempts take turns and at
     * most `maxAttempts` wrong ones are ever compared. `matches` compares the code (in
     * memory, while the lock is held); a wrong one counts an attempt and the last one
     * burns the code. Undefined when there is no usable code.
     */
    async attemptOtp(
      phone: string,
      reason: OtpReasonColumn,
      maxAttempts: number,
      matches: (otp: OtpRow) => boolean,
    ): Promise<{ otp: OtpRow } | { attempts: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        const otp = await trx
          .selectFrom('otp_codes')
          .selectAll()
          .where('phone', '=', phone)
          .where('reason', '=', reason)
          .where('consumed_at', 'is', null)
          .where('invalidated_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .where('attempts', '<', maxAttempts)
          .orderBy('created_at', 'desc')
          .limit(1)
          .forUpdate()
          .executeTakeFirst();
        if (!otp) return undefined;
        if (matches(otp)) return { otp };
        const attempts = otp.attempts + 1;
        await trx
          .updateTable('otp_codes')
          .set({ attempts, ...(attempts >= maxAttempts ? { invalidated_at: sql<Date>`now()` } : {}) })
          .where('id', '=', otp.id)
          .execute();
        return { attempts };
      });
    },

    async markOtpVerified(id: string): Promise<void> {
      await db
        .updateTable('otp_codes')
        .set((eb) => ({ verified_at: eb.fn.coalesce('verified_at', sql<Date>`now()`) }))
        .where('id', '=', id)
        .execute();
    },

    /** Uses the code up; false if it was used, invalidated or expired meanwhile. */
    async consumeOtp(id: string): Promise<boolean> {
      const row = await db
        .updateTable('otp_codes')
        .set({ consumed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('invalidated_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async invalidateOtp(id: string): Promise<void> {
      await db
        .updateTable('otp_codes')
        .set({ invalidated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    // -------------------------------------------------------------------------
    // Password resets
    // -------------------------------------------------------------------------

    async insertPasswordReset(input: {
      playerId: string;
      codeHash: string;
      channel: 'email' | 'sms';
      clientIp: string;
      ttlSeconds: number;
    }): Promise<void> {
      await db.insertInto('password_resets').values(passwordResetRow(input)).execute();
    },

    /**
     * Stores a reset code unless the player already had `max` in the last `seconds`: the
     * count and the insert hold the player's row lock, so requests close together (their
     * codes are stored after the answer) cannot pass the limit between them.
     */
    async insertPasswordResetWithin(
      input: { playerId: string; codeHash: string; channel: 'email' | 'sms'; clientIp: string; ttlSeconds: number },
      limit: { max: number; seconds: number },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('players').select('id').where('id', '=', input.playerId).forUpdate().execute();
        const row = await trx
          .selectFrom('password_resets')
          .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
          .where('player_id', '=', input.playerId)
          .where('created_at', '>', secondsAgo(limit.seconds))
          .executeTakeFirstOrThrow();
        if (Number(row.n) >= limit.max) return false;
        await trx.insertInto('password_resets').values(passwordResetRow(input)).execute();
        return true;
      });
    },

    async countPasswordResetsSince(playerId: string, seconds: number): Promise<number> {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .where('player_id', '=', playerId)
        .where('created_at', '>', secondsAgo(seconds))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findActivePasswordReset(
      codeHash: string,
    ): Promise<{ id: string; player_id: string; channel: 'email' | 'sms' } | undefined> {
      return db
        .selectFrom('password_resets')
        .select(['id', 'player_id', 'channel'])
        .where('code_hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },

    // -------------------------------------------------------------------------
    // E-mail confirmations
    // -------------------------------------------------------------------------

    async insertEmailConfirmation(input: {
      playerId: string;
      email: string;
      codeHash: string;
      ttlSeconds: number;
    }): Promise<void> {
      await db
        .insertInto('email_confirmations')
        .values({
          player_id: input.playerId,
          email: input.email,
          code_hash: input.codeHash,
          expires_at: secondsFromNow(input.ttlSeconds),
        })
        .execute();
    },

    async countEmailConfirmationsSince(playerId: string, seconds: number): Promise<number> {
      const row = await db
        .selectFrom('email_confirmations')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .where('player_id', '=', playerId)
        .where('created_at', '>', secondsAgo(seconds))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Uses a confirmation code; its player and the address it confirms, or undefined. */
    async consumeEmailConfirmation(codeHash: string): Promise<{ player_id: string; email: string } | undefined> {
      return db
        .updateTable('email_confirmations')
        .set({ consumed_at: sql<Date>`now()` })
        .where('code_hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['player_id', 'email'])
        .executeTakeFirst();
    },

    // -------------------------------------------------------------------------
    // Autologin tokens
    // -------------------------------------------------------------------------

    async insertAutologinToken(input: {
      playerId: string;
      tokenHash: string;
      ttlSeconds: number;
      issuedBy: string;
    }): Promise<void> {
      await db
        .insertInto('autologin_tokens')
        .values({
          player_id: input.playerId,
          token_hash: input.tokenHash,
          issued_by: input.issuedBy,
          expires_at: secondsFromNow(input.ttlSeconds),
        })
        .execute();
    },

    /** Uses an autologin token; its player, or undefined. */
    async consumeAutologinToken(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .updateTable('autologin_tokens')
        .set({ consumed_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('player_id')
        .executeTakeFirst();
      return row?.player_id;
    },

    // -------------------------------------------------------------------------
    // Self-exclusion register
    // -------------------------------------------------------------------------

    /** Whether a running self-exclusion matches the (normalised) e-mail or the phone. */
    async isSelfExcluded(match: { emailNormalized?: string | null; phone?: string | null }): Promise<boolean> {
      if (!match.emailNormalized && !match.phone) return false;
      const row = await db
        .selectFrom('self_exclusions')
        .select('id')
        .where('starts_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
        .where((eb) =>
          eb.or([
            ...(match.emailNormalized ? [eb('email_normalized', '=', match.emailNormalized)] : []),
            ...(match.phone ? [eb('phone', '=', match.phone)] : []),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type CodesRepository = ReturnType<typeof createCodesRepository>;

/** A password reset code's row: only its hash, bound to the channel it was sent by. */
function passwordResetRow(input: {
  playerId: string;
  codeHash: string;
  channel: 'email' | 'sms';
  clientIp: string;
  ttlSeconds: number;
}) {
  return {
    player_id: input.playerId,
    code_hash: input.codeHash,
    channel: input.channel,
    client_ip: input.clientIp,
    expires_at: secondsFromNow(input.ttlSeconds),
  };
}
