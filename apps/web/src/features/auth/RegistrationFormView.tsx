import { fieldsToRevalidate, type Country, type Currency } from '@croupier/contract';
import { useEffect, useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { LinkedText, PasswordStrengthMeter, useFailureText } from '../../components/fields';
import { DynamicField, fieldAutocomplete, type DynamicFieldRules } from '../../components/ui/DynamicField';
import type { SelectOption } from '../../components/ui/Select';
import { useConstants } from './api';
import { FormSubmit } from './parts';
import {
  validateRegistrationField,
  type FormField,
  type RegistrationForm,
  type RegistrationValues,
} from './registration';

export interface RegistrationFormViewProps {
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

/** The registration form: the server's fields in its order, the promo code behind its toggle, the submit. */
export function RegistrationFormView(props: RegistrationFormViewProps) {
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
      <FormSubmit
        error={formError}
        pending={isSubmitting}
        disabled={!isValid || isSubmitting || hasServerErrors}
        label={tm('signUp.submit')}
      />
    </form>
  );
}

/** One registration field: its rule, texts and choices, drawn by the shared renderer. */
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
}: RegistrationFormViewProps & { field: FormField; id: string; autoFocus?: boolean }) {
  const { t } = useTranslation('fields-settings');
  const { localePath } = useLocale();
  const failureText = useFailureText();
  const settings = useAppSettings();
  const constants = useConstants();
  const { getFieldState, setValue } = methods;
  const { name } = field;
  const rendered = new Set(form.fields.map((item) => item.name));
  const rules: DynamicFieldRules = {
    validate: (value, values) => {
      const failure = validateRegistrationField(field, value, values, prefixOf(values.phoneCountry));
      return failure ? failureText(failure) : true;
    },
    deps: fieldsToRevalidate(name)
      .slice(1)
      .filter((other) => rendered.has(other)),
    ...(name === 'country'
      ? {
          onChange: (event: { target: { value: string } }) => {
            // A new country brings its currency, unless the player chose one.
            if (!rendered.has('currency') || getFieldState('currency').isDirty) return;
            const country = countries.find((item) => item.code === event.target.value);
            if (country && currencies.some((currency) => currency.code === country.currency)) {
              setValue('currency', country.currency, { shouldValidate: true });
            }
          },
        }
      : {}),
  };
  const label = t(`fields.${name}.label`, { defaultValue: name });
  const choices: SelectOption[] =
    field.kind === 'country'
      ? countries.map((country) => ({ value: country.code, label: country.name }))
      : field.kind === 'currency'
        ? currencies.map((currency) => ({ value: currency.code, label: currency.code }))
        : field.kind === 'gender'
          ? ['male', 'female'].map((value) => ({ value, label: t(`fields.gender.options.${value}`) }))
          : field.kind === 'timeZone'
            ? (constants.data?.player.timeZone ?? []).map((zone) => ({ value: zone.id, label: zone.name }))
            : field.kind === 'language'
              ? settings.locales.map((item) => ({ value: item.code, label: item.nativeName }))
              : [];
  const strength = name === 'password' ? `${id}-strength` : undefined;
  return (
    <DynamicField
      field={field}
      id={id}
      methods={methods}
      rules={rules}
      serverError={serverErrors[name]}
      onFocus={() => clearServerError(name)}
      label={label}
      checkboxLabel={<LinkedText text={label} localePath={localePath} />}
      placeholder={t(`fields.${name}.placeholder`, { defaultValue: '' }) || undefined}
      autoComplete={fieldAutocomplete(name) ?? (field.kind === 'password' ? 'new-password' : undefined)}
      autoFocus={autoFocus}
      choices={choices}
      phone={{ countries, countryLabel: t('fields.country.label') }}
      describedBy={strength}
      after={strength ? <PasswordMeter id={strength} methods={methods} /> : null}
    />
  );
}

function PasswordMeter({ id, methods }: { id: string; methods: UseFormReturn<RegistrationValues> }) {
  const value = useWatch({ control: methods.control, name: 'password' });
  return <PasswordStrengthMeter id={id} value={typeof value === 'string' ? value : ''} />;
}
