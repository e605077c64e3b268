import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { GameActivity } from '../src/modules/activity';
import { FINISH_JOB, finishJobKey, type LeaderboardStore } from '../src/modules/tournaments';
import { createTournamentsRepository } from '../src/modules/tournaments/repository';
import { ADMIN_KEY, adminRequest, fixtures, useApp, useTestServer } from './fixtures';
import type { RegisteredPlayer } from './players';
import { REDIS_URL, redisAnswers } from './redis-probe';

/**
 * The Redis leaderboard (docs/tournaments.md) answers exactly as the database does: ties by
 * time (to the microsecond) and by player id, rolled-back bets, joins with no points, players
 * beyond the top; after a flush (rebuilt), after a batch applied twice and after a batch
 * whose transaction rolled back once its values were in Redis. The file's own app reads
 * Redis; the test server's app reads the database, both over the same database.
 */

const available = await redisAnswers();
if (!available) console.warn(`tournament leaderboard tests skipped: no Redis at ${REDIS_URL} (set TEST_REDIS_URL)`);

// A prefix of this file's own: other files, passes and processes on the same Redis stay out.
const PREFIX = `test:tournaments:${randomUUID()}:`;
const MINUTE = 60_000;

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
const f = fixtures(t);
let client: Redis | undefined;
const redisApp = useApp(t, () => {
  client = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  return {
    redis: client,
    config: (config) => ({ ...config, tournamentLeaderboard: { store: 'redis' as const, keyPrefix: PREFIX } }),
  };
});

afterAll(async () => {
  if (!client) return;
  const keys = await client.keys(`${PREFIX}*`);
  if (keys.length > 0) await client.del(...keys);
  client.disconnect();
});

let counter = 0;

async function createTournament(): Promise<string> {
  const response = await adminRequest(t, 'POST', '/api/admin/tournaments', {
    body: {
      identity: `board-${Date.now()}-${++counter}`,
      title: 'Leaderboard race',
      type: 1,
      startAt: new Date(Date.now() - MINUTE).toISOString(),
      endAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      confirmationRequired: true,
      baseCurrency: 'USD',
      currencies: [{ isoCode: 'USD', rate: 1 }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string } }>().data.id;
}

/** Joins through the Redis app's service (its entry goes to the sorted set before the commit). */
async function join(tournamentId: string, player: RegisteredPlayer): Promise<void> {
  const entry = await redisApp.tournaments.participate(tournamentId, player.id);
  expect(entry.points).toBe(0);
}

let gameId: string | undefined;
async function anyGameId(): Promise<string> {
  if (gameId) return gameId;
  const row = await sql<{ id: string }>`select id from games limit 1`.execute(t.db);
  gameId = row.rows[0]?.id ?? randomUUID();
  return gameId;
}

/** A game call as the activity stream hands it to the consumer. */
async function call(
  player: RegisteredPlayer,
  kind: 'bet' | 'rollback',
  amountMinor: bigint,
  occurredAt: Date,
): Promise<GameActivity> {
  return {
    id: `g:test-${++counter}`,
    kind,
    playerId: player.id,
    occurredAt,
    accountId: randomUUID(),
    currency: 'USD',
    amountMinor,
    bonusMinor: 0n,
    gameId: await anyGameId(),
    gameIdentity: 'dice',
    provider: 'croupier',
    roundId: `round-${counter}`,
    freeRound: false,
    roundStakeMinor: 0n,
    undid: kind === 'rollback' ? 'bet' : null,
  };
}

/** A batch through the Redis app's consumer, in a transaction as the activity stream opens it. */
async function batch(records: GameActivity[], rollBack = false): Promise<void> {
  const failure = new Error('the batch rolls back');
  const run = redisApp.realtime.events.transaction(async (trx) => {
    await redisApp.tournaments.consumer.handle(trx, records);
    if (rollBack) throw failure;
  });
  if (rollBack) await expect(run).rejects.toBe(failure);
  else await run;
}

const database = (): LeaderboardStore => t.app.tournaments.leaderboard;
const redisStore = (): LeaderboardStore => redisApp.tournaments.leaderboard;

/** Both stores' answers: the top `limit` and every player's place and points. */
async function answers(store: LeaderboardStore, tournamentId: string, players: RegisteredPlayer[], limit: number) {
  return {
    top: await store.top(tournamentId, limit),
    places: await Promise.all(players.map((p) => store.placeOf(tournamentId, p.id))),
  };
}

async function expectSameAnswers(tournamentId: string, players: RegisteredPlayer[]) {
  for (const limit of [3, 50]) {
    const fromDb = await answers(database(), tournamentId, players, limit);
    expect(await answers(redisStore(), tournamentId, players, limit)).toEqual(fromDb);
  }
  return answers(database(), tournamentId, players, 50);
}

/** The sorted set and its hash as they are (to tell that nothing changed). */
async function snapshot(tournamentId: string) {
  if (!client) throw new Error('no Redis client');
  const base = `${PREFIX}{${tournamentId}}`;
  return {
    board: await client.zrange(`${base}:board`, 0, -1, 'WITHSCORES'),
    members: await client.hgetall(`${base}:members`),
  };
}

/**
 * Several players joined (0 points each, the times of their joins), then scored: A ahead;
 * B, C and D level with B and C at the same instant (the player id decides) and D a
 * millisecond later; E with a rolled-back bet; F and G joined without playing.
 */
async function scenario() {
  const tournamentId = await createTournament();
  // Built (empty) first: the joins and the batch below write to the set themselves.
  await redisStore().rebuild(tournamentId);
  const players: RegisteredPlayer[] = [];
  for (let i = 0; i < 7; i++) players.push(await f.p.registerByEmail());
  for (const player of players) await join(tournamentId, player);
  const [a, b, c, d, e] = players as [
    RegisteredPlayer,
    RegisteredPlayer,
    RegisteredPlayer,
    RegisteredPlayer,
    RegisteredPlayer,
  ];
  const at = new Date(Date.now() + 1_000);
  const later = new Date(at.getTime() + 1);
  await batch([
    await call(a, 'bet', 5_00n, at),
    await call(b, 'bet', 3_00n, at),
    await call(c, 'bet', 3_00n, at),
    await call(d, 'bet', 3_00n, later),
    await call(e, 'bet', 2_00n, at),
    await call(e, 'bet', 4_00n, at),
    await call(e, 'rollback', 4_00n, later),
  ]);
  // Written by the joins and the batch, before any read could rebuild it.
  expect(Object.keys((await snapshot(tournamentId)).members)).toHaveLength(players.length);
  return { tournamentId, players, at };
}

describe.skipIf(!available)('tournament leaderboard on Redis', () => {
  it('answers the same top and places as the database', async () => {
    const { tournamentId, players } = await scenario();
    expect(redisStore().kind).toBe('redis');
    expect(database().kind).toBe('database');
    const result = await expectSameAnswers(tournamentId, players);
    // The scenario holds what it says: A first, the tie of B and C by id, D after them, E, then the joins.
    const [a, b, c, d, e, g1, g2] = players;
    const [first, second] = [b, c].sort((x, y) => ((x?.id ?? '') < (y?.id ?? '') ? -1 : 1));
    const [zeroFirst, zeroSecond] = await joinOrder(tournamentId, [g1, g2]);
    expect(result.top.map((row) => row.playerId)).toEqual([
      a?.id,
      first?.id,
      second?.id,
      d?.id,
      e?.id,
      zeroFirst,
      zeroSecond,
    ]);
    expect(result.top.map((row) => row.points)).toEqual([500n, 300n, 300n, 300n, 200n, 0n, 0n]);
    expect(result.top[0]?.nickname).toBeDefined();
    // Beyond the top 3: the place still counts everyone ranked before.
    expect(await redisStore().placeOf(tournamentId, d?.id ?? '')).toEqual({ points: 300n, place: 4 });
    expect(await redisStore().placeOf(tournamentId, randomUUID())).toBeNull();

    // The page reads the store too: both apps show the same leaderboard and entry.
    const page = async (app: typeof redisApp, player: RegisteredPlayer) => {
      const data = await app.tournaments.detail(tournamentId, player.id);
      return { leaderboard: data.leaderboard, playerEntry: data.playerEntry };
    };
    expect(await page(redisApp, players[3] as RegisteredPlayer)).toEqual(
      await page(t.app, players[3] as RegisteredPlayer),
    );
  });

  it('publishes each changed player with the place the database gives', async () => {
    const { tournamentId, players, at } = await scenario();
    const [a, , c, d, e] = players;
    if (!a || !c || !d || !e) throw new Error('no player');
    const spy = vi.spyOn(redisApp.realtime.events, 'publishAfterCommit');
    try {
      // D overtakes B and C, E draws level with A later than A (A keeps first place).
      await batch([
        await call(d, 'bet', 1_00n, new Date(at.getTime() + 10)),
        await call(e, 'bet', 3_00n, new Date(at.getTime() + 10)),
      ]);
      const published = new Map<string, { points: number; place: number }>();
      for (const [, , sent] of spy.mock.calls) {
        // The spy sees every channel's events: keep the player entries.
        const event = sent as { event: string; entry?: { playerId: string; points: number; place: number } };
        if (event.event === 'tournament.player-entry.updated' && event.entry) {
          published.set(event.entry.playerId, { points: event.entry.points, place: event.entry.place });
        }
      }
      expect([...published.keys()].sort()).toEqual([d.id, e.id].sort());
      for (const player of [d, e]) {
        const truth = await database().placeOf(tournamentId, player.id);
        expect(published.get(player.id)).toEqual({ points: Number(truth?.points) / 100, place: truth?.place });
      }
      expect(published.get(e.id)).toEqual({ points: 5, place: 2 });
      expect(published.get(d.id)).toEqual({ points: 4, place: 3 });
    } finally {
      spy.mockRestore();
    }
  });

  it('rebuilds a flushed set, and entries written straight into the database, from the database', async () => {
    const { tournamentId, players } = await scenario();
    await expectSameAnswers(tournamentId, players);
    if (!client) throw new Error('no Redis client');
    await client.del(...(await client.keys(`${PREFIX}{${tournamentId}}*`)));
    await expectSameAnswers(tournamentId, players);
    // A benchmark writes entries itself, then rebuilds on demand.
    const extra = await f.p.registerByEmail();
    await sql`insert into tournament_entries (tournament_id, player_id, points, reached_at)
      values (${tournamentId}, ${extra.id}, 400, now())`.execute(t.db);
    await redisStore().rebuild(tournamentId);
    const result = await expectSameAnswers(tournamentId, [...players, extra]);
    expect(result.places.at(-1)).toEqual({ points: 400n, place: 2 });
  });

  it('changes nothing when a batch’s values are applied again', async () => {
    const { tournamentId, players } = await scenario();
    const before = await snapshot(tournamentId);
    const repository = createTournamentsRepository(t.db);
    const values = await repository.entryValues(
      t.db,
      tournamentId,
      players.map((p) => p.id),
    );
    await t.db.transaction().execute((trx) => redisStore().recordIn(trx, tournamentId, values));
    expect(await snapshot(tournamentId)).toEqual(before);
    // The database store answers a batch of several players in one ordered pass: the same places.
    const places = await t.db.transaction().execute((trx) => database().recordIn(trx, tournamentId, values));
    for (const player of players)
      expect(places.get(player.id)).toEqual(await database().placeOf(tournamentId, player.id));
    await expectSameAnswers(tournamentId, players);
  });

  it('ends equal to the database when a batch rolls back after its Redis write and comes again', async () => {
    const { tournamentId, players, at } = await scenario();
    const [, , , d] = players;
    if (!d) throw new Error('no player');
    const records = [await call(d, 'bet', 10_00n, new Date(at.getTime() + 5))];
    await batch(records, true);
    // The set ran ahead of the database until the batch comes again.
    expect(await redisStore().placeOf(tournamentId, d.id)).toEqual({ points: 1300n, place: 1 });
    expect(await database().placeOf(tournamentId, d.id)).toEqual({ points: 300n, place: 4 });
    await batch(records);
    const result = await expectSameAnswers(tournamentId, players);
    expect(result.places[3]).toEqual({ points: 1300n, place: 1 });
  });

  it('reads a completed tournament from the database and drops its keys after the finish', async () => {
    const { tournamentId, players } = await scenario();
    await sql`update tournaments set end_at = now() - interval '1 millisecond' where id = ${tournamentId}`.execute(
      t.db,
    );
    await sql`update jobs set run_at = now() where kind = ${FINISH_JOB} and key = ${finishJobKey(tournamentId)}`.execute(
      t.db,
    );
    await redisApp.jobs.runDue();
    const done = await sql<{ completed: boolean }>`select completed_at is not null as completed from tournaments
      where id = ${tournamentId}`.execute(t.db);
    expect(done.rows[0]?.completed).toBe(true);
    if (!client) throw new Error('no Redis client');
    const redis = client;
    // Dropped after the commit, without being awaited by the job.
    for (let i = 0; i < 100 && (await redis.keys(`${PREFIX}{${tournamentId}}*`)).length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await redis.keys(`${PREFIX}{${tournamentId}}*`)).toEqual([]);
    const [d] = players.slice(3);
    if (!d) throw new Error('no player');
    const fromRedisApp = await redisApp.tournaments.detail(tournamentId, d.id);
    const fromDbApp = await t.app.tournaments.detail(tournamentId, d.id);
    expect(fromRedisApp.leaderboard).toEqual(fromDbApp.leaderboard);
    expect(fromRedisApp.playerEntry).toEqual({ points: 3, place: 4 });
    // Read from the database: no rebuild brought the keys back.
    expect(await client.keys(`${PREFIX}{${tournamentId}}*`)).toEqual([]);
  });
});

/** Players with no points, in the order they joined (their `reached_at`, then id). */
async function joinOrder(tournamentId: string, players: (RegisteredPlayer | undefined)[]): Promise<string[]> {
  const ids = players.map((p) => p?.id ?? '');
  const rows = await sql<{ player_id: string }>`select player_id from tournament_entries
    where tournament_id = ${tournamentId} and player_id in (${sql.join(ids)})
    order by reached_at, player_id`.execute(t.db);
  return rows.rows.map((row) => row.player_id);
}
