import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ReferralTable } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export type ReferralRow = Selectable<ReferralTable>;

export interface SettingsRow {
  enabled: boolean;
  maxReferralCount: number | null;
  ownerBonusId: string | null;
  qualificationDays: number;
  thresholds: { currency: string; depositMinor: bigint; wagerMinor: bigint }[];
}

const IN_PROGRESS = 1;

/** SQL of the referral programme: its settings, the referrals and their progress. */
export function createReferralsRepository(db: Kysely<Database>) {
  return {
    db,

    /** The settings (the defaults when no row was written yet). */
    async settings(q: Q): Promise<SettingsRow> {
      const [row, thresholds] = await Promise.all([
        q.selectFrom('referral_settings').selectAll().where('id', '=', 1).executeTakeFirst(),
        q.selectFrom('referral_thresholds').selectAll().orderBy('currency').execute(),
      ]);
      return {
        enabled: row?.enabled ?? false,
        maxReferralCount: row?.max_referral_count ?? null,
        ownerBonusId: row?.owner_bonus_id ?? null,
        qualificationDays: row?.qualification_days ?? 30,
        thresholds: thresholds.map((t) => ({
          currency: t.currency,
          depositMinor: BigInt(t.deposit_minor),
          wagerMinor: BigInt(t.wager_minor),
        })),
      };
    },

    /** Replaces the settings and the thresholds (in the caller's transaction). */
    async saveSettings(trx: Transaction<Database>, settings: SettingsRow): Promise<void> {
      const values = {
        enabled: settings.enabled,
        max_referral_count: settings.maxReferralCount,
        owner_bonus_id: settings.ownerBonusId,
        qualification_days: settings.qualificationDays,
      };
      await trx
        .insertInto('referral_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: sql`now()` }))
        .execute();
      await trx.deleteFrom('referral_thresholds').execute();
      if (settings.thresholds.length > 0) {
        await trx
          .insertInto('referral_thresholds')
          .values(
            settings.thresholds.map((t) => ({
              currency: t.currency,
              deposit_minor: t.depositMinor,
              wager_minor: t.wagerMinor,
            })),
          )
          .execute();
      }
    },

    /** Whether a settings row exists (the seeder writes one once). */
    async hasSettings(): Promise<boolean> {
      return (await db.selectFrom('referral_settings').select('id').executeTakeFirst()) !== undefined;
    },

    /** The owner of a referral code (players.referral_code, made by auth at registration). */
    async ownerOfCode(q: Q, code: string): Promise<string | undefined> {
      const row = await q.selectFrom('players').select('id').where('referral_code', '=', code).executeTakeFirst();
      return row?.id;
    },

    /** The player's own code and currency. */
    async playerInfo(q: Q, playerId: string): Promise<{ referralCode: string | null; currency: string | null }> {
      const row = await q
        .selectFrom('players')
        .select(['referral_code', 'currency'])
        .where('id', '=', playerId)
        .executeTakeFirst();
      return { referralCode: row?.referral_code ?? null, currency: row?.currency ?? null };
    },

    /** Serialises the links of one owner (the cap is counted under it). */
    async lockOwner(trx: Transaction<Database>, ownerId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext(${`referral-owner:${ownerId}`}))`.execute(trx);
    },

    async countOfOwner(q: Q, ownerId: string): Promise<number> {
      const { count } = await q
        .selectFrom('referrals')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Inserts the link; undefined when the player was linked already. */
    async insert(
      trx: Transaction<Database>,
      values: { ownerId: string; referredId: string; code: string; days: number },
    ): Promise<ReferralRow | undefined> {
      return trx
        .insertInto('referrals')
        .values({
          owner_id: values.ownerId,
          referred_id: values.referredId,
          code: values.code,
          registered_at: sql<Date>`now()`,
          qualification_ends_at: sql<Date>`now() + make_interval(days => ${values.days})`,
        })
        .onConflict((oc) => oc.column('referred_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** The referrals in progress of these referred players, locked for the batch. */
    async inProgressOf(trx: Transaction<Database>, referredIds: readonly string[]): Promise<ReferralRow[]> {
      if (referredIds.length === 0) return [];
      return trx
        .selectFrom('referrals')
        .selectAll()
        .where('referred_id', 'in', referredIds)
        .where('status', '=', IN_PROGRESS)
        .forUpdate()
        .execute();
    },

    async lockInProgress(trx: Transaction<Database>, referralId: string): Promise<ReferralRow | undefined> {
      return trx
        .selectFrom('referrals')
        .selectAll()
        .where('id', '=', referralId)
        .where('status', '=', IN_PROGRESS)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Adds to a referral's sums in a currency (never below 0); answers the new sums. */
    async addProgress(
      trx: Transaction<Database>,
      referralId: string,
      currency: string,
      delta: { depositedMinor: bigint; wageredMinor: bigint },
    ): Promise<{ depositedMinor: bigint; wageredMinor: bigint }> {
      const dep = delta.depositedMinor > 0n ? delta.depositedMinor : 0n;
      const wag = delta.wageredMinor > 0n ? delta.wageredMinor : 0n;
      const row = await trx
        .insertInto('referral_progress')
        .values({ referral_id: referralId, currency, deposited_minor: dep, wagered_minor: wag })
        .onConflict((oc) =>
          oc.columns(['referral_id', 'currency']).doUpdateSet({
            deposited_minor: sql<bigint>`greatest(referral_progress.deposited_minor + ${delta.depositedMinor}::bigint, 0)`,
            wagered_minor: sql<bigint>`greatest(referral_progress.wagered_minor + ${delta.wageredMinor}::bigint, 0)`,
          }),
        )
        .returning(['deposited_minor', 'wagered_minor'])
        .executeTakeFirstOrThrow();
      return { depositedMinor: BigInt(row.deposited_minor), wageredMinor: BigInt(row.wagered_minor) };
    },

    async progressOf(
      q: Q,
      referralId: string,
    ): Promise<{ currency: string; depositedMinor: bigint; wageredMinor: bigint }[]> {
      const rows = await q.selectFrom('referral_progress').selectAll().where('referral_id', '=', referralId).execute();
      return rows.map((r) => ({
        currency: r.currency,
        depositedMinor: BigInt(r.deposited_minor),
        wageredMinor: BigInt(r.wagered_minor),
      }));
    },

    async markQualified(trx: Transaction<Database>, referralId: string, at: Date): Promise<void> {
      await trx
        .updateTable('referrals')
        .set({ status: 2, qualified_at: at })
        .where('id', '=', referralId)
        .where('status', '=', IN_PROGRESS)
        .execute();
    },

    /** Marks unqualified a referral in progress whose window has ended; answers whether it did. */
    async markUnqualifiedIfEnded(trx: Transaction<Database>, referralId: string, now: Date): Promise<boolean> {
      const result = await trx
        .updateTable('referrals')
        .set({ status: 3 })
        .where('id', '=', referralId)
        .where('status', '=', IN_PROGRESS)
        .where('qualification_ends_at', '<=', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The owner's referrals, newest first, and how many there are. */
    async page(
      ownerId: string,
      page: { page: number; perPage: number },
    ): Promise<{ rows: ReferralRow[]; totalRows: number }> {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('referrals')
          .selectAll()
          .where('owner_id', '=', ownerId)
          .orderBy('registered_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage)
          .execute(),
        db
          .selectFrom('referrals')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRows: Number(total.count) };
    },

    async countQualified(ownerId: string): Promise<number> {
      const { count } = await db
        .selectFrom('referrals')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('owner_id', '=', ownerId)
        .where('status', '=', 2)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Does the bonus exist with the referral trigger? */
    async isReferralBonus(q: Q, bonusId: string): Promise<boolean> {
      const row = await q
        .selectFrom('bonuses')
        .select('id')
        .where('id', '=', bonusId)
        .where('trigger', '=', 'referral')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
