import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/states';
import { PageHeader } from './PageHeader';

export function FavoritesPage() {
  const { t } = useTranslation('layout');
  return (
    <>
      <PageHeader title={t('pages.favorites.title')} />
      <EmptyState text={t('pages.favorites.empty')} />
    </>
  );
}

export function RecentlyPlayedPage() {
  const { t } = useTranslation('layout');
  return (
    <>
      <PageHeader title={t('pages.recentlyPlayed.title')} />
      <EmptyState text={t('pages.recentlyPlayed.empty')} />
    </>
  );
}
