/** The sportsbook: the events list and an event's page (features/sportsbook; only routed when the sportsbook is configured). */
export { SportsbookPage as BettingPage, SportsbookEventPage } from '../../features/sportsbook';
