import { z } from 'zod';
import { dataEnvelope, messageSchema, pagedEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { authResponseSchema, sessionSchema, sessionsQuerySchema } from './responses';

/**
 * The signed-in session's own calls: token refresh, logout and the sessions list. Light
 * on purpose (answers only, no field validation): the web app's session code uses them
 * on every page.
 */
export const sessionEndpoints = {
  /** The Bearer token may have expired: the server reads it itself. */
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/player/sessions/refresh',
    access: 'player',
    response: dataEnvelope(authResponseSchema),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/player/sessions/logout',
    access: 'player',
    response: dataEnvelope(messageSchema),
  }),
  listSessions: defineEndpoint({
    method: 'GET',
    path: '/api/player/sessions',
    access: 'player',
    query: sessionsQuerySchema,
    response: pagedEnvelope(sessionSchema),
  }),
  closeSession: defineEndpoint({
    method: 'PUT',
    path: '/api/player/sessions/:sessionId/close',
    access: 'player',
    params: z.object({ sessionId: z.guid({ error: 'invalid' }) }),
    response: dataEnvelope(sessionSchema),
  }),
};
