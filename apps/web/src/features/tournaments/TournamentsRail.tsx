import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { useTournamentList } from './api';
import { TournamentCard } from './TournamentsList';
import './tournaments.css';

/** Cards shown in a rail; the rest are on `/tournaments`. */
const RAIL_SIZE = 6;

/**
 * The running tournaments as a rail on the home and casino pages, with a link to
 * `/tournaments`. Nothing while they load, when none runs or when the list fails: the
 * lobby around it stays as it is.
 */
export function TournamentsRail() {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('global-components');
  const { localePath } = useLocale();
  const headingId = useId();
  const list = useTournamentList('running');
  const running = list.data?.data ?? [];
  if (running.length === 0) return null;
  return (
    <section className="tournaments-rail" aria-labelledby={headingId} data-testid="tournaments-rail">
      <div className="tournaments-rail__head">
        <h2 id={headingId} className="tournaments-rail__title">
          {t('pages.tournaments.title')}
        </h2>
        <Link className="tournaments-rail__all" to={localePath('/tournaments')}>
          {tc('buttons.showAll')}
        </Link>
      </div>
      <ul className="tournaments-rail__list">
        {running.slice(0, RAIL_SIZE).map((tournament) => (
          <TournamentCard key={tournament.id} tournament={tournament} />
        ))}
      </ul>
    </section>
  );
}
