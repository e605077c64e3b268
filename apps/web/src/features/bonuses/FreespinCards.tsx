import { BonusStatus, type Currency, type PlayerFreespinDetail } from '@croupier/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Money } from '../../components/ui/Money';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { isApiError } from '../../lib/api';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime, formatPercent } from '../../lib/format';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { useFreespinAction, usePlayerFreespins } from './api';
import { Pager } from '../../components/ui/Pager';
import { freespinDeadline, freespinProgress, freespinStatusKey, openFreespinsInOrder, type BonusTab } from './logic';

/**
 * The free-spins section of a bonuses tab (docs/bonuses.md, "Free spins"): issued and
 * active grants (Play, Activate, Cancel through the `cancel-freespins` confirmation), or
 * the finished ones with their result, ten a page with the bonuses' pager. Nothing at all
 * while the account has none, so that a player without free spins sees the bonus page as
 * before; a page past the last says so and leads back to the first. The list follows the
 * grants' realtime events (features/realtime/reactions.ts).
 */
export function FreespinsSection({
  tab,
  page,
  currency,
  code,
  onPage,
  onDone,
}: {
  tab: BonusTab;
  /** The page of the History's grants (the active tab has one). */
  page: number;
  currency: Currency | undefined;
  code: string | undefined;
  onPage: (page: number) => void;
  /** After an action succeeded (from a modal: once it has gone), focus moves to the list's heading. */
  onDone: (afterModal: boolean) => void;
}) {
  const { t } = useTranslation('layout');
  const grants = usePlayerFreespins(tab, code, page);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // From an empty page back to the first: the button goes with the list's arrival, focus to the heading.
  const focusHeading = useRef(false);
  const shown = grants.data?.data.length ?? 0;
  useEffect(() => {
    if (!focusHeading.current || shown === 0) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [shown]);

  if (!code) return null;
  const heading = (
    <h3 ref={headingRef} tabIndex={-1} id={headingId} className="freespins__title">
      {t('profile.bonuses.freespins.title')}
    </h3>
  );
  if (grants.isPending) {
    return (
      <section className="freespins" aria-labelledby={headingId} data-testid="freespins-section">
        {heading}
        <RowsSkeleton rows={1} />
      </section>
    );
  }
  if (grants.isError && !grants.data) {
    return (
      <section className="freespins" aria-labelledby={headingId} data-testid="freespins-section">
        {heading}
        <ErrorState onRetry={() => void grants.refetch()} />
      </section>
    );
  }
  const rows = grants.data?.data ?? [];
  const total = grants.data?.meta.totalRows ?? rows.length;
  if (total === 0) return null;
  if (rows.length === 0) {
    return (
      <section className="freespins" aria-labelledby={headingId} data-testid="freespins-section">
        {heading}
        <EmptyState text={t('profile.bonuses.freespins.pageEmpty')}>
          <Button
            variant="ghost"
            onClick={() => {
              focusHeading.current = true;
              onPage(1);
            }}
          >
            {t('profile.bonuses.freespins.firstPage')}
          </Button>
        </EmptyState>
      </section>
    );
  }
  const list = tab === 'active' ? openFreespinsInOrder(rows) : rows;
  return (
    <section className="freespins" aria-labelledby={headingId} data-testid="freespins-section">
      {heading}
      <ul className="bonus-cards" aria-busy={grants.isFetching}>
        {list.map((grant) => (
          <FreespinCard key={grant.id} grant={grant} currency={currency} onDone={onDone} />
        ))}
      </ul>
      {tab === 'history' ? (
        <Pager
          page={page}
          totalPages={Math.max(1, grants.data?.meta.totalPages ?? 1)}
          busy={grants.isFetching}
          label={t('profile.bonuses.freespins.pages')}
          onPage={onPage}
          testId="freespins-pager"
        />
      ) : null}
    </section>
  );
}

/** One grant: name, status, spins used of its count, bet per spin, won so far, deadline and actions. */
export function FreespinCard({
  grant,
  currency,
  onDone,
}: {
  grant: PlayerFreespinDetail;
  currency: Currency | undefined;
  onDone: (afterModal: boolean) => void;
}) {
  const { t, i18n } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { localePath } = useLocale();
  const { open } = useModals();
  const { notify } = useToasts();
  const action = useFreespinAction();
  const id = useId();
  const locale = i18n.language;
  const status = freespinStatusKey(grant);
  const progress = freespinProgress(grant);
  const deadline = freespinDeadline(grant);
  const finished = grant.status === BonusStatus.FINISHED;
  const busy = action.isPending;
  const titleId = `${id}-title`;
  const progressId = `${id}-progress`;
  const money = (amount: number) => <Money amount={amount} currency={currency} code={grant.currency} />;

  const activate = () =>
    action.mutate(
      { id: grant.id, action: 'activate' },
      {
        onSuccess: () => onDone(false),
        onError: (error) =>
          notify(
            isApiError(error, 'BONUS_NOT_AVAILABLE')
              ? {
                  type: 'warning',
                  title: ta('bonusUnavailable.title'),
                  description: ta('bonusUnavailable.description'),
                }
              : { type: 'error', title: ta('somethingWrong.title'), description: ta('somethingWrong.description') },
          ),
      },
    );

  return (
    <li
      className="bonus-card freespin-card"
      data-freespin-id={grant.id}
      data-status={status}
      aria-labelledby={titleId}
      data-testid="freespin-card"
    >
      <div className="bonus-card__head">
        <h4 id={titleId} className="bonus-card__title">
          {grant.name}
        </h4>
        <span className="bonus-card__status" data-status={status} data-testid="freespin-status">
          {status === 'played' ? t('profile.bonuses.freespins.played') : tg(`statuses.bonus.${status}`)}
        </span>
      </div>
      <div className="bonus-card__progress">
        <div className="bonus-card__progress-head">
          <span id={progressId}>{t('profile.bonuses.freespins.spins')}</span>
          <strong data-testid="freespin-used">
            {t('profile.bonuses.freespins.used', { used: progress.used, count: progress.count })}
          </strong>
        </div>
        <progress
          max={100}
          value={progress.percent}
          aria-labelledby={progressId}
          aria-valuetext={formatPercent(progress.percent, locale)}
        />
      </div>
      <dl className="bonus-card__facts">
        <div data-fact="bet">
          <dt>{t('profile.bonuses.freespins.bet')}</dt>
          <dd>{money(grant.betAmount)}</dd>
        </div>
        <div data-fact="won">
          <dt>{t(finished ? 'profile.bonuses.freespins.wonTotal' : 'profile.bonuses.freespins.won')}</dt>
          <dd data-testid="freespin-won">{money(grant.wonAmount)}</dd>
        </div>
        {deadline ? (
          <div data-fact={deadline.kind}>
            <dt>{t(`profile.bonuses.freespins.${deadline.kind}`)}</dt>
            <dd>{formatDateTime(deadline.at, locale)}</dd>
          </div>
        ) : null}
      </dl>
      {finished ? null : (
        <div className="bonus-card__actions">
          {grant.status === BonusStatus.ACTIVE ? (
            <Link
              className={buttonClassName({ variant: 'primary' })}
              to={localePath(`/games/${encodeURIComponent(grant.gameId)}`)}
              aria-describedby={titleId}
              data-testid="freespin-play"
            >
              {t('profile.bonuses.freespins.play')}
            </Link>
          ) : (
            <Button variant="primary" aria-describedby={titleId} disabled={busy} aria-busy={busy} onClick={activate}>
              {t('profile.bonuses.actions.activate')}
            </Button>
          )}
          <Button
            variant="ghost"
            aria-describedby={titleId}
            disabled={busy}
            onClick={() => open('cancel-freespins', { props: { playerFreespin: grant, onDone: () => onDone(true) } })}
          >
            {t('profile.bonuses.freespins.cancel')}
          </Button>
        </div>
      )}
    </li>
  );
}
