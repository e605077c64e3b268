import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EntryValue, TournamentsRepository } from './repository';
import {
  type BoardPlace,
  type BoardRow,
  createDatabaseLeaderboard,
  decodeMember,
  encodeMember,
  type LeaderboardStore,
  scoreOf,
} from './leaderboard';

// Every script first checks the ready marker: without it the set may be stale or partial,
// and the caller answers from the database (and a read rebuilds).

/** KEYS board, members, ready; ARGV triplets (player, score, member): absolute values, then each one's rank. */
const RECORD = `
if redis.call('EXISTS', KEYS[3]) == 0 then return false end
local n = #ARGV / 3
for i = 0, n - 1 do
  local player, score, member = ARGV[i * 3 + 1], ARGV[i * 3 + 2], ARGV[i * 3 + 3]
  local old = redis.call('HGET', KEYS[2], player)
  if old and old ~= member then redis.call('ZREM', KEYS[1], old) end
  redis.call('ZADD', KEYS[1], score, member)
  redis.call('HSET', KEYS[2], player, member)
end
local ranks = {}
for i = 0, n - 1 do ranks[i + 1] = redis.call('ZREVRANK', KEYS[1], ARGV[i * 3 + 3]) end
return ranks`;

/** KEYS board, ready; ARGV limit. */
const TOP = `
if redis.call('EXISTS', KEYS[2]) == 0 then return false end
return redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'WITHSCORES')`;

/** KEYS board, members, ready; ARGV player. */
const PLACE = `
if redis.call('EXISTS', KEYS[3]) == 0 then return false end
local member = redis.call('HGET', KEYS[2], ARGV[1])
if not member then return {} end
return { redis.call('ZREVRANK', KEYS[1], member), redis.call('ZSCORE', KEYS[1], member) }`;

/** KEYS lock; ARGV token: releases the rebuild lock only when it is still ours. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const sha1 = (script: string): string => createHash('sha1').update(script).digest('hex');
const SHAS = new Map([RECORD, TOP, PLACE, RELEASE].map((script) => [script, sha1(script)]));

/** Entries read from the database per page of a rebuild. */
const REBUILD_PAGE = 5_000;
const LOCK_MS = 60_000;

export interface RedisLeaderboardOptions {
  redis: Redis;
  repository: TournamentsRepository;
  /** Keys are `{prefix}{tournamentId}:board|members|ready|lock` (the braces keep a tournament on one cluster slot). */
  keyPrefix: string;
  /** How long a read waits for another process's rebuild before answering from the database. */
  waitMs?: number;
  log: { error(details: object, message: string): void };
}

const points = (score: string): bigint => BigInt(Math.round(Number(score)));

/** The leaderboard on Redis sorted sets (docs/tournaments.md), answering as the database does. */
export function createRedisLeaderboard(options: RedisLeaderboardOptions): LeaderboardStore {
  const { redis, repository, log } = options;
  const database = createDatabaseLeaderboard(repository);
  const waitMs = options.waitMs ?? 10_000;
  const building = new Map<string, Promise<boolean>>();

  const keys = (tournamentId: string) => {
    const base = `${options.keyPrefix}{${tournamentId}}`;
    return { board: `${base}:board`, members: `${base}:members`, ready: `${base}:ready`, lock: `${base}:lock` };
  };

  async function run(script: string, keyList: string[], args: (string | number)[]): Promise<unknown> {
    const sha = SHAS.get(script) ?? sha1(script);
    try {
      return await redis.evalsha(sha, keyList.length, ...keyList, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(script, keyList.length, ...keyList, ...args);
    }
  }

  /** Loads the set from the database; false when the tournament is gone or completed. */
  async function load(tournamentId: string): Promise<boolean> {
    const k = keys(tournamentId);
    // The tournament's row locked for update: scoring batches (which hold it for share until
    // their commit, after writing here) and joins wait, so the set is exactly the committed entries.
    return repository.db.transaction().execute(async (trx) => {
      const t = await repository.lockForRebuild(trx, tournamentId);
      if (!t || t.completed_at) return false;
      await redis.del(k.board, k.members, k.ready);
      let after: string | null = null;
      for (;;) {
        const page = await repository.entryValuesPage(trx, tournamentId, after, REBUILD_PAGE);
        if (page.length === 0) break;
        const scored: string[] = [];
        const members: string[] = [];
        for (const entry of page) {
          const member = encodeMember(entry.reachedUs, entry.playerId);
          scored.push(scoreOf(entry.points), member);
          members.push(entry.playerId, member);
        }
        const results = await redis
          .pipeline()
          .zadd(k.board, ...scored)
          .hset(k.members, ...members)
          .exec();
        const failed = results?.find(([error]) => error);
        if (failed?.[0]) throw failed[0];
        after = page[page.length - 1]?.playerId ?? null;
        if (page.length < REBUILD_PAGE) break;
      }
      await redis.set(k.ready, '1');
      return true;
    });
  }

  /** Makes sure the set is built (one process rebuilds under a SET NX lock; the others wait). */
  async function buildOnce(tournamentId: string): Promise<boolean> {
    const k = keys(tournamentId);
    const deadline = Date.now() + waitMs;
    for (;;) {
      if ((await redis.exists(k.ready)) === 1) return true;
      const token = randomUUID();
      if ((await redis.set(k.lock, token, 'PX', LOCK_MS, 'NX')) === 'OK') {
        try {
          return await load(tournamentId);
        } finally {
          await run(RELEASE, [k.lock], [token]);
        }
      }
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function ensureReady(tournamentId: string): Promise<boolean> {
    const inFlight = building.get(tournamentId);
    if (inFlight) return inFlight;
    const started = buildOnce(tournamentId).finally(() => building.delete(tournamentId));
    building.set(tournamentId, started);
    return started;
  }

  /** Runs a read script, rebuilding once when the set is not ready; undefined: answer from the database. */
  async function read(tournamentId: string, attempt: () => Promise<unknown>): Promise<unknown> {
    try {
      const first = await attempt();
      if (first !== null) return first;
      if (!(await ensureReady(tournamentId))) return undefined;
      const second = await attempt();
      return second === null ? undefined : second;
    } catch (error) {
      log.error({ err: error, tournamentId }, 'tournaments: the Redis leaderboard failed, read from the database');
      return undefined;
    }
  }

  return {
    kind: 'redis',

    async top(tournamentId, limit, readOptions) {
      if (readOptions?.completed || limit <= 0) return database.top(tournamentId, limit);
      const k = keys(tournamentId);
      const flat = await read(tournamentId, () => run(TOP, [k.board, k.ready], [limit]));
      if (!Array.isArray(flat)) return database.top(tournamentId, limit);
      const rows: Omit<BoardRow, 'nickname'>[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        rows.push({
          playerId: decodeMember(String(flat[i])).playerId,
          points: points(String(flat[i + 1])),
          place: i / 2 + 1,
        });
      }
      const nicknames = await repository.nicknames(
        repository.db,
        rows.map((row) => row.playerId),
      );
      return rows.map((row) => ({ ...row, nickname: nicknames.get(row.playerId) ?? null }));
    },

    async placeOf(tournamentId, playerId, readOptions) {
      if (readOptions?.completed) return database.placeOf(tournamentId, playerId);
      const k = keys(tournamentId);
      const found = await read(tournamentId, () => run(PLACE, [k.board, k.members, k.ready], [playerId]));
      if (!Array.isArray(found)) return database.placeOf(tournamentId, playerId);
      if (found.length < 2) return null;
      return { points: points(String(found[1])), place: Number(found[0]) + 1 };
    },

    async recordIn(trx, tournamentId, entries: readonly EntryValue[]) {
      if (entries.length === 0) return new Map<string, BoardPlace>();
      const k = keys(tournamentId);
      const args = entries.flatMap((e) => [e.playerId, scoreOf(e.points), encodeMember(e.reachedUs, e.playerId)]);
      // A Redis error throws: the batch rolls back and comes again (the set never misses a write).
      const ranks = await run(RECORD, [k.board, k.members, k.ready], args);
      if (!Array.isArray(ranks)) return database.recordIn(trx, tournamentId, entries);
      const places = new Map<string, BoardPlace>();
      entries.forEach((entry, index) => {
        const rank: unknown = ranks[index];
        if (typeof rank === 'number') places.set(entry.playerId, { points: entry.points, place: rank + 1 });
      });
      return places;
    },

    async rebuild(tournamentId) {
      await redis.del(keys(tournamentId).ready);
      if (!(await ensureReady(tournamentId))) {
        log.error({ tournamentId }, 'tournaments: the leaderboard was not rebuilt (completed, or another rebuild)');
      }
    },

    async forget(tournamentId) {
      const k = keys(tournamentId);
      await redis.del(k.board, k.members, k.ready);
    },
  };
}
