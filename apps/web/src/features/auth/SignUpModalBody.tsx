import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { useModals, type ModalBodyProps } from '../modals';
import { useCountries, useCurrencies } from '../settings';
import { track } from '../tracking';
import { selectableCountries, useContentValue } from '../../components/fields';
import { useConstants, useRegistrationFields } from './api';
import { resolveTabs } from './logic';
import { LoginTabs, PromoPanel, SocialButtons } from './parts';
import { RegistrationFlow } from './RegistrationFlow';
import { FALLBACK_REGISTRATION_RULES } from './registration';
import { SwitchButton } from './SignInModalBody';
import type { LoginType } from './types';
import { Skeleton } from '../../components/ui/Skeleton';

/**
 * Sign-up modal (errors: docs/web-client.md, Errors shown to people).
 * Tabs: the registration types enabled in the settings constants, narrowed by the
 * content's `fields-settings:login.registration.tabsDisplay` when it forces one.
 * Closing a filled form asks sign-up-cancel first. One tab's registration is
 * RegistrationFlow (form and verification steps, the `useRegistration` hook).
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
        <Skeleton key={row} className="auth-skeleton__row" />
      ))}
    </div>
  );
}
