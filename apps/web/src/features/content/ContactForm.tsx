import {
  communicationBodySchema,
  COMMUNICATION_LIMITS,
  fieldFailures,
  notificationEndpoints,
} from '@croupier/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../components/fields';
import { TextAreaField, TextField } from '../../components/ui/TextField';
import { ApiError, call, hasApiStatus } from '../../lib/api';
import { ruleResolver } from '../../lib/rule-resolver';
import { useToasts } from '../layout';
import { Button } from '../../components/ui/Button';

type Field = 'email' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/**
 * The contact form: `POST /api/notification/communications`, checked by the contract's
 * body schema (the server's own) before it is sent; errors shown per field.
 */
export function ContactForm({ onSent }: { onSent?: () => void }) {
  const { t, i18n } = useTranslation('fields-settings');
  const id = useId();
  const failureText = useFailureText();
  const resolver = useMemo(
    () =>
      ruleResolver<Values>((values) => {
        const parsed = communicationBodySchema.safeParse(values);
        return parsed.success ? {} : fieldFailures(parsed.error);
      }, failureText),
    [failureText],
  );
  const { register, handleSubmit, reset, formState, clearErrors } = useForm<Values>({
    resolver,
    // Checked when sent; a field's error goes as soon as it is edited.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', message: '' },
  });
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
      reset();
      onSent?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        setServerErrors({ email: error.fields.email?.[0], message: error.fields.message?.[0] });
      }
    },
  });

  const submit = handleSubmit((values) => {
    send.mutate({ email: values.email.trim(), message: values.message.trim(), locale: i18n.language });
  });

  // A rule error takes priority over a server error; a server error clears on focus.
  const field = (name: Field) => ({
    id: `${id}-${name}`,
    label: t(`fields.${name}.label`),
    placeholder: t(`fields.${name}.placeholder`),
    error: formState.errors[name]?.message ?? serverErrors[name],
    onFocus: () => setServerErrors((errors) => ({ ...errors, [name]: undefined })),
    ...register(name, { onChange: () => clearErrors(name) }),
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={send.isPending}>
      {sent ? (
        <p className="form__success" role="status">
          {t('contactSent.description', { ns: 'alerts' })}
        </p>
      ) : null}
      <TextField {...field('email')} type="email" autoComplete="email" />
      <TextAreaField {...field('message')} rows={6} maxLength={COMMUNICATION_LIMITS.message} />
      {send.isError && !(send.error instanceof ApiError && send.error.fields) ? (
        <p className="form__error" role="alert">
          {hasApiStatus(send.error, 'RATE_LIMITED')
            ? t('rateLimited.description', {
                ns: 'alerts',
                defaultValue: t('somethingWrong.description', { ns: 'alerts' }),
              })
            : t('somethingWrong.description', { ns: 'alerts' })}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={send.isPending}>
        {send.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t('buttons.submit', { ns: 'global-components' })}
      </Button>
    </form>
  );
}
