import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { PspSandboxPaymentTable } from '../../../db/schema';

export type SandboxPaymentRow = Selectable<PspSandboxPaymentTable>;
export type SandboxStatus = SandboxPaymentRow['status'];

/** SQL of the sandbox payment provider: its payments, by its own id or by our invoice id. */
export function createSandboxRepository(db: Db) {
  return {
    /** Creates the payment unless one exists for this merchant reference and kind; returns it and whether it is new. */
    async openPayment(
      values: Insertable<PspSandboxPaymentTable>,
    ): Promise<{ payment: SandboxPaymentRow; created: boolean }> {
      const inserted = await db
        .insertInto('psp_sandbox_payments')
        .values(values)
        .onConflict((oc) => oc.columns(['merchant_reference', 'kind']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { payment: inserted, created: true };
      const existing = await db
        .selectFrom('psp_sandbox_payments')
        .selectAll()
        .where('merchant_reference', '=', values.merchant_reference)
        .where('kind', '=', values.kind)
        .executeTakeFirstOrThrow();
      return { payment: existing, created: false };
    },

    async findPayment(id: string): Promise<SandboxPaymentRow | undefined> {
      return db.selectFrom('psp_sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Moves a payment from one of `from` to `to` (atomically: of two concurrent payer
     * clicks one wins), storing the webhook it will send. Undefined when it was not in `from`.
     */
    async transition(
      id: string,
      options: {
        from: readonly SandboxStatus[];
        to: SandboxStatus;
        event: { body: string; eventId: string } | null;
      },
    ): Promise<SandboxPaymentRow | undefined> {
      const final = options.to === 'succeeded' || options.to === 'failed';
      return db
        .updateTable('psp_sandbox_payments')
        .set({
          status: options.to,
          ...(options.event ? { last_event: JSON.stringify(options.event) } : {}),
          ...(final ? { completed_at: sql<Date>`now()` } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', [...options.from])
        .returningAll()
        .executeTakeFirst();
    },

    /** Stores the last webhook of a payment whose status does not change (asyncRedirect's QR). */
    async setLastEvent(id: string, event: { body: string; eventId: string }): Promise<void> {
      await db
        .updateTable('psp_sandbox_payments')
        .set({ last_event: JSON.stringify(event) })
        .where('id', '=', id)
        .execute();
    },

    async markDelivered(id: string): Promise<void> {
      await db
        .updateTable('psp_sandbox_payments')
        .set({ delivered_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
