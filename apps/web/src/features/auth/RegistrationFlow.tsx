import type { Country, Currency } from '@croupier/contract';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useLocale } from '../../lib/app-settings';
import { useContentValue } from '../../components/fields';
import type { ModalBodyProps } from '../modals';
import { PhoneVerification } from './PhoneVerification';
import { RegistrationFormView } from './RegistrationFormView';
import { buildRegistrationForm, initialValues, type RegistrationValues } from './registration';
import { registrationCurrency } from './signup-logic';
import type { FieldRule, LoginType } from './types';
import { useRegistration } from './useRegistration';

export interface RegistrationFlowProps {
  tab: LoginType;
  rules: readonly FieldRule[];
  countries: readonly Country[];
  currencies: readonly Currency[];
  visitorCountry: Country | undefined;
  onDirty: (dirty: boolean) => void;
  close: ModalBodyProps['close'];
}

/** One tab's registration: the form, then (phone) the verification step. Remounted per tab. */
export function RegistrationFlow({
  tab,
  rules,
  countries,
  currencies,
  visitorCountry,
  onDirty,
  close,
}: RegistrationFlowProps) {
  const { locale } = useLocale();
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
  const registration = useRegistration({ tab, form, methods, countries, close });
  const { isDirty } = methods.formState;
  const { step, sentBody } = registration;

  useEffect(() => onDirty(isDirty || step === 'verify'), [isDirty, step, onDirty]);

  if (sentBody) {
    return (
      <PhoneVerification
        phone={String(sentBody.phone)}
        onBack={registration.backToForm}
        onVerify={registration.verify}
        onResend={() => registration.sendCode(String(sentBody.phone))}
      />
    );
  }
  return (
    <RegistrationFormView
      form={form}
      methods={methods}
      countries={countries}
      currencies={currencies}
      prefixOf={registration.prefixOf}
      serverErrors={registration.serverErrors}
      clearServerError={registration.clearServerError}
      formError={registration.formError}
      promoOpen={registration.promoOpen}
      togglePromo={registration.togglePromo}
      onSubmit={registration.submit}
    />
  );
}
