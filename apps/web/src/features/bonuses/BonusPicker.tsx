import type { Currency } from '@croupier/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatMoney, formatMultiplier, formatPercent } from '../../lib/format';
import { useModals } from '../modals';
import { useCurrencies } from '../settings';
import type { DepositBonusChoice } from './choice';
import { freespinsWith, misfit, offerTerms, type OfferCard } from './logic';
import './bonus-picker.css';

/**
 * The deposit form's bonus picker: one radio card per offer (a package as one card showing
 * its next step) with what it gives and asks, a Details button opening bonus-details, and
 * the "No bonus" choice. Offers the amount does not fit are shown but cannot be chosen, with
 * the reason. Radios, so that the arrow keys move between the choices.
 */
export function BonusPicker({ choice }: { choice: DepositBonusChoice }) {
  const { t } = useTranslation('global-components');
  const id = useId();
  const currency = useCurrencies().data?.find((item) => item.code === choice.currencyCode);
  const name = `${id}-bonus`;
  const hintId = `${id}-hint`;
  const noneId = `${id}-none`;
  const loading = choice.status === 'loading' && choice.cards.length === 0;
  const noneChecked = choice.selectedId === null;

  return (
    <fieldset className="bonus-picker" aria-describedby={hintId} aria-busy={loading} data-testid="bonus-picker">
      <legend className="bonus-picker__legend">{t('wallet.bonus.legend')}</legend>
      <p id={hintId} className="wallet-note">
        {t('wallet.bonus.hint')}
      </p>
      {choice.status === 'error' ? (
        <div className="bonus-picker__error" role="alert">
          <p className="wallet-field__error">{t('wallet.bonus.error')}</p>
          <Button variant="ghost" onClick={choice.retry}>
            {t('buttons.retry')}
          </Button>
        </div>
      ) : null}
      <ul className="bonus-picker__list">
        {loading ? (
          <li className="bonus-picker__loading" role="status">
            <span className="visually-hidden">{t('wallet.bonus.loading')}</span>
            <Skeleton as="span" className="bonus-picker__skeleton" />
          </li>
        ) : null}
        {choice.cards.map((card) => (
          <OfferOption
            key={card.id}
            card={card}
            name={name}
            currency={currency}
            choice={choice}
            checked={choice.selectedId === card.id}
          />
        ))}
        <li className="bonus-offer bonus-offer--none" data-selected={noneChecked}>
          <input
            type="radio"
            className="bonus-offer__radio"
            id={noneId}
            name={name}
            value=""
            checked={noneChecked}
            onChange={choice.decline}
          />
          <label htmlFor={noneId} className="bonus-offer__label">
            <span className="bonus-offer__title">{t('wallet.bonus.none')}</span>
            <span className="bonus-offer__hint">{t('wallet.bonus.noneHint')}</span>
          </label>
        </li>
      </ul>
      {choice.refusal ? (
        <p className="wallet-field__error" role="alert">
          {t('wallet.bonus.refused')}
        </p>
      ) : null}
    </fieldset>
  );
}

function OfferOption({
  card,
  name,
  currency,
  choice,
  checked,
}: {
  card: OfferCard;
  name: string;
  currency: Currency | undefined;
  choice: DepositBonusChoice;
  checked: boolean;
}) {
  const { t, i18n } = useTranslation('global-components');
  const { open } = useModals();
  const id = useId();
  const locale = i18n.language;
  const code = choice.currencyCode;
  const fits = choice.fits(card);
  const money = (amount: number) => formatMoney(amount, currency, locale, { code });
  const terms = currency ? offerTerms(card.bonus, currency) : undefined;
  const title = card.packageName ?? card.bonus.name;
  const freespins = freespinsWith(card.bonus);
  // Outside its deposit bounds, or left out by the server for this amount.
  const reason = fits ? null : (misfit(card, choice.amountMajor, currency) ?? { kind: 'amount' as const });

  let headline = '';
  if (terms?.percentage !== null && terms?.percentage !== undefined) {
    const percent = formatPercent(terms.percentage, locale, { minDecimals: 0, maxDecimals: 2 });
    headline =
      terms.maxAmount !== null
        ? t('wallet.bonus.percentage', { percent, max: money(terms.maxAmount) })
        : t('wallet.bonus.percentageUncapped', { percent });
  } else if (terms?.amount !== null && terms?.amount !== undefined) {
    headline = t('wallet.bonus.cash', { sum: money(terms.amount) });
  }

  return (
    <li
      className="bonus-offer"
      data-bonus-id={card.id}
      data-selected={checked}
      data-disabled={!fits || undefined}
      data-package={card.packageName !== null || undefined}
    >
      <input
        type="radio"
        className="bonus-offer__radio"
        id={id}
        name={name}
        value={card.id}
        checked={checked}
        disabled={!fits}
        aria-describedby={reason ? `${id}-reason` : undefined}
        onChange={() => choice.choose(card.id)}
      />
      <label htmlFor={id} className="bonus-offer__label">
        <span className="bonus-offer__title">
          {title}
          {card.step !== null ? (
            <span className="bonus-offer__step">{t('wallet.bonus.step', { count: card.step })}</span>
          ) : null}
        </span>
        {headline ? <span className="bonus-offer__headline">{headline}</span> : null}
        {terms ? (
          <span className="bonus-offer__terms">
            {terms.minDeposit !== null ? (
              <span>{t('wallet.bonus.minDeposit', { sum: money(terms.minDeposit) })}</span>
            ) : null}
            {terms.maxDeposit !== null ? (
              <span>{t('wallet.bonus.maxDeposit', { sum: money(terms.maxDeposit) })}</span>
            ) : null}
            {terms.wager > 0 ? (
              <span>
                {t('wallet.bonus.wager', { wager: formatMultiplier(terms.wager, locale, { minDecimals: 0 }) })}
              </span>
            ) : null}
            {terms.maxBet !== null ? <span>{t('wallet.bonus.maxBet', { sum: money(terms.maxBet) })}</span> : null}
          </span>
        ) : null}
        {freespins > 0 ? (
          <span className="bonus-offer__freespins">{t('wallet.bonus.freespins', { count: freespins })}</span>
        ) : null}
        {reason ? (
          <span id={`${id}-reason`} className="bonus-offer__hint">
            {reason.kind === 'min'
              ? t('wallet.bonus.needsMore', { sum: money(reason.amount) })
              : reason.kind === 'max'
                ? t('wallet.bonus.needsLess', { sum: money(reason.amount) })
                : t('wallet.bonus.notForAmount')}
          </span>
        ) : null}
      </label>
      <button
        type="button"
        className="bonus-offer__details"
        aria-label={t('wallet.bonus.detailsOf', { name: title })}
        onClick={() =>
          open('bonus-details', {
            props: { offer: card.bonus, currency: code, packageName: card.packageName, step: card.step },
          })
        }
      >
        {t('wallet.bonus.details')}
      </button>
    </li>
  );
}
