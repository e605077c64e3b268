/**
 * Sportsbook: `/betting` (the sports, live and upcoming events by competition with the main
 * market's odds) and `/betting/event/{id}` (every market of an event), in the player's odds
 * format, with the betting panel (bet slip and my bets) beside them. Odds buttons put
 * selections on the slip; betting calls carry the sportsbook's game session
 * (`X-Game-Session`). The router loads the pages lazily through `app/pages/BettingPage`.
 * The live feed updates the cached lists, the event and the slip (`./live`).
 */
export { SportsbookPage } from './SportsbookPage';
export { SportsbookEventPage } from './EventPage';
export { sportsbookKeys } from './api';
