import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import './ErrorState.css';

/**
 * Says that loading failed (an alert), with a retry button when the caller can retry;
 * `text` when the caller knows why (the generic sentence otherwise).
 */
export function ErrorState({ onRetry, text }: { onRetry?: () => void; text?: string }) {
  const { t } = useTranslation('global-components');
  return (
    <div className="state state--error" role="alert">
      <p>{text ?? t('states.error')}</p>
      {onRetry ? (
        <Button variant="ghost" onClick={onRetry}>
          {t('buttons.retry')}
        </Button>
      ) : null}
    </div>
  );
}
