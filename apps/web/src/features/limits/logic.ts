import {
  CashLimitPeriod,
  isCashLimitDefinition,
  LimitDefinition,
  LimitStatus,
  type CashLimitDefinition,
  type Limit,
} from '@croupier/contract';

/**
 * The limits page's and the wallet notice's rules, apart from React
 * (docs/player-protection.md, "Limits"): how cash limits are grouped, when the advanced
 * view is offered, what a countdown says, which notice the deposit screen shows and what
 * state a cooling-off or self-exclusion is in.
 */

export type DefinitionKey = 'bet' | 'loss' | 'deposit' | 'selfExclusion' | 'coolingOff';

const DEFINITION_KEYS: Readonly<Record<number, DefinitionKey>> = {
  [LimitDefinition.BET]: 'bet',
  [LimitDefinition.LOSS]: 'loss',
  [LimitDefinition.DEPOSIT]: 'deposit',
  [LimitDefinition.SELF_EXCLUSION]: 'selfExclusion',
  [LimitDefinition.COOLING_OFF]: 'coolingOff',
};

/** The content key of a definition (`global-components` `limits.definitions.{key}`); undefined when unknown. */
export function definitionKey(definition: number): DefinitionKey | undefined {
  return DEFINITION_KEYS[definition];
}

/** Cash limits in the order the page lists them: bet, loss, deposit. */
export const CASH_DEFINITION_ORDER: readonly CashLimitDefinition[] = [
  LimitDefinition.BET,
  LimitDefinition.LOSS,
  LimitDefinition.DEPOSIT,
];

export type CashLimit = Limit & { definition: CashLimitDefinition; amount: number; currency: string; period: string };

export function isCashLimit(limit: Limit): limit is CashLimit {
  return (
    isCashLimitDefinition(limit.definition) && limit.amount !== null && limit.currency !== null && limit.period !== null
  );
}

/** Status 1 is in force; any other value is shown as pending. */
export const isPendingStatus = (limit: Pick<Limit, 'status'>): boolean => limit.status !== LimitStatus.ACTIVE;

export interface CurrencyGroup {
  currency: string;
  limits: CashLimit[];
}

export interface PeriodGroup {
  period: string;
  currencies: CurrencyGroup[];
}

const periodRank = (period: string): number => {
  const index = (CashLimitPeriod as readonly string[]).indexOf(period);
  return index === -1 ? CashLimitPeriod.length : index;
};

/**
 * Cash limits grouped by period (daily, weekly, monthly, then any other in name order),
 * then by currency (by code), each currency's limits in the order bet, loss, deposit.
 */
export function groupCashLimits(limits: readonly Limit[]): PeriodGroup[] {
  const byPeriod = new Map<string, Map<string, CashLimit[]>>();
  for (const limit of limits) {
    if (!isCashLimit(limit)) continue;
    const currencies = byPeriod.get(limit.period) ?? new Map<string, CashLimit[]>();
    byPeriod.set(limit.period, currencies);
    currencies.set(limit.currency, [...(currencies.get(limit.currency) ?? []), limit]);
  }
  return [...byPeriod.entries()]
    .sort(([a], [b]) => periodRank(a) - periodRank(b) || a.localeCompare(b))
    .map(([period, currencies]) => ({
      period,
      currencies: [...currencies.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, items]) => ({
          currency,
          limits: [...items].sort(
            (a, b) => CASH_DEFINITION_ORDER.indexOf(a.definition) - CASH_DEFINITION_ORDER.indexOf(b.definition),
          ),
        })),
    }));
}

/** Every currency that any group has, by code. */
export function groupCurrencies(groups: readonly PeriodGroup[]): string[] {
  return [...new Set(groups.flatMap((group) => group.currencies.map((item) => item.currency)))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/**
 * The advanced view (one table of periods by currencies) is offered only when there are
 * more than 2 period groups and every group covers all currencies (those any group has),
 * so that the table has no holes.
 */
export function showAdvancedMode(groups: readonly PeriodGroup[]): boolean {
  if (groups.length <= 2) return false;
  const all = groupCurrencies(groups);
  return groups.every((group) => all.every((currency) => group.currencies.some((item) => item.currency === currency)));
}

/** The share of a limit used, in percent (0–100, 2 decimals); a zero limit counts as used up. */
export function usedPercent(limit: Pick<Limit, 'amount' | 'currentAmount'>): number {
  const amount = limit.amount ?? 0;
  const used = Math.max(0, limit.currentAmount ?? 0);
  if (amount <= 0) return 100;
  return Math.min(100, Math.round((used / amount) * 10_000) / 100);
}

/** A limit whose running period has used all of it. */
export const isLimitReached = (limit: Pick<Limit, 'amount' | 'currentAmount'>): boolean =>
  limit.amount !== null && (limit.currentAmount ?? 0) >= limit.amount;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  /** Less than 24 hours are left (the page says "less than one day left"). */
  lessThanDay: boolean;
  /** The moment has passed (or the date is unreadable): nothing is left. */
  over: boolean;
}

/** What is left until `until`, rounded up to the minute so that a countdown never shows 0 early. */
export function timeLeft(until: string | null, nowMs: number): TimeLeft {
  const at = until ? Date.parse(until) : Number.NaN;
  const left = Number.isNaN(at) ? 0 : at - nowMs;
  if (left <= 0) return { days: 0, hours: 0, minutes: 0, lessThanDay: true, over: true };
  // Under a day never reads as "1 d 0 h": the last minute of the day is 23 h 59 min.
  const totalMinutes = Math.min(Math.ceil(left / MINUTE_MS), left < DAY_MS ? DAY_MS / MINUTE_MS - 1 : Infinity);
  return {
    days: Math.floor(totalMinutes / (DAY_MS / MINUTE_MS)),
    hours: Math.floor((totalMinutes % (DAY_MS / MINUTE_MS)) / 60),
    minutes: totalMinutes % 60,
    lessThanDay: left < DAY_MS,
    over: false,
  };
}

/** How often a countdown re-renders: every minute, every second in its last minute. */
export function countdownTickMs(left: TimeLeft): number | null {
  if (left.over) return null;
  return left.days === 0 && left.hours === 0 && left.minutes <= 1 ? 1000 : MINUTE_MS;
}

const isInForce = (limit: Limit, nowMs: number): boolean =>
  limit.expiredAt === null || Number.isNaN(Date.parse(limit.expiredAt)) || Date.parse(limit.expiredAt) > nowMs;

/** The cooling-off in force, if any (the one ending last). */
export function activeCoolingOff(limits: readonly Limit[], nowMs: number): Limit | undefined {
  return latestEnding(limits.filter((l) => l.definition === LimitDefinition.COOLING_OFF && isInForce(l, nowMs)));
}

function latestEnding(limits: readonly Limit[]): Limit | undefined {
  const end = (limit: Limit) => (limit.expiredAt === null ? Number.POSITIVE_INFINITY : Date.parse(limit.expiredAt));
  return [...limits].sort((a, b) => end(b) - end(a))[0];
}

/**
 * A self-exclusion's state: `active` until it ends; `ended` once it has ended and the
 * player has not asked to return (play stays closed); `returning` while the 24 hours
 * after that request run; `over` once play has resumed.
 */
export type ExclusionState = 'active' | 'ended' | 'returning' | 'over';

export function exclusionState(limit: Pick<Limit, 'expiredAt' | 'returnAt'>, nowMs: number): ExclusionState {
  const end = limit.expiredAt === null ? Number.POSITIVE_INFINITY : Date.parse(limit.expiredAt);
  if (Number.isNaN(end) || end > nowMs) return 'active';
  if (limit.returnAt === null) return 'ended';
  return Date.parse(limit.returnAt) > nowMs ? 'returning' : 'over';
}

/** The player's self-exclusion that still matters (any but `over`), the latest ending first. */
export function currentSelfExclusion(limits: readonly Limit[], nowMs: number): Limit | undefined {
  return latestEnding(
    limits.filter((l) => l.definition === LimitDefinition.SELF_EXCLUSION && exclusionState(l, nowMs) !== 'over'),
  );
}

export type WalletLimitNotice =
  | { kind: 'selfExclusion'; limit: Limit }
  | { kind: 'coolingOff'; limit: Limit }
  | { kind: 'deposit'; limit: Limit | undefined };

/**
 * The limit card of the wallet's deposit screen: a self-exclusion or cooling-off, if any,
 * overrides the deposit-limit notice; otherwise a deposit limit of the active currency
 * whose used amount has reached its amount in a period still running; otherwise the deposit methods' 13100 answer
 * (`methodsRefused`) alone sets the deposit-limit state.
 */
export function walletLimitNotice(
  limits: readonly Limit[] | undefined,
  currency: string | undefined,
  methodsRefused: boolean,
  nowMs: number,
): WalletLimitNotice | null {
  const list = limits ?? [];
  const exclusion = currentSelfExclusion(list, nowMs);
  if (exclusion) return { kind: 'selfExclusion', limit: exclusion };
  const coolingOff = activeCoolingOff(list, nowMs);
  if (coolingOff) return { kind: 'coolingOff', limit: coolingOff };
  const reached = list.find(
    (limit) =>
      limit.definition === LimitDefinition.DEPOSIT &&
      currency !== undefined &&
      limit.currency === currency &&
      isLimitReached(limit) &&
      // A period that has rolled over has reset the used amount (the list is older than that).
      (limit.periodEndsAt === null || !(Date.parse(limit.periodEndsAt) <= nowMs)),
  );
  if (reached) return { kind: 'deposit', limit: reached };
  return methodsRefused ? { kind: 'deposit', limit: undefined } : null;
}

/**
 * The message a change of a cash limit's amount gets: a lower amount applies at once, a
 * higher one waits 24 hours (the server's answer says which: `pendingExist`).
 */
export function amountChange(current: number, next: number): 'decrease' | 'increase' | 'same' {
  if (next < current) return 'decrease';
  if (next > current) return 'increase';
  return 'same';
}

/** The player's account currencies that do not have this definition and period yet. */
export function freeCurrencies(
  limits: readonly Limit[],
  accounts: readonly string[],
  definition: number,
  period: string,
): string[] {
  const taken = new Set(
    limits.filter((l) => l.definition === definition && l.period === period && l.currency).map((l) => l.currency),
  );
  return accounts.filter((currency) => !taken.has(currency));
}

/**
 * The periods a cooling-off or self-exclusion can be extended to: those after its own in
 * the settings' list, which runs from the shortest to the longest (both count from the
 * start, so a later one ends later). An unknown current period offers them all.
 */
export function longerPeriods(periodIds: readonly string[], current: string | null): string[] {
  const index = current === null ? -1 : periodIds.indexOf(current);
  return periodIds.slice(index + 1);
}
