import { sql, type Insertable, type Kysely, type QueryCreator, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, GameSessionTable, GameWalletTransactionTable } from '../../db/schema';

export type Executor = Kysely<Database>;
export type GameSessionRow = Selectable<GameSessionTable>;
export type GameWalletTxRow = Selectable<GameWalletTransactionTable>;

/**
 * Game sessions as the wallet reads them: the row, the player's status (null for guests),
 * whether the account has a bet or loss limit, and whether the sign-in session that launched
 * it has ended (closed, or past its absolute end).
 * The sign-in session is one primary-key probe in the same query, so the bet path pays no
 * extra round trip for it. Its idle lapse is left out on purpose: the frame plays with the
 * game token only, so a player busy in a game for hours would otherwise look idle.
 */
export function selectGameSessions(q: Executor) {
  return q
    .selectFrom('game_sessions as s')
    .leftJoin('players as p', 'p.id', 's.player_id')
    .leftJoin('player_sessions as ps', 'ps.id', 's.sign_in_session_id')
    .leftJoin('ledger_accounts as la', 'la.id', 's.account_id')
    .selectAll('s')
    .select([
      'p.status as player_status',
      // Whether the account has a bet or loss limit (docs/player-protection.md, "Limits on the bet path").
      sql<boolean>`coalesce(la.limits_apply, false)`.as('account_limits_apply'),
      sql<boolean>`(s.sign_in_session_id is not null and (ps.closed_at is not null or ps.expires_at <= now()))`.as(
        'sign_in_ended',
      ),
    ]);
}

/**
 * Records provider transactions, skipping ids seen before, and returns the new rows: every
 * insert (alone or as a statement's first step) goes through here, so an id is recorded once.
 */
function insertNewTransactions(
  q: QueryCreator<Database>,
  values: Insertable<GameWalletTransactionTable> | Insertable<GameWalletTransactionTable>[],
) {
  return q
    .insertInto('game_wallet_transactions')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returningAll();
}

/** A provider transaction by the provider's id for it. */
function selectTransaction(q: Executor, provider: string, providerTxId: string) {
  return q
    .selectFrom('game_wallet_transactions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_tx_id', '=', providerTxId);
}

/** SQL of the game wallet: launch sessions and the provider transactions. */
export function createGameWalletRepository(db: Db) {
  return {
    db,

    async insertSession(q: Executor, values: Insertable<GameSessionTable>): Promise<GameSessionRow> {
      return q.insertInto('game_sessions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** A session by its token's hash (see selectGameSessions). */
    async findSessionByTokenHash(q: Executor, tokenHash: string) {
      return selectGameSessions(q).where('s.token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * An account's real-money stakes (bets not rolled back) and wins since `since`, free
     * rounds left out: the limits module seeds its counters with them when a limit is set.
     */
    async playTotalsSince(
      q: Executor,
      input: { playerId: string; accountId: string; since: Date },
    ): Promise<{ stakesMinor: bigint; wonMinor: bigint }> {
      const row = await q
        .selectFrom('game_sessions as s')
        .innerJoin('game_wallet_transactions as t', 't.session_id', 's.id')
        .select([
          sql<string>`coalesce(sum(t.amount_minor) filter (where t.kind = 'bet' and not t.rolled_back), 0)`.as(
            'stakes',
          ),
          sql<string>`coalesce(sum(t.amount_minor) filter (where t.kind = 'win' and t.freespin_id is null), 0)`.as(
            'won',
          ),
        ])
        .where('s.player_id', '=', input.playerId)
        .where('s.account_id', '=', input.accountId)
        .where('s.is_demo', '=', false)
        .where('t.created_at', '>=', input.since)
        .executeTakeFirstOrThrow();
      return { stakesMinor: BigInt(row.stakes), wonMinor: BigInt(row.won) };
    },

    /** A player's account status (undefined for an unknown player). */
    async playerStatus(q: Executor, playerId: string): Promise<number | undefined> {
      const row = await q.selectFrom('players').select('status').where('id', '=', playerId).executeTakeFirst();
      return row?.status;
    },

    /** Takes a demo bet from the session's play balance; false when it is too low. */
    async debitDemo(q: Executor, sessionId: string, amountMinor: bigint): Promise<boolean> {
      const result = await q
        .updateTable('game_sessions')
        .set((eb) => ({ demo_balance_minor: eb('demo_balance_minor', '-', amountMinor) }))
        .where('id', '=', sessionId)
        .where('demo_balance_minor', '>=', amountMinor)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async creditDemo(q: Executor, sessionId: string, amountMinor: bigint): Promise<void> {
      await q
        .updateTable('game_sessions')
        .set((eb) => ({ demo_balance_minor: eb('demo_balance_minor', '+', amountMinor) }))
        .where('id', '=', sessionId)
        .execute();
    },

    async demoBalance(q: Executor, sessionId: string): Promise<bigint> {
      const row = await q
        .selectFrom('game_sessions')
        .select('demo_balance_minor')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return row.demo_balance_minor;
    },

    async accountBalances(q: Executor, accountId: string) {
      return q
        .selectFrom('ledger_accounts')
        .select(['balance_minor', 'bonus_balance_minor'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
    },

    /**
     * Serialises the calls about one provider transaction id until commit: a bet and the
     * rollback of that id never pass each other unseen.
     */
    async lockTransactionId(q: Executor, provider: string, providerTxId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`game-tx:${provider}:${providerTxId}`}, 0))`.execute(q);
    },

    async findSession(q: Executor, id: string) {
      return selectGameSessions(q).where('s.id', '=', id).executeTakeFirst();
    },

    /** Records a provider transaction once; undefined when its id was seen before. */
    async insertTransaction(
      q: Executor,
      values: Insertable<GameWalletTransactionTable>,
    ): Promise<GameWalletTxRow | undefined> {
      return insertNewTransactions(q, values).executeTakeFirst();
    },

    /**
     * Records a bet once (undefined when its id was seen before) and tells, in the same
     * statement, whether a rollback of that id came first (the caller holds the id's
     * advisory lock, so the statement sees every rollback committed before it).
     */
    async insertBet(
      q: Executor,
      values: Insertable<GameWalletTransactionTable>,
    ): Promise<(GameWalletTxRow & { rolled_back_first: boolean }) | undefined> {
      return q
        .with('ins', (w) => insertNewTransactions(w, values))
        .selectFrom('ins')
        .selectAll('ins')
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('game_wallet_transactions as r')
                .select('r.id')
                .where('r.provider', '=', values.provider)
                .where('r.reference_tx_id', '=', values.provider_tx_id)
                .where('r.kind', '=', 'rollback'),
            )
            .as('rolled_back_first'),
        )
        .$castTo<GameWalletTxRow & { rolled_back_first: boolean }>()
        .executeTakeFirst();
    },

    /** Records several provider transactions in one statement; answers those whose id was new. */
    async insertTransactions(
      q: Executor,
      values: Insertable<GameWalletTransactionTable>[],
    ): Promise<GameWalletTxRow[]> {
      return insertNewTransactions(q, values).execute();
    },

    /**
     * Takes a demo stake and pays its win in one change of the play balance; undefined when
     * the balance is below the stake. Answers the balance after it.
     */
    async settleDemo(
      q: Executor,
      sessionId: string,
      stakeMinor: bigint,
      payoutMinor: bigint,
    ): Promise<bigint | undefined> {
      const row = await q
        .updateTable('game_sessions')
        .set((eb) => ({ demo_balance_minor: eb(eb('demo_balance_minor', '-', stakeMinor), '+', payoutMinor) }))
        .where('id', '=', sessionId)
        .where('demo_balance_minor', '>=', stakeMinor)
        .returning('demo_balance_minor')
        .executeTakeFirst();
      return row?.demo_balance_minor;
    },

    async findTransaction(q: Executor, provider: string, providerTxId: string): Promise<GameWalletTxRow | undefined> {
      return selectTransaction(q, provider, providerTxId).executeTakeFirst();
    },

    /** The bet a rollback refers to, locked so that a concurrent rollback waits. */
    async lockBet(q: Executor, provider: string, providerTxId: string): Promise<GameWalletTxRow | undefined> {
      return selectTransaction(q, provider, providerTxId).where('kind', '=', 'bet').forUpdate().executeTakeFirst();
    },

    async findRollbackOf(q: Executor, provider: string, betTxId: string): Promise<GameWalletTxRow | undefined> {
      return q
        .selectFrom('game_wallet_transactions')
        .selectAll()
        .where('provider', '=', provider)
        .where('reference_tx_id', '=', betTxId)
        .where('kind', '=', 'rollback')
        .executeTakeFirst();
    },

    /**
     * Records a win once (undefined when its id was seen before) and answers, in the same
     * statement, the round's stakes not rolled back and their bonus part: the win is paid
     * back in those proportions.
     */
    async insertWin(
      q: Executor,
      values: Insertable<GameWalletTransactionTable>,
    ): Promise<(GameWalletTxRow & { round_stake_minor: bigint; round_bonus_stake_minor: bigint }) | undefined> {
      const round = (column: 'amount_minor' | 'bonus_minor') =>
        sql<bigint>`(select coalesce(sum(b.${sql.ref(column)}), 0)::int8 from game_wallet_transactions b
          where b.provider = ${values.provider} and b.round_id = ${values.round_id}
          and b.kind = 'bet' and not b.rolled_back)`;
      return q
        .with('ins', (w) => insertNewTransactions(w, values))
        .selectFrom('ins')
        .selectAll('ins')
        .select([round('amount_minor').as('round_stake_minor'), round('bonus_minor').as('round_bonus_stake_minor')])
        .$castTo<GameWalletTxRow & { round_stake_minor: bigint; round_bonus_stake_minor: bigint }>()
        .executeTakeFirst();
    },

    /**
     * A round as a correction (`resettle`) finds it: the session of its first bet, and its
     * stakes not rolled back with their bonus part; undefined when the provider sent no bet
     * with that round id.
     */
    async findRound(
      q: Executor,
      provider: string,
      roundId: string,
    ): Promise<{ session_id: string; stake_minor: bigint; bonus_stake_minor: bigint } | undefined> {
      const round = (column: 'amount_minor' | 'bonus_minor') =>
        sql<bigint>`(select coalesce(sum(s.${sql.ref(column)}), 0)::int8 from game_wallet_transactions s
          where s.provider = ${provider} and s.round_id = ${roundId} and s.kind = 'bet' and not s.rolled_back)`;
      return q
        .selectFrom('game_wallet_transactions as b')
        .select(['b.session_id', round('amount_minor').as('stake_minor'), round('bonus_minor').as('bonus_stake_minor')])
        .where('b.provider', '=', provider)
        .where('b.round_id', '=', roundId)
        .where('b.kind', '=', 'bet')
        .orderBy('b.created_at')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Locks a player's account and the provider's game account in id order (the ledger's one
     * order, so no cycle with a round posting to both) and answers the player's real balance:
     * a correction taking money back reads it before choosing what it can collect.
     */
    async lockForCorrection(q: Executor, accountId: string, game: { key: string; currency: string }): Promise<bigint> {
      const rows = await q
        .selectFrom('ledger_accounts')
        .select(['id', 'balance_minor'])
        .where((eb) =>
          eb.or([
            eb('id', '=', accountId),
            eb.and([eb('kind', '=', 'game'), eb('operator_key', '=', game.key), eb('currency', '=', game.currency)]),
          ]),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      const player = rows.find((row) => row.id === accountId);
      if (!player) throw new Error(`unknown account ${accountId}`);
      return player.balance_minor;
    },

    /** Adds a signed correction to a demo play balance, never below zero; answers what it moved. */
    async correctDemo(q: Executor, sessionId: string, deltaMinor: bigint): Promise<bigint> {
      const row = await q
        .selectFrom('game_sessions')
        .select('demo_balance_minor')
        .where('id', '=', sessionId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const moved = deltaMinor < 0n && -deltaMinor > row.demo_balance_minor ? -row.demo_balance_minor : deltaMinor;
      if (moved !== 0n) {
        await q
          .updateTable('game_sessions')
          .set({ demo_balance_minor: row.demo_balance_minor + moved })
          .where('id', '=', sessionId)
          .execute();
      }
      return moved;
    },

    /** Records on a correction its ledger transaction and the part it could not collect (see resettleIn). */
    async recordCorrection(
      q: Executor,
      id: string,
      values: { ledgerTransactionId: string | null; shortfallMinor: bigint },
    ): Promise<void> {
      await q
        .updateTable('game_wallet_transactions')
        .set({ ledger_transaction_id: values.ledgerTransactionId, shortfall_minor: values.shortfallMinor })
        .where('id', '=', id)
        .execute();
    },

    /** Names the bonus part of a bet (and its ledger transaction when another than chosen). */
    async setBonusPart(q: Executor, id: string, bonusMinor: bigint, ledgerTransactionId: string): Promise<void> {
      await q
        .updateTable('game_wallet_transactions')
        .set({ bonus_minor: bonusMinor, ledger_transaction_id: ledgerTransactionId })
        .where('id', '=', id)
        .execute();
    },

    /** A game's identity and type (what bonus terms read), through the caller's transaction. */
    async gameInfo(q: Executor, gameId: string): Promise<{ identity: string; type: string } | undefined> {
      return q.selectFrom('games').select(['identity', 'type']).where('id', '=', gameId).executeTakeFirst();
    },

    /**
     * Bets of an account's sessions since a time whose round has no win yet and that were
     * not rolled back: rounds still open (a provider's, or a mines round).
     */
    async openBetsSince(q: Executor, accountId: string, since: Date): Promise<number> {
      const row = await q
        .selectFrom('game_wallet_transactions as b')
        .innerJoin('game_sessions as s', 's.id', 'b.session_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('s.account_id', '=', accountId)
        .where('b.kind', '=', 'bet')
        .where('b.rolled_back', '=', false)
        .where('b.created_at', '>=', since)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('game_wallet_transactions as w')
                .select('w.id')
                .whereRef('w.provider', '=', 'b.provider')
                .whereRef('w.round_id', '=', 'b.round_id')
                .where('w.kind', '=', 'win'),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setLedgerTransaction(q: Executor, id: string, ledgerTransactionId: string): Promise<void> {
      await q
        .updateTable('game_wallet_transactions')
        .set({ ledger_transaction_id: ledgerTransactionId })
        .where('id', '=', id)
        .execute();
    },

    async markRolledBack(q: Executor, betId: string, rollbackId: string, amountMinor: bigint): Promise<void> {
      await q.updateTable('game_wallet_transactions').set({ rolled_back: true }).where('id', '=', betId).execute();
      await q
        .updateTable('game_wallet_transactions')
        .set({ refunded: true, amount_minor: amountMinor })
        .where('id', '=', rollbackId)
        .execute();
    },
  };
}

export type GameWalletRepository = ReturnType<typeof createGameWalletRepository>;
