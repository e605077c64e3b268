import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useConstants } from './api';
import promoDesktop from './assets/promo-desktop.svg';
import promoMobile from './assets/promo-mobile.svg';
import { Spinner, useContentValue } from '../../components/fields';
import { Button } from '../../components/ui/Button';
import { Tabs } from '../../components/ui/Tabs';
import { backRouteOf, socialButtons } from './logic';
import type { LoginType } from './types';

const ADVANTAGE_ICONS: Record<string, string> = {
  gift: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7a3 3 0 1 1 3-3c0 2-3 3-3 3zm0 0a3 3 0 1 0-3-3c0 2 3 3 3 3z',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  shield: 'M12 2l8 3v6c0 5-3.5 9.5-8 11-4.5-1.5-8-6-8-11V5z',
  trophy: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3',
  star: 'M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z',
};

interface Advantage {
  icon: string;
  label: string;
}

function advantagesOf(value: unknown): Advantage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { icon, label } = item as { icon?: unknown; label?: unknown };
    return typeof label === 'string' && label ? [{ icon: typeof icon === 'string' ? icon : 'star', label }] : [];
  });
}

/**
 * The promo panel of the sign-in and sign-up modals: title, second title, additional
 * title and advantages from content (`modals:<contentKey>.promo`), over the desktop
 * background from 64rem and the mobile one below.
 */
export function PromoPanel({ contentKey }: { contentKey: 'signIn' | 'signUp' }) {
  const { t } = useTranslation('modals');
  const advantages = advantagesOf(useContentValue('modals', `${contentKey}.promo.advantages`));
  const title = t(`${contentKey}.promo.title`, { defaultValue: '' });
  if (!title) return null;
  return (
    <aside className="auth-promo">
      <picture className="auth-promo__background">
        <source media="(min-width: 64rem)" srcSet={promoDesktop} />
        <img src={promoMobile} alt="" />
      </picture>
      <div className="auth-promo__content">
        <p className="auth-promo__title">{title}</p>
        <p className="auth-promo__second">{t(`${contentKey}.promo.secondTitle`, { defaultValue: '' })}</p>
        <p className="auth-promo__additional">{t(`${contentKey}.promo.additionalTitle`, { defaultValue: '' })}</p>
        {advantages.length > 0 ? (
          <ul className="auth-promo__advantages">
            {advantages.map((advantage) => (
              <li key={advantage.label}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path
                    d={ADVANTAGE_ICONS[advantage.icon] ?? ADVANTAGE_ICONS.star}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span>{advantage.label}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </aside>
  );
}

/** E-mail / phone tabs (WAI-ARIA tabs: arrow keys move between them). */
export function LoginTabs({
  id,
  tabs,
  active,
  onChange,
}: {
  id: string;
  tabs: readonly LoginType[];
  active: LoginType;
  onChange: (tab: LoginType) => void;
}) {
  const { t } = useTranslation('fields-settings');
  return (
    <Tabs
      idBase={id}
      tabs={tabs.map((tab) => ({ key: tab, label: t(`login.tabs.${tab}`) }))}
      selected={active}
      onSelect={onChange}
    />
  );
}

const SOCIAL_ICONS: Record<string, string> = {
  'google-oauth2':
    'M21 12.2c0-.7-.1-1.3-.2-1.9H12v3.6h5.1a4.4 4.4 0 0 1-1.9 2.9v2.4h3.1c1.8-1.7 2.7-4.1 2.7-7zM12 21.5c2.6 0 4.7-.9 6.3-2.3l-3.1-2.4c-.9.6-2 .9-3.2.9-2.5 0-4.6-1.7-5.3-3.9H3.5v2.5A9.5 9.5 0 0 0 12 21.5zM6.7 13.8a5.7 5.7 0 0 1 0-3.6V7.7H3.5a9.5 9.5 0 0 0 0 8.6zM12 6.3c1.4 0 2.6.5 3.6 1.4l2.7-2.7A9.5 9.5 0 0 0 3.5 7.7l3.2 2.5C7.4 8 9.5 6.3 12 6.3z',
  apple:
    'M16.4 12.6c0-2.4 2-3.6 2.1-3.7a4.6 4.6 0 0 0-3.6-2c-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9A4.9 4.9 0 0 0 3.7 9.4c-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.2 2.5 1.3-.1 1.8-.8 3.3-.8s2 .8 3.3.8c1.4 0 2.3-1.3 3.1-2.5a10.6 10.6 0 0 0 1.4-2.9 4.5 4.5 0 0 1-2.9-4zM14 5.3A4.4 4.4 0 0 0 15 2a4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1 3.2A3.7 3.7 0 0 0 14 5.3z',
  telegram:
    'M21.5 3.5L2.8 10.7c-1.3.5-1.3 1.2-.2 1.6l4.8 1.5 1.8 5.6c.2.6.1.9.8.9.5 0 .7-.2 1-.5l2.3-2.3 4.9 3.6c.9.5 1.5.2 1.8-.8l3.2-15.1c.3-1.3-.5-1.9-1.7-1.2zM9.1 13.4l8.8-5.5c.4-.3.8-.1.5.2l-7.5 6.8-.3 3.1z',
};

/**
 * Social sign-in buttons for the enabled providers (settings `player.socialAuth` and
 * content `socialAuth`). They start the server's redirect flow with the current page
 * (minus the sign-in, sign-up and stag parameters) as the route to come back to.
 */
export function SocialButtons({ title }: { title: string }) {
  const { t } = useTranslation('fields-settings');
  const location = useLocation();
  const constants = useConstants();
  const auth0Connections = useContentValue('fields-settings', 'socialAuth.socialAuth0Connections');
  const directConnections = useContentValue('fields-settings', 'socialAuth.socialDirectConnections');
  const player = constants.data?.player;
  const buttons = socialButtons({
    enabled: player?.socialAuth ?? [],
    auth0Connections,
    directConnections,
    telegramConfigured: Boolean(player?.telegram?.bot && player.telegram.auth_url),
    backRoute: backRouteOf(location),
  });
  if (buttons.length === 0) return null;
  return (
    <section className="auth-social" aria-label={title || t('socialAuth.title')}>
      <p className="auth-social__title" aria-hidden="true">
        <span>{title || t('socialAuth.title')}</span>
      </p>
      <ul className="auth-social__list">
        {buttons.map((button) => (
          <li key={button.id}>
            <a className="auth-social__button" href={button.href} data-provider={button.id}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d={SOCIAL_ICONS[button.id] ?? ADVANTAGE_ICONS.star} fill="currentColor" />
              </svg>
              <span>{button.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The end of an auth form: why the last submit failed (`error`), then the submit button,
 * with a spinner while `pending`.
 */
export function FormSubmit({
  error,
  pending,
  disabled = pending,
  label,
}: {
  error: string | null | undefined;
  pending: boolean;
  disabled?: boolean;
  label: string;
}) {
  return (
    <>
      {error ? (
        <p className="auth-form__alert" role="alert">
          {error}
        </p>
      ) : null}
      <Button shape="form" variant="primary" type="submit" disabled={disabled}>
        {pending ? <Spinner /> : null}
        {label}
      </Button>
    </>
  );
}
