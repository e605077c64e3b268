import { retentionEndpoints, type LoyaltyAccount, type LoyaltyLevel } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { useSession } from '../../features/auth';
import { loyaltyProgressPercent, pointsToNextLevel, useLoyaltyAccount } from '../../features/loyalty';
import { useModals } from '../../features/modals';
import { call } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import './loyalty-page.css';

/**
 * The loyalty programme (`/loyalty`): the ladder for everyone (`GET /api/retention/levels`)
 * and, signed in, the player's points, level and progress to the next one
 * (`GET /api/retention/account`, kept current by the realtime events).
 */
export function LoyaltyPage() {
  const { t, i18n } = useTranslation('layout');
  const { open } = useModals();
  const { isLoggedIn } = useSession();
  const account = useLoyaltyAccount(isLoggedIn);
  const levels = useQuery({
    queryKey: ['retention', 'levels'],
    queryFn: ({ signal }) =>
      call(retentionEndpoints.listLevels, {
        query: { page: 1, perPage: 50, sortBy: 'order', sortOrder: 'asc' },
        signal,
      }),
    staleTime: 10 * 60_000,
  });
  const currentLevelId = isLoggedIn ? account.data?.currentLevel.id : undefined;
  return (
    <div className="loyalty">
      <PageHeader
        title={t('pages.loyalty.title')}
        description={t('pages.loyalty.description')}
        actions={
          <Button variant="ghost" onClick={() => void open('loyalty-earn')}>
            {t('pages.loyalty.howToEarn')}
          </Button>
        }
      />
      {isLoggedIn ? (
        <AccountPanel
          account={account.data}
          isPending={account.isPending}
          isError={account.isError}
          onRetry={() => void account.refetch()}
        />
      ) : (
        <section className="loyalty-account loyalty-account--guest" aria-labelledby="loyalty-guest-title">
          <h2 id="loyalty-guest-title" className="loyalty-account__title">
            {t('pages.loyalty.yourProgress')}
          </h2>
          <p className="loyalty-account__hint">{t('pages.loyalty.signInPrompt')}</p>
          <Button variant="primary" onClick={() => void open('sign-in')}>
            {t('pages.loyalty.signIn')}
          </Button>
        </section>
      )}
      <h2 className="loyalty__heading">{t('pages.loyalty.ladder')}</h2>
      {levels.isError ? <ErrorState onRetry={() => void levels.refetch()} /> : null}
      {levels.isSuccess && levels.data.length === 0 ? (
        <p className="loyalty__empty">{t('pages.loyalty.empty')}</p>
      ) : null}
      <ol className="loyalty__levels" aria-busy={levels.isPending}>
        {levels.isPending
          ? Array.from({ length: 6 }, (_, i) => (
              <Skeleton as="li" key={i} className="loyalty__level loyalty__level--skeleton" />
            ))
          : levels.data?.map((level) => {
              const isCurrent = level.id === currentLevelId;
              return (
                <li
                  key={level.id}
                  className={isCurrent ? 'loyalty__level loyalty__level--current' : 'loyalty__level'}
                  data-testid="loyalty-level"
                  aria-current={isCurrent ? 'step' : undefined}
                >
                  <img src={level.image} alt="" width="72" height="72" loading="lazy" />
                  <div>
                    <h3 className="loyalty__name">
                      {levelName(t, level)}
                      {isCurrent ? <span className="loyalty__badge">{t('pages.loyalty.yourLevel')}</span> : null}
                    </h3>
                    <p className="loyalty__points">
                      {t('pages.loyalty.points', { count: formatNumber(level.points, i18n.language) })}
                    </p>
                    {level.perks.length > 0 ? (
                      <ul className="loyalty__perks">
                        {level.perks.map((perk) => (
                          <li key={perk}>
                            {t(`loyalty.perks.${perk}`, { ns: 'global-components', defaultValue: perk })}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                </li>
              );
            })}
      </ol>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function levelName(t: Translate, level: Pick<LoyaltyLevel, 'identity' | 'name'>): string {
  return t(`loyalty.levels.${level.identity}`, { ns: 'global-components', defaultValue: level.name });
}

/** The player's points, current and next level and the progress bar between them. */
function AccountPanel(props: {
  account: LoyaltyAccount | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('layout');
  const { account } = props;
  if (props.isError && !account) {
    return (
      <section className="loyalty-account" aria-label={t('pages.loyalty.yourProgress')}>
        <ErrorState onRetry={props.onRetry} />
      </section>
    );
  }
  if (!account) {
    return (
      <section className="loyalty-account" aria-label={t('pages.loyalty.yourProgress')} aria-busy="true">
        <Skeleton className="loyalty-account__skeleton" />
      </section>
    );
  }
  const percent = loyaltyProgressPercent(account);
  const next = account.nextLevel;
  const current = levelName(t, account.currentLevel);
  return (
    <section className="loyalty-account" aria-labelledby="loyalty-account-title" data-testid="loyalty-account">
      <img
        className="loyalty-account__badge"
        src={account.currentLevel.image}
        alt=""
        width="96"
        height="96"
        loading="lazy"
      />
      <div className="loyalty-account__body">
        <h2 id="loyalty-account-title" className="loyalty-account__title">
          {t('pages.loyalty.yourProgress')}
        </h2>
        <dl className="loyalty-account__facts">
          <div>
            <dt>{t('pages.loyalty.currentLevel')}</dt>
            <dd data-testid="loyalty-current-level">{current}</dd>
          </div>
          <div>
            <dt>{t('pages.loyalty.yourPoints')}</dt>
            <dd data-testid="loyalty-points">{formatNumber(account.points, i18n.language)}</dd>
          </div>
          {next ? (
            <div>
              <dt>{t('pages.loyalty.nextLevel')}</dt>
              <dd>{levelName(t, next)}</dd>
            </div>
          ) : null}
        </dl>
        <div
          className="loyalty-account__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={next ? t('pages.loyalty.progressTo', { name: levelName(t, next) }) : t('pages.loyalty.maxLevel')}
        >
          <span className="loyalty-account__fill" style={{ inlineSize: `${percent}%` }} />
        </div>
        <p className="loyalty-account__hint">
          {next
            ? t('pages.loyalty.pointsToNext', {
                count: formatNumber(pointsToNextLevel(account), i18n.language),
                name: levelName(t, next),
              })
            : t('pages.loyalty.maxLevel')}
        </p>
      </div>
    </section>
  );
}
