import type { AmountCurrency } from '@croupier/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth';
import { createSessionTimesRepository } from '../game-wallet';
import { createPlaySessionsRepository } from './repository';
import { playSessionDevRoutes, playSessionRoutes, type SessionOfToken } from './routes';
import { createPlaySessions, type PlaySessions } from './service';

export type { PlaySessions } from './service';
export { launchTimes, playRefusal } from './service';

/**
 * Reality checks and session time (docs/player-protection.md, "Reality checks and session
 * time"). Created before the game wallet, which takes its bet rule and launch times
 * (`rule`, `sessionValues`); its routes are registered after, on the wallet's sessions.
 */
export function createPlaySessionsModule(deps: { db: Db; now?: () => Date }): PlaySessions {
  return createPlaySessions({
    repository: createPlaySessionsRepository(deps.db),
    sessions: createSessionTimesRepository(deps.db),
    ...(deps.now ? { now: deps.now } : {}),
  });
}

export async function registerPlaySessions(
  server: FastifyInstance,
  deps: {
    playSessions: PlaySessions;
    guards: AuthGuards;
    /** The game wallet's session of a launch token. */
    sessionOf: SessionOfToken;
    currencyOf: (code: string) => Promise<AmountCurrency>;
    /** Registers the dev route (browser tests): never in production. */
    isProduction: boolean;
  },
): Promise<void> {
  const { playSessions, guards, sessionOf, currencyOf } = deps;
  await server.register(playSessionRoutes, { playSessions, guards, sessionOf, currencyOf });
  if (!deps.isProduction) await server.register(playSessionDevRoutes, { playSessions, sessionOf, currencyOf });
}
