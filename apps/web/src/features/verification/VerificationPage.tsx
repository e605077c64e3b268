import type { Verification, VerificationStatus } from '@croupier/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/PageHeader';
import { ErrorState } from '../../components/ui/ErrorState';
import { Button } from '../../components/ui/Button';
import { TextSkeleton } from '../../components/ui/Skeleton';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useCurrencies } from '../settings';
import { useStartVerification, useVerification } from './api';
import '../../components/account-pages.css';
import './verification.css';

/** Statuses from which the player can (re)start verification at the provider. */
const STARTABLE: readonly VerificationStatus[] = ['none', 'pending', 'retry'];

/**
 * `/profile/verification`: the player's identity-verification status, the reviewer's
 * comment when documents were refused, the rules that need a verified identity, and the
 * start of verification at the provider. The provider's hosted page opens in this tab
 * (the sandbox's page outside production) and links back here; the status changes when
 * the provider's webhook arrives, which the page hears over realtime.
 */
export function VerificationPage() {
  const { t } = useTranslation('layout');
  const verification = useVerification();
  return (
    <div className="profile-page verification-page">
      <PageHeader title={t('profile.verification.title')} description={t('profile.verification.description')} />
      {verification.isPending ? (
        <div className="profile-card" aria-busy="true">
          <span className="visually-hidden">{t('profile.verification.loading')}</span>
          <TextSkeleton lines={4} />
        </div>
      ) : verification.isError ? (
        <ErrorState onRetry={() => void verification.refetch()} />
      ) : (
        <VerificationCard verification={verification.data} />
      )}
    </div>
  );
}

function VerificationCard({ verification }: { verification: Verification }) {
  const { t, i18n } = useTranslation('layout');
  const start = useStartVerification();
  const { status, reason, updatedAt } = verification;
  const base = useCurrencies().data?.find((currency) => currency.isBase)?.code ?? '';
  const amount = (value: number) => `${formatNumber(value, i18n.language, { maxDecimals: 2 })} ${base}`.trim();

  const begin = () => {
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        // A provider without a hosted page leaves the answer without a URL: the error below says so.
        if (url) window.location.assign(url);
      },
    });
  };

  return (
    <section className="profile-card verification-card" aria-labelledby="verification-status-title">
      <h2 id="verification-status-title" className="profile-card__title">
        {t('profile.verification.statusTitle')}
      </h2>
      <p className="verification-card__status" role="status">
        <span className={`verification-badge verification-badge--${status}`}>
          {t(`profile.verification.statuses.${status}`)}
        </span>
        <span>{t(`profile.verification.explain.${status}`)}</span>
      </p>
      {reason ? (
        <div className="verification-card__reason">
          <h3>{t('profile.verification.reasonTitle')}</h3>
          <p>{reason}</p>
        </div>
      ) : null}
      {updatedAt ? (
        <p className="verification-card__updated">
          {t('profile.verification.updatedAt', { date: formatDateTime(updatedAt, i18n.language) })}
        </p>
      ) : null}

      {STARTABLE.includes(status) ? (
        <div className="verification-card__actions">
          <Button variant="primary" onClick={begin} disabled={start.isPending} aria-busy={start.isPending}>
            {start.isPending
              ? t('profile.verification.starting')
              : t(status === 'none' ? 'profile.verification.start' : 'profile.verification.continue')}
          </Button>
          <p className="verification-card__hint">{t('profile.verification.providerHint')}</p>
        </div>
      ) : null}
      {start.isError || (start.isSuccess && !start.data.url) ? (
        <p className="verification-card__error" role="alert">
          {t('profile.verification.startError')}
        </p>
      ) : null}

      {verification.requiredForWithdrawalsAboveBase !== null || verification.requiredForDepositsAboveBase !== null ? (
        <div className="verification-card__rules">
          <h3>{t('profile.verification.rulesTitle')}</h3>
          <ul>
            {verification.requiredForWithdrawalsAboveBase !== null ? (
              <li>
                {t('profile.verification.ruleWithdrawal', {
                  amount: amount(verification.requiredForWithdrawalsAboveBase),
                })}
              </li>
            ) : null}
            {verification.requiredForDepositsAboveBase !== null ? (
              <li>
                {t('profile.verification.ruleDeposits', { amount: amount(verification.requiredForDepositsAboveBase) })}
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
