import type { ActivityRecord, GameActivity } from '../activity';
import type { EntryChange, TournamentDefinition } from './repository';

/** TournamentScoring ids (the contract's). */
const TOTAL_WAGERED = 1;
const BIGGEST_MULTIPLIER = 2;
const NET_WIN = 3;
const POINTS_PER_ROUND = 4;

/** Points are kept in hundredths. */
const HUNDRED = 100n;
/** Rates are read with 12 decimals (the column's scale). */
const RATE_SCALE = 10n ** 12n;

/** A decimal string (the numeric column) as an integer scaled by 10^12. */
export function scaledRate(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new Error(`invalid rate ${rate}`);
  const fraction = (match[2] ?? '').padEnd(12, '0').slice(0, 12);
  return BigInt(match[1] ?? '0') * RATE_SCALE + BigInt(fraction);
}

/** An amount in a currency's minor units as hundredths of the base currency's unit (rounded toward zero). */
export function toBaseHundredths(amountMinor: bigint, subunitToUnit: bigint, rate: string): bigint {
  return (amountMinor * scaledRate(rate) * HUNDRED) / (subunitToUnit * RATE_SCALE);
}

function withinBounds(amountMinor: bigint, c: TournamentDefinition['currencies'][number]): boolean {
  if (c.min_bet_minor !== null) {
    const min = BigInt(c.min_bet_minor);
    if (c.min_bet_inclusive ? amountMinor < min : amountMinor <= min) return false;
  }
  if (c.max_bet_minor !== null) {
    const max = BigInt(c.max_bet_minor);
    if (c.max_bet_inclusive ? amountMinor > max : amountMinor >= max) return false;
  }
  return true;
}

function gameCounts(t: TournamentDefinition, collections: ReadonlySet<string> | undefined): boolean {
  if (t.game_collections.length === 0) return true;
  const inAny = t.game_collections.some((identity) => collections?.has(identity) ?? false);
  return t.game_collections_excluded ? !inAny : inAny;
}

/** What one record does to one tournament's entry: points to add, or a candidate for the best. */
export type Contribution = { kind: 'add'; points: bigint; rounds: number } | { kind: 'best'; points: bigint };

/**
 * One game record's contribution to a tournament (undefined: it does not count). The
 * window, the currency, the games and the bet bounds are checked here; whether the player
 * has joined is the caller's.
 */
export function contributionOf(
  t: TournamentDefinition,
  record: GameActivity,
  collections: ReadonlySet<string> | undefined,
  subunitToUnit: bigint,
): Contribution | undefined {
  if (record.freeRound) return undefined;
  const at = record.occurredAt.getTime();
  if (at < t.start_at.getTime() || at >= t.end_at.getTime()) return undefined;
  const currency = t.currencies.find((c) => c.currency === record.currency);
  if (!currency) return undefined;
  if (!gameCounts(t, collections)) return undefined;
  const base = (amountMinor: bigint) => toBaseHundredths(amountMinor, subunitToUnit, currency.rate);
  switch (record.kind) {
    case 'bet':
      if (!withinBounds(record.amountMinor, currency)) return undefined;
      if (t.scoring === TOTAL_WAGERED) return { kind: 'add', points: base(record.amountMinor), rounds: 1 };
      if (t.scoring === NET_WIN) return { kind: 'add', points: -base(record.amountMinor), rounds: 1 };
      if (t.scoring === POINTS_PER_ROUND) return { kind: 'add', points: HUNDRED, rounds: 1 };
      return undefined;
    case 'win':
      // The round's stake decides whether its win counts (the bet bounds).
      if (record.roundStakeMinor <= 0n || !withinBounds(record.roundStakeMinor, currency)) return undefined;
      if (t.scoring === NET_WIN) return { kind: 'add', points: base(record.amountMinor), rounds: 0 };
      if (t.scoring === BIGGEST_MULTIPLIER) {
        if (record.amountMinor <= 0n) return undefined;
        return { kind: 'best', points: (record.amountMinor * HUNDRED) / record.roundStakeMinor };
      }
      return undefined;
    case 'rollback':
      if (record.undid === 'bet') {
        if (!withinBounds(record.amountMinor, currency)) return undefined;
        if (t.scoring === TOTAL_WAGERED) return { kind: 'add', points: -base(record.amountMinor), rounds: 0 };
        if (t.scoring === NET_WIN) return { kind: 'add', points: base(record.amountMinor), rounds: 0 };
        if (t.scoring === POINTS_PER_ROUND) return { kind: 'add', points: -HUNDRED, rounds: 0 };
      }
      // A rolled-back win carries no stake: net win takes it back whatever the bounds.
      if (record.undid === 'win' && t.scoring === NET_WIN) {
        return { kind: 'add', points: -base(record.amountMinor), rounds: 0 };
      }
      return undefined;
  }
}

export interface ScoringContext {
  tournaments: readonly TournamentDefinition[];
  collectionsOf: (gameId: string) => ReadonlySet<string> | undefined;
  subunitOf: (currency: string) => bigint;
  /** When the player joined the tournament (opt-in tournaments count only after it). */
  joinedAt: (tournamentId: string, playerId: string) => Date | undefined;
}

/** Folds a batch of records into one change per (tournament, player) that moved. */
export function changesOf(records: readonly ActivityRecord[], context: ScoringContext): EntryChange[] {
  const changes = new Map<string, EntryChange>();
  for (const record of records) {
    if (record.kind !== 'bet' && record.kind !== 'win' && record.kind !== 'rollback') continue;
    for (const t of context.tournaments) {
      if (t.confirmation_required) {
        const joined = context.joinedAt(t.id, record.playerId);
        if (!joined || joined.getTime() > record.occurredAt.getTime()) continue;
      }
      const contribution = contributionOf(
        t,
        record,
        context.collectionsOf(record.gameId),
        context.subunitOf(record.currency),
      );
      if (!contribution) continue;
      const key = `${t.id}:${record.playerId}`;
      const change = changes.get(key) ?? {
        tournamentId: t.id,
        playerId: record.playerId,
        deltaPoints: 0n,
        bestPoints: null,
        reachedAt: record.occurredAt,
        currency: record.currency,
        rounds: 0,
      };
      if (contribution.kind === 'add') {
        change.deltaPoints += contribution.points;
        change.rounds += contribution.rounds;
        if (contribution.points !== 0n) change.reachedAt = record.occurredAt;
      } else {
        change.rounds += 1;
        if (change.bestPoints === null || contribution.points > change.bestPoints) {
          change.bestPoints = contribution.points;
          change.reachedAt = record.occurredAt;
        }
      }
      change.currency = record.currency;
      changes.set(key, change);
    }
  }
  return [...changes.values()];
}
