import {
  majorToMinor,
  minorToMajor,
  type AmountItem,
  type Bonus,
  type BonusInput,
  type Currency,
} from '@croupier/contract';
import { fieldErrors } from '../../lib/field-errors';

/**
 * A catalogue bonus's terms, as the operator wrote them (docs/bonuses.md, "The catalogue").
 * Amounts stay major-unit numbers in their currency, checked against its precision when
 * written; they become minor units only here, where a player's bonus is computed.
 * `name`, `type`, `status`, `trigger`, the package and the availability window are columns
 * of the row; the rest is this JSON.
 */
export type BonusTerms = Omit<
  BonusInput,
  'name' | 'type' | 'status' | 'trigger' | 'packageId' | 'packagePriority' | 'availableFrom' | 'availableTo'
>;

export interface CatalogueBonus {
  id: string;
  name: string;
  type: 1 | 2 | 3 | 4;
  status: number;
  trigger: BonusInput['trigger'];
  packageId: string | null;
  packageName: string | null;
  packagePriority: number;
  availableFrom: Date | null;
  availableTo: Date | null;
  terms: BonusTerms;
  createdAt: Date;
  updatedAt: Date;
}

export function termsOf(input: BonusInput): BonusTerms {
  const {
    name: _name,
    type: _type,
    status: _status,
    trigger: _trigger,
    packageId: _packageId,
    packagePriority: _priority,
    availableFrom: _from,
    availableTo: _to,
    ...terms
  } = input;
  return terms;
}

/**
 * Refuses amounts in unknown currencies or with more decimals than their currency has,
 * and currencies named twice in one list, as 422 field errors.
 */
export function checkTermsAmounts(input: BonusInput, currencies: Map<string, Currency>): void {
  const errors = fieldErrors();
  const lists: [
    string,
    { currency: string; amount?: number; amountFrom?: number | null; amountTo?: number | null }[],
  ][] = [
    ['depositRanges', input.depositRanges],
    ['amounts', input.amounts],
    ['maxAmounts', input.maxAmounts],
    ['betRanges', input.betRanges],
    ['maxWinAmounts', input.maxWinAmounts],
    ['freespins.betValues', input.freespins?.betValues ?? []],
  ];
  for (const [field, items] of lists) {
    const seen = new Set<string>();
    for (const item of items) {
      const currency = currencies.get(item.currency);
      if (!currency || currency.type === 'virtual') {
        errors.add(field, `${item.currency} is not a currency of this site.`);
        continue;
      }
      if (seen.has(item.currency)) errors.add(field, `${item.currency} is named twice.`);
      seen.add(item.currency);
      for (const amount of [item.amount, item.amountFrom, item.amountTo]) {
        if (amount === undefined || amount === null) continue;
        if (!majorToMinor(amount, currency.subunitToUnit).ok) {
          errors.add(field, `${amount} ${item.currency} has more decimals than the currency allows.`);
        }
      }
      if (
        item.amountFrom !== undefined &&
        item.amountFrom !== null &&
        item.amountTo !== undefined &&
        item.amountTo !== null &&
        item.amountFrom > item.amountTo
      ) {
        errors.add(field, `The range of ${item.currency} ends before it starts.`);
      }
    }
  }
  errors.throwIfAny();
}

const minorOf = (amount: number, currency: Currency): bigint => {
  const parsed = majorToMinor(amount, currency.subunitToUnit);
  // Checked when written; a currency's precision never grows finer under a bonus.
  if (!parsed.ok) throw new Error(`bonus amount ${amount} ${currency.code}: ${parsed.error}`);
  return parsed.amountMinor;
};

/** A base-currency major amount in minor units of `currency` (rate: its minor units per base unit), rounded down. */
export function fromBaseMajor(amount: number, currency: Currency): bigint {
  return BigInt(Math.floor(amount * currency.rate.rate));
}

/** An amount in minor units of `currency` as major units of the base currency. */
export function toBaseMajor(amountMinor: bigint, currency: Currency): number {
  return Number(amountMinor) / currency.rate.rate;
}

/** A per-currency amount, else the base-currency one converted; undefined when neither is set. */
function amountIn(items: AmountItem[], base: number | null, currency: Currency): bigint | undefined {
  const own = items.find((item) => item.currency === currency.code);
  if (own) return minorOf(own.amount, currency);
  return base === null ? undefined : fromBaseMajor(base, currency);
}

/** The deposit bounds in `currency` (minor units): the currency's own range first, else the base one. */
export function depositBounds(terms: BonusTerms, currency: Currency): { fromMinor?: bigint; toMinor?: bigint } {
  const own = terms.depositRanges.find((range) => range.currency === currency.code);
  if (own) {
    return {
      ...(own.amountFrom ? { fromMinor: minorOf(own.amountFrom, currency) } : {}),
      ...(own.amountTo ? { toMinor: minorOf(own.amountTo, currency) } : {}),
    };
  }
  return {
    ...(terms.baseCurrencyDepositFrom !== null
      ? { fromMinor: BigInt(Math.ceil(terms.baseCurrencyDepositFrom * currency.rate.rate)) }
      : {}),
    ...(terms.baseCurrencyDepositTo !== null ? { toMinor: fromBaseMajor(terms.baseCurrencyDepositTo, currency) } : {}),
  };
}

/**
 * Whether a bonus is offered in a currency at all: its deposit ranges name the currency,
 * or it has none per currency; a cash bonus also needs an amount there.
 */
export function offeredIn(bonus: CatalogueBonus, currency: Currency): boolean {
  const { terms } = bonus;
  if (
    terms.depositRanges.length > 0 &&
    !terms.depositRanges.some((r) => r.currency === currency.code) &&
    terms.baseCurrencyDepositFrom === null &&
    terms.baseCurrencyDepositTo === null
  ) {
    return false;
  }
  if (bonus.type === 1) return amountIn(terms.amounts, terms.baseCurrencyAmount, currency) !== undefined;
  if (bonus.type === 3) return terms.freespins?.betValues.some((v) => v.currency === currency.code) ?? false;
  return true;
}

/**
 * Whether a bonus is a package step's companion: a free-spins deposit bonus (type 3) in the
 * step of a cash or percentage deposit bonus (same package and priority). A deposit naming
 * the step's bonus brings its companions too; a companion is never chosen by itself, and
 * the next step does not wait for it.
 */
export function isCompanion(bonus: CatalogueBonus, all: readonly CatalogueBonus[]): boolean {
  return (
    bonus.type === 3 &&
    bonus.trigger === 'deposit' &&
    bonus.packageId !== null &&
    all.some(
      (other) =>
        other.packageId === bonus.packageId &&
        other.packagePriority === bonus.packagePriority &&
        other.trigger === 'deposit' &&
        (other.type === 1 || other.type === 2),
    )
  );
}

/** The companions of the step a package bonus belongs to (see `isCompanion`). */
export const companionsOf = (bonus: CatalogueBonus, all: readonly CatalogueBonus[]): CatalogueBonus[] =>
  bonus.packageId === null
    ? []
    : all.filter(
        (other) =>
          other.id !== bonus.id &&
          other.packageId === bonus.packageId &&
          other.packagePriority === bonus.packagePriority &&
          isCompanion(other, all),
      );

/** Whether a deposit of `amountMinor` fits the bonus's bounds. */
export function depositFits(terms: BonusTerms, currency: Currency, amountMinor: bigint): boolean {
  const { fromMinor, toMinor } = depositBounds(terms, currency);
  return (fromMinor === undefined || amountMinor >= fromMinor) && (toMinor === undefined || amountMinor <= toMinor);
}

/**
 * The bonus money a player receives (minor units) for a deposit (types 1 and 2), or as a
 * share of a period's net loss `lossMinor` (type 4, cashback); 0 for free spins.
 */
export function grantMinor(
  bonus: CatalogueBonus,
  currency: Currency,
  depositMinor: bigint | undefined,
  lossMinor?: bigint,
): bigint {
  const { terms } = bonus;
  if (bonus.type === 1) return amountIn(terms.amounts, terms.baseCurrencyAmount, currency) ?? 0n;
  if (bonus.type === 2) {
    if (depositMinor === undefined || terms.depositPercentage === null) return 0n;
    // Percent with up to two decimals, exactly: deposit × (pct × 100) / 10,000, rounded down.
    const granted = (depositMinor * BigInt(Math.round(terms.depositPercentage * 100))) / 10_000n;
    const cap = amountIn(terms.maxAmounts, terms.baseCurrencyMaxAmount, currency);
    return cap !== undefined && granted > cap ? cap : granted;
  }
  if (bonus.type === 4) {
    const percentage = terms.cashbackPercentage ?? null;
    if (lossMinor === undefined || lossMinor <= 0n || percentage === null) return 0n;
    // As above: loss × (pct × 100) / 10,000, rounded down, capped like a percentage bonus.
    const granted = (lossMinor * BigInt(Math.round(percentage * 100))) / 10_000n;
    const cap = amountIn(terms.maxAmounts, terms.baseCurrencyMaxAmount, currency);
    return cap !== undefined && granted > cap ? cap : granted;
  }
  return 0n;
}

/** The wagering a multiplier (x, two decimals) requires of an amount, rounded up to a minor unit. */
export function requiredWagerMinor(amountMinor: bigint, multiplier: number): bigint {
  const hundredths = BigInt(Math.round(multiplier * 100));
  return (amountMinor * hundredths + 99n) / 100n;
}

/** The bet bounds while wagering, and the cap on what the bonus may convert to real money. */
export function playerLimits(
  bonus: CatalogueBonus,
  currency: Currency,
  amountMinor: bigint,
): { minBetMinor: bigint | null; maxBetMinor: bigint | null; maxWinMinor: bigint | null } {
  const { terms } = bonus;
  const range = terms.betRanges.find((r) => r.currency === currency.code);
  const minBet = range?.amountFrom
    ? minorOf(range.amountFrom, currency)
    : terms.baseCurrencyBetFrom !== null
      ? BigInt(Math.ceil(terms.baseCurrencyBetFrom * currency.rate.rate))
      : null;
  const maxBet = range?.amountTo
    ? minorOf(range.amountTo, currency)
    : terms.baseCurrencyBetTo !== null
      ? fromBaseMajor(terms.baseCurrencyBetTo, currency)
      : null;
  const caps: bigint[] = [];
  const byAmount = amountIn(terms.maxWinAmounts, terms.baseCurrencyMaxWinAmount, currency);
  if (byAmount !== undefined) caps.push(byAmount);
  if (terms.maxWinMultiplier !== null) {
    caps.push((amountMinor * BigInt(Math.round(terms.maxWinMultiplier * 100))) / 100n);
  }
  const maxWin = caps.length === 0 ? null : caps.reduce((a, b) => (a < b ? a : b));
  return {
    minBetMinor: minBet !== null && minBet > 0n ? minBet : null,
    maxBetMinor: maxBet !== null && maxBet > 0n ? maxBet : null,
    maxWinMinor: maxWin,
  };
}

/** What the bet path needs of a player bonus's terms (kept on the player bonus as given). */
export interface BetConditions {
  gameIds: string[];
  gameIdsExcluded: boolean;
  providerIds: string[];
  providerIdsExcluded: boolean;
  categoryContributions: { category: string; percentage: number }[];
}

export const betConditionsOf = (terms: BonusTerms): BetConditions => ({
  gameIds: terms.gameIds,
  gameIdsExcluded: terms.gameIdsExcluded,
  providerIds: terms.providerIds,
  providerIdsExcluded: terms.providerIdsExcluded,
  categoryContributions: terms.categoryContributions,
});

/** The catalogue bonus in the players' shape. */
export function toBonus(bonus: CatalogueBonus): Bonus {
  const { terms } = bonus;
  const rangeItems = (items: BonusTerms['depositRanges']) =>
    items.map((item) => ({
      currency: item.currency,
      amountFrom: item.amountFrom ?? null,
      amountTo: item.amountTo ?? null,
    }));
  const maxAmountItems = terms.maxAmounts.map(({ currency, amount }) => ({ currency, amount }));
  const presets =
    terms.freespins?.betValues.map((value) => ({
      id: `${bonus.id}:${value.currency}`,
      currency: value.currency,
      name: `${terms.freespins?.count ?? 0}`,
      originalCurrency: value.currency,
      price: value.amount,
      quantity: terms.freespins?.count ?? 0,
    })) ?? [];
  return {
    id: bonus.id,
    name: bonus.name,
    status: bonus.status,
    type: bonus.type,
    wagerCasino: terms.wagerCasino,
    wagerSportsbook: terms.wagerSportsbook,
    baseCurrencyMaxWinAmount: terms.baseCurrencyMaxWinAmount,
    maxWinAmountItems: terms.maxWinAmounts.map(({ currency, amount }) => ({ currency, amount })),
    maxWinMultiplier: terms.maxWinMultiplier,
    sticky: terms.sticky,
    cashable: terms.cashable,
    package: bonus.packageId ? { id: bonus.packageId, name: bonus.packageName ?? '' } : null,
    packagePriority: bonus.packagePriority,
    assignConditions: {
      amountItems: terms.amounts.map(({ currency, amount }) => ({ currency, amount })),
      baseCurrencyAmount: terms.baseCurrencyAmount,
      depositPercentage: terms.depositPercentage,
      baseCurrencyMaxAmount: terms.baseCurrencyMaxAmount,
      maxAmountItems,
      maxBonusAmountItems: maxAmountItems,
      freespinDurationMinutes: terms.freespins?.durationMinutes ?? null,
      gameId: terms.freespins?.gameId ?? null,
      providerId: null,
      presets,
      cashbackPercentage: terms.cashbackPercentage,
    },
    triggerConditions: {
      invoiceAmountItems: rangeItems(terms.depositRanges),
      baseCurrencyInvoiceAmountFrom: terms.baseCurrencyDepositFrom,
      baseCurrencyInvoiceAmountTo: terms.baseCurrencyDepositTo,
      availableFrom: bonus.availableFrom?.toISOString() ?? null,
      availableTo: bonus.availableTo?.toISOString() ?? null,
    },
    wagerCasinoConditions: {
      amountItems: rangeItems(terms.betRanges),
      baseCurrencyAmountFrom: terms.baseCurrencyBetFrom,
      baseCurrencyAmountTo: terms.baseCurrencyBetTo,
      gameIds: terms.gameIds,
      gameIdsExcluded: terms.gameIdsExcluded,
      providerIds: terms.providerIds,
      providerIdsExcluded: terms.providerIdsExcluded,
      categoryContributions: terms.categoryContributions,
    },
    wagerSportsbookConditions: {
      amountItems: rangeItems(terms.betRanges),
      baseCurrencyAmountFrom: terms.baseCurrencyBetFrom,
      baseCurrencyAmountTo: terms.baseCurrencyBetTo,
    },
    activationDays: terms.activationDays,
    wageringDays: terms.wageringDays,
    isBonusCancelLock: terms.isBonusCancelLock,
  };
}

export const majorOf = (amountMinor: bigint, currency: Currency): number =>
  minorToMajor(amountMinor, currency.subunitToUnit);
