import type { Tournament } from '@croupier/contract';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { useLocale } from '../../lib/app-settings';
import { formatNumber } from '../../lib/format';
import { useSession } from '../auth';
import { GamesIcon } from '../games';
import { useParticipate, useRunningTournaments, useTournament, useTournaments } from './api';
import { Countdown } from './Countdown';
import { useLiveTournament, usePlayerId } from './live';
import { canJoin, tournamentsForGame } from './logic';
import './tournaments.css';

/** Where the player's choice to fold the widget away is kept (per browser, across games). */
const COLLAPSED_KEY = 'tournament-widget-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    if (collapsed) localStorage.setItem(COLLAPSED_KEY, '1');
    else localStorage.removeItem(COLLAPSED_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** One tournament: its title (a link to its page), countdown, and the player's place and points or the join button. */
function WidgetRow({
  tournament,
  playerId,
  onElapsed,
}: {
  tournament: Tournament;
  playerId: string | undefined;
  onElapsed: () => void;
}) {
  const { t, i18n } = useTranslation('layout');
  const { localePath } = useLocale();
  const detail = useTournament(tournament.identity, true);
  const participate = useParticipate(tournament.identity);
  useLiveTournament(tournament, tournament.identity, playerId, { leaderboard: false });
  const entry = detail.data?.playerEntry;
  return (
    <li className="tournament-widget__row" data-testid="tournament-widget-row">
      <Link className="tournament-widget__title" to={localePath(`/tournaments/${tournament.identity}`)}>
        {tournament.title}
      </Link>
      <Countdown tournament={tournament} onElapsed={onElapsed} />
      {entry ? (
        <span className="tournament-widget__entry" data-testid="tournament-widget-entry">
          <span>{t('pages.tournaments.widgetPlace', { place: entry.place })}</span>
          <span aria-hidden="true"> · </span>
          <span>
            {t('pages.tournaments.widgetPoints', {
              points: formatNumber(entry.points, i18n.language, { maxDecimals: 2 }),
            })}
          </span>
        </span>
      ) : detail.data && canJoin(detail.data) ? (
        <span className="tournament-widget__join">
          <Button variant="primary" onClick={() => participate.mutate()} disabled={participate.isPending}>
            {participate.isPending ? t('pages.tournaments.joining') : t('pages.tournaments.join')}
          </Button>
          {participate.isError ? (
            <span className="tournament-widget__error" role="alert">
              {t('pages.tournaments.joinFailed')}
            </span>
          ) : null}
        </span>
      ) : detail.data ? (
        <span className="tournament-widget__hint">{t('pages.tournaments.widgetPlayToEnter')}</span>
      ) : null}
    </li>
  );
}

/** On the folded toggle, the player's place in the first of the tournaments where they have one (the rows keep the details live). */
function FoldedPlace({ identities }: { identities: readonly string[] }) {
  const { t } = useTranslation('layout');
  const details = useTournaments(identities, true);
  const place = details.find((detail) => detail.data?.playerEntry)?.data?.playerEntry?.place;
  if (place === undefined) return null;
  return <span className="tournament-widget__short">{t('pages.tournaments.widgetPlaceShort', { place })}</span>;
}

/**
 * The game frame's tournaments: each running tournament in which this game counts, with
 * its countdown and the player's place and points (live from the player's entry channel),
 * or a join button. Nothing when no running tournament counts the game. A fragment for the
 * frame's bar: the toggle sits among the bar's buttons and the panel wraps under them, so
 * that it pushes the game down rather than covering its controls.
 */
export function TournamentWidget({ gameCollections }: { gameCollections: readonly string[] }) {
  const { t } = useTranslation('layout');
  const { isLoggedIn } = useSession();
  const playerId = usePlayerId();
  const panelId = useId();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const running = useRunningTournaments(isLoggedIn);
  const { refetch } = running;
  const onElapsed = useCallback(() => void refetch(), [refetch]);
  const matching = tournamentsForGame(running.data?.data ?? [], gameCollections);
  if (!isLoggedIn || matching.length === 0) return null;

  const toggle = () => {
    writeCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };
  return (
    <>
      <button
        type="button"
        className="tournament-widget__toggle"
        aria-expanded={!collapsed}
        aria-controls={panelId}
        onClick={toggle}
        data-testid="tournament-widget-toggle"
      >
        <GamesIcon name="trophy" size={18} />
        <span className="tournament-widget__label">{t('pages.tournaments.widgetToggle')}</span>
        {matching.length > 1 ? <span className="tournament-widget__count">{matching.length}</span> : null}
        {collapsed ? <FoldedPlace identities={matching.map((tournament) => tournament.identity)} /> : null}
        <span className="tournament-widget__chevron" aria-hidden="true" />
      </button>
      <section
        id={panelId}
        className="tournament-widget"
        aria-label={t('pages.tournaments.widgetLabel')}
        hidden={collapsed}
        data-testid="tournament-widget"
      >
        <ul className="tournament-widget__list">
          {matching.map((tournament) => (
            <WidgetRow key={tournament.id} tournament={tournament} playerId={playerId} onElapsed={onElapsed} />
          ))}
        </ul>
      </section>
    </>
  );
}
