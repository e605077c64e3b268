import type { OddsFormat, SportsbookTicket } from '@croupier/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useSession } from '../auth';
import { useOpenModal } from '../modals';
import { useCurrencies } from '../settings';
import { useCashOut, useTickets } from './api';
import { bettingErrorKey } from './errors';
import { useSelectionText } from './labels';
import { displayOdds } from './logic';
import { useOddsFormat } from './odds-format';

const TICKET_LISTS = ['open', 'settled'] as const;
type TicketList = (typeof TICKET_LISTS)[number];

/**
 * My bets: the player's open and settled tickets, ten a page, each with its legs and
 * their results; an open ticket with a cash-out offer can be cashed out after a
 * confirmation. Guests are asked to sign in. Lists refetch on `sportsbook.ticket.updated`.
 */
export function MyBets() {
  const { t } = useTranslation('layout');
  const { isLoggedIn } = useSession();
  const openModal = useOpenModal();
  const idBase = useId();
  const [list, setList] = useState<TicketList>('open');
  const [page, setPage] = useState(1);
  const [format] = useOddsFormat();
  const tickets = useTickets(list, page, isLoggedIn);

  if (!isLoggedIn) {
    return (
      <EmptyState text={t('pages.betting.myBets.signIn')}>
        <Button variant="primary" onClick={() => openModal('sign-in')} data-testid="my-bets-sign-in">
          {t('pages.betting.myBets.signInButton')}
        </Button>
      </EmptyState>
    );
  }
  const totalPages = Math.max(1, tickets.data?.meta.totalPages ?? 1);
  let content;
  if (tickets.isPending) content = <RowsSkeleton rows={3} />;
  else if (tickets.isError && !tickets.data) {
    content = (
      <ErrorState
        text={t(`pages.betting.errors.${bettingErrorKey(tickets.error)}`)}
        onRetry={() => void tickets.refetch()}
      />
    );
  } else if (tickets.data.data.length === 0)
    content = <EmptyState as="p" text={t(`pages.betting.myBets.empty.${list}`)} />;
  else content = <TicketList tickets={tickets.data.data} format={format} busy={tickets.isFetching} />;

  return (
    <section className="sb-bets" data-testid="my-bets" aria-label={t('pages.betting.myBets.title')}>
      <Tabs
        tabs={TICKET_LISTS.map((key) => ({ key, label: t(`pages.betting.myBets.lists.${key}`) }))}
        selected={list}
        onSelect={(key) => {
          setList(key);
          setPage(1);
        }}
        idBase={idBase}
        label={t('pages.betting.myBets.listLabel')}
        look="subtle"
      />
      <TabPanel idBase={idBase} selected={list} className="sb-bets__panel">
        {content}
        {totalPages > 1 ? (
          <nav className="sb-bets__pager" aria-label={t('pages.betting.myBets.pages')}>
            <Button variant="ghost" disabled={page <= 1 || tickets.isFetching} onClick={() => setPage(page - 1)}>
              {t('pagination.previous', { ns: 'global-components' })}
            </Button>
            <span aria-live="polite">{t('pagination.page', { ns: 'global-components', page, total: totalPages })}</span>
            <Button
              variant="ghost"
              disabled={page >= totalPages || tickets.isFetching}
              onClick={() => setPage(page + 1)}
            >
              {t('pagination.next', { ns: 'global-components' })}
            </Button>
          </nav>
        ) : null}
      </TabPanel>
    </section>
  );
}

export function TicketList({
  tickets,
  format,
  busy = false,
}: {
  tickets: readonly SportsbookTicket[];
  format: OddsFormat;
  busy?: boolean;
}) {
  return (
    <ul className="stack-list" aria-busy={busy}>
      {tickets.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} format={format} />
      ))}
    </ul>
  );
}

/** A ticket's amount in its currency's display unit. */
function useTicketMoney(code: string) {
  const { locale } = useLocale();
  const currency = useCurrencies().data?.find((item) => item.code === code);
  return (amount: number) => formatMoney(amount, currency, locale, { code });
}

/** One ticket: type, status, legs with their results, odds, stake, payout, and cash-out. */
export function TicketCard({ ticket, format }: { ticket: SportsbookTicket; format: OddsFormat }) {
  const { t } = useTranslation('layout');
  const { locale } = useLocale();
  const text = useSelectionText();
  const money = useTicketMoney(ticket.currency);
  const open = ticket.status === 'open';
  return (
    <li
      className={`panel panel--raised sb-ticket sb-ticket--${ticket.status}`}
      data-ticket-id={ticket.id}
      data-testid="ticket"
    >
      <div className="sb-ticket__head">
        <span className="sb-ticket__type">
          {ticket.type === 'combo'
            ? t('pages.betting.myBets.combo', { count: ticket.legs.length })
            : t('pages.betting.myBets.single')}
        </span>
        <span className={`sb-badge sb-badge--${ticket.status}`}>
          {t(`pages.betting.myBets.ticketStatuses.${ticket.status}`)}
        </span>
      </div>
      <ul className="stack-list">
        {ticket.legs.map((leg) => (
          <li key={leg.outcomeId} className="sb-leg">
            <div className="sb-leg__text">
              <span className="sb-leg__outcome">{text.outcome(leg)}</span>
              <span className="sb-leg__market">{text.market(leg)}</span>
              <span className="sb-leg__event">
                {leg.live ? <span className="sb-live">{t('pages.betting.live')} </span> : null}
                {text.event(leg)}
              </span>
            </div>
            <div className="sb-leg__side">
              <span className="sb-leg__odds">{displayOdds(leg.oddsMilli, format)}</span>
              <span className={`sb-badge sb-badge--${leg.resolution ?? 'pending'}`}>
                {t(`pages.betting.myBets.resolutions.${leg.resolution ?? 'pending'}`)}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="sb-ticket__facts">
        <div>
          <dt>{t('pages.betting.myBets.odds')}</dt>
          <dd>{displayOdds(ticket.oddsMilli, format)}</dd>
        </div>
        <div>
          <dt>{t('pages.betting.myBets.stake')}</dt>
          <dd>{money(ticket.stake)}</dd>
        </div>
        <div>
          <dt>{t(open ? 'pages.betting.myBets.potentialPayout' : 'pages.betting.myBets.payout')}</dt>
          <dd>{money(open || ticket.payout === null ? ticket.potentialPayout : ticket.payout)}</dd>
        </div>
        <div>
          <dt>{t('pages.betting.myBets.placedAt')}</dt>
          <dd>
            <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt, locale)}</time>
          </dd>
        </div>
      </dl>
      {open && ticket.cashOut !== null ? <CashOut ticketId={ticket.id} amount={ticket.cashOut} money={money} /> : null}
    </li>
  );
}

/**
 * "Cash out {amount}", then a confirmation with the amount. The request carries the offer
 * seen; a changed offer (17008) or none (17007) is said, and the refetched list shows the
 * new one.
 */
export function CashOut({
  ticketId,
  amount,
  money,
  initialConfirming = false,
}: {
  ticketId: string;
  amount: number;
  money: (amount: number) => string;
  /** Opens on the confirmation (tests). */
  initialConfirming?: boolean;
}) {
  const { t } = useTranslation('layout');
  const [confirming, setConfirming] = useState(initialConfirming);
  const cashOut = useCashOut();
  const shown = money(amount);
  if (cashOut.isSuccess) {
    return (
      <p className="sb-cashout__done" role="status">
        {t('pages.betting.myBets.cashedOut', { amount: money(cashOut.data.payout ?? amount) })}
      </p>
    );
  }
  return (
    <div className="sb-cashout" data-testid="cash-out">
      {cashOut.isError ? (
        <p className="sb-slip__error" role="alert">
          {t(`pages.betting.errors.${bettingErrorKey(cashOut.error)}`)}
        </p>
      ) : null}
      {confirming ? (
        <div
          className="sb-cashout__confirm"
          role="group"
          aria-label={t('pages.betting.myBets.cashOutConfirm', { amount: shown })}
        >
          <p>{t('pages.betting.myBets.cashOutConfirm', { amount: shown })}</p>
          <div className="button-row sb-cashout__buttons">
            <Button
              variant="primary"
              disabled={cashOut.isPending}
              aria-busy={cashOut.isPending || undefined}
              onClick={() => cashOut.mutate({ ticketId, amount }, { onSettled: () => setConfirming(false) })}
              data-testid="cash-out-confirm"
            >
              {cashOut.isPending ? t('pages.betting.myBets.cashingOut') : t('pages.betting.myBets.confirm')}
            </Button>
            <Button variant="ghost" disabled={cashOut.isPending} onClick={() => setConfirming(false)}>
              {t('pages.betting.myBets.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="primary"
          className="sb-cashout__button"
          onClick={() => {
            cashOut.reset();
            setConfirming(true);
          }}
          data-testid="cash-out-button"
        >
          {t('pages.betting.myBets.cashOut', { amount: shown })}
        </Button>
      )}
    </div>
  );
}
