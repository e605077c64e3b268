import { sanitizePhoneDigits, validateSignInField } from '@croupier/contract';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { useToasts } from '../layout';
import { useModals, type ModalBodyProps } from '../modals';
import { useCountries } from '../settings';
import { openAfterLogin } from './after-login';
import { resolveFingerprint, useConstants } from './api';
import { authCalls } from './calls';
import { useLoginEffects } from './effects';
import {
  describedBy,
  FieldShell,
  PhoneInput,
  selectableCountries,
  useContentValue,
  useFailureText,
} from '../../components/fields';
import { classifySignInError, resolveTabs } from './logic';
import { fullPhone } from './registration';
import { FormSubmit, LoginTabs, PromoPanel, SocialButtons } from './parts';
import type { LoginType } from './types';

interface SignInValues {
  login: string;
  password: string;
  phoneCountry: string;
}

type ServerErrors = Partial<Record<'login' | 'password', string>>;

/**
 * Sign-in modal (errors: docs/web-client.md, Errors shown to people). The tab-display setting is the
 * content's `fields-settings:login.tabsDisplay` ('both', 'email' or 'phone'); without it
 * the enabled registration types of the settings constants decide, and e-mail is the
 * default.
 */
export function SignInModalBody({ titleId, close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const id = useId();
  const constants = useConstants();
  const tabs = resolveTabs(
    useContentValue('fields-settings', 'login.tabsDisplay'),
    constants.data?.player.registration,
    false,
  );
  const [chosen, setChosen] = useState<LoginType>('email');
  const tab = tabs.includes(chosen) ? chosen : (tabs[0] ?? 'email');

  return (
    <div className="auth-modal">
      <PromoPanel contentKey="signIn" />
      <div className="auth-modal__main">
        <h2 id={titleId} className="auth-modal__title">
          {t('signIn.title')}
        </h2>
        <p className="auth-modal__description">{t('signIn.description')}</p>
        {tabs.length > 1 ? <LoginTabs id={id} tabs={tabs} active={tab} onChange={setChosen} /> : null}
        <div
          id={`${id}-panel`}
          {...(tabs.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${tab}` } : {})}
        >
          <SignInForm key={tab} tab={tab} close={close} />
        </div>
        <SocialButtons title={t('signIn.orContinueWith')} />
        <p className="auth-modal__switch">
          <span>{t('signIn.noAccount')}</span> <SwitchButton to="sign-up" close={close} label={t('signIn.register')} />
        </p>
      </div>
    </div>
  );
}

/** Closes this modal and opens another guest modal in its place. */
export function SwitchButton({
  to,
  close,
  label,
  className = 'auth-link',
}: {
  to: 'sign-in' | 'sign-up' | 'forgot-pass';
  close: ModalBodyProps['close'];
  label: string;
  className?: string;
}) {
  const { open } = useModals();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        if (!close({ force: true })) return;
        open(to);
      }}
    >
      {label}
    </button>
  );
}

function SignInForm({ tab, close }: { tab: LoginType; close: ModalBodyProps['close'] }) {
  const { t } = useTranslation('modals');
  const { t: tf } = useTranslation('fields-settings');
  const { locale } = useLocale();
  const { init } = useAppSettings();
  const id = useId();
  const failureText = useFailureText();
  const loginEffects = useLoginEffects();
  const { notify } = useToasts();
  const { takePendingAfterSignIn } = useModals();
  const countries = selectableCountries(useCountries().data, locale);
  const visitorCountry = countries.find((country) => country.code === init?.country)?.code ?? '';
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [hint, setHint] = useState<string | null>(null);

  // Errors show after a submit, then follow the typing. (Validating on blur would move the
  // buttons below a field while they are being clicked.)
  const { control, register, handleSubmit, formState } = useForm<SignInValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { login: '', password: '', phoneCountry: visitorCountry },
  });
  const phoneCountry = useWatch({ control, name: 'phoneCountry' });
  const prefixOf = (code: string) => countries.find((country) => country.code === code)?.phonePrefix;
  const loginValue = (values: Pick<SignInValues, 'login' | 'phoneCountry'>) =>
    tab === 'phone' ? fullPhone(prefixOf(values.phoneCountry), values.login) : values.login.trim();

  const clearServerError = (name: keyof ServerErrors) => {
    setHint(null);
    setServerErrors((errors) => (errors[name] ? { ...errors, [name]: undefined } : errors));
  };
  // A rule error takes priority over the server's error for the same field.
  const errorOf = (name: keyof ServerErrors) => formState.errors[name]?.message || serverErrors[name];

  const submit = handleSubmit(async (values) => {
    setHint(null);
    setServerErrors({});
    try {
      const response = await authCalls.signIn({
        login: loginValue(values),
        password: values.password,
        fingerprint: await resolveFingerprint(),
      });
      openAfterLogin(takePendingAfterSignIn());
      close({ force: true });
      loginEffects(response);
    } catch (error) {
      const failure = classifySignInError(error);
      switch (failure.kind) {
        case 'credentials':
          setHint(tf('login.wrongCredentials'));
          break;
        case 'blocked':
          notify({
            type: 'error',
            title: t('accountBlocked.title', { ns: 'alerts' }),
            description: t('accountBlocked.description', { ns: 'alerts' }),
          });
          break;
        case 'closed':
          notify({
            type: 'error',
            title: t('accountClosedSignIn.title', { ns: 'alerts' }),
            description: t('accountClosedSignIn.description', { ns: 'alerts' }),
          });
          break;
        case 'fields':
          setServerErrors(failure.fields);
          if (!failure.fields.login && !failure.fields.password) setHint(tf('login.wrongCredentials'));
          break;
        case 'rateLimited':
          setHint(t('rateLimited.description', { ns: 'alerts' }));
          break;
        case 'other':
          setHint(t('somethingWrong.description', { ns: 'alerts' }));
          break;
      }
    }
  });

  const pending = formState.isSubmitting;
  const loginError = errorOf('login');
  const passwordError = errorOf('password');
  const loginLabel = tf(`fields.${tab === 'phone' ? 'phone' : 'email'}.label`);

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
      {tab === 'phone' ? (
        <FieldShell id={`${id}-login`} label={loginLabel} error={loginError}>
          <Controller
            control={control}
            name="login"
            rules={{
              validate: (value, all) => {
                const failure = validateSignInField('login', loginValue({ ...all, login: value }), {
                  loginType: 'phone',
                });
                return failure ? failureText(failure) : true;
              },
            }}
            render={({ field }) => (
              <PhoneInput
                id={`${id}-login`}
                countries={countries}
                country={phoneCountry}
                countryLabel={tf('fields.country.label')}
                selectProps={register('phoneCountry', { deps: ['login'] })}
                inputProps={{
                  name: field.name,
                  value: field.value,
                  ref: field.ref,
                  onBlur: field.onBlur,
                  onChange: (event) => field.onChange(sanitizePhoneDigits(event.target.value)),
                  onFocus: () => clearServerError('login'),
                  placeholder: tf('fields.phone.placeholder'),
                  ...describedBy(`${id}-login`, loginError),
                }}
              />
            )}
          />
        </FieldShell>
      ) : (
        <FieldShell id={`${id}-login`} label={loginLabel} error={loginError}>
          <input
            id={`${id}-login`}
            className="input"
            type="email"
            data-autofocus=""
            autoComplete="username"
            placeholder={tf('fields.email.placeholder')}
            onFocus={() => clearServerError('login')}
            {...describedBy(`${id}-login`, loginError)}
            {...register('login', {
              validate: (value) => {
                const failure = validateSignInField('login', value.trim(), { loginType: 'email' });
                return failure ? failureText(failure) : true;
              },
            })}
          />
        </FieldShell>
      )}
      <FieldShell id={`${id}-password`} label={tf('fields.password.label')} error={passwordError}>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          autoComplete="current-password"
          placeholder={tf('fields.password.placeholder')}
          onFocus={() => clearServerError('password')}
          {...describedBy(`${id}-password`, passwordError)}
          {...register('password', {
            validate: (value) => {
              const failure = validateSignInField('password', value);
              return failure ? failureText(failure) : true;
            },
          })}
        />
      </FieldShell>
      <div className="auth-form__row">
        <SwitchButton to="forgot-pass" close={close} label={t('signIn.forgotPassword')} />
      </div>
      <FormSubmit error={hint} pending={pending} label={t('signIn.submit')} />
    </form>
  );
}
