import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { AuthGuards } from '../auth';
import type { Jobs } from '../jobs';
import { createExclusions, type ExclusionPlayers } from './exclusions';
import { createExclusionsRepository } from './exclusions-repository';
import { createLimitsRepository } from './repository';
import { limitRoutes } from './routes';
import { createLimits, type LimitAccounts } from './service';

export type { Limits, PlayHistory, DepositHistory, ExclusionLimits } from './service';
export { periodStart, periodEnd } from './periods';
export { EXCLUSIONS_JOB, type ExclusionPlayers } from './exclusions';

/**
 * Responsible-gaming limits (docs/player-protection.md, "Limits"): bet, loss and deposit
 * limits with their 24-hour rule for increases and removals, counted on the bet path for
 * accounts that have one, the deposit policy of the payments, and the player's breaks.
 */
export async function registerLimits(
  server: FastifyInstance,
  deps: {
    db: Db;
    guards: AuthGuards;
    accounts: LimitAccounts;
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
    /** The subunits of a currency (minor units per major unit). */
    subunitOf: (currency: string) => Promise<bigint>;
    now?: () => Date;
    /** Cooling-off and self-exclusion: auth's writes of the player's status and sessions. */
    players: ExclusionPlayers;
    /** The recurring job that ends cooling-offs and lets players back after a self-exclusion. */
    jobs: Jobs;
    /** Whether the player's identity is verified (the register keeps a self-excluded identity then). */
    isIdentityVerified: (playerId: string) => Promise<boolean>;
  },
) {
  const now = deps.now ?? (() => new Date());
  const limits = createLimits({
    repository: createLimitsRepository(deps.db),
    accounts: deps.accounts,
    transaction: deps.transaction,
    subunitOf: deps.subunitOf,
    now,
  });
  const exclusions = createExclusions({
    repository: createExclusionsRepository(deps.db),
    players: deps.players,
    transaction: deps.transaction,
    now,
    isIdentityVerified: deps.isIdentityVerified,
    jobs: deps.jobs,
    log: server.log.child({ module: 'limits' }),
  });
  limits.useExclusions(exclusions);
  await server.register(limitRoutes, { limits, guards: deps.guards });
  return Object.assign(limits, {
    /**
     * The verification module approves a player (in its transaction): a verified identity of
     * a running self-exclusion excludes the account too; answers the after-commit work.
     */
    identityApproved: (trx: Transaction<Database>, playerId: string) => exclusions.identityApproved(trx, playerId),
  });
}
