import {
  channels,
  InvoiceType,
  invoicePublicDataSchema,
  toMajorAmount,
  type AdminWithdrawal,
  type Invoice,
  type InvoicePublicData,
  type InvoiceUpdate,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { RealtimeEvents } from '../realtime';
import type { InvoiceRow } from './repository';

/** The invoice's public data, or null; anything stored that is not a known key is left out. */
export function publicDataOf(row: Pick<InvoiceRow, 'public_data'>): InvoicePublicData | null {
  if (!row.public_data) return null;
  const parsed = invoicePublicDataSchema.safeParse(row.public_data);
  return parsed.success ? parsed.data : null;
}

/** An invoice of the history list. */
export function toInvoice(row: InvoiceRow, subunitToUnit: bigint): Invoice {
  const amount = toMajorAmount(row.amount_minor, { subunitToUnit });
  return {
    id: row.id,
    amount,
    currency: row.currency,
    transactionAmount: amount,
    transactionCurrency: row.currency,
    status: row.status,
    statusResult: row.status_result,
    paymentMethod: row.method_id,
    invoiceType: row.invoice_type,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publicData: publicDataOf(row),
    number: row.number,
  };
}

/** A withdrawal as the operator API shows it. */
export function toAdminWithdrawal(row: InvoiceRow, subunitToUnit: bigint): AdminWithdrawal {
  return {
    ...toInvoice(row, subunitToUnit),
    playerId: row.player_id,
    accountId: row.account_id,
    provider: row.provider,
    fields: row.fields,
    approvedBy: row.approved_by,
  };
}

/** The invoice as `payment:invoices#{playerId}` carries it (docs/api.md, Realtime). */
export function toInvoiceUpdate(row: InvoiceRow, subunitToUnit: bigint): InvoiceUpdate {
  const publicData = publicDataOf(row);
  return {
    id: row.id,
    playerId: row.player_id,
    amount: toMajorAmount(row.amount_minor, { subunitToUnit }),
    currency: row.currency,
    paymentMethod: row.method_id,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    number: row.number,
    publicData: publicData
      ? {
          ...(publicData.qr !== undefined ? { qr: publicData.qr } : {}),
          ...(publicData.url !== undefined ? { url: publicData.url } : {}),
        }
      : null,
    invoiceType: row.invoice_type,
  };
}

/**
 * Queues the invoice's update event, published after the transaction commits:
 * `invoice.deposit.updated` or `invoice.withdrawal.updated` (the client alerts on statuses
 * 2 and 3 only), or `invoice.withdrawal.created` for a new withdrawal.
 */
export function publishInvoiceAfterCommit(
  events: RealtimeEvents,
  trx: Transaction<Database>,
  row: InvoiceRow,
  subunitToUnit: bigint,
  options: { created?: boolean } = {},
): void {
  const invoice = toInvoiceUpdate(row, subunitToUnit);
  const channel = channels.paymentInvoices(row.player_id);
  if (row.invoice_type === InvoiceType.DEPOSIT) {
    events.publishAfterCommit(trx, channel, { event: 'invoice.deposit.updated', invoice });
  } else if (options.created) {
    events.publishAfterCommit(trx, channel, { event: 'invoice.withdrawal.created', invoice });
  } else {
    events.publishAfterCommit(trx, channel, { event: 'invoice.withdrawal.updated', invoice });
  }
}
