/**
 * Tournaments: `/tournaments` (running, upcoming and finished tabs) and the tournament page
 * (rules, prizes, the live leaderboard with the player's row, joining). The router loads the
 * pages lazily through `app/pages/TournamentsPage`.
 */
export { TournamentsPage } from './TournamentsList';
export { TournamentPage } from './TournamentView';
