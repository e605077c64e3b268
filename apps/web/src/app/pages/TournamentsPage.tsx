import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { NotFoundPage } from './ErrorPage';

/** Tournaments: none exist until the retention features add them. */
export function TournamentsPage() {
  const { t } = useTranslation('layout');
  return (
    <>
      <PageHeader title={t('pages.tournaments.title')} description={t('pages.tournaments.description')} />
      <EmptyState text={t('pages.tournaments.empty')} />
    </>
  );
}

export function TournamentPage() {
  return <NotFoundPage />;
}
