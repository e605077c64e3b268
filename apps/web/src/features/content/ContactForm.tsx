import { isEmail, isMaxLength, isPresent, notificationEndpoints } from '@croupier/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { useToasts } from '../layout';

type Field = 'email' | 'message';
type Errors = Partial<Record<Field, string>>;

const MESSAGE_MAX = 5000;

/** The contact form: `POST /api/notification/communications`, errors shown per field. */
export function ContactForm({ onSent }: { onSent?: () => void }) {
  const { t, i18n } = useTranslation('fields-settings');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const { notify } = useToasts();

  const send = useMutation({
    mutationFn: (body: { email: string; message: string; locale: string }) =>
      call(notificationEndpoints.sendCommunication, { body }),
    onSuccess: () => {
      setSent(true);
      notify({
        type: 'success',
        title: t('contactSent.title', { ns: 'alerts' }),
        description: t('contactSent.description', { ns: 'alerts' }),
      });
      setValues({ email: '', message: '' });
      onSent?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        setServerErrors({ email: error.fields.email?.[0], message: error.fields.message?.[0] });
      }
    },
  });

  function validate(current: Record<Field, string>): Errors {
    const next: Errors = {};
    if (!isPresent(current.email.trim())) next.email = t('validation.required');
    else if (!isEmail(current.email.trim())) next.email = t('validation.email');
    if (!isPresent(current.message.trim())) next.message = t('validation.required');
    else if (!isMaxLength(current.message, MESSAGE_MAX)) next.message = t('validation.maxLength', { max: MESSAGE_MAX });
    return next;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate({ email: values.email.trim(), message: values.message.trim(), locale: i18n.language });
  }

  // A rule error takes priority over a server error; a server error clears on focus.
  const errorOf = (field: Field) => errors[field] ?? serverErrors[field];
  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    onFocus: () => setServerErrors((e) => ({ ...e, [name]: undefined })),
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={send.isPending}>
      {sent ? (
        <p className="form__success" role="status">
          {t('contactSent.description', { ns: 'alerts' })}
        </p>
      ) : null}
      <div className="form__field">
        <label htmlFor={`${id}-email`}>{t('fields.email.label')}</label>
        <input {...field('email')} type="email" autoComplete="email" placeholder={t('fields.email.placeholder')} />
        {errorOf('email') ? (
          <p id={`${id}-email-error`} className="form__error">
            {errorOf('email')}
          </p>
        ) : null}
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-message`}>{t('fields.message.label')}</label>
        <textarea
          {...field('message')}
          rows={6}
          maxLength={MESSAGE_MAX}
          placeholder={t('fields.message.placeholder')}
        />
        {errorOf('message') ? (
          <p id={`${id}-message-error`} className="form__error">
            {errorOf('message')}
          </p>
        ) : null}
      </div>
      {send.isError && !(send.error instanceof ApiError && send.error.fields) ? (
        <p className="form__error" role="alert">
          {send.error instanceof ApiError && send.error.status === 429
            ? t('rateLimited.description', {
                ns: 'alerts',
                defaultValue: t('somethingWrong.description', { ns: 'alerts' }),
              })
            : t('somethingWrong.description', { ns: 'alerts' })}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t('buttons.submit', { ns: 'global-components' })}
      </button>
    </form>
  );
}
