import { formatOdds, isValidOddsMilli, type Bet } from '@croupier/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { Button } from '../../components/ui/Button';
import { Money } from '../../components/ui/Money';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { useCurrencies } from '../settings';
import { useSportBets } from './api';
import { betStatusKey, type BetsView } from './games-logic';

/** Total odds of the history (a decimal number) as decimal odds text: 1.85, 12.345. */
export function betOddsText(coefficient: number): string {
  const milli = BigInt(Math.round(coefficient * 1000));
  return isValidOddsMilli(milli) ? formatOdds(milli, 'decimal') : String(coefficient);
}

function BetMoney({ amount, code }: { amount: number; code: string }) {
  const currency = useCurrencies().data?.find((item) => item.code === code);
  return <Money amount={amount} currency={currency} code={code} />;
}

const LISTS = ['settled', 'open'] as const;

/**
 * The sports bets tab of /profile/history: the player's sportsbook tickets, open or
 * settled, ten a page, newest first; a ticket of several selections shows as a combo
 * with its legs. Markets and outcomes come named by the server, in the page's language
 * where the sportsbook gave their keys.
 */
export function SportsHistory({ view, onView }: { view: BetsView; onView: (view: BetsView) => void }) {
  const { t } = useTranslation('layout');
  const idBase = useId();
  const bets = useSportBets(view.settled, view.page);
  const totalPages = Math.max(1, bets.data?.meta.totalPages ?? 1);
  const list = view.settled ? 'settled' : 'open';

  let content;
  if (bets.isPending) content = <RowsSkeleton rows={4} />;
  else if (bets.isError && !bets.data) content = <ErrorState onRetry={() => void bets.refetch()} />;
  else if (bets.data.data.length === 0) content = <EmptyState text={t(`profile.history.bets.empty.${list}`)} />;
  else {
    content = (
      <ul className="history-cards history-bets" aria-busy={bets.isFetching} data-testid="history-bets">
        {bets.data.data.map((bet) => (
          <BetEntry key={bet.id} bet={bet} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <Tabs
        tabs={LISTS.map((key) => ({ key, label: t(`profile.history.bets.${key}`) }))}
        selected={list}
        onSelect={(key) => onView({ settled: key === 'settled', page: 1 })}
        idBase={idBase}
        label={t('profile.history.bets.filter')}
        look="subtle"
        className="history-bets__lists"
      />
      <TabPanel idBase={idBase} selected={list}>
        {content}
        {totalPages > 1 ? (
          <nav className="profile-pager" aria-label={t('profile.history.betsPages')}>
            <Button
              variant="ghost"
              disabled={view.page <= 1 || bets.isFetching}
              onClick={() => onView({ ...view, page: Math.max(1, view.page - 1) })}
            >
              {t('pagination.previous', { ns: 'global-components' })}
            </Button>
            <span className="profile-pager__status" aria-live="polite">
              {t('pagination.page', { ns: 'global-components', page: view.page, total: totalPages })}
            </span>
            <Button
              variant="ghost"
              disabled={view.page >= totalPages || bets.isFetching}
              onClick={() => onView({ ...view, page: Math.min(totalPages, view.page + 1) })}
            >
              {t('pagination.next', { ns: 'global-components' })}
            </Button>
          </nav>
        ) : null}
      </TabPanel>
    </>
  );
}

/** One ticket: single or combo, status, stake, odds, payout, and its selections. */
export function BetEntry({ bet }: { bet: Bet }) {
  const { t } = useTranslation('layout');
  const { locale } = useLocale();
  const combo = bet.items.length > 1;
  const status = betStatusKey(bet.status);
  return (
    <li className={`history-card history-bet history-bet--${status}`} data-ticket-id={bet.id}>
      <div className="history-card__head">
        <span className="history-card__type">
          {combo ? t('profile.history.bets.combo', { count: bet.items.length }) : t('profile.history.bets.single')}
        </span>
        <span className={`history-bet__status history-bet__status--${status}`}>
          {t(`profile.history.bets.statuses.${status}`)}
        </span>
      </div>
      <ul className="history-bet__legs" aria-label={t('profile.history.bets.selections')}>
        {bet.items.map((item, index) => (
          <li key={index} className="history-bet__leg">
            <span className="history-bet__outcome">
              {item.outcome} <span className="history-bet__odds">{betOddsText(item.coefficient)}</span>
            </span>
            <span className="history-bet__market">{item.market}</span>
            <span className="history-bet__event">
              {item.stage === 2 ? <span className="history-bet__live">{t('profile.history.bets.live')} · </span> : null}
              {item.event} · {item.tournament}
            </span>
          </li>
        ))}
      </ul>
      <dl className="history-card__meta">
        <div>
          <dt>{t('profile.history.columns.date')}</dt>
          <dd>{formatDateTime(bet.createdAt, locale) ?? bet.createdAt}</dd>
        </div>
        <div>
          <dt>{t('profile.history.bets.odds')}</dt>
          <dd>{betOddsText(bet.coefficient)}</dd>
        </div>
        <div>
          <dt>{t('profile.history.columns.bet')}</dt>
          <dd>
            <BetMoney amount={bet.amount} code={bet.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('profile.history.columns.payout')}</dt>
          <dd className={bet.payout > 0 ? 'history-payout--won' : undefined}>
            <BetMoney amount={bet.payout} code={bet.currency} />
          </dd>
        </div>
      </dl>
    </li>
  );
}
