import {
  GAME_SESSION_HEADER,
  playSessionDevEndpoints,
  playSessionEndpoints,
  type AmountCurrency,
} from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { canBet, type GameSession } from '../game-wallet';
import type { PlaySessions } from './service';

const tags = ['responsible gaming'];

/** The game session of a frame's or provider's token; 401 when unknown, expired or signed out. */
export type SessionOfToken = (token: string) => Promise<GameSession | undefined>;

async function openSession(sessionOf: SessionOfToken, token: string): Promise<GameSession> {
  const session = await sessionOf(token);
  if (!session || !canBet(session)) {
    throw new AppError('UNAUTHENTICATED', 'The game session has ended. Open the game again.');
  }
  return session;
}

/** The player's settings (player auth) and the game session's reality check (game session token). */
export const playSessionRoutes: FastifyPluginAsyncZod<{
  playSessions: PlaySessions;
  guards: AuthGuards;
  sessionOf: SessionOfToken;
  currencyOf: (code: string) => Promise<AmountCurrency>;
}> = async (app, { playSessions, guards, sessionOf, currencyOf }) => {
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    playSessionEndpoints.getPlaySettings,
    {
      tags,
      summary: "The player's reality-check interval and session-time limit in minutes (null: none)",
      onRequest: guards.requirePlayer,
    },
    async (request) => ({ data: await playSessions.getSettings(playerOf(request).id) }),
  );

  route(
    app,
    playSessionEndpoints.setPlaySettings,
    {
      tags,
      summary: 'Sets the reality-check interval and the session-time limit; open game sessions follow at once',
      description:
        '`intervalMinutes`: one of 15, 30, 45, 60, 90, 120 or null; `sessionLimitMinutes`: one of 30, 60, 90, 120, ' +
        '180, 240, 360, 480 or null (422 per field otherwise). A new interval restarts the open sessions’ next check ' +
        '(a check already due stays due); a session-time limit counts from the first real-money game of the ' +
        'sign-in session and only shortens open sessions (a longer limit or none applies from the next sign-in).',
      onRequest: guards.requirePlayer,
    },
    async (request) => ({ data: await playSessions.setSettings(playerOf(request).id, request.body) }),
  );

  route(
    app,
    playSessionEndpoints.realityCheck,
    {
      tags,
      summary: 'The game session’s time played and net result (wins − stakes) and whether a reality check is due',
      description:
        'For the game frame’s reality-check dialog, with the launch token in `X-Game-Session`. While ' +
        '`realityCheckDue`, bets answer 14106 (`REALITY_CHECK` to providers); once `sessionEnded`, 14107 ' +
        '(`LIMIT_REACHED`). 401 when the game session has ended.',
    },
    async (request) => {
      const session = await openSession(sessionOf, request.headers[GAME_SESSION_HEADER]);
      return { data: await playSessions.summary(session, await currencyOf(session.currency)) };
    },
  );

  route(
    app,
    playSessionEndpoints.acknowledgeRealityCheck,
    {
      tags,
      summary: 'Continue after a reality check: the next check is due one interval from now; answers the summary',
      description:
        'Called by the game frame (or a provider’s game) with the launch token in `X-Game-Session` when the player ' +
        'chooses to continue. A check that is not due is left as it is. It does not lift a session-time limit.',
    },
    async (request) => {
      const session = await openSession(sessionOf, request.headers[GAME_SESSION_HEADER]);
      return { data: await playSessions.acknowledge(session, await currencyOf(session.currency)) };
    },
  );
};

/** Outside production only: browser tests make a check due now instead of waiting for it. */
export const playSessionDevRoutes: FastifyPluginAsyncZod<{
  playSessions: PlaySessions;
  sessionOf: SessionOfToken;
  currencyOf: (code: string) => Promise<AmountCurrency>;
}> = async (app, { playSessions, sessionOf, currencyOf }) => {
  route(
    app,
    playSessionDevEndpoints.devMakeDue,
    {
      tags: ['dev'],
      summary: 'Makes the game session’s reality check or session-time end due now (not in production)',
    },
    async (request) => {
      const session = await openSession(sessionOf, request.headers[GAME_SESSION_HEADER]);
      if (session.is_demo) throw AppError.validation({ check: ['Demo sessions have no reality checks.'] });
      return {
        data: await playSessions.makeDue(session, request.body.check, await currencyOf(session.currency)),
      };
    },
  );
};
