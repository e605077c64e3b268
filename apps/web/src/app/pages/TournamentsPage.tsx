/** Tournaments: the list and a tournament's page (features/tournaments). */
export { TournamentPage, TournamentsPage } from '../../features/tournaments';
