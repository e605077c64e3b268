import { channels, type LoyaltyAccount, type LoyaltyContribution, type LoyaltySettings } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventRegistry } from '../../lib/events';
import type { ActivityConsumer, ActivityRecord, GameActivity } from '../activity';
import type { RealtimeEvents } from '../realtime';
import { addAttopoints, micropointsOf, pointsPerUnitOf, pointsToAttopoints, stakeAttopoints, levelFor } from './points';
import type { Executor, LoyaltyAccountRow, LoyaltyConfigRows, LoyaltyLevelRow, LoyaltyRepository } from './repository';
import { toLoyaltyLevel } from './service';

/** The activity consumer's name (its cursor row). */
export const LOYALTY_CONSUMER = 'loyalty';

export interface LoyaltyDeps {
  repository: LoyaltyRepository;
  events: Pick<RealtimeEvents, 'publishAfterCommit'>;
  appEvents: Pick<EventRegistry, 'emit'>;
  /** The bonus engine's idempotent grant (`bonuses.grantIn`). */
  grantBonus: (
    trx: Transaction<Database>,
    input: { bonusId: string; playerId: string; currency: string; source: string },
  ) => Promise<unknown>;
  /** A currency's minor units per unit (cached per process: read inside transactions). */
  subunitOf: (currency: string) => bigint | undefined;
  /** Whether a catalogue bonus exists (the operator's reward check, outside transactions). */
  bonusExists: (bonusId: string) => Promise<boolean>;
  log: { warn(details: object, message: string): void };
}

/** The configuration and ladder as one batch uses them. */
interface Config {
  levels: LoyaltyLevelRow[];
  rates: Map<string, bigint>;
  contributions: Map<string, number>;
  rewards: Map<string, string>;
}

const contributionKey = (scope: 'game' | 'provider', key: string) => `${scope}:${key}`;

function configOf(levels: LoyaltyLevelRow[], rows: LoyaltyConfigRows): Config {
  return {
    levels,
    rates: new Map(rows.rates.map((r) => [r.currency, r.micropoints_per_unit])),
    contributions: new Map(rows.contributions.map((c) => [contributionKey(c.scope, c.key), c.percent])),
    rewards: new Map(rows.rewards.map((r) => [r.level_id, r.bonus_id])),
  };
}

/** A game's share in percent: its own row, else its provider's, else 100. */
function contributionOf(config: Config, bet: GameActivity): number {
  return (
    config.contributions.get(contributionKey('game', bet.gameIdentity)) ??
    config.contributions.get(contributionKey('provider', bet.provider)) ??
    100
  );
}

interface Change {
  playerId: string;
  source: string;
  attopoints: bigint;
  roundId?: string;
  stakeMinor?: bigint;
  /** The stake's currency: the account remembers it for a level's bonus. */
  currency?: string;
}

/** The outcome for one player: their account after the change and whether a level was newly reached. */
interface Applied {
  account: LoyaltyAccount;
  rose: boolean;
}

/**
 * Loyalty points and levels (docs/loyalty.md): points from real-money stakes (the activity
 * consumer `loyalty`), awards from other engines (`awardPointsIn`), the level ladder with
 * its once-per-level event and bonus, the player's account and the operator's configuration.
 */
export function createLoyalty(deps: LoyaltyDeps) {
  const { repository, events, appEvents, log } = deps;

  async function loadConfig(q: Executor): Promise<Config> {
    return configOf(await repository.allLevels(q), await repository.config(q));
  }

  function present(row: LoyaltyAccountRow | undefined, playerId: string, levels: LoyaltyLevelRow[]): LoyaltyAccount {
    const points = row?.points ?? 0n;
    const current = (row ? levels.find((l) => l.id === row.level_id) : undefined) ?? levelFor(levels, points);
    if (!current) throw new AppError('SERVICE_UNAVAILABLE', 'The loyalty programme has no levels.');
    const next = levels.filter((l) => l.order > current.order).sort((a, b) => a.order - b.order)[0];
    return {
      id: playerId,
      playerId,
      points: Number(points),
      currentLevel: toLoyaltyLevel(current),
      nextLevel: next ? toLoyaltyLevel(next) : null,
      createdAt: (row?.created_at ?? new Date()).toISOString(),
      updatedAt: row?.updated_at ? row.updated_at.toISOString() : null,
    };
  }

  /** Reaching a level: the app event and the level's bonus, once ever per player and level. */
  async function reached(
    trx: Transaction<Database>,
    config: Config,
    row: LoyaltyAccountRow,
    level: LoyaltyLevelRow,
  ): Promise<void> {
    await appEvents.emit('retention.level-reached', {
      trx,
      playerId: row.player_id,
      levelId: level.id,
      levelName: level.name,
      order: level.order,
    });
    const bonusId = config.rewards.get(level.id);
    if (!bonusId) return;
    if (!row.currency) {
      log.warn({ playerId: row.player_id, levelId: level.id }, 'loyalty: no currency known for the level bonus');
      return;
    }
    try {
      await deps.grantBonus(trx, {
        bonusId,
        playerId: row.player_id,
        currency: row.currency,
        source: `loyalty-level:${level.id}`,
      });
    } catch (error) {
      // The bonus engine refuses before it writes (unknown bonus, no terms in the currency):
      // the points stand and the level is reached; the operator's configuration is at fault.
      if (!(error instanceof AppError)) throw error;
      log.warn({ err: error, playerId: row.player_id, levelId: level.id, bonusId }, 'loyalty: level bonus refused');
    }
  }

  /** Applies one change of points (once per player and source) and the level logic. */
  async function applyIn(trx: Transaction<Database>, config: Config, change: Change): Promise<Applied | undefined> {
    const inserted = await repository.insertEntry(trx, change);
    if (!inserted) return undefined;
    return applySumIn(trx, config, change.playerId, change.attopoints, change.currency);
  }

  /**
   * Adds entries already written (their sum) to the player's account under its row lock, and
   * the level logic: the account after it and whether a level was newly reached.
   */
  async function applySumIn(
    trx: Transaction<Database>,
    config: Config,
    playerId: string,
    attopoints: bigint,
    currency: string | undefined,
  ): Promise<Applied> {
    const lowest = levelFor(config.levels, 0n);
    if (!lowest) throw new Error('the loyalty programme has no levels');
    const row = await repository.lockAccount(trx, playerId, { levelId: lowest.id, order: lowest.order });
    const balance = addAttopoints({ points: row.points, remainderAttopoints: row.remainder_attopoints }, attopoints);
    const level = levelFor(config.levels, balance.points) ?? lowest;
    const newlyReached = config.levels
      .filter((l) => l.order > row.highest_order && l.order <= level.order)
      .sort((a, b) => a.order - b.order);
    const updated = await repository.updateAccount(trx, playerId, {
      points: balance.points,
      remainderAttopoints: balance.remainderAttopoints,
      levelId: level.id,
      highestOrder: Math.max(row.highest_order, level.order),
      currency: currency ?? row.currency,
    });
    for (const each of newlyReached) await reached(trx, config, updated, each);
    return { account: present(updated, playerId, config.levels), rose: newlyReached.length > 0 };
  }

  function publish(trx: Transaction<Database>, playerId: string, applied: Applied): void {
    const channel = channels.loyaltyAccounts(playerId);
    if (applied.rose)
      events.publishAfterCommit(trx, channel, { event: 'account.level.updated', playerAccount: applied.account });
    events.publishAfterCommit(trx, channel, { event: 'account.balance.updated', playerAccount: applied.account });
  }

  /** A bet's change: the real-money part at the currency's rate times the game's share. */
  function betChange(config: Config, bet: GameActivity): Change | undefined {
    if (bet.freeRound) return undefined;
    const realMinor = bet.amountMinor - bet.bonusMinor;
    const rate = config.rates.get(bet.currency);
    const subunit = deps.subunitOf(bet.currency);
    if (realMinor <= 0n || rate === undefined || subunit === undefined) return undefined;
    const attopoints = stakeAttopoints({
      stakeMinor: realMinor,
      subunit,
      micropointsPerUnit: rate,
      percent: contributionOf(config, bet),
    });
    if (attopoints === 0n) return undefined;
    return {
      playerId: bet.playerId,
      source: `bet:${bet.id}`,
      attopoints,
      roundId: bet.roundId,
      stakeMinor: bet.amountMinor,
      currency: bet.currency,
    };
  }

  const consumer: ActivityConsumer = {
    name: LOYALTY_CONSUMER,
    async handle(trx, records: readonly ActivityRecord[]) {
      const games = records.filter(
        (r): r is GameActivity => r.kind === 'bet' || (r.kind === 'rollback' && r.undid === 'bet'),
      );
      if (games.length === 0) return;
      const config = await loadConfig(trx);
      // The batch's bets are written as entries in one statement (a replayed one is skipped by
      // its key); rollbacks then find the entries of the bets they undo, the same batch's too.
      const bets = games.flatMap((record) => {
        const change = record.kind === 'bet' ? betChange(config, record) : undefined;
        return change ? [change] : [];
      });
      const inserted = await repository.insertEntries(trx, bets);
      const sums = new Map<string, { attopoints: bigint; currency: string | undefined }>();
      const add = (playerId: string, attopoints: bigint, currency: string | undefined) => {
        const sum = sums.get(playerId) ?? { attopoints: 0n, currency: undefined };
        sums.set(playerId, { attopoints: sum.attopoints + attopoints, currency: currency ?? sum.currency });
      };
      for (const bet of bets) if (inserted.has(bet.source)) add(bet.playerId, bet.attopoints, bet.currency);
      for (const record of games) {
        if (record.kind !== 'rollback') continue;
        const bet = await repository.findBetToReverse(trx, record.playerId, record.roundId, record.amountMinor);
        if (!bet) continue;
        await repository.markReversed(trx, bet.id);
        const source = `rollback:${record.id}`;
        if (await repository.insertEntry(trx, { playerId: record.playerId, source, attopoints: -bet.attopoints })) {
          add(record.playerId, -bet.attopoints, undefined);
        }
      }
      // One account update per player per batch, in a fixed order (row locks), one publication each.
      for (const playerId of [...sums.keys()].sort()) {
        const sum = sums.get(playerId);
        if (!sum) continue;
        publish(trx, playerId, await applySumIn(trx, config, playerId, sum.attopoints, sum.currency));
      }
    },
  };

  async function settings(): Promise<LoyaltySettings> {
    const rows = await repository.config(repository.db);
    return {
      rates: rows.rates.map((r) => ({ currency: r.currency, pointsPerUnit: pointsPerUnitOf(r.micropoints_per_unit) })),
      contributions: rows.contributions.map((c): LoyaltyContribution => ({ ...c })),
      levelRewards: rows.rewards.map((r) => ({ levelId: r.level_id, bonusId: r.bonus_id })),
    };
  }

  return {
    consumer,

    /**
     * Gives (or, negative, takes) whole points for another engine's cause, inside its
     * transaction (one opened by realtime's `transaction`, as the activity consumers' are):
     * once per player and `source`, with the level logic and the account's events.
     */
    async awardPointsIn(
      trx: Transaction<Database>,
      input: { playerId: string; points: number | bigint; source: string },
    ): Promise<LoyaltyAccount | undefined> {
      const points = BigInt(input.points);
      const config = await loadConfig(trx);
      const applied = await applyIn(trx, config, {
        playerId: input.playerId,
        source: input.source,
        attopoints: pointsToAttopoints(points),
      });
      if (applied) publish(trx, input.playerId, applied);
      return applied?.account;
    },

    /** The player's account; a player with no points yet is at the lowest level with 0 points. */
    async account(playerId: string): Promise<LoyaltyAccount> {
      const [levels, row] = [
        await repository.allLevels(repository.db),
        await repository.findAccount(repository.db, playerId),
      ];
      return present(row, playerId, levels);
    },

    settings,

    async setRate(currency: string, pointsPerUnit: number): Promise<LoyaltySettings> {
      if (deps.subunitOf(currency) === undefined) throw AppError.validation({ currency: ['Unknown currency.'] });
      await repository.upsertRate(currency, micropointsOf(pointsPerUnit));
      return settings();
    },

    async setContribution(input: {
      scope: 'game' | 'provider';
      key: string;
      percent: number | null;
    }): Promise<LoyaltySettings> {
      if (input.percent === null) await repository.deleteContribution(input.scope, input.key);
      else await repository.upsertContribution(input.scope, input.key, input.percent);
      return settings();
    },

    async setLevelReward(levelId: string, bonusId: string | null): Promise<LoyaltySettings> {
      const levels = await repository.allLevels(repository.db);
      if (!levels.some((l) => l.id === levelId)) throw AppError.notFound('Unknown loyalty level.');
      if (bonusId === null) {
        await repository.deleteReward(levelId);
      } else {
        if (!(await deps.bonusExists(bonusId))) throw AppError.validation({ bonusId: ['No such bonus.'] });
        await repository.upsertReward(levelId, bonusId);
      }
      return settings();
    },
  };
}

export type Loyalty = ReturnType<typeof createLoyalty>;
