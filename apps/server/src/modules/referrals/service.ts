import {
  majorToMinor,
  minorToMajor,
  ReferralStatus,
  type Currency,
  type Referral,
  type ReferralAdminSettings,
  type ReferralSettings,
  type ReferralsPage,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageMeta } from '../../lib/pagination';
import type { ActivityConsumer, ActivityRecord } from '../activity';
import type { ReferralRow, ReferralsRepository, SettingsRow } from './repository';

/** The activity consumer's name (its cursor in `activity_consumers`). */
export const REFERRALS_CONSUMER = 'referrals';
/** The durable job that ends a referral's window (`referrals.expire`). */
export const EXPIRE_JOB = 'referrals.expire';
/**
 * The expiry job runs this long after the window ends, so that activity from inside the
 * window that the stream has not handed over yet (its poller's lag) still counts first.
 */
export const EXPIRY_GRACE_MS = 10 * 60_000;
/** How long the settings read outside transactions are kept per process. */
const SETTINGS_TTL_MS = 30_000;
/** Players' own codes (auth makes them at registration). */
const CODE_PATTERN = /^[A-Z0-9]{6,16}$/;

export interface ReferralsOptions {
  repository: ReferralsRepository;
  /** The bonus engine: the owner's bonus (`source` makes it once per referral). */
  bonuses: {
    grantIn(
      trx: Transaction<Database>,
      input: { bonusId: string; playerId: string; currency: string; source: string; autoActivate?: boolean },
    ): Promise<unknown>;
  };
  jobs: {
    enqueue(
      trx: Transaction<Database>,
      job: { kind: string; key?: string; payload?: Record<string, unknown>; runAt?: Date },
    ): Promise<boolean>;
  };
  currencies: { listCurrencies(query: { visibleOnly: boolean }): Promise<Currency[]> };
  transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  log: { warn(details: object, message: string): void };
  now?: () => Date;
}

const iso = (date: Date) => date.toISOString();

interface Sums {
  depositedMinor: bigint;
  wageredMinor: bigint;
}

/** What one activity record adds to a referral's sums (deposits; real-money bets, less rollbacks). */
export function progressDelta(record: ActivityRecord): { depositedMinor: bigint; wageredMinor: bigint } | undefined {
  switch (record.kind) {
    case 'deposit':
      return { depositedMinor: record.amountMinor, wageredMinor: 0n };
    case 'bet':
      if (record.freeRound) return undefined;
      return record.amountMinor > record.bonusMinor
        ? { depositedMinor: 0n, wageredMinor: record.amountMinor - record.bonusMinor }
        : undefined;
    case 'rollback':
      if (record.freeRound || record.undid !== 'bet') return undefined;
      return { depositedMinor: 0n, wageredMinor: -record.amountMinor };
    default:
      return undefined;
  }
}

/** Status as shown: a referral still "in progress" after its window is unqualified. */
export function shownStatus(row: Pick<ReferralRow, 'status' | 'qualification_ends_at'>, now: Date): number {
  if (row.status === ReferralStatus.IN_PROGRESS && row.qualification_ends_at.getTime() <= now.getTime()) {
    return ReferralStatus.UNQUALIFIED;
  }
  return row.status;
}

/**
 * The referral programme (docs/referrals.md): links a registration that carried a code to
 * the code's owner, follows the friend's deposits and bets on the activity stream, and
 * gives the owner the owner bonus when the friend qualifies within the window.
 */
export function createReferrals(options: ReferralsOptions) {
  const { repository } = options;
  const now = options.now ?? (() => new Date());
  let cached: { at: number; settings: SettingsRow } | undefined;

  async function settings(): Promise<SettingsRow> {
    if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.settings;
    const loaded = await repository.settings(repository.db);
    cached = { at: Date.now(), settings: loaded };
    return loaded;
  }

  async function subunits(): Promise<Map<string, Currency>> {
    return new Map((await options.currencies.listCurrencies({ visibleOnly: false })).map((c) => [c.code, c]));
  }

  /** Qualifies the referral and gives the owner's bonus, in the consumer's transaction. */
  async function qualify(trx: Transaction<Database>, referral: ReferralRow, at: Date, ownerBonusId: string | null) {
    await repository.markQualified(trx, referral.id, at);
    if (!ownerBonusId) return;
    const owner = await repository.playerInfo(trx, referral.owner_id);
    const currency = owner.currency;
    if (!currency) return;
    try {
      await options.bonuses.grantIn(trx, {
        bonusId: ownerBonusId,
        playerId: referral.owner_id,
        currency,
        source: `referral:${referral.id}`,
      });
    } catch (error) {
      // A bonus without terms in the owner's currency (or gone): the friend still counts.
      // These are refused before the bonus engine writes anything, so the batch goes on.
      if (!(error instanceof AppError)) throw error;
      options.log.warn({ referralId: referral.id, err: error }, 'referral owner bonus not given');
    }
  }

  const consumer: ActivityConsumer = {
    name: REFERRALS_CONSUMER,
    async handle(trx, records) {
      const counted = records.filter((r) => r.kind === 'deposit' || r.kind === 'bet' || r.kind === 'rollback');
      if (counted.length === 0) return;
      const referrals = await repository.inProgressOf(trx, [...new Set(counted.map((r) => r.playerId))]);
      if (referrals.length === 0) return;
      const byPlayer = new Map(referrals.map((r) => [r.referred_id, r]));
      const current = await repository.settings(trx);
      const thresholds = new Map(current.thresholds.map((t) => [t.currency, t]));
      const closed = new Set<string>();
      // The sums after the whole batch, per referral and currency, with the last record's time:
      // a bet rolled back within the same batch never qualifies anyone.
      const touched = new Map<string, { referral: ReferralRow; currency: string; at: Date; sums: Sums }>();
      for (const record of counted) {
        const referral = byPlayer.get(record.playerId);
        if (!referral || closed.has(referral.id)) continue;
        if (record.occurredAt.getTime() > referral.qualification_ends_at.getTime()) {
          // Activity after the window: too late; the window is over.
          if (await repository.markUnqualifiedIfEnded(trx, referral.id, record.occurredAt)) closed.add(referral.id);
          continue;
        }
        const delta = progressDelta(record);
        if (!delta || !('currency' in record)) continue;
        const sums = await repository.addProgress(trx, referral.id, record.currency, delta);
        touched.set(`${referral.id}:${record.currency}`, {
          referral,
          currency: record.currency,
          at: record.occurredAt,
          sums,
        });
      }
      const qualified = new Set<string>();
      for (const { referral, currency, at, sums } of touched.values()) {
        const threshold = thresholds.get(currency);
        if (closed.has(referral.id) || qualified.has(referral.id) || !threshold) continue;
        if (sums.depositedMinor >= threshold.depositMinor && sums.wageredMinor >= threshold.wagerMinor) {
          await qualify(trx, referral, at, current.ownerBonusId);
          qualified.add(referral.id);
        }
      }
    },
  };

  function toReferral(row: ReferralRow, at: Date): Referral {
    return {
      qualified: shownStatus(row, at),
      registrationDate: iso(row.registered_at),
      qualificationDate: row.qualified_at ? iso(row.qualified_at) : null,
      qualificationEndDate: iso(row.qualification_ends_at),
    };
  }

  async function adminSettings(): Promise<ReferralAdminSettings> {
    const [current, known] = await Promise.all([repository.settings(repository.db), subunits()]);
    return {
      enabled: current.enabled,
      maxReferralCount: current.maxReferralCount,
      ownerBonusId: current.ownerBonusId,
      qualificationDays: current.qualificationDays,
      thresholds: current.thresholds.map((t) => {
        const subunit = known.get(t.currency)?.subunitToUnit ?? 1;
        return {
          currency: t.currency,
          depositAmount: minorToMajor(t.depositMinor, subunit),
          wagerAmount: minorToMajor(t.wagerMinor, subunit),
        };
      }),
    };
  }

  return {
    consumer,

    /** Whether the programme is on, as last read (constants' `player.referral.enabled`). */
    enabledNow(): boolean {
      return cached?.settings.enabled ?? false;
    },

    /** Loads the settings (at start, so that `enabledNow` knows them). */
    async warmUp(): Promise<void> {
      await settings();
    },

    /**
     * Links a new player to the owner of the code the registration carried. An unknown code,
     * the player's own, a programme that is off or an owner at `maxReferralCount` links
     * nothing. The window's end is a durable job (see EXPIRY_GRACE_MS).
     */
    async linkAtRegistration(playerId: string, referralCode: string | null): Promise<boolean> {
      const code = referralCode?.trim().toUpperCase() ?? '';
      if (!CODE_PATTERN.test(code)) return false;
      const current = await settings();
      if (!current.enabled) return false;
      return options.transaction(async (trx) => {
        const ownerId = await repository.ownerOfCode(trx, code);
        if (!ownerId || ownerId === playerId) return false;
        await repository.lockOwner(trx, ownerId);
        if (
          current.maxReferralCount !== null &&
          (await repository.countOfOwner(trx, ownerId)) >= current.maxReferralCount
        ) {
          return false;
        }
        const row = await repository.insert(trx, {
          ownerId,
          referredId: playerId,
          code,
          days: current.qualificationDays,
        });
        if (!row) return false;
        await options.jobs.enqueue(trx, {
          kind: EXPIRE_JOB,
          key: `referral-expiry:${row.id}`,
          payload: { referralId: row.id },
          runAt: new Date(row.qualification_ends_at.getTime() + EXPIRY_GRACE_MS),
        });
        return true;
      });
    },

    /** The expiry job: a referral still in progress when its window ended is unqualified. */
    async expire(trx: Transaction<Database>, referralId: string): Promise<void> {
      await repository.markUnqualifiedIfEnded(trx, referralId, now());
    },

    async playerSettings(): Promise<ReferralSettings> {
      const current = await settings();
      return {
        enabled: current.enabled,
        maxReferralCount: current.maxReferralCount,
        ownerBonusId: current.ownerBonusId,
      };
    },

    /** The owner's referrals, 10 per page by default, newest first. */
    async list(ownerId: string, query: { page: number; perPage: number }): Promise<ReferralsPage> {
      const { rows, totalRows } = await repository.page(ownerId, query);
      const at = now();
      const referrals = rows.map((row) => toReferral(row, at));
      return { referrals, data: referrals, meta: pageMeta({ ...query, totalRows }) };
    },

    /** The profile's two fields: null while the programme is off. */
    async profileFields(
      playerId: string,
      referralCode: string | null,
    ): Promise<{ referralCode: string | null; qualifiedReferralsCount: number | null }> {
      if (!(await settings()).enabled) return { referralCode: null, qualifiedReferralsCount: null };
      return { referralCode, qualifiedReferralsCount: await repository.countQualified(playerId) };
    },

    adminSettings,

    /** The operator replaces the settings; amounts are major units per currency. */
    async saveAdminSettings(input: ReferralAdminSettings): Promise<ReferralAdminSettings> {
      const known = await subunits();
      const errors: Record<string, string[]> = {};
      const seen = new Set<string>();
      const thresholds = input.thresholds.flatMap((t, index) => {
        const currency = known.get(t.currency);
        if (!currency || currency.type === 'virtual' || seen.has(t.currency)) {
          errors[`thresholds.${index}.currency`] = ['This currency is not available or is listed twice.'];
          return [];
        }
        seen.add(t.currency);
        const deposit = majorToMinor(t.depositAmount, currency.subunitToUnit, { allowZero: true });
        const wager = majorToMinor(t.wagerAmount, currency.subunitToUnit, { allowZero: true });
        if (!deposit.ok) errors[`thresholds.${index}.depositAmount`] = ['This amount is not valid in the currency.'];
        if (!wager.ok) errors[`thresholds.${index}.wagerAmount`] = ['This amount is not valid in the currency.'];
        if (!deposit.ok || !wager.ok) return [];
        return [{ currency: t.currency, depositMinor: deposit.amountMinor, wagerMinor: wager.amountMinor }];
      });
      if (input.ownerBonusId && !(await repository.isReferralBonus(repository.db, input.ownerBonusId))) {
        errors.ownerBonusId = ['No bonus with the referral trigger has this id.'];
      }
      if (Object.keys(errors).length > 0) throw AppError.validation(errors);
      const saved: SettingsRow = {
        enabled: input.enabled,
        maxReferralCount: input.maxReferralCount,
        ownerBonusId: input.ownerBonusId,
        qualificationDays: input.qualificationDays,
        thresholds,
      };
      await repository.db.transaction().execute((trx) => repository.saveSettings(trx, saved));
      cached = { at: Date.now(), settings: saved };
      return adminSettings();
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
