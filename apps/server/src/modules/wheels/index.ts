import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import { createWheelsRepository } from './repository';
import { wheelAdminRoutes, wheelRoutes } from './routes';
import { createWheels, type WheelPrizes } from './service';

export type { Wheels, WheelPrizes } from './service';
export { createWheelsRepository } from './repository';

/**
 * Prize wheels (docs/wheels.md): the wheels and a spin, the operator's wheels and rules,
 * and the spins granted on loyalty levels and quests (in their engines' transactions).
 */
export async function registerWheels(
  server: FastifyInstance,
  deps: {
    db: Db;
    events: RealtimeEvents;
    appEvents: EventRegistry;
    guards: AuthGuards;
    prizes: WheelPrizes;
    activeCurrency: (playerId: string) => Promise<string | undefined>;
    adminApiKey: string | undefined;
    now?: () => Date;
  },
) {
  const wheels = createWheels({
    repository: createWheelsRepository(deps.db),
    events: deps.events,
    prizes: deps.prizes,
    activeCurrency: deps.activeCurrency,
    randomBytes: (length) => randomBytes(length),
    ...(deps.now ? { now: deps.now } : {}),
  });
  deps.appEvents.on('retention.level-reached', async (reached) => {
    await wheels.onLevelReached(reached);
  });
  deps.appEvents.on('retention.quest-completed', async (completed) => {
    await wheels.onQuestCompleted(completed);
  });
  await server.register(wheelRoutes, { wheels, guards: deps.guards });
  await server.register(wheelAdminRoutes, { wheels, adminApiKey: deps.adminApiKey });
  return wheels;
}
