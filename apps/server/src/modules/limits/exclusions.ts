import { createHash } from 'node:crypto';
import {
  COOLING_OFF_PERIODS,
  EXCLUSION_RETURN_DELAY_MS,
  LimitDefinition,
  LimitStatus,
  SELF_EXCLUSION_PERIODS,
  type Limit,
  type UpdateLimitBody,
} from '@croupier/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { normalizeEmailForMatching, type ExcludedPlayer } from '../auth';
import type { ExclusionsRepository } from './exclusions-repository';
import type { PlayerLimitRow } from './repository';
import type { ExclusionLimits } from './service';

type Executor = Kysely<Database>;

/** The job that ends cooling-offs and lets players back after a self-exclusion, every minute. */
export const EXCLUSIONS_JOB = 'limits.exclusions.end';
const MINUTE_MS = 60_000;
/** Rows ended per statement of the job (it repeats until none is due). */
const DUE_BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The person behind an account, as the register and the identity match read it (auth's players). */
export type ExcludedPerson = ExcludedPlayer;

/** The writes of the `players` table an exclusion makes (the auth module's). */
export interface ExclusionPlayers {
  /** Status 4 and marketing off in the transaction; undefined for an unknown or blocked player. */
  markExcluded(q: Executor, playerId: string): Promise<ExcludedPerson | undefined>;
  /** Back to active (only from status 4). */
  reactivate(q: Executor, playerId: string): Promise<void>;
  identity(q: Executor, playerId: string): Promise<ExcludedPerson | undefined>;
  /** Ends every sign-in session (and so every game session) of the player; after the commit. */
  endSessions(playerId: string): Promise<unknown>;
}

/** The durable jobs this module registers its recurring job with. */
export interface ExclusionJobs {
  recurring(
    kind: string,
    next: (after: Date) => Date,
    handler: (job: { trx: Transaction<Database> }) => Promise<void>,
  ): void;
}

/**
 * When an exclusion chosen at `startedAt` ends: a cooling-off after its days, a
 * self-exclusion after its calendar months (UTC; the 31st becomes the month's last day);
 * null for a permanent self-exclusion, undefined for a period the definition does not offer.
 */
export function exclusionEnd(definition: number, period: string | undefined, startedAt: Date): Date | null | undefined {
  if (definition === LimitDefinition.COOLING_OFF) {
    const found = COOLING_OFF_PERIODS.find((p) => p.id === period);
    return found ? new Date(startedAt.getTime() + found.days * DAY_MS) : undefined;
  }
  if (definition === LimitDefinition.SELF_EXCLUSION) {
    const found = SELF_EXCLUSION_PERIODS.find((p) => p.id === period);
    if (!found) return undefined;
    if (found.months === null) return null;
    const year = startedAt.getUTCFullYear();
    const month = startedAt.getUTCMonth() + found.months;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const end = new Date(startedAt.getTime());
    end.setUTCFullYear(year, month, Math.min(startedAt.getUTCDate(), lastDay));
    return end;
  }
  return undefined;
}

/** Whether `next` ends later than `current` (null: never, the latest of all). */
export const endsLater = (next: Date | null, current: Date | null): boolean =>
  current !== null && (next === null || next.getTime() > current.getTime());

/**
 * Why a self-exclusion's return cannot be asked at `now` (422 on the request), or undefined:
 * only after its end, never for a permanent one.
 */
export function returnRefusal(row: Pick<PlayerLimitRow, 'definition' | 'ends_at'>, now: Date): string | undefined {
  if (row.definition === LimitDefinition.COOLING_OFF) {
    return 'A cooling-off ends by itself at its end date: there is nothing to ask.';
  }
  if (row.definition !== LimitDefinition.SELF_EXCLUSION)
    return 'Only a self-exclusion that has ended can be returned from.';
  if (row.ends_at === null) return 'A permanent self-exclusion does not end.';
  if (row.ends_at.getTime() > now.getTime()) {
    return `Your self-exclusion runs until ${row.ends_at.toISOString()}: you can ask to return after that.`;
  }
  return undefined;
}

/** The first whole minute strictly after `after`, and never one already past: a missed minute is not caught up. */
export function nextMinute(after: Date, now = new Date()): Date {
  const from = Math.max(after.getTime(), now.getTime());
  return new Date(Math.floor(from / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
}

/**
 * A person's identity as the register compares it: first name, last name and birth date,
 * lower case without accents, spaces or punctuation, hashed (the register keeps no name).
 */
export function identityHash(person: Pick<ExcludedPerson, 'first_name' | 'last_name' | 'birthdate'>): string | null {
  const fold = (value: string | null) =>
    (value ?? '')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  const first = fold(person.first_name);
  const last = fold(person.last_name);
  const birth = (person.birthdate ?? '').slice(0, 10);
  if (!first || !last || !/^\d{4}-\d{2}-\d{2}$/.test(birth)) return null;
  return createHash('sha256').update(`identity:v1:${first}|${last}|${birth}`).digest('hex');
}

/** An exclusion row as the API lists it. */
export function exclusionWire(row: PlayerLimitRow): Limit {
  return {
    id: row.id,
    definition: row.definition,
    status: LimitStatus.ACTIVE,
    amount: null,
    currentAmount: null,
    currency: null,
    period: row.period,
    startedAt: row.started_at.toISOString(),
    expiredAt: row.ends_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    cancelProcess: false,
    pendingExist: false,
    pendingAmount: null,
    returnAt: row.return_at?.toISOString() ?? null,
    periodEndsAt: null,
  };
}

const periodError = (definition: number) =>
  AppError.validation({
    period: [
      definition === LimitDefinition.COOLING_OFF ? 'Choose a cooling-off period.' : 'Choose a self-exclusion period.',
    ],
  });

/**
 * Cooling-off and self-exclusion (docs/player-protection.md, "Cooling-off and
 * self-exclusion"): rows of `player_limits` (definitions 5 and 4) that take effect at once
 * (status 4, marketing off, every session ended, a self-exclusion written to the register),
 * can only be made longer, and end by a recurring job: a cooling-off at its end, a
 * self-exclusion only 24 hours after the player asked to return once it ended.
 */
export function createExclusions(deps: {
  repository: ExclusionsRepository;
  players: ExclusionPlayers;
  /** Runs work in a transaction whose realtime events wait for the commit. */
  transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  /** The limits service's clock (tests move it). */
  now: () => Date;
  /** Whether the player's identity is verified (the verification module); the register keeps it only then. */
  isIdentityVerified?: (playerId: string) => Promise<boolean>;
  jobs?: ExclusionJobs;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}): ExclusionLimits & {
  /** Ends what is due at `now` (the job's work); answers how many exclusions ended. */
  endDue(trx: Transaction<Database>, now: Date): Promise<number>;
  /**
   * The verification module approves the player, in its transaction: their identity joins
   * their register entries, and if it matches a running self-exclusion of another account,
   * this account is self-excluded too until it ends. Answers what to do after the commit
   * (log it for the operator, end the account's sessions).
   */
  identityApproved(trx: Transaction<Database>, playerId: string): Promise<(() => Promise<void>) | undefined>;
} {
  const { repository, players } = deps;

  async function endSessions(playerId: string) {
    try {
      await players.endSessions(playerId);
    } catch (error) {
      // Status 4 already refuses bets and deposits; a session left open can only withdraw.
      deps.log.error({ err: error, playerId }, 'limits: ending the sessions of an excluded player failed');
    }
  }

  /** Starts an exclusion in the transaction (status 4 set already): the row, a self-exclusion's register entry. */
  async function start(
    trx: Transaction<Database>,
    person: ExcludedPerson,
    input: { playerId: string; definition: 4 | 5; period: string; endsAt: Date | null; now: Date; identity?: string },
  ): Promise<PlayerLimitRow> {
    const row = await repository.insert(trx, input);
    if (input.definition === LimitDefinition.SELF_EXCLUSION) {
      await repository.insertRegister(trx, {
        playerId: input.playerId,
        limitId: row.id,
        emailNormalized: person.email ? normalizeEmailForMatching(person.email) : null,
        phone: person.phone,
        identityHash: input.identity ?? null,
        endsAt: input.endsAt,
      });
    }
    return row;
  }

  const exclusions = {
    async list(playerId: string): Promise<Limit[]> {
      return (await repository.listLive(repository.db, playerId)).map(exclusionWire);
    },

    async create(playerId: string, definition: 4 | 5, period: string | undefined): Promise<Limit> {
      const now = deps.now();
      const endsAt = exclusionEnd(definition, period, now);
      if (endsAt === undefined || period === undefined) throw periodError(definition);
      const { row, person } = await deps.transaction(async (trx) => {
        // The player's row is locked first (status 4): two requests of one player take turns,
        // and an approval of their identity running meanwhile waits for this commit, then
        // writes the identity into the new register entry (identityApproved).
        const person = await players.markExcluded(trx, playerId);
        if (!person) throw AppError.notFound('Unknown player.');
        for (const live of await repository.listLive(trx, playerId)) {
          if (live.definition === LimitDefinition.COOLING_OFF) {
            if (live.ends_at && live.ends_at <= now) {
              // Over already; the job has not tidied it yet.
              await repository.update(trx, live.id, { ended_at: live.ends_at, updated_at: now });
              continue;
            }
            if (definition === LimitDefinition.COOLING_OFF) {
              throw AppError.validation({
                period: ['You are already taking a break: choose a longer period for it instead.'],
              });
            }
            // A self-exclusion outlasts any cooling-off: the break gives way to it (nothing is shortened).
            await repository.update(trx, live.id, { ended_at: now, updated_at: now });
            continue;
          }
          if (live.ends_at === null || live.ends_at > now) {
            throw AppError.validation({
              period: [
                definition === LimitDefinition.SELF_EXCLUSION
                  ? 'You are already self-excluded: choose a longer period for it instead.'
                  : 'You are self-excluded: a cooling-off cannot be added.',
              ],
            });
          }
          if (definition === LimitDefinition.COOLING_OFF) {
            throw AppError.validation({
              period: ['Your self-exclusion has ended but you have not returned: ask to return first.'],
            });
          }
          // An ended self-exclusion the player never returned from: a new one replaces it.
          await repository.update(trx, live.id, { ended_at: now, updated_at: now });
        }
        return { row: await start(trx, person, { playerId, definition, period, endsAt, now }), person };
      });
      await endSessions(playerId);
      // An identity approved before: the register entry keeps it (read after the commit, so an
      // approval committed meanwhile is seen here or has written it itself).
      const hash = definition === LimitDefinition.SELF_EXCLUSION ? identityHash(person) : null;
      try {
        if (hash && deps.isIdentityVerified && (await deps.isIdentityVerified(playerId))) {
          await repository.setRegisterIdentity(repository.db, playerId, hash);
        }
      } catch (error) {
        // The exclusion stands; only the identity's match of later accounts is missing.
        deps.log.error({ err: error, playerId }, 'limits: keeping the verified identity of a self-exclusion failed');
      }
      return exclusionWire(row);
    },

    async update(playerId: string, row: PlayerLimitRow, body: UpdateLimitBody): Promise<Limit> {
      const now = deps.now();
      const endsAt = exclusionEnd(row.definition, body.period, row.started_at);
      if (endsAt === undefined || body.period === undefined) throw periodError(row.definition);
      const period = body.period;
      const updated = await deps.transaction(async (trx) => {
        const live = await repository.lock(trx, row.id);
        if (!live || live.player_id !== playerId) throw AppError.notFound('Unknown limit.');
        if (!endsLater(endsAt, live.ends_at)) {
          throw AppError.validation({
            period: [
              live.ends_at === null
                ? 'A permanent self-exclusion cannot be changed.'
                : 'It can only be made longer: choose a period that ends later than the current one.',
            ],
          });
        }
        if (endsAt !== null && endsAt <= now) {
          throw AppError.validation({ period: ['Choose a period that ends in the future.'] });
        }
        const next = await repository.update(trx, live.id, {
          period,
          ends_at: endsAt,
          // Made longer after it ended: the player stays excluded, a return asked for is void.
          return_requested_at: null,
          return_at: null,
          updated_at: now,
        });
        if (live.definition === LimitDefinition.SELF_EXCLUSION) {
          await repository.extendRegister(trx, live.id, endsAt);
        }
        return next;
      });
      return exclusionWire(updated);
    },

    remove(): Promise<Limit> {
      return Promise.reject(
        AppError.validation(
          {
            definition: [
              'A cooling-off or self-exclusion cannot be removed or shortened: it ends by itself at its end date.',
            ],
          },
          'A cooling-off or self-exclusion cannot be removed or shortened.',
        ),
      );
    },

    async requestReturn(playerId: string, row: PlayerLimitRow): Promise<Limit> {
      const now = deps.now();
      const updated = await deps.transaction(async (trx) => {
        const live = (await repository.lock(trx, row.id)) ?? row;
        if (live.player_id !== playerId) throw AppError.notFound('Unknown limit.');
        const refusal = returnRefusal(live, now);
        if (refusal) throw AppError.validation({ definition: [refusal] }, refusal);
        // Asked again: the first request's wait stands.
        if (live.return_requested_at) return live;
        return repository.update(trx, live.id, {
          return_requested_at: now,
          return_at: new Date(now.getTime() + EXCLUSION_RETURN_DELAY_MS),
          updated_at: now,
        });
      });
      return exclusionWire(updated);
    },

    isExcluded(playerId: string): Promise<boolean> {
      return repository.isExcluded(repository.db, playerId, deps.now());
    },

    async endDue(trx: Transaction<Database>, now: Date): Promise<number> {
      let ended = 0;
      for (;;) {
        const due = await repository.lockDue(trx, now, DUE_BATCH);
        const playerIds = new Set<string>();
        for (const row of due) {
          const endedAt = row.definition === LimitDefinition.COOLING_OFF ? row.ends_at : row.return_at;
          await repository.update(trx, row.id, { ended_at: endedAt ?? now, updated_at: now });
          playerIds.add(row.player_id);
        }
        for (const playerId of playerIds) {
          if (!(await repository.isExcluded(trx, playerId, now))) await players.reactivate(trx, playerId);
        }
        ended += due.length;
        if (due.length < DUE_BATCH) return ended;
      }
    },

    async identityApproved(trx: Transaction<Database>, playerId: string): Promise<(() => Promise<void>) | undefined> {
      const now = deps.now();
      // The player's row lock orders this with an exclusion the player starts meanwhile.
      const person = await players.identity(trx, playerId);
      const hash = person ? identityHash(person) : null;
      if (!hash) return undefined;
      await repository.setRegisterIdentity(trx, playerId, hash);
      const match = await repository.findIdentity(trx, { identityHash: hash, exceptPlayerId: playerId, now });
      if (!match || (await repository.isExcluded(trx, playerId, now))) return undefined;
      // The same person's running self-exclusion covers this account too, to the same end.
      const known = SELF_EXCLUSION_PERIODS.find((p) => p.id === match.period)?.id;
      const period = known ?? (match.endsAt === null ? 'permanent' : '6m');
      const excludedPerson = await players.markExcluded(trx, playerId);
      if (!excludedPerson) return undefined;
      const row = await start(trx, excludedPerson, {
        playerId,
        definition: LimitDefinition.SELF_EXCLUSION,
        period,
        endsAt: match.endsAt,
        now,
        identity: hash,
      });
      return async () => {
        deps.log.warn(
          { playerId, matchedPlayerId: match.playerId, limitId: row.id, endsAt: match.endsAt?.toISOString() ?? null },
          'limits: a verified identity matches a running self-exclusion; the account is self-excluded',
        );
        await endSessions(playerId);
      };
    },
  };

  deps.jobs?.recurring(
    EXCLUSIONS_JOB,
    (after) => nextMinute(after),
    async (job) => {
      await exclusions.endDue(job.trx, deps.now());
    },
  );

  return exclusions;
}
