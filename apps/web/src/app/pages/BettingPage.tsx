import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/PageHeader';

/** The sportsbook page (only routed when the sportsbook client is configured). */
export function BettingPage() {
  const { t } = useTranslation('layout');
  return <PageHeader title={t('pages.betting.title')} description={t('pages.betting.description')} />;
}
