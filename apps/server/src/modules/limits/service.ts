import {
  CashLimitPeriod,
  isCashLimitDefinition,
  LIMIT_CHANGE_DELAY_MS,
  LimitDefinition,
  LimitStatus,
  minorToMajor,
  type CashLimitDefinition,
  type CreateLimitBody,
  type ErrorName,
  type Limit,
  type UpdateLimitBody,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { amountMinorOrThrow, type PlayerAccountView } from '../wallet';
import { periodEnd, periodStart, periodStarts } from './periods';
import { USAGE_LOSS, USAGE_STAKES, type Executor, type LimitsRepository, type PlayerLimitRow } from './repository';

/** What the game history holds for an account since an instant (real money, free rounds left out). */
export interface PlayHistory {
  totalsSince(
    q: Executor,
    input: { playerId: string; accountId: string; since: Date },
  ): Promise<{ stakesMinor: bigint; wonMinor: bigint }>;
}

/** What the payments hold for an account since an instant: deposits credited or still under way. */
export interface DepositHistory {
  depositedSince(q: Executor, input: { playerId: string; accountId: string; since: Date }): Promise<bigint>;
}

/** The player's accounts as the limits read them (the wallet module). */
export interface LimitAccounts {
  /** The player's accounts (opening the default one for a new player). */
  listAccounts(playerId: string): Promise<unknown>;
  findByCurrency(playerId: string, currency: string): Promise<PlayerAccountView | undefined>;
  setLimitsApply(trx: Executor, playerId: string, accountId: string, apply: boolean): Promise<unknown>;
}

/**
 * Cooling-off and self-exclusion (definitions 4 and 5; exclusions.ts): the limits service
 * hands them their calls and lists their rows with the cash limits.
 */
export interface ExclusionLimits {
  list(playerId: string): Promise<Limit[]>;
  create(playerId: string, definition: 4 | 5, period: string | undefined): Promise<Limit>;
  update(playerId: string, row: PlayerLimitRow, body: UpdateLimitBody): Promise<Limit>;
  remove(playerId: string, row: PlayerLimitRow): Promise<Limit>;
  requestReturn(playerId: string, row: PlayerLimitRow): Promise<Limit>;
  /** The player's play is paused by a cooling-off or self-exclusion now (game launch answers 14105). */
  isExcluded(playerId: string): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAY_DEFINITIONS = [LimitDefinition.BET, LimitDefinition.LOSS] as const;

const isCashPeriod = (value: string | undefined): value is CashLimitPeriod =>
  value !== undefined && (CashLimitPeriod as readonly string[]).includes(value);

/** The usage kind a play limit counts. */
const kindOf = (definition: number) => (definition === LimitDefinition.BET ? USAGE_STAKES : USAGE_LOSS);

/** A cash limit's amount in force at `now`: a pending increase counts once due. */
function amountInForce(row: PlayerLimitRow, now: Date): bigint {
  if (row.pending_amount_minor !== null && row.pending_effective_at && row.pending_effective_at <= now) {
    return row.pending_amount_minor;
  }
  return row.amount_minor ?? 0n;
}

/**
 * The responsible-gaming limits (docs/player-protection.md, "Limits"): the player's API, the
 * bet path's counting for accounts with a bet or loss limit, and the deposit policy.
 */
export function createLimits(deps: {
  repository: LimitsRepository;
  accounts: LimitAccounts;
  /** Runs work in a transaction whose realtime events wait for the commit. */
  transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  /** The subunits of a currency (minor units per major unit). */
  subunitOf: (currency: string) => Promise<bigint>;
  /** The clock (tests move it). */
  now: () => Date;
}) {
  const { repository } = deps;
  const { db } = repository;
  let play: PlayHistory | undefined;
  let deposits: DepositHistory | undefined;
  let exclusions: ExclusionLimits | undefined;

  function playHistory(): PlayHistory {
    if (!play) throw new Error('the limits module has no game history yet (usePlayHistory)');
    return play;
  }

  /**
   * Applies what has fallen due on the player's cash limits: pending increases become the
   * amount, pending removals end the limit (and an account left without a bet or loss limit
   * stops paying for it on the bet path). The bet path reads both lazily, so this only tidies.
   */
  async function settleDue(trx: Executor, playerId: string, rows: PlayerLimitRow[], now: Date) {
    const live: PlayerLimitRow[] = [];
    for (const row of rows) {
      if (!isCashLimitDefinition(row.definition)) {
        live.push(row);
        continue;
      }
      if (row.removal_effective_at && row.removal_effective_at <= now) {
        await repository.update(trx, row.id, { ended_at: row.removal_effective_at, updated_at: now });
        if (
          row.account_id &&
          (PLAY_DEFINITIONS as readonly number[]).includes(row.definition) &&
          !(await repository.hasPlayLimits(trx, row.account_id, row.id))
        ) {
          await deps.accounts.setLimitsApply(trx, playerId, row.account_id, false);
        }
        continue;
      }
      if (row.pending_amount_minor !== null && row.pending_effective_at && row.pending_effective_at <= now) {
        live.push(
          await repository.update(trx, row.id, {
            amount_minor: row.pending_amount_minor,
            pending_amount_minor: null,
            pending_effective_at: null,
            updated_at: now,
          }),
        );
        continue;
      }
      live.push(row);
    }
    return live;
  }

  /**
   * The cash limits of a player as the API shows them, with what the running periods used.
   * Reads through `q` only: inside a transaction, PGlite has a single connection.
   */
  async function toWire(q: Executor, rows: PlayerLimitRow[], now: Date): Promise<Limit[]> {
    const usage = new Map<string, Map<string, bigint>>();
    const result: Limit[] = [];
    for (const row of rows) {
      if (!isCashLimitDefinition(row.definition) || !row.account_id || !row.currency) continue;
      const period = row.period as CashLimitPeriod;
      let usedMinor: bigint;
      if (row.definition === LimitDefinition.DEPOSIT) {
        usedMinor = deposits
          ? await deposits.depositedSince(q, {
              playerId: row.player_id,
              accountId: row.account_id,
              since: periodStart(period, now),
            })
          : 0n;
      } else {
        let counters = usage.get(row.account_id);
        if (!counters) {
          counters = new Map(
            (await repository.usage(q, row.account_id, periodStarts(now))).map((u) => [
              `${u.kind}:${u.period}`,
              u.used_minor,
            ]),
          );
          usage.set(row.account_id, counters);
        }
        usedMinor = counters.get(`${kindOf(row.definition)}:${period}`) ?? 0n;
      }
      result.push(wireOf(row, await deps.subunitOf(row.currency), usedMinor, now));
    }
    return result;
  }

  function wireOf(row: PlayerLimitRow, subunit: bigint, usedMinor: bigint, now: Date): Limit {
    const major = (minor: bigint | null) => (minor === null ? null : minorToMajor(minor, subunit));
    const period = row.period as CashLimitPeriod;
    const pending = row.pending_amount_minor !== null && row.pending_effective_at !== null;
    return {
      id: row.id,
      definition: row.definition,
      status: pending || row.removal_effective_at ? LimitStatus.PENDING : LimitStatus.ACTIVE,
      amount: major(amountInForce(row, now)),
      // A net win shows as nothing used (the loss limit's room grows, the bar does not go below 0).
      currentAmount: major(usedMinor > 0n ? usedMinor : 0n),
      currency: row.currency,
      period: row.period,
      startedAt: row.started_at.toISOString(),
      expiredAt: (row.removal_effective_at ?? row.pending_effective_at)?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      cancelProcess: row.removal_effective_at !== null,
      pendingExist: pending,
      pendingAmount: major(row.pending_amount_minor),
      returnAt: null,
      periodEndsAt: periodEnd(period, now).toISOString(),
    };
  }

  async function oneWire(q: Executor, row: PlayerLimitRow, now: Date): Promise<Limit> {
    const [wire] = await toWire(q, [row], now);
    if (!wire) throw AppError.notFound('Unknown limit.');
    return wire;
  }

  function exclusionsOrThrow(): ExclusionLimits {
    if (!exclusions) throw new Error('the limits module has no exclusions (useExclusions)');
    return exclusions;
  }

  /** The player's own live limit by id: another player's or an unknown one is a 404. */
  async function ownRow(trx: Executor, playerId: string, limitId: string): Promise<PlayerLimitRow> {
    const row = UUID.test(limitId) ? await repository.lockOwn(trx, playerId, limitId.toLowerCase()) : undefined;
    if (!row) throw AppError.notFound('Unknown limit.');
    return row;
  }

  async function createCash(playerId: string, definition: CashLimitDefinition, body: CreateLimitBody) {
    const fields: Record<string, string[]> = {};
    if (!isCashPeriod(body.period)) fields['period'] = ['Choose a period: daily, weekly or monthly.'];
    const currency = body.currency?.trim().toUpperCase();
    // Listing opens a new player's default account, which a limit may name.
    if (currency) await deps.accounts.listAccounts(playerId);
    const account = currency ? await deps.accounts.findByCurrency(playerId, currency) : undefined;
    if (!account) fields['currency'] = ['Choose one of your accounts’ currencies.'];
    let amountMinor: bigint | undefined;
    if (account) {
      try {
        amountMinor = amountMinorOrThrow(body.amount, { subunitToUnit: account.subunitToUnit });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        fields['amount'] = error.fields?.['amount'] ?? ['Enter an amount above zero.'];
      }
    } else if (body.amount === undefined) {
      fields['amount'] = ['Enter an amount above zero.'];
    }
    if (Object.keys(fields).length > 0 || !account || amountMinor === undefined || !isCashPeriod(body.period)) {
      throw AppError.validation(fields);
    }
    const period = body.period;
    const now = deps.now();
    return deps.transaction(async (trx) => {
      // A removal that has fallen due ends its row first: the same limit may then be set again.
      await settleDue(trx, playerId, await repository.listLive(trx, playerId), now);
      const play = (PLAY_DEFINITIONS as readonly number[]).includes(definition);
      // The account's row lock first: rounds posting to it finish before the history is read,
      // and every later round sees the flag (docs/player-protection.md, "Limits on the bet path").
      if (play) await deps.accounts.setLimitsApply(trx, playerId, account.id, true);
      const row = await repository.insertCash(trx, {
        playerId,
        definition,
        period,
        accountId: account.id,
        currency: account.currency,
        amountMinor,
        now,
      });
      if (!row) {
        throw AppError.validation({
          period: ['You already have this limit for this period and currency: change it instead.'],
        });
      }
      if (play) {
        const start = periodStart(period, now);
        const totals = await playHistory().totalsSince(trx, { playerId, accountId: account.id, since: start });
        const usedMinor =
          definition === LimitDefinition.BET ? totals.stakesMinor : totals.stakesMinor - totals.wonMinor;
        await repository.setUsage(trx, account.id, { kind: kindOf(definition), period }, start, usedMinor);
      }
      return oneWire(trx, row, now);
    });
  }

  /** A bet's or round's refusal by the counters: the first limit it would pass names the error. */
  function refusalOf(kinds: number[]): ErrorName {
    return kinds.includes(USAGE_STAKES) ? 'GAME_LIMIT_BET' : 'GAME_LIMIT_LOSS';
  }

  return {
    /** Late wiring: the game wallet and the payments are composed after this module. */
    usePlayHistory(source: PlayHistory) {
      play = source;
    },
    useDepositHistory(source: DepositHistory) {
      deposits = source;
    },
    useExclusions(source: ExclusionLimits) {
      exclusions = source;
    },

    async list(playerId: string): Promise<Limit[]> {
      const now = deps.now();
      const cash = await deps.transaction(async (trx) => {
        const rows = await settleDue(trx, playerId, await repository.listLive(trx, playerId), now);
        return toWire(trx, rows, now);
      });
      return [...cash, ...(exclusions ? await exclusions.list(playerId) : [])];
    },

    async create(playerId: string, body: CreateLimitBody): Promise<Limit> {
      const definition = body.definition;
      if (definition === LimitDefinition.SELF_EXCLUSION || definition === LimitDefinition.COOLING_OFF) {
        return exclusionsOrThrow().create(playerId, definition, body.period);
      }
      return createCash(playerId, definition, body);
    },

    /**
     * A cash limit's new amount: lower applies at once (a pending increase is dropped), higher
     * waits 24 hours as a pending change; cooling-off and self-exclusion go to their rules.
     */
    async update(playerId: string, limitId: string, body: UpdateLimitBody): Promise<Limit> {
      const now = deps.now();
      const outcome = await deps.transaction(async (trx) => {
        const row = await ownRow(trx, playerId, limitId);
        if (!isCashLimitDefinition(row.definition)) return { row };
        const [live] = await settleDue(trx, playerId, [row], now);
        if (!live) throw AppError.notFound('Unknown limit.');
        if (live.removal_effective_at) {
          throw AppError.validation({ amount: ['This limit is being removed: it can no longer be changed.'] });
        }
        if (!live.currency) throw AppError.notFound('Unknown limit.');
        if (body.amount === undefined) throw AppError.validation({ amount: ['Enter an amount above zero.'] });
        const amountMinor = amountMinorOrThrow(body.amount, { subunitToUnit: await deps.subunitOf(live.currency) });
        const current = live.amount_minor ?? 0n;
        const updated =
          amountMinor <= current
            ? await repository.update(trx, live.id, {
                amount_minor: amountMinor,
                pending_amount_minor: null,
                pending_effective_at: null,
                updated_at: now,
              })
            : await repository.update(trx, live.id, {
                pending_amount_minor: amountMinor,
                pending_effective_at: new Date(now.getTime() + LIMIT_CHANGE_DELAY_MS),
                updated_at: now,
              });
        return { wire: await oneWire(trx, updated, now) };
      });
      if ('wire' in outcome && outcome.wire) return outcome.wire;
      return exclusionsOrThrow().update(playerId, outcome.row, body);
    },

    /** Removing a cash limit takes effect after 24 hours (`cancelProcess` meanwhile). */
    async remove(playerId: string, limitId: string): Promise<Limit> {
      const now = deps.now();
      const outcome = await deps.transaction(async (trx) => {
        const row = await ownRow(trx, playerId, limitId);
        if (!isCashLimitDefinition(row.definition)) return { row };
        if (row.removal_effective_at) return { wire: await oneWire(trx, row, now) };
        const updated = await repository.update(trx, row.id, {
          removal_effective_at: new Date(now.getTime() + LIMIT_CHANGE_DELAY_MS),
          updated_at: now,
        });
        return { wire: await oneWire(trx, updated, now) };
      });
      if ('wire' in outcome && outcome.wire) return outcome.wire;
      return exclusionsOrThrow().remove(playerId, outcome.row);
    },

    async requestReturn(playerId: string, limitId: string): Promise<Limit> {
      const row = await deps.transaction((trx) => ownRow(trx, playerId, limitId));
      return exclusionsOrThrow().requestReturn(playerId, row);
    },

    /**
     * The bet path (docs/player-protection.md, "Limits on the bet path"), called by the game
     * wallet only for an account whose posting answered `limitsApply`: one statement counts
     * the stake (and the round's net loss when it settled at once) against every bet and loss
     * limit in force, or names the error of the first one it would pass.
     */
    async countStake(
      trx: Executor,
      input: { accountId: string; stakeMinor: bigint; wonMinor: bigint },
    ): Promise<ErrorName | undefined> {
      const now = deps.now();
      const refused = await repository.count(trx, { ...input, now, starts: periodStarts(now), guarded: true });
      return refused.length > 0 ? refusalOf(refused) : undefined;
    },

    /** A win lowers the period's net loss; a refunded bet lowers its stakes and its loss. */
    async countReturn(trx: Executor, input: { accountId: string; wonMinor: bigint; refundedMinor: bigint }) {
      const now = deps.now();
      await repository.count(trx, {
        accountId: input.accountId,
        now,
        starts: periodStarts(now),
        // A refund undoes a stake: -stake on both counters; a win: -won on the loss.
        stakeMinor: -input.refundedMinor,
        wonMinor: input.wonMinor,
        guarded: false,
      });
    },

    /**
     * Why the player may not open a real-money game now: a cooling-off or self-exclusion
     * (14105), or a bet or loss limit of the account already used up (14100, 14101).
     */
    async launchRefusal(playerId: string, accountId: string | null): Promise<ErrorName | undefined> {
      if (exclusions && (await exclusions.isExcluded(playerId))) return 'GAME_LIMIT_SELF_EXCLUSION';
      if (!accountId) return undefined;
      const now = deps.now();
      const rows = (await repository.listLive(db, playerId)).filter(
        (row) =>
          row.account_id === accountId &&
          (PLAY_DEFINITIONS as readonly number[]).includes(row.definition) &&
          !(row.removal_effective_at && row.removal_effective_at <= now),
      );
      if (rows.length === 0) return undefined;
      const used = new Map(
        (await repository.usage(db, accountId, periodStarts(now))).map((u) => [`${u.kind}:${u.period}`, u.used_minor]),
      );
      for (const row of rows) {
        const usedMinor = used.get(`${kindOf(row.definition)}:${row.period}`) ?? 0n;
        if (usedMinor >= amountInForce(row, now)) {
          return row.definition === LimitDefinition.BET ? 'GAME_LIMIT_BET' : 'GAME_LIMIT_LOSS';
        }
      }
      return undefined;
    },

    /**
     * The deposit policy (payments' DepositLimitPolicy): inside the deposit's transaction, the
     * account's deposit limits are locked (parallel deposits of the player queue on them) and
     * each must leave room for the amount after what the period has deposited or has under way.
     */
    async checkDeposit(
      trx: Executor,
      input: { playerId: string; accountId: string; amountMinor: bigint },
    ): Promise<{ allowed: true } | { allowed: false; reason: string }> {
      const now = deps.now();
      const rows = (await repository.lockCashLimits(trx, input.accountId, [LimitDefinition.DEPOSIT])).filter(
        (row) => !(row.removal_effective_at && row.removal_effective_at <= now),
      );
      for (const row of rows) {
        const since = periodStart(row.period as CashLimitPeriod, now);
        const depositedMinor = deposits
          ? await deposits.depositedSince(trx, { playerId: input.playerId, accountId: input.accountId, since })
          : 0n;
        const amountMinor = amountInForce(row, now);
        // Without an amount (the methods list), the limit is reached once nothing more fits.
        const wanted = input.amountMinor > 0n ? input.amountMinor : 1n;
        if (depositedMinor + wanted > amountMinor) {
          return { allowed: false, reason: `Your ${row.period} deposit limit has been reached.` };
        }
      }
      return { allowed: true };
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;
