import { useTranslation } from 'react-i18next';

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
