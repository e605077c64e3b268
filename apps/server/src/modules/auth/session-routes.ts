import { sessionEndpoints, signInEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { clientContext } from './client';
import { bearerToken, playerOf, unauthenticated } from './guards';
import type { Auth } from './index';
import { LOCKOUT_POLICY } from './lockout';
import { AUTH_RATE_LIMITS, limitText, rateLimit } from './routes';

/** Sign-in, token refresh, logout and the sessions list. */
export const sessionRoutes: FastifyPluginAsyncZod<{ auth: Auth; config: Config }> = async (app, { auth, config }) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  const idleSeconds = config.auth.sessionIdleTtlSeconds;
  const absoluteSeconds = config.auth.sessionAbsoluteTtlSeconds;
  const days = (seconds: number) => `${Math.round((seconds / 86_400) * 10) / 10} days`;

  route(
    app,
    signInEndpoints.signIn,
    {
      config: rateLimit(AUTH_RATE_LIMITS.signIn),
      tags: ['sessions'],
      summary: 'Signs in with an e-mail or phone digits and a password',
      description:
        'Guest. 401 for an unknown login or a wrong password (the same message); 403 with code 11002 for a ' +
        `blocked account; 422 for malformed input. ${LOCKOUT_POLICY.maxFailures} wrong passwords in a row lock the ` +
        `account for ${LOCKOUT_POLICY.baseLockSeconds / 60} minutes, each further lock twice as long (429 with ` +
        'Retry-After while locked). 451 (11006) from a visitor country that blocks sign-in. ' +
        limitText(AUTH_RATE_LIMITS.signIn),
    },
    async (request) => ({ data: await auth.signIn.withPassword(request.body, clientContext(request, config)) }),
  );

  route(
    app,
    signInEndpoints.signInWithToken,
    {
      config: rateLimit(AUTH_RATE_LIMITS.autologin),
      tags: ['sessions'],
      summary: 'Signs in with a one-time autologin token',
      description: `Guest. 401 for an unknown, used or expired token; 403 (11002) for a blocked account. ${limitText(AUTH_RATE_LIMITS.autologin)}`,
    },
    async (request) => ({
      data: await auth.signIn.withAutologinToken(request.body, clientContext(request, config)),
    }),
  );

  route(
    app,
    sessionEndpoints.refresh,
    {
      tags: ['sessions'],
      summary: 'A new access token for the current (possibly expired) one',
      description:
        'Bearer, no body; the token may have expired. Works while the session is open: at most ' +
        `${days(idleSeconds)} after its last use and ${days(absoluteSeconds)} after sign-in. Only the newest token ` +
        'of a session can be refreshed: refreshing with an older one (a replay) closes the session, and 401.',
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      return { data: await auth.sessions.refresh(token, request.log) };
    },
  );

  route(
    app,
    sessionEndpoints.logout,
    {
      onRequest: auth.guards.requirePlayer,
      tags: ['sessions'],
      summary: 'Ends the current session',
      description: 'Bearer, no body. Its tokens stop working at once.',
    },
    async (request) => {
      await auth.sessions.logout(playerOf(request));
      return { data: { message: 'You have signed out.' } };
    },
  );

  route(
    app,
    sessionEndpoints.listSessions,
    {
      onRequest: auth.guards.requirePlayer,
      tags: ['sessions'],
      summary: "The player's sessions, newest first",
      description:
        'Bearer. `closedAt` is set for closed sessions and for lapsed ones (idle or absolute lifetime over); ' +
        '`isCurrent` marks the session of the token.',
    },
    async (request) => auth.sessions.list(playerOf(request), request.query),
  );

  route(
    app,
    sessionEndpoints.closeSession,
    {
      onRequest: auth.guards.requirePlayer,
      tags: ['sessions'],
      summary: 'Ends one of the player’s sessions',
      description:
        'Bearer, no body. Answers the closed session (closing a closed one changes nothing). Another player’s ' +
        'session id is a 404, like an unknown one.',
    },
    async (request) => ({ data: await auth.sessions.close(playerOf(request), request.params.sessionId) }),
  );
};
