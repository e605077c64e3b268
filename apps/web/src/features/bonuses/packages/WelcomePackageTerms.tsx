import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/Skeleton';
import { formatMultiplier } from '../../../lib/format';
import { useCurrencies } from '../../settings';
import { useBonusPackageOffers } from './api';
import { offerMoney, offerPercent, packageSteps, shownCurrency, welcomePackage, type PackageStep } from './logic';
import './welcome-package.css';

/**
 * The welcome-package page's "current terms": one row per step of the package on offer, in
 * the signed-in player's currency (else USD). A skeleton while loading; nothing on error or
 * without a package (the page's content body explains the offer in prose).
 */
export function WelcomePackageTerms({ accountCurrency }: { accountCurrency?: string }) {
  const { t, i18n } = useTranslation('layout');
  const headingId = useId();
  const packages = useBonusPackageOffers();
  const currencies = useCurrencies();
  if (packages.isPending || (currencies.isPending && accountCurrency)) {
    return (
      <div className="welcome-terms welcome-terms--loading" aria-busy="true" data-testid="welcome-terms-loading">
        <Skeleton className="welcome-terms__skeleton-title" />
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="welcome-terms__skeleton-row" />
        ))}
      </div>
    );
  }
  const offer = welcomePackage(packages.data);
  if (packages.isError || !offer) return null;
  const locale = i18n.language;
  const currency = shownCurrency(currencies.data, accountCurrency);
  const steps = packageSteps(offer, currency);
  const money = (amount: number | null) => (amount === null ? '—' : offerMoney(amount, currency, locale));
  const cash = (step: PackageStep) => {
    if (step.percentage !== null) {
      const percent = offerPercent(step.percentage, locale);
      return step.maxAmount !== null
        ? t('pages.welcomePackage.percentage', { percent, max: money(step.maxAmount) })
        : percent;
    }
    return money(step.amount);
  };
  const bonus = (step: PackageStep) =>
    step.freespins > 0
      ? t('pages.welcomePackage.withFreespins', { bonus: cash(step), count: step.freespins })
      : cash(step);
  const columns = {
    bonus: t('pages.welcomePackage.bonus'),
    minDeposit: t('pages.welcomePackage.minDeposit'),
    wager: t('pages.welcomePackage.wager'),
    maxBet: t('pages.welcomePackage.maxBet'),
  };
  return (
    <section className="welcome-terms" aria-labelledby={headingId} data-testid="welcome-terms">
      <h2 id={headingId} className="welcome-terms__title">
        {t('pages.welcomePackage.title')}
      </h2>
      <table className="welcome-terms__table">
        <thead>
          <tr>
            <th scope="col">{t('pages.welcomePackage.deposit')}</th>
            <th scope="col">{columns.bonus}</th>
            <th scope="col">{columns.minDeposit}</th>
            <th scope="col">{columns.wager}</th>
            <th scope="col">{columns.maxBet}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.id} data-testid="welcome-step">
              <th scope="row">{t('pages.welcomePackage.step', { number: step.deposit })}</th>
              <td data-label={columns.bonus} className="welcome-terms__bonus">
                {bonus(step)}
              </td>
              <td data-label={columns.minDeposit}>{money(step.minDeposit)}</td>
              <td data-label={columns.wager}>{formatMultiplier(step.wager, locale, { minDecimals: 0 })}</td>
              <td data-label={columns.maxBet}>{money(step.maxBet)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="welcome-terms__note">{t('pages.welcomePackage.note', { currency: currency.code })}</p>
    </section>
  );
}
