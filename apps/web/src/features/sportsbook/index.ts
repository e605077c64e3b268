/**
 * Sportsbook: `/betting` (the sports, live and upcoming events by competition with the main
 * market's odds) and `/betting/event/{id}` (every market of an event), in the player's odds
 * format. Read only: the odds buttons wait for the bet slip. The router loads the pages
 * lazily through `app/pages/BettingPage`. Realtime updates go through `sportsbookKeys`.
 */
export { SportsbookPage } from './SportsbookPage';
export { SportsbookEventPage } from './EventPage';
export { sportsbookKeys } from './api';
