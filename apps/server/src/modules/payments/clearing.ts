import type { AccountRef } from '../wallet';

/**
 * The operator's payment clearing account an invoice's money passes through: one per
 * provider and currency, split over `shards` keyed rows (`{provider}.{n}`, the shard
 * chosen by the invoice id). Every deposit locks its clearing row until it commits, so
 * with one row all deposits of a provider and currency would queue on that lock; shards
 * let them proceed side by side. A provider's clearing balance is the sum of its rows
 * (operator_key = provider or like 'provider.%'). One shard keeps the plain provider key.
 */
export function clearingAccount(provider: string, currency: string, invoiceId: string, shards: number): AccountRef {
  if (shards <= 1) return { operator: 'payment_clearing', key: provider, currency };
  const shard = Number.parseInt(invoiceId.replace(/-/g, '').slice(0, 8), 16) % shards;
  return { operator: 'payment_clearing', key: `${provider}.${Number.isNaN(shard) ? 0 : shard}`, currency };
}
