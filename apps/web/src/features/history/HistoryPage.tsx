import type { Invoice } from '@croupier/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/fields';
import { useToasts } from '../layout';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { useCurrencies } from '../settings';
import { useActiveAccount, useMethods } from '../wallet';
import { localized } from '../../lib/wallet-display';
import { formatDateTime } from '../../lib/format';
import { useDeclineInvoice, useInvoices } from './api';
import { GamesHistory } from './GamesHistory';
import { betsSearch, betsViewFromSearch, gamesPageFromSearch, gamesSearch, tabFromSearch } from './games-logic';
import { SportsHistory } from './SportsHistory';
import {
  canCancel,
  filtersFromSearch,
  filtersToSearch,
  formatInvoiceAmount,
  INVOICE_STATUS_FILTERS,
  INVOICE_TYPE_FILTERS,
  invalidRange,
  invoiceStatusKey,
  invoiceTypeKey,
  parseStatusFilter,
  parseTypeFilter,
  withFilter,
  type HistoryFilters,
} from './logic';
import '../../components/account-pages.css';
import { useNarrow } from './narrow';
import './history.css';
import { Button } from '../../components/ui/Button';

/**
 * `/profile/history`: tabs (links, kept in the URL). Transactions: the player's
 * invoices, filtered by type, status and a date range kept in the URL, ten a page; a
 * pending withdrawal can be cancelled from its row after a confirmation. Games
 * (`?tab=games`): the player's casino rounds with their details. Sports bets
 * (`?tab=bets`, only where the sportsbook runs): tickets, settled or open.
 */
export function ProfileHistoryPage() {
  const { t } = useTranslation('layout');
  const [search, setSearch] = useSearchParams();
  const sportsbook = useAppSettings().init?.features.sportsbook ?? false;
  const requestedTab = tabFromSearch(search);
  // The sports bets tab exists only where the sportsbook runs.
  const tab = requestedTab === 'bets' && !sportsbook ? 'transactions' : requestedTab;
  const filters = filtersFromSearch(search);
  const badRange = invalidRange(filters);
  const invoices = useInvoices(filters, !badRange && tab === 'transactions');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const meta = invoices.data?.meta;
  const totalPages = Math.max(1, meta?.totalPages ?? 1);

  const apply = (next: HistoryFilters, replace: boolean) => setSearch(filtersToSearch(next), { replace });

  let content;
  if (badRange) content = null;
  else if (invoices.isPending) content = <RowsSkeleton rows={4} />;
  else if (invoices.isError && !invoices.data) content = <ErrorState onRetry={() => void invoices.refetch()} />;
  else if (!invoices.data || invoices.data.data.length === 0)
    content = <EmptyState text={t('profile.history.empty')} />;
  else {
    content = (
      <InvoiceList
        invoices={invoices.data.data}
        busy={invoices.isFetching}
        onCancelled={() => headingRef.current?.focus()}
      />
    );
  }

  const tabs = (
    <nav className="history-tabs" aria-label={t('profile.history.tabs.label')}>
      <Link
        className="history-tabs__link"
        to={{ search: '' }}
        aria-current={tab === 'transactions' ? 'page' : undefined}
      >
        {t('profile.history.tabs.transactions')}
      </Link>
      <Link
        className="history-tabs__link"
        to={{ search: `?${gamesSearch(1).toString()}` }}
        aria-current={tab === 'games' ? 'page' : undefined}
        data-testid="history-tab-games"
      >
        {t('profile.history.tabs.games')}
      </Link>
      {sportsbook ? (
        <Link
          className="history-tabs__link"
          to={{ search: `?${betsSearch({ settled: true, page: 1 }).toString()}` }}
          aria-current={tab === 'bets' ? 'page' : undefined}
          data-testid="history-tab-bets"
        >
          {t('profile.history.tabs.bets')}
        </Link>
      ) : null}
    </nav>
  );

  if (tab === 'bets') {
    return (
      <div className="profile-page history-page">
        <PageHeader title={t('profile.history.title')} description={t('profile.history.betsDescription')} />
        {tabs}
        <section className="profile-card" aria-labelledby={headingId}>
          <h2 id={headingId} className="profile-card__title">
            {t('profile.history.tabs.bets')}
          </h2>
          <SportsHistory view={betsViewFromSearch(search)} onView={(view) => setSearch(betsSearch(view))} />
        </section>
      </div>
    );
  }

  if (tab === 'games') {
    return (
      <div className="profile-page history-page">
        <PageHeader title={t('profile.history.title')} description={t('profile.history.gamesDescription')} />
        {tabs}
        <section className="profile-card" aria-labelledby={headingId}>
          <h2 id={headingId} className="profile-card__title">
            {t('profile.history.tabs.games')}
          </h2>
          <GamesHistory page={gamesPageFromSearch(search)} onPage={(page) => setSearch(gamesSearch(page))} />
        </section>
      </div>
    );
  }

  return (
    <div className="profile-page history-page">
      <PageHeader title={t('profile.history.title')} description={t('profile.history.description')} />
      {tabs}
      <section className="profile-card" aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="profile-card__title">
          {t('profile.history.tabs.transactions')}
        </h2>
        <Filters filters={filters} onChange={(next) => apply(next, true)} />
        {badRange ? (
          <p className="history-filters__error" role="alert">
            {t('profile.history.filters.invalidRange')}
          </p>
        ) : null}
        {content}
        {!badRange && totalPages > 1 ? (
          <nav className="profile-pager" aria-label={t('profile.history.pages')}>
            <Button
              variant="ghost"

              disabled={filters.page <= 1 || invoices.isFetching}
              onClick={() => apply({ ...filters, page: Math.max(1, filters.page - 1) }, false)}
            >
              {t('pagination.previous', { ns: 'global-components' })}
            </Button>
            <span className="profile-pager__status" aria-live="polite">
              {t('pagination.page', { ns: 'global-components', page: filters.page, total: totalPages })}
            </span>
            <Button
              variant="ghost"

              disabled={filters.page >= totalPages || invoices.isFetching}
              onClick={() => apply({ ...filters, page: Math.min(totalPages, filters.page + 1) }, false)}
            >
              {t('pagination.next', { ns: 'global-components' })}
            </Button>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

function Filters({ filters, onChange }: { filters: HistoryFilters; onChange: (next: HistoryFilters) => void }) {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const id = useId();
  const active = Boolean(filters.type ?? filters.status ?? filters.from ?? filters.to);
  return (
    <form
      className="history-filters"
      aria-label={t('profile.history.filters.title')}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="history-filters__field">
        <label htmlFor={`${id}-type`}>{t('profile.history.filters.type')}</label>
        <select
          id={`${id}-type`}
          name="type"
          value={filters.type ?? ''}
          onChange={(event) => onChange(withFilter(filters, { type: parseTypeFilter(event.target.value) }))}
        >
          <option value="">{t('profile.history.filters.all')}</option>
          {INVOICE_TYPE_FILTERS.map((type) => (
            <option key={type} value={type}>
              {tg(`statuses.invoiceType.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="history-filters__field">
        <label htmlFor={`${id}-status`}>{t('profile.history.filters.status')}</label>
        <select
          id={`${id}-status`}
          name="status"
          value={filters.status ?? ''}
          onChange={(event) => onChange(withFilter(filters, { status: parseStatusFilter(event.target.value) }))}
        >
          <option value="">{t('profile.history.filters.all')}</option>
          {INVOICE_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {tg(`statuses.invoice.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="history-filters__field">
        <label htmlFor={`${id}-from`}>{t('profile.history.filters.from')}</label>
        <input
          id={`${id}-from`}
          name="from"
          type="date"
          value={filters.from ?? ''}
          max={filters.to ?? undefined}
          onChange={(event) => onChange(withFilter(filters, { from: event.target.value || null }))}
        />
      </div>
      <div className="history-filters__field">
        <label htmlFor={`${id}-to`}>{t('profile.history.filters.to')}</label>
        <input
          id={`${id}-to`}
          name="to"
          type="date"
          value={filters.to ?? ''}
          min={filters.from ?? undefined}
          onChange={(event) => onChange(withFilter(filters, { to: event.target.value || null }))}
        />
      </div>
      {active ? (
        <Button
          variant="ghost"
          className="history-filters__reset"

          onClick={() => onChange(withFilter(filters, { type: null, status: null, from: null, to: null }))}
        >
          {t('profile.history.filters.reset')}
        </Button>
      ) : null}
    </form>
  );
}

/** Method names of the active account's currency, by id; other methods show their id. */
function useMethodNames(): (methodId: string) => string {
  const { locale } = useLocale();
  const currency = useActiveAccount()?.currency;
  const deposit = useMethods('deposit', currency, null).data ?? [];
  const withdrawal = useMethods('withdrawal', currency, null).data ?? [];
  return (methodId) => {
    const method = [...deposit, ...withdrawal].find((item) => item.method === methodId);
    return (method && localized(method.names, locale)) || methodId;
  };
}

function InvoiceList({
  invoices,
  busy,
  onCancelled,
}: {
  invoices: readonly Invoice[];
  busy: boolean;
  onCancelled: () => void;
}) {
  const { t } = useTranslation('layout');
  const narrow = useNarrow();
  const methodName = useMethodNames();
  if (narrow) {
    return (
      <ul className="history-cards" aria-busy={busy} aria-label={t('profile.history.tabs.transactions')}>
        {invoices.map((invoice) => (
          <InvoiceRow
            key={invoice.id}
            invoice={invoice}
            method={methodName(invoice.paymentMethod)}
            layout="card"
            onCancelled={onCancelled}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="history-table__scroll">
      <table className="history-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('profile.history.tabs.transactions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profile.history.columns.date')}</th>
            <th scope="col">{t('profile.history.columns.type')}</th>
            <th scope="col">{t('profile.history.columns.method')}</th>
            <th scope="col" className="history-table__amount">
              {t('profile.history.columns.amount')}
            </th>
            <th scope="col">{t('profile.history.columns.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('profile.history.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <InvoiceRow
              key={invoice.id}
              invoice={invoice}
              method={methodName(invoice.paymentMethod)}
              layout="row"
              onCancelled={onCancelled}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatusBadge({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('global-components');
  const key = invoiceStatusKey(invoice);
  return (
    <span className="history-status" data-status={key}>
      {t(`statuses.invoice.${key}`)}
    </span>
  );
}

/** One invoice: a table row on wide screens, a card on phones; both carry the cancel flow. */
function InvoiceRow({
  invoice,
  method,
  layout,
  onCancelled,
}: {
  invoice: Invoice;
  method: string;
  layout: 'row' | 'card';
  onCancelled: () => void;
}) {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const { locale } = useLocale();
  const currency = useCurrencies().data?.find((item) => item.code === invoice.currency);
  const date = formatDateTime(invoice.createdAt, locale) ?? invoice.createdAt;
  const type = tg(`statuses.invoiceType.${invoiceTypeKey(invoice)}`);
  const amount = formatInvoiceAmount(invoice, currency, locale);
  const cancel = canCancel(invoice) ? <CancelControl invoice={invoice} onCancelled={onCancelled} /> : null;

  if (layout === 'card') {
    return (
      <li className="history-card" data-invoice={invoice.id} data-status={invoiceStatusKey(invoice)}>
        <div className="history-card__head">
          <span className="history-card__type">{type}</span>
          <span className="history-card__amount" data-type={invoiceTypeKey(invoice)}>
            {amount}
          </span>
        </div>
        <dl className="history-card__meta">
          <div>
            <dt>{t('profile.history.columns.date')}</dt>
            <dd>{date}</dd>
          </div>
          <div>
            <dt>{t('profile.history.columns.method')}</dt>
            <dd>{method}</dd>
          </div>
          <div>
            <dt>{t('profile.history.columns.status')}</dt>
            <dd>
              <StatusBadge invoice={invoice} />
            </dd>
          </div>
        </dl>
        {cancel}
      </li>
    );
  }
  return (
    <tr data-invoice={invoice.id} data-status={invoiceStatusKey(invoice)}>
      <td>{date}</td>
      <td>{type}</td>
      <td className="history-table__method">{method}</td>
      <td className="history-table__amount" data-type={invoiceTypeKey(invoice)}>
        {amount}
      </td>
      <td>
        <StatusBadge invoice={invoice} />
      </td>
      <td className="history-table__actions">{cancel}</td>
    </tr>
  );
}

/** "Cancel request" → an inline confirmation → `PUT …/decline`; the row updates from the answer. */
function CancelControl({ invoice, onCancelled }: { invoice: Invoice; onCancelled: () => void }) {
  const { t } = useTranslation('layout');
  const { t: ta } = useTranslation('alerts');
  const { notify } = useToasts();
  const decline = useDeclineInvoice();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      openRef.current?.focus();
    }
  }, [confirming]);

  const confirm = () => {
    setError(null);
    decline.mutate(invoice.id, {
      onSuccess: () => {
        notify({ type: 'success', title: t('profile.history.cancelled') });
        onCancelled();
      },
      onError: () => setError(ta('somethingWrong.description')),
    });
  };

  if (!confirming) {
    return (
      <Button
        variant="ghost"
        className="history-cancel"
        ref={openRef}

        onClick={() => setConfirming(true)}
      >
        {t('profile.history.cancelRequest')}
      </Button>
    );
  }
  return (
    <div className="history-confirm" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`} className="history-confirm__question">
        {t('profile.history.confirmCancel')}
      </p>
      <div className="history-confirm__buttons">
        <Button
          variant="primary"
          ref={confirmRef}

          disabled={decline.isPending}
          onClick={confirm}
        >
          {decline.isPending ? <Spinner /> : null}
          {t('profile.history.cancelRequest')}
        </Button>
        <Button
          variant="ghost"

          disabled={decline.isPending}
          onClick={() => {
            returnFocus.current = true;
            setConfirming(false);
          }}
        >
          {t('profile.history.keepRequest')}
        </Button>
      </div>
      {error ? (
        <p className="history-filters__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
