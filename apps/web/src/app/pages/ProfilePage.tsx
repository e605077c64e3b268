import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { PageHeader } from '../../components/ui/PageHeader';
import { useConstants } from '../../features/auth';

export const PROFILE_SECTIONS = [
  'info',
  'wallet',
  'bonuses',
  'history',
  'limits',
  'security',
  'verification',
  'documents',
  'notifications',
  'referrals',
] as const;

/** Sections shown only while a programme is on (constants `player.referral.enabled`). */
const referralOff = (section: string, referralEnabled: boolean) => section === 'referrals' && !referralEnabled;

/** `/profile`: section navigation and the chosen section (sections fill in with their features). */
export function ProfileLayout() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const referralEnabled = useConstants().data?.player.referral.enabled === true;
  return (
    <div className="profile">
      <nav
        className="profile__nav tabs"
        aria-label={t('navigation.profile.title', { defaultValue: t('header.profileMenu.profile') })}
      >
        {PROFILE_SECTIONS.filter((section) => !referralOff(section, referralEnabled)).map((section) => (
          <NavLink
            key={section}
            className={({ isActive }) => `tabs__tab${isActive ? ' tabs__tab--active' : ''}`}
            to={localePath(`/profile/${section}`)}
          >
            {t(`navigation.profile.${section}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

export function ProfileIndexRedirect() {
  const { localePath } = useLocale();
  return <Navigate to={localePath('/profile/info')} replace />;
}

export function ProfileSectionPage() {
  const { t } = useTranslation('layout');
  const section = useLocation().pathname.split('/').filter(Boolean).at(-1) ?? 'info';
  return (
    <PageHeader
      title={t(`profile.${section}.title`, { defaultValue: t(`navigation.profile.${section}`) })}
      description={t(`profile.${section}.description`, { defaultValue: '' })}
    />
  );
}
