import { fieldsToRevalidate, validateField } from '@croupier/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasApiStatus } from '../../lib/api';
import { useToasts } from '../layout';
import { useModals, type ModalBodyProps } from '../modals';
import { authCalls } from './calls';
import { describedBy, FieldShell, PasswordStrengthMeter, useFailureText } from '../../components/fields';
import { firstFieldErrors } from './logic';
import { FormSubmit } from './parts';
import { SwitchButton } from './SignInModalBody';
import { buttonClassName } from '../../components/ui/Button';

function genericErrorText(error: unknown, t: (key: string) => string): string {
  return hasApiStatus(error, 'RATE_LIMITED') ? t('rateLimited.description') : t('somethingWrong.description');
}

/**
 * A screen of one message, said as news or as an alert when the request `failed`, and the
 * button to the modal that comes next.
 */
function OutcomeScreen({
  message,
  failed = false,
  to,
  label,
  close,
}: {
  message: string;
  failed?: boolean;
  to: 'sign-in' | 'forgot-pass';
  label: string;
  close: ModalBodyProps['close'];
}) {
  return (
    <div className="auth-simple">
      <p className={failed ? 'auth-form__alert' : 'auth-form__success'} role={failed ? 'alert' : 'status'}>
        {message}
      </p>
      <SwitchButton
        to={to}
        close={close}
        label={label}
        className={buttonClassName({ shape: 'form', variant: 'primary' })}
      />
    </div>
  );
}

/**
 * A password modal's form under its description: the fields (`children`), then why the
 * last submit failed and the submit button.
 */
function PasswordForm({
  description,
  submit,
  submitting,
  error,
  submitLabel,
  children,
}: {
  description: string;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitting: boolean;
  error: string | null;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="auth-modal__description">{description}</p>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        {children}
        <FormSubmit error={error} pending={submitting} label={submitLabel} />
      </form>
    </>
  );
}

/** Forgot password: `POST /api/player/passwords/reset` with the e-mail, then the 'sent' message. */
export function ForgotPassModalBody({ close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { t: tf } = useTranslation('fields-settings');
  const { t: ta } = useTranslation('alerts');
  const id = useId();
  const failureText = useFailureText();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await authCalls.requestPasswordReset(email.trim());
      setSent(true);
    } catch (error) {
      const fields = hasApiStatus(error, 'VALIDATION_FAILED') ? firstFieldErrors(error.fields) : {};
      if (fields.email) setServerError(fields.email);
      else setFormError(genericErrorText(error, ta));
    }
  });

  if (sent) {
    return (
      <OutcomeScreen message={t('forgotPass.sent')} to="sign-in" label={t('forgotPass.backToSignIn')} close={close} />
    );
  }

  const error = formState.errors.email?.message || serverError || undefined;
  return (
    <div className="auth-simple">
      <PasswordForm
        description={t('forgotPass.description')}
        submit={submit}
        submitting={formState.isSubmitting}
        error={formError}
        submitLabel={t('forgotPass.submit')}
      >
        <FieldShell id={`${id}-email`} label={tf('fields.email.label')} error={error}>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            autoComplete="email"
            placeholder={tf('fields.email.placeholder')}
            onFocus={() => setServerError(null)}
            {...describedBy(`${id}-email`, error)}
            {...register('email', {
              validate: (value) => {
                const failure = validateField('email', value.trim(), {}, { isRequired: true });
                return failure ? failureText(failure) : true;
              },
            })}
          />
        </FieldShell>
      </PasswordForm>
      <p className="auth-modal__switch">
        <SwitchButton to="sign-in" close={close} label={t('forgotPass.backToSignIn')} />
      </p>
    </div>
  );
}

interface ResetValues {
  newPassword: string;
  repeatNewPassword: string;
}

/**
 * Reset password (`?reset-pass=true&resetCode=…`): the new password twice with the shared
 * rules, `POST /api/player/passwords/confirm`; a 422 on `code` means the link is invalid
 * or expired; success opens sign-in.
 */
export function ResetPassModalBody({ close, props }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { t: tf } = useTranslation('fields-settings');
  const { t: ta } = useTranslation('alerts');
  const id = useId();
  const failureText = useFailureText();
  const { notify } = useToasts();
  const { open } = useModals();
  const code = typeof props.resetCode === 'string' ? props.resetCode : '';
  const [invalidLink, setInvalidLink] = useState(code === '');
  const [serverErrors, setServerErrors] = useState<Partial<ResetValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useForm<ResetValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { newPassword: '', repeatNewPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await authCalls.confirmPasswordReset({ code, ...values });
      notify({
        type: 'success',
        title: ta('passwordResetDone.title'),
        description: ta('passwordResetDone.description'),
      });
      if (close({ force: true })) open('sign-in');
    } catch (error) {
      if (hasApiStatus(error, 'VALIDATION_FAILED')) {
        const fields = firstFieldErrors(error.fields);
        if (fields.code) setInvalidLink(true);
        else setServerErrors({ newPassword: fields.newPassword, repeatNewPassword: fields.repeatNewPassword });
      } else {
        setFormError(genericErrorText(error, ta));
      }
    }
  });

  if (invalidLink) {
    return (
      <OutcomeScreen
        message={t('resetPass.invalidLink')}
        failed
        to="forgot-pass"
        label={t('forgotPass.submit')}
        close={close}
      />
    );
  }

  const field = (name: keyof ResetValues) => {
    const error = formState.errors[name]?.message || serverErrors[name] || undefined;
    return { error, id: `${id}-${name}` };
  };
  const first = field('newPassword');
  const second = field('repeatNewPassword');
  const rules = (name: keyof ResetValues) => ({
    validate: (value: string, values: ResetValues) => {
      const failure = validateField(name, value, { ...values }, { isRequired: true });
      return failure ? failureText(failure) : true;
    },
    deps: fieldsToRevalidate(name).slice(1) as (keyof ResetValues)[],
  });

  return (
    <div className="auth-simple">
      <PasswordForm
        description={t('resetPass.description')}
        submit={submit}
        submitting={formState.isSubmitting}
        error={formError}
        submitLabel={t('resetPass.submit')}
      >
        <FieldShell
          id={first.id}
          label={tf('fields.newPassword.label')}
          error={first.error}
          after={<PasswordStrengthMeter id={`${first.id}-strength`} value={newPassword} />}
        >
          <input
            id={first.id}
            className="input"
            type="password"
            autoComplete="new-password"
            placeholder={tf('fields.newPassword.placeholder')}
            onFocus={() => setServerErrors((errors) => ({ ...errors, newPassword: undefined }))}
            {...describedBy(first.id, first.error, `${first.id}-strength`)}
            {...register('newPassword', rules('newPassword'))}
          />
        </FieldShell>
        <FieldShell id={second.id} label={tf('fields.repeatNewPassword.label')} error={second.error}>
          <input
            id={second.id}
            className="input"
            type="password"
            autoComplete="new-password"
            placeholder={tf('fields.repeatNewPassword.placeholder')}
            onFocus={() => setServerErrors((errors) => ({ ...errors, repeatNewPassword: undefined }))}
            {...describedBy(second.id, second.error)}
            {...register('repeatNewPassword', rules('repeatNewPassword'))}
          />
        </FieldShell>
      </PasswordForm>
    </div>
  );
}
