import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { CurrencyInfo } from '../../lib/wallet-display';
import { useNow, type WalletLimitNotice } from '../limits';

/**
 * The deposit screen's limit card (docs/player-protection.md, "Limits"): a self-exclusion
 * or cooling-off in force, else the deposit limit of the active currency that has been
 * reached (with what was used and when it resets, when the limits say so). 'More info'
 * closes the wallet and opens /profile/limits.
 */
export function LimitNoticeCard({
  notice,
  currency,
  closeWallet,
}: {
  notice: WalletLimitNotice;
  currency: CurrencyInfo | undefined;
  closeWallet: () => void;
}) {
  const { t } = useTranslation('global-components');
  const { locale, localePath } = useLocale();
  const navigate = useNavigate();
  const titleId = useId();
  const now = useNow();
  const limit = notice.limit;
  // A break's end; a self-exclusion that has ended stays in force until play resumes (returnAt).
  const untilAt = notice.kind === 'deposit' ? null : (limit?.returnAt ?? limit?.expiredAt ?? null);
  const until = untilAt && Date.parse(untilAt) > now ? formatDateTime(untilAt, locale) : null;
  const resets = formatDateTime(limit?.periodEndsAt, locale);

  return (
    <section className="wallet-limit" role="alert" aria-labelledby={titleId} data-kind={notice.kind}>
      <h3 id={titleId}>{t(`wallet.limitCard.${notice.kind}Title`)}</h3>
      <p>{t(`wallet.limitCard.${notice.kind}Description`)}</p>
      {notice.kind !== 'deposit' && until ? <p>{t('wallet.limitCard.until', { date: until })}</p> : null}
      {notice.kind === 'deposit' && limit && limit.amount !== null && resets ? (
        <p>
          {t('wallet.limitCard.depositUsed', {
            used: formatMoney(limit.currentAmount ?? 0, currency, locale, { code: limit.currency ?? '' }),
            amount: formatMoney(limit.amount, currency, locale, { code: limit.currency ?? '' }),
            date: resets,
          })}
        </p>
      ) : null}
      <Button
        variant="ghost"
        onClick={() => {
          closeWallet();
          void navigate(localePath('/profile/limits'));
        }}
      >
        {t('wallet.limitCard.moreInfo')}
      </Button>
    </section>
  );
}
