import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { useLocale } from '../../lib/app-settings';

/**
 * The server refused a deposit or withdrawal with IDENTITY_VERIFICATION_REQUIRED (the
 * amount passes a threshold that needs a verified identity, docs/player-protection.md):
 * says why and leads to /profile/verification.
 */
export function VerificationRequiredNotice({
  kind,
  closeWallet,
}: {
  kind: 'deposit' | 'withdrawal';
  closeWallet: () => void;
}) {
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <section className="wallet-limit" role="alert" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('wallet.verificationCard.title')}</h3>
      <p>
        {t(
          kind === 'deposit'
            ? 'wallet.verificationCard.depositDescription'
            : 'wallet.verificationCard.withdrawalDescription',
        )}
      </p>
      <Button
        variant="ghost"
        onClick={() => {
          closeWallet();
          void navigate(localePath('/profile/verification'));
        }}
      >
        {t('wallet.verificationCard.action')}
      </Button>
    </section>
  );
}
