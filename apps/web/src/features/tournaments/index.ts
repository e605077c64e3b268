/**
 * Tournaments: `/tournaments` (running, upcoming and finished tabs) and the tournament page
 * (rules, prizes, the live leaderboard with the player's row, joining), and the running
 * tournaments' rail of the home and casino pages. The router loads the pages lazily through
 * `app/pages/TournamentsPage`; the pages load the rail lazily.
 */
export { TournamentsPage } from './TournamentsList';
export { TournamentPage } from './TournamentView';
export { TournamentsRail } from './TournamentsRail';
