import { sql, type ColumnType, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { Executor } from '../repository';
import type { CryptoDepositAddressTable, CryptoPayoutTable, CryptoTransferTable } from '../../../db/schema';

export type CryptoAddressRow = Selectable<CryptoDepositAddressTable>;
export type CryptoTransferRow = Selectable<CryptoTransferTable>;
export type CryptoPayoutRow = Selectable<CryptoPayoutTable>;

/** A player's bonus choice for their next crypto deposit in a currency (migration 0029). */
export interface CryptoDepositBonusChoiceTable {
  player_id: string;
  currency: string;
  bonus_id: string | null;
  is_bonus_decline: boolean;
  chosen_at: ColumnType<Date, Date | undefined, Date>;
}
export type BonusChoice = Pick<Selectable<CryptoDepositBonusChoiceTable>, 'bonus_id' | 'is_bonus_decline'>;

// The crypto module's own table, typed here rather than in db/schema.ts (nothing else reads it).
const withChoices = (q: Executor) => q.withTables<{ crypto_deposit_bonus_choices: CryptoDepositBonusChoiceTable }>();

/** SQL of crypto deposits: the players' addresses, their index counters, and the transfers seen. */
export function createCryptoRepository(db: Db) {
  return {
    db,

    async findAddress(q: Executor, playerId: string, network: string): Promise<CryptoAddressRow | undefined> {
      return q
        .selectFrom('crypto_deposit_addresses')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('network', '=', network)
        .executeTakeFirst();
    },

    /** The player address a transfer went to: the address alone, or with its destination tag on shared-address chains. */
    async findByAddress(q: Executor, address: string, tag: string | null): Promise<CryptoAddressRow | undefined> {
      return q
        .selectFrom('crypto_deposit_addresses')
        .selectAll()
        .where('address', '=', address)
        .where((eb) => (tag === null ? eb('tag', 'is', null) : eb('tag', '=', tag)))
        .executeTakeFirst();
    },

    /** Whether players share this address and differ by destination tag. */
    async hasTaggedAddress(q: Executor, address: string): Promise<boolean> {
      const row = await q
        .selectFrom('crypto_deposit_addresses')
        .select('id')
        .where('address', '=', address)
        .where('tag', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Serialises the address allocation of one player (the row lock lasts until the transaction ends). */
    async lockPlayer(q: Executor, playerId: string): Promise<boolean> {
      const row = await q
        .selectFrom('players')
        .select('id')
        .where('id', '=', playerId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Takes the network's next derivation index: an atomic upsert, so no two callers get the same one. */
    async takeIndex(q: Executor, network: string): Promise<number> {
      const row = await q
        .insertInto('crypto_address_counters')
        .values({ network, next_index: 1 })
        .onConflict((oc) =>
          oc.column('network').doUpdateSet({ next_index: sql<number>`crypto_address_counters.next_index + 1` }),
        )
        .returning(sql<number>`next_index - 1`.as('taken'))
        .executeTakeFirstOrThrow();
      return Number(row.taken);
    },

    async insertAddress(
      q: Executor,
      values: Insertable<CryptoDepositAddressTable>,
    ): Promise<CryptoAddressRow | undefined> {
      return q
        .insertInto('crypto_deposit_addresses')
        .values(values)
        .onConflict((oc) => oc.columns(['player_id', 'network']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** The enabled crypto deposit method of a provider in a currency (where a transfer's invoice belongs). */
    async findDepositMethod(q: Executor, provider: string, currency: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('payment_methods as m')
        .innerJoin('payment_method_currencies as c', 'c.method_id', 'm.id')
        .select('m.id')
        .where('m.provider', '=', provider)
        .where('m.direction', '=', 'deposit')
        .where('m.type', '=', 'address')
        .where('c.currency', '=', currency)
        .orderBy('m.is_enabled', 'desc')
        .orderBy('m.position')
        .executeTakeFirst();
      return row?.id;
    },

    async insertTransfer(q: Executor, values: Insertable<CryptoTransferTable>): Promise<CryptoTransferRow> {
      return q.insertInto('crypto_transfers').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async findTransfer(q: Executor, txId: string): Promise<CryptoTransferRow | undefined> {
      return q.selectFrom('crypto_transfers').selectAll().where('tx_id', '=', txId).executeTakeFirst();
    },

    async markConfirmed(q: Executor, txId: string): Promise<void> {
      await q
        .updateTable('crypto_transfers')
        .set({ status: 'confirmed', confirmed_at: new Date() })
        .where('tx_id', '=', txId)
        .where('status', '=', 'pending')
        .execute();
    },

    async recentTransfers(q: Executor, limit: number): Promise<(CryptoTransferRow & { address: string })[]> {
      return q
        .selectFrom('crypto_transfers as t')
        .innerJoin('crypto_deposit_addresses as a', 'a.id', 't.address_id')
        .selectAll('t')
        .select('a.address')
        .orderBy('t.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The payout of an invoice, created once: a second call (approval retried) answers the first one. */
    async insertPayout(q: Executor, values: Insertable<CryptoPayoutTable>): Promise<CryptoPayoutRow> {
      const inserted = await q
        .insertInto('crypto_payouts')
        .values(values)
        .onConflict((oc) => oc.column('invoice_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      return (
        inserted ??
        q.selectFrom('crypto_payouts').selectAll().where('invoice_id', '=', values.invoice_id).executeTakeFirstOrThrow()
      );
    },

    async findPayoutByInvoice(q: Executor, invoiceId: string): Promise<CryptoPayoutRow | undefined> {
      return q.selectFrom('crypto_payouts').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
    },

    async findPayout(q: Executor, txId: string): Promise<CryptoPayoutRow | undefined> {
      return q.selectFrom('crypto_payouts').selectAll().where('tx_id', '=', txId).executeTakeFirst();
    },

    /** broadcast → confirmed or dropped, once; false when it was already settled. */
    async settlePayout(q: Executor, txId: string, status: 'confirmed' | 'dropped'): Promise<boolean> {
      const result = await q
        .updateTable('crypto_payouts')
        .set({ status, settled_at: new Date() })
        .where('tx_id', '=', txId)
        .where('status', '=', 'broadcast')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Keeps the player's latest choice for their next deposit in the currency (replacing an earlier one). */
    async saveBonusChoice(q: Executor, playerId: string, currency: string, choice: BonusChoice): Promise<void> {
      await withChoices(q)
        .insertInto('crypto_deposit_bonus_choices')
        .values({ player_id: playerId, currency, ...choice, chosen_at: new Date() })
        .onConflict((oc) => oc.columns(['player_id', 'currency']).doUpdateSet({ ...choice, chosen_at: new Date() }))
        .execute();
    },

    /**
     * Takes (deletes and answers) the player's choice for a deposit in the currency. The
     * delete locks the row: of two deposits credited at once, one gets it, the other none.
     */
    async takeBonusChoice(q: Executor, playerId: string, currency: string): Promise<BonusChoice | undefined> {
      return withChoices(q)
        .deleteFrom('crypto_deposit_bonus_choices')
        .where('player_id', '=', playerId)
        .where('currency', '=', currency)
        .returning(['bonus_id', 'is_bonus_decline'])
        .executeTakeFirst();
    },

    async recentPayouts(q: Executor, limit: number): Promise<CryptoPayoutRow[]> {
      return q.selectFrom('crypto_payouts').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    },
  };
}

export type CryptoRepository = ReturnType<typeof createCryptoRepository>;
