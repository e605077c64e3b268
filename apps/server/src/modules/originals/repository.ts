import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, GameRoundTable, GameSeedPairTable } from '../../db/schema';

type Executor = Kysely<Database>;
export type SeedPairRow = Selectable<GameSeedPairTable>;
export type RoundRow = Selectable<GameRoundTable>;

/** Whose seed pair: a player's, or a guest's demo session's. */
export type SeedOwner = { playerId: string } | { sessionId: string };

/** SQL of the in-house games: seed pairs and rounds. */
function roundQuery(q: Executor) {
  return q
    .selectFrom('game_rounds as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .innerJoin('game_seed_pairs as s', 's.id', 'r.seed_pair_id')
    .selectAll('r')
    .select([
      'g.identity as game_identity',
      'g.name as game_name',
      's.server_seed',
      's.server_seed_hash',
      's.client_seed',
      's.is_active as pair_active',
    ]);
}

export function createOriginalsRepository(db: Db) {
  const ownerFilter = (owner: SeedOwner) =>
    'playerId' in owner
      ? (['player_id', '=', owner.playerId] as const)
      : (['session_id', '=', owner.sessionId] as const);

  return {
    db,

    /** Creates the owner's active pair unless one exists (concurrent callers: one wins). */
    async ensureActivePair(
      q: Executor,
      owner: SeedOwner,
      seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string },
    ): Promise<void> {
      await q
        .insertInto('game_seed_pairs')
        .values({
          player_id: 'playerId' in owner ? owner.playerId : null,
          session_id: 'sessionId' in owner ? owner.sessionId : null,
          server_seed: seeds.serverSeed,
          server_seed_hash: seeds.serverSeedHash,
          client_seed: seeds.clientSeed,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The owner's active pair, locked: rounds on one pair are played one at a time. */
    async lockActivePair(q: Executor, owner: SeedOwner): Promise<SeedPairRow | undefined> {
      const [column, op, value] = ownerFilter(owner);
      return q
        .selectFrom('game_seed_pairs')
        .selectAll()
        .where(column, op, value)
        .where('is_active', '=', true)
        .forUpdate()
        .executeTakeFirst();
    },

    async findActivePair(q: Executor, owner: SeedOwner): Promise<SeedPairRow | undefined> {
      const [column, op, value] = ownerFilter(owner);
      return q
        .selectFrom('game_seed_pairs')
        .selectAll()
        .where(column, op, value)
        .where('is_active', '=', true)
        .executeTakeFirst();
    },

    async findPair(q: Executor, id: string): Promise<SeedPairRow | undefined> {
      return q.selectFrom('game_seed_pairs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async advanceNonce(q: Executor, pairId: string, nonce: bigint): Promise<void> {
      await q.updateTable('game_seed_pairs').set({ nonce }).where('id', '=', pairId).execute();
    },

    async setClientSeed(q: Executor, pairId: string, clientSeed: string): Promise<void> {
      await q.updateTable('game_seed_pairs').set({ client_seed: clientSeed }).where('id', '=', pairId).execute();
    },

    async reveal(q: Executor, pairId: string): Promise<SeedPairRow> {
      return q
        .updateTable('game_seed_pairs')
        .set({ is_active: false, revealed_at: new Date() })
        .where('id', '=', pairId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertRound(q: Executor, values: Insertable<GameRoundTable>): Promise<RoundRow> {
      return q.insertInto('game_rounds').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** A player's round with its game identity and seed pair; undefined for another player's. */
    async findPlayerRound(q: Executor, playerId: string, roundId: string) {
      return roundQuery(q).where('r.id', '=', roundId).where('r.player_id', '=', playerId).executeTakeFirst();
    },

    /** A round with its game identity and seed pair, whoever played it. */
    async findPlayerRoundAny(q: Executor, roundId: string) {
      return roundQuery(q).where('r.id', '=', roundId).executeTakeFirst();
    },

    /** A player's real-money rounds, newest first. */
    async listPlayerRounds(q: Executor, playerId: string, page: { limit: number; offset: number }) {
      const rows = await q
        .selectFrom('game_rounds as r')
        .innerJoin('games as g', 'g.id', 'r.game_id')
        .select([
          'r.id',
          'r.stake_minor',
          'r.payout_minor',
          'r.currency',
          'r.created_at',
          'g.identity as game_identity',
          'g.name as game_name',
        ])
        .where('r.player_id', '=', playerId)
        .where('r.is_demo', '=', false)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const total = await q
        .selectFrom('game_rounds')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('player_id', '=', playerId)
        .where('is_demo', '=', false)
        .executeTakeFirstOrThrow();
      return { rows, totalRows: Number(total.n) };
    },
  };
}

export type OriginalsRepository = ReturnType<typeof createOriginalsRepository>;
export type PlayerRoundRow = NonNullable<Awaited<ReturnType<OriginalsRepository['findPlayerRound']>>>;
