import {
  channels,
  type Tournament,
  type TournamentBody,
  type TournamentDetail,
  type TournamentParticipant,
  type TournamentPlayerEntry,
  type TournamentPrize,
  TournamentPrizeType,
  type TournamentRecurrence,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ActivityConsumer, ActivityRecord } from '../activity';
import type { RealtimeEvents } from '../realtime';
import type { NewPrize, Standing, TournamentDefinition, TournamentRow, TournamentsRepository } from './repository';
import { changesOf } from './scoring';
import { createDatabaseLeaderboard, type BoardRow, type LeaderboardStore } from './leaderboard';

/** The job that freezes a tournament's standings and issues its prizes. */
export const FINISH_JOB = 'tournaments.finish';
export const finishJobKey = (tournamentId: string) => `tournament-finish:${tournamentId}`;
/** The job that makes a recurring series' next occurrence, due at the start of the one before it. */
export const NEXT_OCCURRENCE_JOB = 'tournaments.next-occurrence';
export const nextOccurrenceJobKey = (tournamentId: string) => `tournament-next:${tournamentId}`;
const DAY_MS = 86_400_000;
const periodMs = (recurrence: TournamentRecurrence): number => (recurrence === 'daily' ? DAY_MS : 7 * DAY_MS);
/** An occurrence's identity: the series' and the date of its start (UTC). */
export const occurrenceIdentity = (seriesIdentity: string, startAt: Date): string =>
  `${seriesIdentity}-${startAt.toISOString().slice(0, 10)}`;
/** By default the finish runs this long after the end, so that rounds played before it are handled first. */
export const FINISH_DELAY_MS = 30_000;
/** At most one leaderboard publication per tournament per this period (the last change is never lost). */
export const LEADERBOARD_THROTTLE_MS = 1_000;
/** Players shown and published on the leaderboard. */
export const LEADERBOARD_SIZE = 50;

export interface TournamentsDeps {
  repository: TournamentsRepository;
  events: RealtimeEvents;
  enqueueJob: (
    trx: Transaction<Database>,
    job: { kind: string; key: string; runAt: Date; payload: Record<string, unknown> },
  ) => Promise<boolean>;
  grantBonus: (
    trx: Transaction<Database>,
    input: { bonusId: string; playerId: string; currency: string; source: string },
  ) => Promise<unknown>;
  /**
   * Pays a cash prize to the player's real balance in the caller's transaction (a ledger
   * posting from the operator's tournament prizes account, idempotent by its key).
   */
  payCash: (
    trx: Transaction<Database>,
    input: {
      playerId: string;
      currency: string;
      amountMinor: bigint;
      idempotencyKey: string;
      metadata: { tournamentId: string; place: number };
    },
  ) => Promise<{ transactionId: string }>;
  /** A catalogue bonus's type (3 free spins), undefined when there is no such bonus. */
  bonusTypeOf: (bonusId: string) => Promise<number | undefined>;
  /** A currency's minor units per unit (cached per process: read inside transactions). */
  subunitOf: (currency: string) => bigint;
  /** Told of each awarded place inside the finish's transaction (the winner's message). */
  onPrizeAwarded?: (
    trx: Transaction<Database>,
    award: { playerId: string; tournamentId: string; tournamentTitle: string; place: number },
  ) => Promise<void>;
  /** How long after the end the finish runs (default FINISH_DELAY_MS). */
  finishDelayMs?: number;
  /** The leaderboard's reads (default: the database's queries). */
  leaderboard?: LeaderboardStore;
  now?: () => Date;
  log: { error(details: object, message: string): void };
}

const points = (hundredths: bigint): number => Number(hundredths) / 100;
/** The bonus engine's type of a free-spins bonus. */
const FREE_SPINS_BONUS_TYPE = 3;

function stateOf(t: { start_at: Date; end_at: Date; completed_at: Date | null }, now: Date): number {
  if (t.completed_at) return 5;
  if (now < t.start_at) return 2;
  if (now < t.end_at) return 3;
  return 4;
}

const major = (minor: bigint | null, subunit: bigint): number | null =>
  minor === null ? null : Number(BigInt(minor)) / Number(subunit);

/** Major units to minor units (amounts from the operator API). */
const toMinor = (amount: number, subunit: bigint): bigint => BigInt(Math.round(amount * Number(subunit)));

/**
 * Tournaments (docs/tournaments.md): definitions, scoring from the activity stream into the
 * database leaderboard, the finish that awards prizes once, and the player's reads.
 */
export function createTournaments(deps: TournamentsDeps) {
  const { repository, events } = deps;
  const now = deps.now ?? (() => new Date());
  const finishDelayMs = deps.finishDelayMs ?? FINISH_DELAY_MS;
  const leaderboard = deps.leaderboard ?? createDatabaseLeaderboard(repository);

  function toTournament(t: TournamentDefinition, participants: number, at: Date): Tournament {
    const state = stateOf(t, at);
    return {
      id: t.id,
      identity: t.identity,
      title: t.title,
      description: t.description,
      type: t.scoring,
      state,
      confirmationRequired: t.confirmation_required,
      isAvailable: state === 3,
      startAt: t.start_at.toISOString(),
      endAt: t.end_at.toISOString(),
      rates: {
        baseCurrency: t.base_currency,
        baseCurrencyRate: 1,
        currencyRates: t.currencies.map((c) => ({ isoCode: c.currency, rate: Number(c.rate) })),
      },
      conditions: {
        gameCollections: t.game_collections,
        gameCollectionsExcluded: t.game_collections_excluded,
        currencies: t.currencies.map((c) => {
          const subunit = deps.subunitOf(c.currency);
          return {
            isoCode: c.currency,
            minAmount: major(c.min_bet_minor, subunit),
            minAmountOp: c.min_bet_inclusive ? ('gte' as const) : ('gt' as const),
            maxAmount: major(c.max_bet_minor, subunit),
            maxAmountOp: c.max_bet_inclusive ? ('lte' as const) : ('lt' as const),
          };
        }),
      },
      participants,
      recurrence: t.recurrence,
    };
  }

  const toParticipant = (s: Standing | BoardRow): TournamentParticipant => ({
    playerId: s.playerId,
    nickname: s.nickname,
    place: s.place,
    points: points(s.points),
  });

  async function prizesOf(
    q: Transaction<Database> | TournamentsRepository['db'],
    id: string,
  ): Promise<TournamentPrize[]> {
    const [prizes, awards, amounts] = await Promise.all([
      repository.prizes(q, id),
      repository.awards(q, id),
      repository.prizeAmounts(q, id),
    ]);
    const byPlace = new Map(awards.map((a) => [a.place, a]));
    return prizes.map((prize) => {
      const award = byPlace.get(prize.place);
      const cash = amounts.get(prize.place);
      return {
        place: prize.place,
        type: prize.type,
        title: prize.title,
        ...(prize.bonus_id === null ? {} : { bonusId: prize.bonus_id }),
        ...(cash
          ? {
              amounts: [...cash].map(([isoCode, amountMinor]) => ({
                isoCode,
                amount: major(amountMinor, deps.subunitOf(isoCode)) ?? 0,
              })),
            }
          : {}),
        ...(award
          ? {
              entry: {
                playerId: award.player_id,
                nickname: award.nickname,
                points: points(BigInt(award.points)),
                createdAt: award.created_at.toISOString(),
                updatedAt: null,
              },
            }
          : {}),
      };
    });
  }

  // Throttled leaderboard publications: at most one per tournament per period, and one
  // after the last change of a burst (read when it goes out, so it is never stale).
  const lastPublished = new Map<string, number>();
  const pending = new Map<string, NodeJS.Timeout>();
  let closed = false;

  async function publishLeaderboard(tournamentId: string): Promise<void> {
    lastPublished.set(tournamentId, Date.now());
    const top = await leaderboard.top(tournamentId, LEADERBOARD_SIZE);
    events.publish(channels.tournament(tournamentId), {
      event: 'tournament.leaderboard.updated',
      tournamentId,
      leaderboard: top.map(toParticipant),
    });
  }

  function leaderboardChanged(tournamentId: string): void {
    if (closed || pending.has(tournamentId)) return;
    const since = Date.now() - (lastPublished.get(tournamentId) ?? 0);
    const delay = Math.max(0, LEADERBOARD_THROTTLE_MS - since);
    const timer = setTimeout(() => {
      pending.delete(tournamentId);
      publishLeaderboard(tournamentId).catch((error: unknown) =>
        deps.log.error({ err: error, tournamentId }, 'tournaments: leaderboard publication failed'),
      );
    }, delay);
    timer.unref();
    pending.set(tournamentId, timer);
  }

  /** The activity consumer: a batch's qualifying rounds into the entries, in the batch's transaction. */
  async function handle(trx: Transaction<Database>, records: readonly ActivityRecord[]): Promise<void> {
    const games = records.filter((r) => r.kind === 'bet' || r.kind === 'win' || r.kind === 'rollback');
    if (games.length === 0) return;
    const times = games.map((r) => r.occurredAt.getTime());
    const from = new Date(Math.min(...times));
    const to = new Date(Math.max(...times));
    const tournaments = await repository.scoringIn(trx, from, to);
    if (tournaments.length === 0) return;
    const playerIds = [...new Set(games.map((r) => r.playerId))];
    const optIn = tournaments.filter((t) => t.confirmation_required).map((t) => t.id);
    const joined = await repository.joinedAt(trx, optIn, playerIds);
    const needsGames = tournaments.some((t) => t.game_collections.length > 0);
    const collections = needsGames
      ? await repository.collectionsOfGames(trx, [
          ...new Set(games.map((r) => ('gameId' in r ? r.gameId : '')).filter(Boolean)),
        ])
      : new Map<string, Set<string>>();
    const changes = changesOf(games, {
      tournaments,
      collectionsOf: (gameId) => collections.get(gameId),
      subunitOf: deps.subunitOf,
      joinedAt: (tournamentId, playerId) => joined.get(`${tournamentId}:${playerId}`),
    });
    if (changes.length === 0) return;
    const values = await repository.applyChanges(trx, changes, now());
    // The entries' absolute values go to the leaderboard store before the commit (docs/tournaments.md):
    // a rollback brings the batch again from the same database state, with the same values.
    const places = new Map<string, Map<string, { points: bigint; place: number }>>();
    for (const tournamentId of new Set(values.map((v) => v.tournamentId))) {
      const entries = values.filter((v) => v.tournamentId === tournamentId);
      places.set(tournamentId, await leaderboard.recordIn(trx, tournamentId, entries));
    }
    const touched = new Set<string>();
    for (const change of changes) {
      touched.add(change.tournamentId);
      const entry = places.get(change.tournamentId)?.get(change.playerId);
      if (!entry) continue;
      events.publishAfterCommit(trx, channels.tournamentPlayer(change.tournamentId, change.playerId), {
        event: 'tournament.player-entry.updated',
        entry: {
          tournamentId: change.tournamentId,
          playerId: change.playerId,
          points: points(entry.points),
          place: entry.place,
        },
      });
    }
    events.afterCommit(trx, () => {
      for (const id of touched) leaderboardChanged(id);
    });
  }

  const consumer: ActivityConsumer = { name: 'tournaments', handle };

  /**
   * Freezes the standings and issues the prizes, once: the tournament's row is locked, a
   * completed tournament is left alone, each place is recorded once (`tournament_awards`)
   * and each bonus is granted, or cash paid, under the key `tournament:{id}:{place}`.
   */
  async function finishIn(trx: Transaction<Database>, tournamentId: string): Promise<boolean> {
    const t = await repository.lockForFinish(trx, tournamentId);
    if (!t || t.completed_at) return false;
    const at = now();
    if (at < t.end_at) throw new Error(`tournament ${tournamentId} has not ended`);
    const prizes = await repository.prizes(trx, tournamentId);
    const last = prizes.at(-1)?.place ?? 0;
    const standings = last > 0 ? await repository.standings(trx, tournamentId, last) : [];
    // Only players who played a qualifying round place; the order is the leaderboard's.
    const ranked = standings.filter((s) => s.rounds > 0 && s.currency !== null);
    const cashAmounts = prizes.some((p) => p.type === TournamentPrizeType.cash)
      ? await repository.prizeAmounts(trx, tournamentId)
      : new Map<number, Map<string, bigint>>();
    for (const prize of prizes) {
      const winner = ranked[prize.place - 1];
      if (!winner?.currency) continue;
      const awarded = await repository.award(trx, {
        tournamentId,
        place: prize.place,
        playerId: winner.playerId,
        points: winner.points,
        currency: winner.currency,
        bonusId: prize.bonus_id,
        prizeType: prize.type,
      });
      if (!awarded) continue;
      await deps.onPrizeAwarded?.(trx, {
        playerId: winner.playerId,
        tournamentId,
        tournamentTitle: t.title,
        place: prize.place,
      });
      const key = `tournament:${tournamentId}:${prize.place}`;
      if (prize.type === TournamentPrizeType.cash) {
        const amountMinor = cashAmounts.get(prize.place)?.get(winner.currency);
        if (amountMinor === undefined) {
          // No amount in the winner's currency: awarded with the reason, like a refused bonus.
          deps.log.error({ tournamentId, place: prize.place }, 'tournaments: a cash prize has no amount');
          await repository.awardRefused(trx, tournamentId, prize.place, `No cash amount in ${winner.currency}.`);
          continue;
        }
        const paid = await deps.payCash(trx, {
          playerId: winner.playerId,
          currency: winner.currency,
          amountMinor,
          idempotencyKey: key,
          metadata: { tournamentId, place: prize.place },
        });
        await repository.awardPaid(trx, {
          tournamentId,
          place: prize.place,
          amountMinor,
          ledgerTransactionId: paid.transactionId,
        });
        continue;
      }
      if (prize.bonus_id === null) throw new Error(`prize ${prize.place} of ${tournamentId} names no bonus`);
      try {
        await deps.grantBonus(trx, {
          bonusId: prize.bonus_id,
          playerId: winner.playerId,
          currency: winner.currency,
          source: key,
        });
      } catch (error) {
        // The bonus engine refused before writing (a bonus without terms in the winner's
        // currency, a paused bonus): the place stays awarded with the reason, for the
        // operator, rather than holding every other prize back. Anything else rolls back.
        if (!(error instanceof AppError)) throw error;
        deps.log.error({ err: error, tournamentId, place: prize.place }, 'tournaments: a prize bonus was refused');
        await repository.awardRefused(trx, tournamentId, prize.place, error.message);
      }
    }
    await repository.markCompleted(trx, tournamentId, at);
    // The standings are frozen in the database: a Redis store's keys go after the commit.
    events.afterCommit(trx, () => {
      leaderboard.forget(tournamentId).catch((error: unknown) => {
        deps.log.error({ err: error, tournamentId }, 'tournaments: the leaderboard keys were not dropped');
      });
    });
    events.publishAfterCommit(trx, channels.tournaments, {
      event: 'tournament.completed',
      tournament: {
        id: t.id,
        title: t.title,
        identity: t.identity,
        state: 5,
        endAt: t.end_at.toISOString(),
        prizes: await prizesOf(trx, tournamentId),
      },
    });
    return true;
  }

  /** The operator's prizes checked: cash amounts to minor units, free spins name a free-spins bonus. */
  async function prizesOfBody(prizes: TournamentBody['prizes']): Promise<NewPrize[]> {
    const result: NewPrize[] = [];
    for (const prize of prizes) {
      if (prize.type === TournamentPrizeType.cash) {
        const amounts = (prize.amounts ?? []).map((a) => {
          let subunit: bigint;
          try {
            subunit = deps.subunitOf(a.isoCode);
          } catch {
            throw AppError.validation({ prizes: [`Unknown currency ${a.isoCode}.`] });
          }
          const amountMinor = toMinor(a.amount, subunit);
          if (amountMinor <= 0n) throw AppError.validation({ prizes: ['A cash amount is at least one minor unit.'] });
          return { currency: a.isoCode, amountMinor };
        });
        result.push({ place: prize.place, title: prize.title, type: prize.type, bonusId: null, amounts });
        continue;
      }
      const bonusId = prize.bonusId;
      if (bonusId === undefined) throw AppError.validation({ prizes: ['A bonus prize names its bonus.'] });
      if (prize.type === TournamentPrizeType.freeSpins) {
        const type = await deps.bonusTypeOf(bonusId);
        if (type === undefined) throw AppError.validation({ prizes: ['A prize names a bonus that does not exist.'] });
        if (type !== FREE_SPINS_BONUS_TYPE) {
          throw AppError.validation({ prizes: ['A free-spins prize names a free-spins bonus.'] });
        }
      }
      result.push({ place: prize.place, title: prize.title, type: prize.type, bonusId });
    }
    return result;
  }

  /** The job that makes the occurrence after `t`, due at `t`'s start (keyed per occurrence: added once). */
  function enqueueNextOccurrence(trx: Transaction<Database>, t: { id: string; start_at: Date }): Promise<boolean> {
    return deps.enqueueJob(trx, {
      kind: NEXT_OCCURRENCE_JOB,
      key: nextOccurrenceJobKey(t.id),
      runAt: t.start_at,
      payload: { tournamentId: t.id },
    });
  }

  /**
   * Makes the next occurrence of `tournamentId`'s series: one period after its start, the
   * same duration, its currencies and prizes copied, with its own finish and next jobs. The
   * series row is locked, so a stop and a second run take turns; nothing when the series
   * stopped or its next occurrence exists. An occurrence that would have ended already (the
   * job ran late) is skipped for the first one still to come.
   */
  async function nextOccurrenceIn(
    trx: Transaction<Database>,
    tournamentId: string,
  ): Promise<TournamentRow | undefined> {
    const t = await repository.find(trx, tournamentId);
    if (!t?.series_id) return undefined;
    const series = await repository.lockSeries(trx, t.series_id);
    if (!series || series.stopped_at) return undefined;
    if (await repository.laterOccurrenceExists(trx, series.id, t.start_at)) return undefined;
    const period = periodMs(series.recurrence);
    const durationMs = t.end_at.getTime() - t.start_at.getTime();
    const at = now().getTime();
    let startMs = t.start_at.getTime() + period;
    while (startMs + durationMs <= at) startMs += period;
    const startAt = new Date(startMs);
    const created = await repository.createOccurrence(trx, {
      fromId: t.id,
      identity: occurrenceIdentity(series.identity, startAt),
      startAt,
      endAt: new Date(startMs + durationMs),
    });
    if (!created) return undefined;
    await deps.enqueueJob(trx, {
      kind: FINISH_JOB,
      key: finishJobKey(created.id),
      runAt: new Date(created.end_at.getTime() + finishDelayMs),
      payload: { tournamentId: created.id },
    });
    await enqueueNextOccurrence(trx, created);
    return created;
  }

  return {
    consumer,
    finishIn,
    /** The leaderboard's store (the benchmark rebuilds through it; the finish job drops its keys). */
    leaderboard,

    /** The finish in a transaction of its own (the job's handler runs `finishIn`). */
    finish: (tournamentId: string) => events.transaction((trx) => finishIn(trx, tournamentId)),

    /**
     * Makes sure every open tournament has its finish job, and every open occurrence of a
     * series that goes on its next-occurrence job (at start; keyed, so added once).
     */
    async ensureFinishJobs(): Promise<void> {
      for (const t of await repository.listOpen()) {
        await events.transaction((trx) =>
          deps.enqueueJob(trx, {
            kind: FINISH_JOB,
            key: finishJobKey(t.id),
            runAt: new Date(t.end_at.getTime() + finishDelayMs),
            payload: { tournamentId: t.id },
          }),
        );
      }
      for (const t of await repository.listOpenRecurring()) {
        await events.transaction((trx) => enqueueNextOccurrence(trx, t));
      }
    },

    nextOccurrenceIn,

    /** Stops a tournament's series (by any of its occurrences): no occurrence is made after it. */
    async stopRecurrence(idOrIdentity: string): Promise<Tournament> {
      const t = await repository.find(repository.db, idOrIdentity);
      if (!t) throw AppError.notFound('No such tournament.');
      const seriesId = t.series_id;
      if (seriesId === null) throw new AppError('CONFLICT', 'The tournament is not recurring.');
      await events.transaction(async (trx) => {
        await repository.lockSeries(trx, seriesId);
        await repository.stopSeries(trx, seriesId, now());
      });
      const [stopped, participants] = await Promise.all([
        repository.find(repository.db, t.id),
        repository.participants(repository.db, t.id),
      ]);
      if (!stopped) throw new Error('stopped tournament not found');
      return toTournament(stopped, participants, now());
    },

    async create(body: TournamentBody): Promise<Tournament> {
      if (await repository.identityExists(body.identity)) {
        throw AppError.validation({ identity: ['A tournament has this identity.'] });
      }
      const currencies = body.currencies.map((c) => {
        let subunit: bigint;
        try {
          subunit = deps.subunitOf(c.isoCode);
        } catch {
          throw AppError.validation({ currencies: [`Unknown currency ${c.isoCode}.`] });
        }
        return {
          currency: c.isoCode,
          rate: c.rate.toFixed(12),
          minBetMinor: c.minAmount === null ? null : toMinor(c.minAmount, subunit),
          minBetInclusive: c.minAmountOp === 'gte',
          maxBetMinor: c.maxAmount === null ? null : toMinor(c.maxAmount, subunit),
          maxBetInclusive: c.maxAmountOp === 'lte',
        };
      });
      try {
        deps.subunitOf(body.baseCurrency);
      } catch {
        throw AppError.validation({ baseCurrency: ['Unknown currency.'] });
      }
      const prizes = await prizesOfBody(body.prizes);
      const recurrence = body.recurrence;
      const startAt = new Date(body.startAt);
      const identity = recurrence ? occurrenceIdentity(body.identity, startAt) : body.identity;
      if (recurrence && (await repository.seriesIdentityExists(body.identity))) {
        throw AppError.validation({ identity: ['A tournament series has this identity.'] });
      }
      if (recurrence && (await repository.identityExists(identity))) {
        throw AppError.validation({ identity: ['A tournament has this identity.'] });
      }
      try {
        const row = await events.transaction(async (trx) => {
          const series = recurrence
            ? await repository.createSeries(trx, { identity: body.identity, recurrence })
            : undefined;
          if (recurrence && !series)
            throw AppError.validation({ identity: ['A tournament series has this identity.'] });
          const created = await repository.create(trx, {
            seriesId: series?.id ?? null,
            recurrence,
            identity,
            title: body.title,
            description: body.description,
            scoring: body.type,
            startAt,
            endAt: new Date(body.endAt),
            confirmationRequired: body.confirmationRequired,
            baseCurrency: body.baseCurrency,
            gameCollections: body.gameCollections,
            gameCollectionsExcluded: body.gameCollectionsExcluded,
            currencies,
            prizes,
          });
          await deps.enqueueJob(trx, {
            kind: FINISH_JOB,
            key: finishJobKey(created.id),
            runAt: new Date(created.end_at.getTime() + finishDelayMs),
            payload: { tournamentId: created.id },
          });
          if (recurrence) await enqueueNextOccurrence(trx, created);
          return created;
        });
        const def = await repository.find(repository.db, row.id);
        if (!def) throw new Error('created tournament not found');
        return toTournament(def, 0, now());
      } catch (error) {
        // A prize's bonus that does not exist (a foreign key).
        if (error instanceof Error && 'code' in error && error.code === '23503') {
          throw AppError.validation({ prizes: ['A prize names a bonus that does not exist.'] });
        }
        throw error;
      }
    },

    async list(query: {
      page: number;
      perPage: number;
      state?: number[] | undefined;
      identity?: string[] | undefined;
    }): Promise<{
      data: Tournament[];
      meta: { page: number; perPage: number; totalPages: number; totalRows: number };
    }> {
      const at = now();
      const { rows, totalRows } = await repository.page(
        { states: query.state, identities: query.identity, now: at },
        { page: query.page, perPage: query.perPage },
      );
      return {
        data: rows.map((row) => toTournament(row, row.participants, at)),
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalPages: Math.ceil(totalRows / query.perPage),
          totalRows,
        },
      };
    },

    async detail(idOrIdentity: string, playerId: string | null): Promise<TournamentDetail> {
      const t = await repository.find(repository.db, idOrIdentity);
      if (!t) throw AppError.notFound('No such tournament.');
      const at = now();
      const completed = t.completed_at !== null;
      const [participants, top, prizes, entry] = await Promise.all([
        repository.participants(repository.db, t.id),
        leaderboard.top(t.id, LEADERBOARD_SIZE, { completed }),
        prizesOf(repository.db, t.id),
        playerId ? leaderboard.placeOf(t.id, playerId, { completed }) : Promise.resolve(null),
      ]);
      return {
        ...toTournament(t, participants, at),
        prizes,
        leaderboard: top.map(toParticipant),
        ...(playerId ? { playerEntry: entry ? { points: points(entry.points), place: entry.place } : null } : {}),
      };
    },

    /** Joins a running tournament (again: nothing changes); answers the player's entry. */
    async participate(idOrIdentity: string, playerId: string): Promise<TournamentPlayerEntry> {
      const t = await repository.find(repository.db, idOrIdentity);
      if (!t) throw AppError.notFound('No such tournament.');
      if (stateOf(t, now()) !== 3) throw new AppError('CONFLICT', 'The tournament is not running.');
      return events.transaction(async (trx) => {
        // Held for share: a leaderboard rebuild waits for the join (docs/tournaments.md).
        await repository.holdForJoin(trx, t.id);
        await repository.join(trx, t.id, playerId);
        const values = await repository.entryValues(trx, t.id, [playerId]);
        const entry = (await leaderboard.recordIn(trx, t.id, values)).get(playerId);
        if (!entry) throw new Error('entry not written');
        const result = { points: points(entry.points), place: entry.place };
        events.publishAfterCommit(trx, channels.tournamentPlayer(t.id, playerId), {
          event: 'tournament.player-entry.updated',
          entry: { tournamentId: t.id, playerId, ...result },
        });
        events.afterCommit(trx, () => leaderboardChanged(t.id));
        return result;
      });
    },

    /** Stops pending leaderboard publications (the server closes). */
    stop(): void {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

export type Tournaments = ReturnType<typeof createTournaments>;
