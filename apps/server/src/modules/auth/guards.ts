import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

/** The signed-in player of a request: who, and through which session. */
export interface AuthenticatedPlayer {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requirePlayer` / `optionalPlayer`; null for guests. */
    player: AuthenticatedPlayer | null;
  }
}

export interface Authenticator {
  /** The player of a valid access token of an open session; throws 401 (or 403 for a blocked account). */
  authenticate(token: string): Promise<AuthenticatedPlayer>;
}

/** Adds `request.player` to every request; call once on the root instance. */
export function decoratePlayer(server: FastifyInstance): void {
  server.decorateRequest('player', null);
}

/** The token of `Authorization: Bearer <token>`; undefined without the header, null when it is malformed. */
export function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i.exec(header);
  return match?.[1] ?? null;
}

export function unauthenticated(message = 'Sign in to continue.'): AppError {
  return new AppError('UNAUTHENTICATED', message);
}

/**
 * Route hooks: `requirePlayer` (Bearer routes: 401 without a valid token) and
 * `optionalPlayer` (the call also works for guests; a token that is sent must be valid,
 * so that a dead session is reported instead of silently treated as a guest). Use them
 * as `onRequest` hooks: a guest then gets its 401 before the body is even parsed.
 *
 *     app.get('/api/…', { onRequest: guards.requirePlayer }, async (request) => playerOf(request).id)
 */
export function createAuthGuards(authenticator: Authenticator) {
  async function authenticateRequest(request: FastifyRequest, required: boolean): Promise<void> {
    const token = bearerToken(request);
    if (token === undefined) {
      if (required) throw unauthenticated();
      request.player = null;
      return;
    }
    if (token === null) throw unauthenticated('The Authorization header must be "Bearer <token>".');
    request.player = await authenticator.authenticate(token);
  }

  return {
    requirePlayer: async (request: FastifyRequest): Promise<void> => authenticateRequest(request, true),
    optionalPlayer: async (request: FastifyRequest): Promise<void> => authenticateRequest(request, false),
  };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The player of a route behind `requirePlayer`. */
export function playerOf(request: FastifyRequest): AuthenticatedPlayer {
  if (!request.player) throw unauthenticated();
  return request.player;
}
