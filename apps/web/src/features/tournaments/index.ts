/**
 * Tournaments: `/tournaments` (running, upcoming and finished tabs) and the tournament page
 * (rules, prizes, the live leaderboard with the player's row, joining), and the running
 * tournaments' rail of the home and casino pages, and the game frame's widget (the running
 * tournaments the game counts in). The router loads the pages lazily through
 * `app/pages/TournamentsPage`; the pages load the rail and the game page the widget lazily.
 */
export { TournamentsPage } from './TournamentsList';
export { TournamentPage } from './TournamentView';
export { TournamentsRail } from './TournamentsRail';
export { TournamentWidget } from './TournamentWidget';
