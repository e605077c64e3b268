import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { sql } from 'kysely';
import type { Database, GameRoundStatus, GameRoundTable, GameSeedPairTable } from '../../db/schema';

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

    /**
     * Takes the next nonce of the owner's active pair, locking the pair for the rest of the
     * transaction (rounds on one pair are played one at a time): one statement. Answers the
     * pair with the nonce taken; undefined when the owner has no active pair.
     */
    async takeNonce(q: Executor, owner: SeedOwner): Promise<SeedPairRow | undefined> {
      const [column, op, value] = ownerFilter(owner);
      const row = await q
        .updateTable('game_seed_pairs')
        .set((eb) => ({ nonce: eb('nonce', '+', 1n) }))
        .where(column, op, value)
        .where('is_active', '=', true)
        .returningAll()
        .executeTakeFirst();
      return row && { ...row, nonce: row.nonce - 1n };
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

    /** A player's settled real-money round with its game identity and seed pair; undefined for another player's. */
    async findPlayerRound(q: Executor, playerId: string, roundId: string) {
      return roundQuery(q)
        .where('r.id', '=', roundId)
        .where('r.player_id', '=', playerId)
        .where('r.is_demo', '=', false)
        .where('r.status', '=', 'settled')
        .executeTakeFirst();
    },

    /** A round with its game identity and seed pair (no lock). */
    async findRound(q: Executor, roundId: string) {
      return roundQuery(q).where('r.id', '=', roundId).executeTakeFirstOrThrow();
    },

    /** The owner's open round of this mode (real or demo), if any. */
    async findOpenRound(q: Executor, owner: SeedOwner, isDemo: boolean) {
      const found = roundQuery(q).where('r.status', '=', 'open').where('r.is_demo', '=', isDemo);
      return (
        'playerId' in owner
          ? found.where('r.player_id', '=', owner.playerId)
          : found.where('r.session_id', '=', owner.sessionId).where('r.player_id', 'is', null)
      ).executeTakeFirst();
    },

    /**
     * The owner's round of this mode, locked (only the round row: joins would lock the
     * game row for every player); undefined for anyone else's round.
     */
    async lockOwnRound(q: Executor, owner: SeedOwner, isDemo: boolean, roundId: string) {
      const found = q.selectFrom('game_rounds').selectAll().where('id', '=', roundId).where('is_demo', '=', isDemo);
      return (
        'playerId' in owner
          ? found.where('player_id', '=', owner.playerId)
          : found.where('session_id', '=', owner.sessionId).where('player_id', 'is', null)
      )
        .forUpdate()
        .executeTakeFirst();
    },

    async updateRound(q: Executor, roundId: string, values: Updateable<GameRoundTable>): Promise<void> {
      await q.updateTable('game_rounds').set(values).where('id', '=', roundId).execute();
    },

    /** Whether a round on the pair is open or being started (its server seed must stay secret). */
    async pairHasOpenRound(q: Executor, pairId: string): Promise<boolean> {
      const row = await q
        .selectFrom('game_rounds')
        .select('id')
        .where('seed_pair_id', '=', pairId)
        .where('status', 'in', ['open', 'betting'])
        .where('game', '=', 'mines')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the owner has a mines round of this mode open or being started (remote wallet). */
    async hasStartingMines(q: Executor, owner: SeedOwner, isDemo: boolean): Promise<boolean> {
      const found = q
        .selectFrom('game_rounds')
        .select('id')
        .where('game', '=', 'mines')
        .where('status', '=', 'betting')
        .where('is_demo', '=', isDemo);
      const row = await (
        'playerId' in owner
          ? found.where('player_id', '=', owner.playerId)
          : found.where('session_id', '=', owner.sessionId).where('player_id', 'is', null)
      ).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Moves a round from one state to the next; false when it is no longer in `from`
     * (another delivery got there first).
     */
    async moveRound(
      q: Executor,
      roundId: string,
      from: GameRoundStatus,
      values: Updateable<GameRoundTable> & { status: GameRoundStatus },
    ): Promise<boolean> {
      const result = await q
        .updateTable('game_rounds')
        .set(values)
        .where('id', '=', roundId)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async insertWalletCall(q: Executor, call: { roundId: string; token: string; dueAt: Date | null }): Promise<void> {
      await q
        .insertInto('game_round_wallet_calls')
        .values({ round_id: call.roundId, session_token: call.token, due_at: call.dueAt })
        .execute();
    },

    /** A round with the wallet call it owes (undefined once the round is final). */
    async findOwedCall(q: Executor, roundId: string) {
      return q
        .selectFrom('game_round_wallet_calls as c')
        .innerJoin('game_rounds as r', 'r.id', 'c.round_id')
        .select([
          'r.id',
          'r.game',
          'r.status',
          'r.currency',
          'r.stake_minor',
          'r.payout_minor',
          'c.session_token',
          'c.attempts',
        ])
        .where('c.round_id', '=', roundId)
        .executeTakeFirst();
    },

    /** When the round's owed call is next sent, and why the last attempt failed. */
    async scheduleCall(q: Executor, roundId: string, dueAt: Date | null, lastError?: string): Promise<void> {
      await q
        .updateTable('game_round_wallet_calls')
        .set({ due_at: dueAt, ...(lastError === undefined ? {} : { last_error: lastError.slice(0, 500) }) })
        .where('round_id', '=', roundId)
        .execute();
    },

    async deleteCall(q: Executor, roundId: string): Promise<void> {
      await q.deleteFrom('game_round_wallet_calls').where('round_id', '=', roundId).execute();
    },

    /**
     * Claims up to `limit` calls that are due: each is leased until `leaseUntil` (another
     * process skips it meanwhile) and its attempt counted. Answers the claimed round ids.
     */
    async claimDueCalls(q: Executor, limit: number, leaseUntil: Date): Promise<string[]> {
      const due = q
        .selectFrom('game_round_wallet_calls')
        .select('round_id')
        .where('due_at', '<=', sql<Date>`now()`)
        .orderBy('due_at')
        .limit(limit)
        .forUpdate()
        .skipLocked();
      const rows = await q
        .updateTable('game_round_wallet_calls')
        .set((eb) => ({ due_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('round_id', 'in', due)
        .returning('round_id')
        .execute();
      return rows.map((row) => row.round_id);
    },

    /**
     * A player's real-money casino rounds of every provider, newest first: their wallet
     * transactions grouped by provider and round. Stake is the bets not rolled back (a round
     * without one is left out); payout the wins. In-house rounds appear once settled (their
     * win, 0 on a loss, is recorded then); a third-party round as soon as it has a bet.
     * Free spins of bonuses move no money, so they come from the rounds themselves
     * (`is_freespin`, the grant's bet value as the stake); a provider's free rounds from
     * their wins naming the grant.
     */
    async listPlayerRounds(
      q: Executor,
      playerId: string,
      page: { limit: number; offset: number },
      inHouseProvider: string,
    ) {
      const stake = sql<bigint>`sum(case when t.kind = 'bet' and not t.rolled_back then t.amount_minor else 0 end)::int8`;
      const grouped = q
        .selectFrom('game_wallet_transactions as t')
        .innerJoin('game_sessions as s', 's.id', 't.session_id')
        .innerJoin('games as g', 'g.id', 's.game_id')
        .select([
          't.provider',
          't.round_id',
          's.currency',
          'g.identity as game_identity',
          'g.name as game_name',
          stake.as('stake_minor'),
          sql<bigint>`sum(case when t.kind = 'win' then t.amount_minor else 0 end)::int8`.as('payout_minor'),
          sql<Date>`min(t.created_at)`.as('created_at'),
          sql<boolean>`false`.as('is_freespin'),
        ])
        .where('s.player_id', '=', playerId)
        .where('s.is_demo', '=', false)
        .groupBy(['t.provider', 't.round_id', 's.currency', 'g.identity', 'g.name'])
        .having(stake, '>', 0n)
        .having((eb) =>
          eb.or([
            eb('t.provider', '<>', inHouseProvider),
            eb(sql<number>`count(*) filter (where t.kind = 'win')`, '>', 0),
          ]),
        );
      const freeSpins = q
        .selectFrom('game_rounds as r')
        .innerJoin('games as g', 'g.id', 'r.game_id')
        .select([
          sql<string>`${inHouseProvider}::text`.as('provider'),
          sql<string>`r.id::text`.as('round_id'),
          'r.currency',
          'g.identity as game_identity',
          'g.name as game_name',
          'r.stake_minor',
          'r.payout_minor',
          'r.created_at',
          sql<boolean>`true`.as('is_freespin'),
        ])
        .where('r.player_id', '=', playerId)
        .where('r.freespin_id', 'is not', null);
      const providerFreeRounds = q
        .selectFrom('game_wallet_transactions as t')
        .innerJoin('game_sessions as s', 's.id', 't.session_id')
        .innerJoin('games as g', 'g.id', 's.game_id')
        .innerJoin('player_freespins as f', 'f.id', 't.freespin_id')
        .select([
          't.provider',
          't.round_id',
          's.currency',
          'g.identity as game_identity',
          'g.name as game_name',
          'f.bet_value_minor as stake_minor',
          't.amount_minor as payout_minor',
          't.created_at',
          sql<boolean>`true`.as('is_freespin'),
        ])
        .where('s.player_id', '=', playerId)
        .where('t.freespin_id', 'is not', null);
      const all = grouped.unionAll(freeSpins).unionAll(providerFreeRounds).as('rounds');
      const rows = await q
        .selectFrom(all)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('provider')
        .orderBy('round_id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const total = await q
        .selectFrom(all)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, totalRows: Number(total.n) };
    },
  };
}

export type OriginalsRepository = ReturnType<typeof createOriginalsRepository>;
export type PlayerRoundRow = Awaited<ReturnType<OriginalsRepository['findRound']>>;
