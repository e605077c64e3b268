import type { Bonus, BonusPackageOffer } from '@croupier/contract';
import { formatNumber, formatPercent } from '../../../lib/format';
import { displayUnitOf, toDisplayAmount, type CurrencyInfo } from '../../../lib/wallet-display';
import { freespinsWith, offerTerms, type BonusCurrency } from '../logic';

/**
 * The welcome package as anyone may read it (`GET /api/game/bonus-packages`): which package
 * the welcome-package page and the home banner show, and its steps' terms in a currency.
 * Base-currency amounts (USD) convert with the currency's rate (`offerTerms`).
 */

export const WELCOME_PACKAGE_NAME = 'Welcome package';

/** The currency shown when nobody is signed in (the base currency). */
export const BASE_CURRENCY_CODE = 'USD';

/** The package named "Welcome package", else the first one on offer; undefined when none has a step. */
export function welcomePackage(packages: readonly BonusPackageOffer[] | undefined): BonusPackageOffer | undefined {
  const withSteps = (packages ?? []).filter((item) => item.bonuses.length > 0);
  return withSteps.find((item) => item.name === WELCOME_PACKAGE_NAME) ?? withSteps[0];
}

/** One step of a package in a currency (major units; null when the bonus does not set it). */
export interface PackageStep {
  id: string;
  /** 1 for the first deposit. */
  deposit: number;
  percentage: number | null;
  amount: number | null;
  maxAmount: number | null;
  minDeposit: number | null;
  wager: number;
  maxBet: number | null;
  /** Free spins given with the step's deposit (0: none). */
  freespins: number;
}

/** The package's steps in priority order (the server sends them so; sorted again, stable). */
export function packageSteps(offer: BonusPackageOffer, currency: BonusCurrency): PackageStep[] {
  return [...offer.bonuses]
    .sort((a: Bonus, b: Bonus) => a.packagePriority - b.packagePriority)
    .map((bonus, index) => {
      const terms = offerTerms(bonus, currency);
      return {
        id: bonus.id,
        deposit: index + 1,
        percentage: terms.percentage,
        amount: terms.amount,
        maxAmount: terms.maxAmount,
        minDeposit: terms.minDeposit,
        wager: terms.wager,
        maxBet: terms.maxBet,
        freespins: freespinsWith(bonus),
      };
    });
}

/**
 * The currency amounts are shown in: the signed-in player's account currency when its data
 * (with a rate) is loaded, else the base currency.
 */
export function shownCurrency(
  currencies: readonly (CurrencyInfo & { code: string })[] | undefined,
  accountCurrency: string | undefined,
): CurrencyInfo & BonusCurrency {
  const own = accountCurrency ? currencies?.find((item) => item.code === accountCurrency) : undefined;
  if (own?.rate?.rate) return own;
  return (
    currencies?.find((item) => item.code === BASE_CURRENCY_CODE) ?? {
      code: BASE_CURRENCY_CODE,
      subunitToUnit: 100,
      subCurrencies: [],
      type: 'fiat',
      rate: { rate: 100 },
    }
  );
}

/** An offer's amount: in the currency's display unit, decimals only when not whole ("500 USD", "12.5 mBTC"). */
export function offerMoney(amountMajor: number, currency: CurrencyInfo, locale: string): string {
  const unit = displayUnitOf(currency);
  return `${formatNumber(toDisplayAmount(amountMajor, unit), locale, { minDecimals: 0, maxDecimals: unit.decimals })} ${unit.code}`;
}

/** A percentage without needless decimals ("100%", "12.5%"). */
export function offerPercent(percent: number, locale: string): string {
  return formatPercent(percent, locale, { minDecimals: 0, maxDecimals: 2 });
}
