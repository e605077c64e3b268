import type { Referral } from '@croupier/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pager } from '../../components/ui/Pager';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { useProfile } from '../auth';
import { PAGE_SIZE, useReferralSettings, useReferrals } from './api';
import { formatTimeLeft, referralLink, statusKey } from './logic';
import '../../components/account-pages.css';
import './referrals.css';

/** The time now, moved on every minute (the countdowns' clock). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The link with a copy button; "copied" (or how to copy by hand) is said to screen readers too. */
function ReferralLinkField({ link }: { link: string }) {
  const { t } = useTranslation('layout');
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 3000);
  };
  return (
    <div className="referral-link">
      <label htmlFor={id}>{t('profile.referrals.link')}</label>
      <div className="referral-link__row">
        <input id={id} readOnly value={link} onFocus={(event) => event.target.select()} />
        <Button variant="primary" onClick={() => void copy()}>
          {t('profile.referrals.copy')}
        </Button>
      </div>
      <p className="referral-link__status" role="status">
        {state === 'copied'
          ? t('profile.referrals.copied')
          : state === 'failed'
            ? t('profile.referrals.copyFailed')
            : ''}
      </p>
    </div>
  );
}

function ReferralRow({ referral, now, locale }: { referral: Referral; now: number; locale: string }) {
  const { t } = useTranslation('layout');
  const status = statusKey(referral.qualified);
  const detail =
    status === '2'
      ? t('profile.referrals.qualifiedOn', { date: formatDateTime(referral.qualificationDate, locale) ?? '' })
      : status === '1'
        ? t('profile.referrals.endsIn', { time: formatTimeLeft(referral.qualificationEndDate, now, locale) })
        : t('profile.referrals.endedOn', { date: formatDateTime(referral.qualificationEndDate, locale) ?? '' });
  return (
    <li className="referral-row" data-status={status}>
      <span className="referral-row__registered">
        {t('profile.referrals.registered', { date: formatDateTime(referral.registrationDate, locale) ?? '' })}
      </span>
      <span className={`referral-row__status referral-row__status--${status}`}>
        {t(`profile.referrals.status.${status}`)}
      </span>
      <span className="referral-row__detail">{detail}</span>
    </li>
  );
}

/**
 * `/profile/referrals`: the player's link with a copy button, how many friends qualified,
 * and the friends who signed up with it (10 a page, status and countdown). While the
 * programme is off the page goes back to the profile.
 */
export function ProfileReferralsPage() {
  const { t } = useTranslation('layout');
  const { locale, localePath } = useLocale();
  const now = useMinuteClock();
  const [page, setPage] = useState(1);
  const settings = useReferralSettings();
  const profile = useProfile();
  const enabled = settings.data?.enabled === true;
  const referrals = useReferrals(page, enabled);

  if (settings.data && !enabled) return <Navigate to={localePath('/profile/info')} replace />;

  const code = profile.data?.referralCode ?? null;
  const max = settings.data?.maxReferralCount ?? null;
  const items = referrals.data?.data ?? [];
  const totalPages = referrals.data?.meta.totalPages ?? 0;

  return (
    <div className="profile-page referrals-page">
      <PageHeader title={t('profile.referrals.title')} description={t('profile.referrals.description')} />
      {settings.isPending || profile.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('profile.referrals.loading')}
          </span>
          <RowsSkeleton rows={2} />
        </div>
      ) : settings.isError ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <section className="profile-card referrals-card">
          {code ? (
            <ReferralLinkField link={referralLink(window.location.origin, code)} />
          ) : (
            <p>{t('profile.referrals.noLink')}</p>
          )}
          <p className="referrals-card__count" data-testid="referrals-qualified">
            {t('profile.referrals.qualifiedCount', { count: profile.data?.qualifiedReferralsCount ?? 0 })}
          </p>
          {max !== null ? (
            <p className="referrals-card__limit">{t('profile.referrals.limit', { count: max })}</p>
          ) : null}
        </section>
      )}
      {enabled ? (
        <section className="referrals-list" aria-label={t('profile.referrals.list')}>
          <h2 className="referrals-list__title">{t('profile.referrals.list')}</h2>
          {referrals.isPending ? (
            <div aria-busy="true">
              <span className="visually-hidden" role="status">
                {t('profile.referrals.loading')}
              </span>
              <RowsSkeleton rows={3} />
            </div>
          ) : referrals.isError ? (
            <ErrorState onRetry={() => void referrals.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState as="p" text={t('profile.referrals.empty')} />
          ) : (
            <>
              <ul className="referrals-list__rows">
                {items.slice(0, PAGE_SIZE).map((referral, index) => (
                  <ReferralRow
                    key={`${referral.registrationDate}-${index}`}
                    referral={referral}
                    now={now}
                    locale={locale}
                  />
                ))}
              </ul>
              <Pager
                page={page}
                totalPages={totalPages}
                busy={referrals.isFetching}
                label={t('profile.referrals.list')}
                onPage={setPage}
              />
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
