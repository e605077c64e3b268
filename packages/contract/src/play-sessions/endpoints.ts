import { defineEndpoint } from '../common/endpoint';
import { gameSessionHeadersSchema } from '../games/endpoints';
import {
  devPlayDueBodySchema,
  devProviderRealityCheckBodySchema,
  playSettingsBodySchema,
  playSettingsResponseSchema,
  realityCheckSummaryResponseSchema,
} from './schemas';

/** Reality checks and session time (docs/player-protection.md, "Reality checks and session time"). */
export const playSessionEndpoints = {
  /** The player's reality-check interval and session-time limit (nulls: none). */
  getPlaySettings: defineEndpoint({
    method: 'GET',
    path: '/api/player/reality-check',
    access: 'player',
    response: playSettingsResponseSchema,
  }),
  /** Sets both; the player's open game sessions follow at once. */
  setPlaySettings: defineEndpoint({
    method: 'PUT',
    path: '/api/player/reality-check',
    access: 'player',
    body: playSettingsBodySchema,
    response: playSettingsResponseSchema,
  }),
  /** The game session's time played and net result, and whether a check is due (the frame's dialog). */
  realityCheck: defineEndpoint({
    method: 'GET',
    path: '/api/game/sessions/reality-check',
    access: 'game',
    headers: gameSessionHeadersSchema,
    response: realityCheckSummaryResponseSchema,
  }),
  /** Acknowledges a due reality check (Continue): the next one is due after the interval. */
  acknowledgeRealityCheck: defineEndpoint({
    method: 'POST',
    path: '/api/game/sessions/reality-check',
    access: 'game',
    headers: gameSessionHeadersSchema,
    response: realityCheckSummaryResponseSchema,
  }),
};

/** Outside production only: browser tests and the sandbox provider's page. */
export const playSessionDevEndpoints = {
  /** Makes the game session's reality check or session-time end due now. */
  devMakeDue: defineEndpoint({
    method: 'POST',
    path: '/api/dev/game/sessions/reality-check/due',
    access: 'dev',
    headers: gameSessionHeadersSchema,
    body: devPlayDueBodySchema,
    response: realityCheckSummaryResponseSchema,
  }),
  /** The sandbox game page's Continue form: acknowledges through the game-session call, then redirects back. */
  devProviderRealityCheck: defineEndpoint({
    method: 'POST',
    path: '/api/dev/game-provider/reality-check',
    access: 'dev',
    body: devProviderRealityCheckBodySchema,
  }),
};
