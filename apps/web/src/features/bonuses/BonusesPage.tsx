import { BonusStatus, type Currency, type PlayerBonus, type WalletAccount } from '@croupier/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Money } from '../../components/ui/Money';
import { PageHeader } from '../../components/ui/PageHeader';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { isApiError } from '../../lib/api';
import { formatDateTime, formatMoney, formatMultiplier, formatPercent } from '../../lib/format';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { useCurrencies } from '../settings';
import { useBonusAction, usePlayerBonuses, usePlayerFreespins } from './api';
import { FreespinsSection } from './FreespinCards';
import { Pager } from '../../components/ui/Pager';
import {
  activateScreen,
  bonusDeadline,
  bonusesPageSearch,
  bonusesPageState,
  bonusStatusKey,
  cancelScreen,
  openBonusesInOrder,
  wagerProgress,
  type BonusTab,
} from './logic';
import '../../components/account-pages.css';
import './bonuses.css';

const TABS: readonly BonusTab[] = ['active', 'history'];

/**
 * `/profile/bonuses`: the bonus balance of the active account and its bonuses in two tabs,
 * issued and active ones (activate, cancel, details) and the finished ones newest first, ten
 * a page, each tab with its free-spin grants below (FreespinCards.tsx; in History paged on
 * their own, the URL keeping both pages). Lists follow the realtime bonus events
 * (features/realtime/reactions.ts); the account comes from the page that composes this one
 * (app/pages/ProfileBonusesPage.tsx).
 */
export function BonusesPage({
  account,
  accountsPending,
}: {
  account: WalletAccount | undefined;
  accountsPending: boolean;
}) {
  const { t } = useTranslation('layout');
  const [search, setSearch] = useSearchParams();
  const state = bonusesPageState(search);
  const { tab, page, freespinsPage } = state;
  const tabsId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const currency = useCurrencies().data?.find((item) => item.code === account?.currency);
  // After a confirmed action the card that opened the modal may be gone: focus goes to the
  // list's heading once the modal has left (the page is inert while it is there).
  const { stack } = useModals();
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current || stack.length > 0) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [stack.length]);

  const select = (next: BonusTab) => setSearch(next === 'history' ? { tab: 'history' } : {}, { replace: true });
  const onDone = (afterModal: boolean) => {
    if (afterModal) focusHeading.current = true;
    else headingRef.current?.focus();
  };
  const toPage = (next: number) => setSearch(bonusesPageSearch({ ...state, page: next }), { replace: false });
  const toFreespinsPage = (next: number) =>
    setSearch(bonusesPageSearch({ ...state, freespinsPage: next }), { replace: false });

  return (
    <div className="profile-page bonuses-page">
      <PageHeader title={t('profile.bonuses.title')} description={t('profile.bonuses.description')} />
      {account ? (
        <p className="bonuses-page__balance" data-testid="bonus-balance">
          <span>{t('profile.bonuses.bonusBalance')}</span>
          <strong>
            <Money amount={account.bonusBalance} currency={currency} code={account.currency} />
          </strong>
        </p>
      ) : null}
      <Tabs
        idBase={tabsId}
        label={t('profile.bonuses.tabs.label')}
        tabs={TABS.map((key) => ({ key, label: t(`profile.bonuses.tabs.${key}`) }))}
        selected={tab}
        onSelect={select}
        className="bonuses-page__tabs"
      />
      <TabPanel idBase={tabsId} selected={tab} className="profile-card bonuses-page__panel">
        <h2 ref={headingRef} tabIndex={-1} className="profile-card__title">
          {t(`profile.bonuses.tabs.${tab}`)}
        </h2>
        <BonusList
          tab={tab}
          page={page}
          freespinsPage={freespinsPage}
          account={account}
          accountsPending={accountsPending}
          currency={currency}
          onPage={toPage}
          onDone={onDone}
        />
        {accountsPending ? null : (
          <FreespinsSection
            tab={tab}
            page={freespinsPage}
            currency={currency}
            code={account?.currency}
            onPage={toFreespinsPage}
            onDone={onDone}
          />
        )}
      </TabPanel>
    </div>
  );
}

function BonusList({
  tab,
  page,
  freespinsPage,
  account,
  accountsPending,
  currency,
  onPage,
  onDone,
}: {
  tab: BonusTab;
  page: number;
  freespinsPage: number;
  account: WalletAccount | undefined;
  accountsPending: boolean;
  currency: Currency | undefined;
  onPage: (page: number) => void;
  /** After an action succeeded (from a modal: once it has gone), focus moves to the list's heading. */
  onDone: (afterModal: boolean) => void;
}) {
  const { t } = useTranslation('layout');
  const { open } = useModals();
  const bonuses = usePlayerBonuses(tab, account?.currency, page);
  // The free-spins section below shares this list's cache: with grants, no "no bonuses" text.
  const grants = usePlayerFreespins(tab, account?.currency, freespinsPage);
  const totalPages = Math.max(1, bonuses.data?.meta.totalPages ?? 1);

  if (accountsPending || (account && bonuses.isPending)) return <RowsSkeleton rows={2} />;
  if (bonuses.isError && !bonuses.data) return <ErrorState onRetry={() => void bonuses.refetch()} />;
  const rows = bonuses.data?.data ?? [];
  const list = tab === 'active' ? openBonusesInOrder(rows) : rows;
  if (list.length === 0) {
    if ((grants.data?.meta.totalRows ?? 0) > 0) return null;
    return tab === 'active' ? (
      <EmptyState text={t('profile.bonuses.empty')}>
        <Button variant="primary" onClick={() => open('wallet', { props: { tab: 'deposit' } })}>
          {t('profile.bonuses.emptyCta')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState text={t('profile.bonuses.historyEmpty')} />
    );
  }
  return (
    <>
      <ul className="bonus-cards" aria-busy={bonuses.isFetching}>
        {list.map((bonus) => (
          <BonusCard key={bonus.id} bonus={bonus} list={list} currency={currency} onDone={onDone} />
        ))}
      </ul>
      <Pager
        page={page}
        totalPages={totalPages}
        busy={bonuses.isFetching}
        label={t('profile.bonuses.pages')}
        onPage={onPage}
        testId="bonuses-pager"
      />
    </>
  );
}

/**
 * One bonus: name, status, amount, the wager's progress, what is left, max bet, its
 * deadline and its actions (a finished one: how far its wager got and when it ended).
 */
function BonusCard({
  bonus,
  list,
  currency,
  onDone,
}: {
  bonus: PlayerBonus;
  list: readonly PlayerBonus[];
  currency: Currency | undefined;
  /** After an action succeeded (from a modal: once it has gone), focus moves to the list's heading. */
  onDone: (afterModal: boolean) => void;
}) {
  const { t, i18n } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { open } = useModals();
  const { notify } = useToasts();
  const action = useBonusAction();
  const id = useId();
  const locale = i18n.language;
  const status = bonusStatusKey(bonus);
  const progress = wagerProgress(bonus);
  const deadline = bonusDeadline(bonus);
  const cancel = cancelScreen(bonus);
  // A finished bonus shows how far its wager got, not what was left or its bet limit.
  const finished = bonus.status === BonusStatus.FINISHED;
  const money = (amount: number) => <Money amount={amount} currency={currency} code={bonus.currency} />;
  const busy = action.isPending;
  const titleId = `${id}-title`;
  const progressId = `${id}-progress`;

  const activate = () => {
    const next = activateScreen(bonus, list);
    if (!next) return;
    if (next.screen === 'activate') {
      action.mutate(
        { id: bonus.id, action: 'activate' },
        {
          // The Activate button goes with the list's reload: focus moves to the list first.
          onSuccess: () => onDone(false),
          onError: (error) => {
            if (isApiError(error, 'BONUS_CANCEL_LOCKED')) {
              open('bonus-cancel-lock', { props: { playerBonus: bonus } });
            } else if (isApiError(error, 'BONUS_NOT_AVAILABLE')) {
              notify({
                type: 'warning',
                title: ta('bonusUnavailable.title'),
                description: ta('bonusUnavailable.description'),
              });
            } else {
              notify({
                type: 'error',
                title: ta('somethingWrong.title'),
                description: ta('somethingWrong.description'),
              });
            }
          },
        },
      );
      return;
    }
    open(next.screen, { props: { playerBonus: bonus, activeBonus: next.active, onDone: () => onDone(true) } });
  };

  return (
    <li className="bonus-card" data-bonus-id={bonus.id} data-status={status} aria-labelledby={titleId}>
      <div className="bonus-card__head">
        <h3 id={titleId} className="bonus-card__title">
          {bonus.name}
        </h3>
        <span className="bonus-card__status" data-status={status}>
          {tg(`statuses.bonus.${status}`)}
        </span>
      </div>
      <p className="bonus-card__amount">
        <span className="bonus-card__label">{t('profile.bonuses.amount')}</span>
        <strong data-testid="bonus-amount">{money(bonus.amount)}</strong>
      </p>
      <div className="bonus-card__progress">
        <div className="bonus-card__progress-head">
          <span id={progressId}>{t('profile.bonuses.progress')}</span>
          <strong data-testid="bonus-progress">{formatPercent(progress.percent, locale)}</strong>
        </div>
        <progress max={100} value={progress.percent} aria-labelledby={progressId} />
        <p className="bonus-card__wagered">
          {t('profile.bonuses.wagered', {
            sum: formatMoney(progress.wagered, currency, locale, { code: bonus.currency }),
            total: formatMoney(progress.total, currency, locale, { code: bonus.currency }),
          })}
        </p>
      </div>
      <dl className="bonus-card__facts">
        {finished ? null : (
          <div data-fact="left">
            <dt>{t('profile.bonuses.left')}</dt>
            <dd>{money(progress.left)}</dd>
          </div>
        )}
        <div data-fact="wager">
          <dt>{t('profile.bonuses.wager')}</dt>
          <dd>{formatMultiplier(bonus.wagerCasino ?? 0, locale, { minDecimals: 0 })}</dd>
        </div>
        {finished ? null : (
          <div data-fact="maxBet">
            <dt>{t('profile.bonuses.maxBetLabel')}</dt>
            <dd>{bonus.maxBetAmount !== null ? money(bonus.maxBetAmount) : t('profile.bonuses.noLimit')}</dd>
          </div>
        )}
        {deadline ? (
          <div data-fact={deadline.kind}>
            <dt>{t(`profile.bonuses.${deadline.kind}`)}</dt>
            <dd>{formatDateTime(deadline.at, locale)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="bonus-card__actions">
        <Button
          variant="ghost"
          aria-describedby={titleId}
          onClick={() => open('bonus-details', { props: { playerBonus: bonus } })}
        >
          {t('profile.bonuses.actions.details')}
        </Button>
        {bonus.status === BonusStatus.ISSUED ? (
          <Button variant="primary" aria-describedby={titleId} disabled={busy} aria-busy={busy} onClick={activate}>
            {t('profile.bonuses.actions.activate')}
          </Button>
        ) : null}
        {cancel ? (
          <Button
            variant="ghost"
            aria-describedby={titleId}
            disabled={busy}
            onClick={() => open(cancel, { props: { playerBonus: bonus, onDone: () => onDone(true) } })}
          >
            {t(
              bonus.status === BonusStatus.ISSUED
                ? 'profile.bonuses.actions.decline'
                : 'profile.bonuses.actions.cancel',
            )}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
