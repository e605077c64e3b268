import { minorToMajor, type StakeLimit, type StakeLimitBody } from '@croupier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { amountMinorOrThrow } from '../wallet';
import type { BetRule } from './service';
import type { StakeLimitRow, StakeLimitsRepository } from './stake-limits-repository';

type Executor = Kysely<Database>;

/** A stake range in minor units of one currency. */
export interface StakeBounds {
  minMinor: bigint;
  maxMinor: bigint;
}

/** How long a game's limits are kept in memory: an operator's change reaches other processes within it. */
const CACHE_MS = 30_000;

/**
 * The stake limits of a game in a currency: the operator's (table `game_stake_limits`,
 * operator API), else the built-in bounds of the game's provider (the in-house games'
 * ceiling; none for third-party games, whose studios apply their own). Read on every bet,
 * so they are cached for a short while per game and currency.
 */
export function createStakeLimits(deps: {
  repository: StakeLimitsRepository;
  /** The built-in bounds of a provider in a currency; undefined: none. */
  builtIn: (provider: string, currency: string) => StakeBounds | undefined;
  /** The subunits of a currency; undefined for an unknown code. */
  subunitOf: (currency: string) => bigint | undefined;
}) {
  const cache = new Map<string, { own: StakeBounds | undefined; untilMs: number }>();
  const keyOf = (gameId: string, currency: string) => `${gameId}:${currency}`;

  async function ownBounds(
    q: Executor | undefined,
    gameId: string,
    currency: string,
  ): Promise<StakeBounds | undefined> {
    const key = keyOf(gameId, currency);
    const cached = cache.get(key);
    if (cached && cached.untilMs > Date.now()) return cached.own;
    const row = await deps.repository.find(q ?? deps.repository.db, gameId, currency);
    const own = row ? { minMinor: row.min_minor, maxMinor: row.max_minor } : undefined;
    cache.set(key, { own, untilMs: Date.now() + CACHE_MS });
    return own;
  }

  /** `q`: the transaction to read in (a bet's), else the pool. */
  async function boundsFor(game: { gameId: string; provider: string; currency: string }, q?: Executor) {
    return (await ownBounds(q, game.gameId, game.currency)) ?? deps.builtIn(game.provider, game.currency);
  }

  function subunitOrThrow(currency: string): bigint {
    const subunit = deps.subunitOf(currency);
    if (subunit === undefined) throw AppError.notFound('Unknown currency.');
    return subunit;
  }

  function toWire(row: StakeLimitRow): StakeLimit {
    const subunit = subunitOrThrow(row.currency);
    return {
      currency: row.currency,
      minStake: minorToMajor(row.min_minor, subunit),
      maxStake: minorToMajor(row.max_minor, subunit),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** Bets outside the game's limits are refused (BET_OUT_OF_LIMITS), whatever the provider. */
  const rule: BetRule = {
    async check({ session, amountMinor, trx }) {
      const game = { gameId: session.game_id, provider: session.provider, currency: session.currency };
      const bounds = await boundsFor(game, trx);
      if (!bounds) return undefined;
      if (amountMinor < bounds.minMinor || amountMinor > bounds.maxMinor) return { status: 'BET_OUT_OF_LIMITS' };
      return undefined;
    },
  };

  return {
    rule,
    boundsFor,

    async list(gameId: string): Promise<StakeLimit[]> {
      return (await deps.repository.list(gameId)).map(toWire);
    },

    /** Sets a game's limits in a currency (422 per field for bad amounts or max below min). */
    async set(gameId: string, currency: string, body: StakeLimitBody): Promise<StakeLimit> {
      const subunit = subunitOrThrow(currency);
      const currencyUnits = { subunitToUnit: subunit };
      const minMinor = amountMinorOrThrow(body.minStake, currencyUnits, { field: 'minStake' });
      const maxMinor = amountMinorOrThrow(body.maxStake, currencyUnits, { field: 'maxStake' });
      if (maxMinor < minMinor) throw AppError.validation({ maxStake: ['The maximum must not be below the minimum.'] });
      const row = await deps.repository.upsert({ gameId, currency, minMinor, maxMinor });
      cache.delete(keyOf(gameId, currency));
      return toWire(row);
    },

    async remove(gameId: string, currency: string): Promise<void> {
      if (!(await deps.repository.remove(gameId, currency)))
        throw AppError.notFound('No stake limits for this currency.');
      cache.delete(keyOf(gameId, currency));
    },
  };
}

export type StakeLimits = ReturnType<typeof createStakeLimits>;
