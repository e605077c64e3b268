import { useTranslation } from 'react-i18next';

/** Loading placeholder lines for text content. */
export function TextSkeleton({ lines = 6 }: { lines?: number }) {
  const { t } = useTranslation('global-components');
  return (
    <div className="skeleton-text" aria-busy="true" aria-label={t('states.loading')}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton skeleton--line" style={{ width: `${60 + ((i * 37) % 40)}%` }} />
      ))}
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('global-components');
  return (
    <div className="state state--error" role="alert">
      <p>{t('states.error')}</p>
      {onRetry ? (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('buttons.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <div className="state state--empty">
      <p>{text}</p>
    </div>
  );
}
