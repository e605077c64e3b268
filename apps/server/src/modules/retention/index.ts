import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { EventRegistry } from '../../lib/events';
import type { Activity } from '../activity';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import { createLoyalty } from './loyalty';
import { createLoyaltyRepository } from './repository';
import { loyaltyAdminRoutes, loyaltyRoutes } from './routes';

export type { Loyalty } from './loyalty';
export { LOYALTY_CONSUMER } from './loyalty';

/** What other engines (quests) give points with: once per player and `source`, in their transaction. */
export type AwardPointsIn = (
  trx: Transaction<Database>,
  input: { playerId: string; points: number | bigint; source: string },
) => Promise<unknown>;

/**
 * Loyalty points and levels (docs/loyalty.md): the activity consumer `loyalty` (points from
 * real-money stakes), `awardPointsIn` for other engines, the player's account
 * (`GET /api/retention/account`) and the operator's configuration under
 * `/api/admin/retention/loyalty`. The levels list stays in routes.ts/service.ts.
 */
export async function registerLoyalty(
  server: FastifyInstance,
  deps: {
    db: Db;
    events: RealtimeEvents;
    appEvents: EventRegistry;
    activity: Pick<Activity, 'consume'>;
    /** The bonus engine (`bonuses.grantIn`, and its catalogue for the operator's check). */
    bonuses: {
      grantIn(
        trx: Transaction<Database>,
        input: { bonusId: string; playerId: string; currency: string; source: string },
      ): Promise<unknown>;
      listAdmin(): Promise<{ id: string }[]>;
    };
    guards: AuthGuards;
    /** A currency's minor units per unit, from the per-process cache (read inside transactions). */
    subunitOf: (currency: string) => bigint | undefined;
    adminApiKey: string | undefined;
    log: { warn(details: object, message: string): void };
  },
) {
  const loyalty = createLoyalty({
    repository: createLoyaltyRepository(deps.db),
    events: deps.events,
    appEvents: deps.appEvents,
    grantBonus: (trx, input) => deps.bonuses.grantIn(trx, input),
    subunitOf: deps.subunitOf,
    bonusExists: async (bonusId) => (await deps.bonuses.listAdmin()).some((b) => b.id === bonusId),
    log: deps.log,
  });
  deps.activity.consume(loyalty.consumer);
  await server.register(loyaltyRoutes, { loyalty, guards: deps.guards });
  await server.register(loyaltyAdminRoutes, { loyalty, adminApiKey: deps.adminApiKey });
  const awardPointsIn: AwardPointsIn = (trx, input) => loyalty.awardPointsIn(trx, input);
  return { loyalty, awardPointsIn };
}
