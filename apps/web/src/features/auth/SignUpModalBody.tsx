import { fieldsToRevalidate, sanitizePhoneDigits, type Country, type Currency } from '@croupier/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentPropsWithRef } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { useToasts } from '../layout';
import { useModals, type ModalBodyProps } from '../modals';
import { useCountries, useCurrencies } from '../settings';
import { track } from '../tracking';
import { FIRST_DEPOSIT_WALLET_PROPS } from '../../lib/wallet-display';
import { ApiError } from '../../lib/api';
import { openAfterLogin } from './after-login';
import { readAffiliateTag, resolveFingerprint, useConstants, useRegistrationFields } from './api';
import { authCalls } from './calls';
import { useLoginEffects } from './effects';
import {
  describedBy,
  FieldShell,
  LinkedText,
  PasswordStrengthMeter,
  PhoneInput,
  selectableCountries,
  Spinner,
  useContentValue,
  useFailureText,
} from '../../components/fields';
import { classifyOtpSendError, classifyPhoneRegistrationError, firstFieldErrors, resolveTabs } from './logic';
import { LoginTabs, PromoPanel, SocialButtons } from './parts';
import { PhoneVerification, type StepResult } from './PhoneVerification';
import {
  buildRegistrationBody,
  buildRegistrationForm,
  FALLBACK_REGISTRATION_RULES,
  initialValues,
  validateRegistrationField,
  type FormField,
  type RegistrationForm,
  type RegistrationValues,
} from './registration';
import { SwitchButton } from './SignInModalBody';
import type { AuthResponse, FieldRule, LoginType, RegistrationBody } from './types';

/**
 * Sign-up modal (errors: docs/web-client.md, Errors shown to people).
 * Tabs: the registration types enabled in the settings constants, narrowed by the
 * content's `fields-settings:login.registration.tabsDisplay` when it forces one.
 * Closing a filled form asks sign-up-cancel first.
 */
export function SignUpModalBody({ titleId, close, setCloseGuard }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const id = useId();
  const { open } = useModals();
  const { locale } = useLocale();
  const { init } = useAppSettings();
  const constants = useConstants();
  const rules = useRegistrationFields();
  const countriesQuery = useCountries();
  const currenciesQuery = useCurrencies();
  const tabs = resolveTabs(
    useContentValue('fields-settings', 'login.registration.tabsDisplay'),
    constants.data?.player.registration,
    true,
  );
  const [chosen, setChosen] = useState<LoginType | null>(null);
  const tab = chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? 'email');
  const dirty = useRef(false);

  useEffect(() => {
    track({ event: 'registration', funnelStep: 'open' });
  }, []);

  useEffect(() => {
    setCloseGuard(() => {
      if (!dirty.current) return true;
      open('sign-up-cancel');
      return false;
    });
    return () => setCloseGuard(null);
  }, [setCloseGuard, open]);

  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const chooseTab = (next: LoginType) => {
    if (next === tab) return;
    setChosen(next);
    track({ event: 'registration', funnelStep: 'typeChosen', regType: next });
  };

  const loading = constants.isPending || rules.isPending || countriesQuery.isPending || currenciesQuery.isPending;
  const countries = useMemo(() => selectableCountries(countriesQuery.data, locale), [countriesQuery.data, locale]);
  const currencies = useMemo(
    () => [...(currenciesQuery.data ?? [])].sort((a, b) => a.code.localeCompare(b.code)),
    [currenciesQuery.data],
  );
  const visitorCountry = countries.find((country) => country.code === init?.country);

  return (
    <div className="auth-modal">
      <PromoPanel contentKey="signUp" />
      <div className="auth-modal__main">
        <h2 id={titleId} className="auth-modal__title">
          {t('signUp.title')}
        </h2>
        <p className="auth-modal__description">{t('signUp.description')}</p>
        {tabs.length > 1 ? <LoginTabs id={id} tabs={tabs} active={tab} onChange={chooseTab} /> : null}
        <div
          id={`${id}-panel`}
          {...(tabs.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${tab}` } : {})}
        >
          {loading ? (
            <FormSkeleton />
          ) : (
            <RegistrationFlow
              key={tab}
              tab={tab}
              // Without the server's rules (an outage) the fallback fields are used.
              rules={rules.data ?? FALLBACK_REGISTRATION_RULES}
              countries={countries}
              currencies={currencies}
              visitorCountry={visitorCountry}
              onDirty={onDirty}
              close={close}
            />
          )}
        </div>
        <SocialButtons title={t('signUp.orContinueWith')} />
        <p className="auth-modal__switch">
          <span>{t('signUp.haveAccount')}</span> <SwitchButton to="sign-in" close={close} label={t('signUp.signIn')} />
        </p>
      </div>
    </div>
  );
}

function FormSkeleton() {
  const { t } = useTranslation('global-components');
  return (
    <div className="auth-skeleton" role="status">
      <span className="visually-hidden">{t('states.loading')}</span>
      {[0, 1, 2, 3].map((row) => (
        <span key={row} className="skeleton auth-skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}

interface FlowProps {
  tab: LoginType;
  rules: readonly FieldRule[];
  countries: readonly Country[];
  currencies: readonly Currency[];
  visitorCountry: Country | undefined;
  onDirty: (dirty: boolean) => void;
  close: ModalBodyProps['close'];
}

/** The visitor's currency when it is offered, else the base currency. */
function registrationCurrency(country: Country, currencies: readonly Currency[]): string {
  if (currencies.some((currency) => currency.code === country.currency)) return country.currency;
  return currencies.find((currency) => currency.isBase)?.code ?? country.currency;
}

/** One tab's registration: the form, then (phone) the verification step. Remounted per tab. */
function RegistrationFlow({ tab, rules, countries, currencies, visitorCountry, onDirty, close }: FlowProps) {
  const { t } = useTranslation('fields-settings');
  const { locale } = useLocale();
  const location = useLocation();
  const { notify } = useToasts();
  const { takePendingAfterSignIn } = useModals();
  const loginEffects = useLoginEffects();
  const initialCheckboxes = useContentValue('fields-settings', 'login.registration.initialValues');

  const form = useMemo(
    () =>
      buildRegistrationForm(rules, {
        tab,
        locale,
        visitorCountry: visitorCountry && {
          code: visitorCountry.code,
          currency: registrationCurrency(visitorCountry, currencies),
        },
        initialValues:
          typeof initialCheckboxes === 'object' && initialCheckboxes !== null
            ? (initialCheckboxes as Record<string, unknown>)
            : {},
      }),
    [rules, tab, locale, visitorCountry, currencies, initialCheckboxes],
  );
  const methods = useForm<RegistrationValues>({
    mode: 'onTouched',
    defaultValues: { ...initialValues(form), phoneCountry: visitorCountry?.code ?? '' },
  });
  const [step, setStep] = useState<'form' | 'verify'>('form');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);
  const [sentBody, setSentBody] = useState<RegistrationBody | null>(null);
  const { isDirty } = methods.formState;

  useEffect(() => onDirty(isDirty || step === 'verify'), [isDirty, step, onDirty]);

  const prefixOf = useCallback(
    (code: unknown) => countries.find((country) => country.code === code)?.phonePrefix,
    [countries],
  );

  const succeed = (response: AuthResponse) => {
    notify({
      type: 'success',
      title: t('successRegistration.title', { ns: 'alerts' }),
      description: t('successRegistration.description', { ns: 'alerts' }),
    });
    takePendingAfterSignIn();
    openAfterLogin({ name: 'wallet', props: { ...FIRST_DEPOSIT_WALLET_PROPS } });
    close({ force: true });
    loginEffects(response);
  };

  /**
   * The address has an account: the server mailed its owner and gives no session. The
   * same words as for anyone told to look in their inbox; nothing says the account exists.
   */
  const checkEmail = () => {
    notify({
      type: 'info',
      title: t('registrationMailed.title', { ns: 'alerts' }),
      description: t('registrationMailed.description', { ns: 'alerts' }),
    });
    close({ force: true });
  };

  /** 422 field errors onto the form; those of fields not on screen go to the form's alert. */
  const showFieldErrors = (fields: Record<string, string>) => {
    const onScreen = new Set(form.fields.map((field) => field.name));
    const shown: Record<string, string> = {};
    const rest: string[] = [];
    for (const [name, message] of Object.entries(fields)) {
      if (onScreen.has(name)) shown[name] = message;
      else rest.push(message);
    }
    if (shown.bonusCode) setPromoOpen(true);
    setServerErrors(shown);
    setFormError(rest.length > 0 ? rest.join(' ') : null);
  };

  const genericError = (error: unknown) =>
    error instanceof ApiError && error.status === 429
      ? t('rateLimited.description', { ns: 'alerts' })
      : t('somethingWrong.description', { ns: 'alerts' });

  const submit = methods.handleSubmit(async (values) => {
    setFormError(null);
    const params = new URLSearchParams(location.search);
    const body = buildRegistrationBody(form, values, {
      fingerprint: await resolveFingerprint(),
      affiliateTag: readAffiliateTag(),
      referralCode: params.get('ref') ?? '',
      phonePrefix: prefixOf(values.phoneCountry),
      promoOpen,
    });
    track({ event: 'registration', funnelStep: 'sent', regType: tab });
    if (tab === 'email') {
      try {
        const result = await authCalls.register(body);
        if ('mailed' in result) checkEmail();
        else succeed(result);
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) showFieldErrors(firstFieldErrors(error.fields));
        else setFormError(genericError(error));
      }
      return;
    }
    const result = await sendCode(String(body.phone));
    if (result === null) {
      setSentBody(body);
      setStep('verify');
    } else if (result.kind === 'limit') {
      setServerErrors({ phone: t('login.phoneVerification.limitError') });
    } else {
      setServerErrors({ phone: result.message });
    }
  });

  /** OTP send: 11005 → the limit text, 422 → field errors, else the server's message. */
  const sendCode = async (phone: string): Promise<StepResult> => {
    try {
      await authCalls.sendOtp(phone, 'registration');
      return null;
    } catch (error) {
      const failure = classifyOtpSendError(error);
      if (failure.kind === 'limit') return { kind: 'limit' };
      if (failure.kind === 'fields') {
        showFieldErrors(failure.fields);
        return { kind: 'error', message: failure.fields.phone ?? Object.values(failure.fields)[0] ?? '' };
      }
      return { kind: 'error', message: failure.message || t('somethingWrong.description', { ns: 'alerts' }) };
    }
  };

  const verify = async (code: string): Promise<StepResult> => {
    if (!sentBody) return { kind: 'error', message: t('login.phoneVerification.cannotVerify') };
    track({ event: 'registration', funnelStep: 'otp', regType: 'phone' });
    try {
      succeed(await authCalls.registerPhone({ ...sentBody, code }));
      return null;
    } catch (error) {
      const failure = classifyPhoneRegistrationError(error);
      if (failure.kind === 'invalidCode') return { kind: 'error', message: t('login.phoneVerification.invalidCode') };
      if (failure.kind === 'fields') {
        showFieldErrors(failure.fields);
        setStep('form');
        return null;
      }
      return { kind: 'error', message: failure.message || t('login.phoneVerification.cannotVerify') };
    }
  };

  if (step === 'verify' && sentBody) {
    return (
      <PhoneVerification
        phone={String(sentBody.phone)}
        onBack={() => setStep('form')}
        onVerify={verify}
        onResend={() => sendCode(String(sentBody.phone))}
      />
    );
  }
  return (
    <RegistrationFormView
      form={form}
      methods={methods}
      countries={countries}
      currencies={currencies}
      prefixOf={prefixOf}
      serverErrors={serverErrors}
      clearServerError={(name) => {
        setFormError(null);
        setServerErrors((errors) => {
          if (!(name in errors)) return errors;
          const next = { ...errors };
          delete next[name];
          return next;
        });
      }}
      formError={formError}
      promoOpen={promoOpen}
      togglePromo={() => setPromoOpen((value) => !value)}
      onSubmit={() => void submit()}
    />
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  email: 'email',
  password: 'new-password',
  password_confirmation: 'new-password',
  firstName: 'given-name',
  lastName: 'family-name',
  nickname: 'nickname',
  city: 'address-level2',
  address: 'address-line1',
  additionalAddress: 'address-line2',
  postalCode: 'postal-code',
  birthdate: 'bday',
  country: 'country',
  bonusCode: 'off',
};

interface FormViewProps {
  form: RegistrationForm;
  methods: UseFormReturn<RegistrationValues>;
  countries: readonly Country[];
  currencies: readonly Currency[];
  prefixOf: (code: unknown) => string | undefined;
  serverErrors: Record<string, string>;
  clearServerError: (name: string) => void;
  formError: string | null;
  promoOpen: boolean;
  togglePromo: () => void;
  onSubmit: () => void;
}

function RegistrationFormView(props: FormViewProps) {
  const { form, methods, serverErrors, formError, promoOpen, togglePromo, onSubmit } = props;
  const { t } = useTranslation('fields-settings');
  const { t: tm } = useTranslation('modals');
  const id = useId();
  const { isValid, isSubmitting } = methods.formState;
  const hasServerErrors = Object.keys(serverErrors).length > 0;
  const regular = form.fields.filter((field) => !field.behindToggle);
  const toggled = form.fields.filter((field) => field.behindToggle);

  // Back from the verification step with a server error: show it where it belongs.
  useEffect(() => {
    const first = form.fields.find((field) => serverErrors[field.name]);
    if (first) methods.setFocus(first.kind === 'phone' ? 'phone' : first.name);
    // Only when the form (re)appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {regular.map((field, index) => (
        <RegistrationField
          key={field.name}
          field={field}
          id={`${id}-${field.name}`}
          autoFocus={index === 0}
          {...props}
        />
      ))}
      {toggled.length > 0 ? (
        <div className="auth-promo-code">
          <button
            type="button"
            className="auth-toggle"
            aria-expanded={promoOpen}
            aria-controls={`${id}-promo`}
            onClick={togglePromo}
          >
            <span>{t('login.registration.promoCodeToggle')}</span>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <div id={`${id}-promo`} hidden={!promoOpen}>
            {promoOpen
              ? toggled.map((field) => (
                  <RegistrationField key={field.name} field={field} id={`${id}-${field.name}`} {...props} />
                ))
              : null}
          </div>
        </div>
      ) : null}
      {formError ? (
        <p className="auth-form__alert" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="auth-submit" disabled={!isValid || isSubmitting || hasServerErrors}>
        {isSubmitting ? <Spinner /> : null}
        {tm('signUp.submit')}
      </button>
    </form>
  );
}

function RegistrationField({
  field,
  id,
  form,
  methods,
  countries,
  currencies,
  prefixOf,
  serverErrors,
  clearServerError,
  autoFocus = false,
}: FormViewProps & { field: FormField; id: string; autoFocus?: boolean }) {
  const { t } = useTranslation('fields-settings');
  const { localePath } = useLocale();
  const failureText = useFailureText();
  const settings = useAppSettings();
  const constants = useConstants();
  const { register, formState, getFieldState, setValue } = methods;
  const { name } = field;
  // A rule error shows once the player has changed the field and left it (or after a
  // submit): leaving an empty field does not push the controls below it while they are
  // clicked, and an error found while the field was untouched (a confirmation checked
  // when the password changed) does not show while the player is still typing.
  const shown =
    (Boolean(formState.dirtyFields[name]) && Boolean(formState.touchedFields[name])) || formState.submitCount > 0;
  const ruleError = shown ? formState.errors[name]?.message : undefined;
  const error = (typeof ruleError === 'string' && ruleError) || serverErrors[name];
  const rendered = new Set(form.fields.map((item) => item.name));
  const options = {
    validate: (value: string | boolean, values: RegistrationValues) => {
      const failure = validateRegistrationField(field, value, values, prefixOf(values.phoneCountry));
      return failure ? failureText(failure) : true;
    },
    deps: fieldsToRevalidate(name)
      .slice(1)
      .filter((other) => rendered.has(other)),
  };
  const label = t(`fields.${name}.label`, { defaultValue: name });
  const placeholder = t(`fields.${name}.placeholder`, { defaultValue: '' }) || undefined;
  const common = {
    id,
    ...(autoFocus ? { 'data-autofocus': '' } : {}),
    onFocus: () => clearServerError(name),
    ...describedBy(id, error || undefined, name === 'password' ? `${id}-strength` : undefined),
  };

  switch (field.kind) {
    case 'checkbox':
      return (
        <div className="auth-check" data-invalid={error ? '' : undefined}>
          <input type="checkbox" className="auth-check__input" {...common} {...register(name, options)} />
          <label className="auth-check__label" htmlFor={id}>
            <LinkedText text={label} localePath={localePath} />
          </label>
          {error ? (
            <p id={`${id}-error`} className="auth-field__error">
              {error}
            </p>
          ) : null}
        </div>
      );
    case 'phone':
      return (
        <FieldShell id={id} label={label} error={error || undefined}>
          <RegistrationPhone
            id={id}
            name={name}
            methods={methods}
            countries={countries}
            rules={options}
            countryLabel={t('fields.country.label')}
            inputProps={{ ...common, placeholder }}
          />
        </FieldShell>
      );
    case 'password':
      return (
        <FieldShell
          id={id}
          label={label}
          error={error || undefined}
          after={name === 'password' ? <PasswordMeter id={`${id}-strength`} methods={methods} /> : null}
        >
          <input
            className="auth-input"
            type="password"
            autoComplete={AUTOCOMPLETE[name] ?? 'new-password'}
            placeholder={placeholder}
            {...common}
            {...register(name, options)}
          />
        </FieldShell>
      );
    case 'textarea':
      return (
        <FieldShell id={id} label={label} error={error || undefined}>
          <textarea
            className="auth-input"
            rows={3}
            placeholder={placeholder}
            {...common}
            {...register(name, options)}
          />
        </FieldShell>
      );
    case 'country':
    case 'currency':
    case 'gender':
    case 'timeZone':
    case 'language': {
      const choices: { value: string; label: string }[] =
        field.kind === 'country'
          ? countries.map((country) => ({ value: country.code, label: country.name }))
          : field.kind === 'currency'
            ? currencies.map((currency) => ({ value: currency.code, label: currency.code }))
            : field.kind === 'gender'
              ? ['male', 'female'].map((value) => ({ value, label: t(`fields.gender.options.${value}`) }))
              : field.kind === 'timeZone'
                ? (constants.data?.player.timeZone ?? []).map((zone) => ({ value: zone.id, label: zone.name }))
                : settings.locales.map((item) => ({ value: item.code, label: item.nativeName }));
      const registered = register(name, {
        ...options,
        onChange: (event: { target: { value: string } }) => {
          // A new country brings its currency, unless the player chose one.
          if (name !== 'country' || !rendered.has('currency') || getFieldState('currency').isDirty) return;
          const country = countries.find((item) => item.code === event.target.value);
          if (country && currencies.some((currency) => currency.code === country.currency)) {
            setValue('currency', country.currency, { shouldValidate: true });
          }
        },
      });
      return (
        <FieldShell id={id} label={label} error={error || undefined}>
          <select className="auth-input auth-select" autoComplete={AUTOCOMPLETE[name]} {...common} {...registered}>
            <option value="">{placeholder ?? label}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </FieldShell>
      );
    }
    default:
      return (
        <FieldShell id={id} label={label} error={error || undefined}>
          <input
            className="auth-input"
            type={field.kind === 'email' ? 'email' : field.kind === 'date' ? 'date' : 'text'}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            autoComplete={AUTOCOMPLETE[name]}
            placeholder={placeholder}
            {...common}
            {...register(name, options)}
          />
        </FieldShell>
      );
  }
}

/** The registration phone: number digits (mask of 12) with the country select kept in `phoneCountry`. */
function RegistrationPhone({
  id,
  name,
  methods,
  countries,
  rules,
  countryLabel,
  inputProps,
}: {
  id: string;
  name: string;
  methods: UseFormReturn<RegistrationValues>;
  countries: readonly Country[];
  rules: { validate: (value: string | boolean, values: RegistrationValues) => string | true };
  countryLabel: string;
  inputProps: ComponentPropsWithRef<'input'>;
}) {
  const country = useWatch({ control: methods.control, name: 'phoneCountry' });
  return (
    <Controller
      control={methods.control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <PhoneInput
          id={id}
          countries={countries}
          country={typeof country === 'string' ? country : ''}
          countryLabel={countryLabel}
          selectProps={methods.register('phoneCountry', { deps: [name] })}
          inputProps={{
            ...inputProps,
            name: field.name,
            value: String(field.value),
            ref: field.ref,
            onBlur: field.onBlur,
            onChange: (event) => field.onChange(sanitizePhoneDigits(event.target.value)),
          }}
        />
      )}
    />
  );
}

function PasswordMeter({ id, methods }: { id: string; methods: UseFormReturn<RegistrationValues> }) {
  const value = useWatch({ control: methods.control, name: 'password' });
  return <PasswordStrengthMeter id={id} value={typeof value === 'string' ? value : ''} />;
}
