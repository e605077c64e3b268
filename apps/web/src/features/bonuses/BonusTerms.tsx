import type { Bonus, Currency, PlayerBonus } from '@croupier/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatMultiplier, formatPercent } from '../../lib/format';
import { bonusDeadline, offerTerms, playerBonusTerms, wagerProgress, type GamesScope } from './logic';

/**
 * The terms of a bonus as the bonus-details modal lists them: for an offer at deposit (what
 * it gives in the deposit's currency) or for one of the player's bonuses (what it gave, its
 * wager's progress and deadlines). Both end with the games and the contributions per game
 * type toward the wager.
 */

type Row = { key: string; label: string; value: ReactNode };

function TermRows({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="bonus-terms">
      {rows.map((row) => (
        <div key={row.key} className="bonus-terms__row" data-term={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function useTermTexts() {
  const { t, i18n } = useTranslation('modals');
  const locale = i18n.language;
  return {
    t,
    locale,
    multiplier: (value: number) => formatMultiplier(value, locale, { minDecimals: 0 }),
    games: (scope: GamesScope): string => {
      const { games, providers } = scope;
      if (games.ids.length > 0) {
        return t(games.excluded ? 'bonusDetails.exceptGames' : 'bonusDetails.onlyGames', { count: games.ids.length });
      }
      if (providers.ids.length > 0) {
        return t(providers.excluded ? 'bonusDetails.exceptProviders' : 'bonusDetails.onlyProviders', {
          count: providers.ids.length,
        });
      }
      return t('bonusDetails.allGames');
    },
  };
}

/** Contributions per game type; types not listed count in full. */
function Contributions({ items }: { items: readonly { category: string; percentage: number }[] }) {
  const { t, locale } = useTermTexts();
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section className="bonus-terms__contributions" aria-labelledby={id}>
      <h3 id={id} className="bonus-terms__subtitle">
        {t('bonusDetails.contributions')}
      </h3>
      <p className="bonus-terms__hint">{t('bonusDetails.contributionsHint')}</p>
      <ul className="bonus-terms__shares">
        {items.map((item) => (
          <li key={item.category}>
            <span>{t(`bonusDetails.gameTypes.${item.category}`, { defaultValue: item.category })}</span>
            <span className="bonus-terms__share">
              {formatPercent(item.percentage, locale, { minDecimals: 0, maxDecimals: 2 })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An offer at deposit, in the deposit's currency. */
export function OfferTerms({
  offer,
  currency,
  code,
  heading,
}: {
  offer: Bonus;
  currency: Currency | undefined;
  code: string;
  heading: string;
}) {
  const { t, locale, multiplier, games } = useTermTexts();
  const { t: tg } = useTranslation('global-components');
  const money = (amount: number) => formatMoney(amount, currency, locale, { code });
  if (!currency) return <p className="bonus-terms__name">{heading}</p>;
  const terms = offerTerms(offer, currency);
  const rows: Row[] = [];
  if (terms.percentage !== null) {
    const percent = formatPercent(terms.percentage, locale, { minDecimals: 0, maxDecimals: 2 });
    rows.push({
      key: 'bonus',
      label: t('bonusDetails.bonus'),
      value:
        terms.maxAmount !== null
          ? tg('wallet.bonus.percentage', { percent, max: money(terms.maxAmount) })
          : tg('wallet.bonus.percentageUncapped', { percent }),
    });
  } else if (terms.amount !== null) {
    rows.push({ key: 'bonus', label: t('bonusDetails.bonus'), value: money(terms.amount) });
  }
  if (terms.minDeposit !== null) {
    rows.push({ key: 'minDeposit', label: t('bonusDetails.minDeposit'), value: money(terms.minDeposit) });
  }
  if (terms.maxDeposit !== null) {
    rows.push({ key: 'maxDeposit', label: t('bonusDetails.maxDeposit'), value: money(terms.maxDeposit) });
  }
  rows.push(
    {
      key: 'wager',
      label: t('bonusDetails.wagering'),
      value: t('bonusDetails.wagerValue', { wager: multiplier(terms.wager) }),
    },
    {
      key: 'maxBet',
      label: t('bonusDetails.maxBet'),
      value: terms.maxBet !== null ? money(terms.maxBet) : t('bonusDetails.noLimit'),
    },
    {
      key: 'maxWin',
      label: t('bonusDetails.maxWin'),
      value:
        terms.maxWin !== null
          ? money(terms.maxWin)
          : terms.maxWinMultiplier !== null
            ? t('bonusDetails.maxWinMultiplier', { multiplier: multiplier(terms.maxWinMultiplier) })
            : t('bonusDetails.noLimit'),
    },
    { key: 'games', label: t('bonusDetails.games'), value: games(terms.games) },
  );
  if (terms.activationDays !== null) {
    rows.push({
      key: 'activationDays',
      label: t('bonusDetails.activationDays'),
      value: tg('durations.days', { count: terms.activationDays }),
    });
  }
  if (terms.wageringDays !== null) {
    rows.push({
      key: 'wageringDays',
      label: t('bonusDetails.wageringDays'),
      value: tg('durations.days', { count: terms.wageringDays }),
    });
  }
  return (
    <>
      <p className="bonus-terms__name">{heading}</p>
      <TermRows rows={rows} />
      <Contributions items={terms.contributions} />
    </>
  );
}

/** One of the player's bonuses. */
export function PlayerBonusTerms({ bonus, currency }: { bonus: PlayerBonus; currency: Currency | undefined }) {
  const { t, locale, multiplier, games } = useTermTexts();
  const money = (amount: number) => formatMoney(amount, currency, locale, { code: bonus.currency });
  const terms = playerBonusTerms(bonus);
  const progress = wagerProgress(bonus);
  const deadline = bonusDeadline(bonus);
  const rows: Row[] = [
    { key: 'amount', label: t('bonusDetails.amount'), value: money(terms.amount) },
    {
      key: 'wager',
      label: t('bonusDetails.wagering'),
      value: t('bonusDetails.wagerValue', { wager: multiplier(terms.wager) }),
    },
    {
      key: 'wagered',
      label: t('bonusDetails.wagered'),
      value: t('bonusDetails.wageredValue', {
        sum: money(progress.wagered),
        total: money(progress.total),
        percent: formatPercent(progress.percent, locale),
      }),
    },
    { key: 'left', label: t('bonusDetails.left'), value: money(progress.left) },
    {
      key: 'maxBet',
      label: t('bonusDetails.maxBet'),
      value: terms.maxBet !== null ? money(terms.maxBet) : t('bonusDetails.noLimit'),
    },
    {
      key: 'maxWin',
      label: t('bonusDetails.maxWin'),
      value:
        terms.maxWin !== null
          ? money(terms.maxWin)
          : terms.maxWinMultiplier !== null
            ? t('bonusDetails.maxWinMultiplier', { multiplier: multiplier(terms.maxWinMultiplier) })
            : t('bonusDetails.noLimit'),
    },
    { key: 'games', label: t('bonusDetails.games'), value: games(terms.games) },
  ];
  if (deadline) {
    rows.push({
      key: deadline.kind,
      label: t(`bonusDetails.${deadline.kind}`),
      value: formatDateTime(deadline.at, locale) ?? '',
    });
  }
  return (
    <>
      <p className="bonus-terms__name">{bonus.name}</p>
      <TermRows rows={rows} />
      <Contributions items={terms.contributions} />
    </>
  );
}
