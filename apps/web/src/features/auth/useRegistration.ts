import type { Country } from '@croupier/contract';
import { useCallback, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FIRST_DEPOSIT_WALLET_PROPS } from '../../lib/wallet-display';
import { hasApiStatus } from '../../lib/api';
import { useToasts } from '../layout';
import { useModals, type ModalBodyProps } from '../modals';
import { track } from '../tracking';
import { openAfterLogin } from './after-login';
import { readAffiliateTag, resolveFingerprint } from './api';
import { authCalls } from './calls';
import { useLoginEffects } from './effects';
import { firstFieldErrors } from './logic';
import type { StepResult } from './PhoneVerification';
import { buildRegistrationBody, type RegistrationForm, type RegistrationValues } from './registration';
import { codeSendOutcome, genericErrorKey, placeServerErrors, verifyOutcome, withoutError } from './signup-logic';
import type { AuthResponse, LoginType, RegistrationBody } from './types';

interface Options {
  tab: LoginType;
  form: RegistrationForm;
  methods: UseFormReturn<RegistrationValues>;
  countries: readonly Country[];
  close: ModalBodyProps['close'];
}

/**
 * One tab's registration as state and actions: submit (e-mail: register; phone: send the
 * code and go to the verification step), resend, verify, and where the server's errors
 * go. The decisions are in signup-logic.ts; this hook calls the API and shows results.
 */
export function useRegistration({ tab, form, methods, countries, close }: Options) {
  const { t } = useTranslation('fields-settings');
  const location = useLocation();
  const { notify } = useToasts();
  const { takePendingAfterSignIn } = useModals();
  const loginEffects = useLoginEffects();
  const [step, setStep] = useState<'form' | 'verify'>('form');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);
  const [sentBody, setSentBody] = useState<RegistrationBody | null>(null);

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

  const showFieldErrors = (fields: Record<string, string>) => {
    const placed = placeServerErrors(
      fields,
      form.fields.map((field) => field.name),
    );
    if (placed.openPromo) setPromoOpen(true);
    setServerErrors(placed.shown);
    setFormError(placed.formError);
  };

  /** Sends the code: null when sent, else what the verification step (or the form) shows. */
  const sendCode = async (phone: string): Promise<StepResult> => {
    try {
      await authCalls.sendOtp(phone, 'registration');
      return null;
    } catch (error) {
      const outcome = codeSendOutcome(error);
      if (outcome.kind === 'limit') return { kind: 'limit' };
      if (outcome.kind === 'fields') {
        showFieldErrors(outcome.fields);
        return { kind: 'error', message: outcome.phoneMessage };
      }
      return { kind: 'error', message: outcome.message || t('somethingWrong.description', { ns: 'alerts' }) };
    }
  };

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
        if (hasApiStatus(error, 'VALIDATION_FAILED')) showFieldErrors(firstFieldErrors(error.fields));
        else setFormError(t(genericErrorKey(error), { ns: 'alerts' }));
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

  const verify = async (code: string): Promise<StepResult> => {
    if (!sentBody) return { kind: 'error', message: t('login.phoneVerification.cannotVerify') };
    track({ event: 'registration', funnelStep: 'otp', regType: 'phone' });
    try {
      succeed(await authCalls.registerPhone({ ...sentBody, code }));
      return null;
    } catch (error) {
      const outcome = verifyOutcome(error);
      if (outcome.kind === 'invalidCode') return { kind: 'error', message: t('login.phoneVerification.invalidCode') };
      if (outcome.kind === 'fields') {
        showFieldErrors(outcome.fields);
        setStep('form');
        return null;
      }
      return { kind: 'error', message: outcome.message || t('login.phoneVerification.cannotVerify') };
    }
  };

  return {
    step,
    /** The body sent with the code, while the verification step shows. */
    sentBody: step === 'verify' ? sentBody : null,
    backToForm: () => setStep('form'),
    submit: () => void submit(),
    sendCode,
    verify,
    prefixOf,
    serverErrors,
    clearServerError: (name: string) => {
      setFormError(null);
      setServerErrors((errors) => withoutError(errors, name));
    },
    formError,
    promoOpen,
    togglePromo: () => setPromoOpen((value) => !value),
  };
}
