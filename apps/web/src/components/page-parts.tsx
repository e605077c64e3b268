import { useTranslation } from 'react-i18next';

/** Placeholder rows while a profile page loads; announced once as "loading". */
export function ProfileSkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('global-components');
  return (
    <div className="profile-skeleton" role="status">
      <span className="visually-hidden">{t('states.loading')}</span>
      {Array.from({ length: rows }, (_, row) => (
        <span key={row} className="skeleton profile-skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * Server field errors read out once when a submit comes back with them (the focus stays
 * on the button; each field also shows its own error until it gets focus).
 */
export function FieldErrorsAnnouncement({ errors }: { errors: Readonly<Record<string, string>> | null }) {
  const { t } = useTranslation('fields-settings');
  const text = Object.entries(errors ?? {})
    .map(([name, message]) => `${t(`fields.${name}.label`, { defaultValue: name })}: ${message}`)
    .join(' ');
  return (
    <p className="visually-hidden" role="status">
      {text}
    </p>
  );
}
