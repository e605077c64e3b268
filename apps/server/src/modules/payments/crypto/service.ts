import { randomBytes } from 'node:crypto';
import { InvoiceStatus, InvoiceType, toMajorAmount, type Currency } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { RealtimeEvents } from '../../realtime';
import type { Wallet } from '../../wallet';
import type { CurrencyLookup } from '../currencies';
import { publishInvoiceAfterCommit } from '../present';
import { WebhookRejectedError, type PaymentProvider, type ProviderWebhookEvent } from '../provider';
import type { PaymentsRepository } from '../repository';
import { checkAmount, requestErrors } from '../requests';
import type { WebhookOutcome } from '../webhooks';
import { isValidBitcoinAddress, isValidDestinationTag, isValidEthereumAddress, isValidXrpAddress } from './addresses';
import { toChecksumAddress, type BitcoinNetwork } from './derive';
import {
  CRYPTO_NETWORKS,
  NETWORK_OF_CURRENCY,
  isSharedAddressNetwork,
  type AddressDeriver,
  type CryptoNetwork,
} from './networks';
import type { BonusChoice, CryptoPayoutRow, CryptoRepository, CryptoTransferRow } from './repository';
import type { CustodyEvent, PayoutSender } from './custody';

/** The provider key of crypto deposit methods (`payment_methods.provider`) and of their clearing account. */
export const CRYPTO_PROVIDER_ID = 'crypto';

const ANY_AMOUNT = { minMinor: 1n, maxMinor: 9_223_372_036_854_775_807n };

export interface CryptoDepositsDeps {
  repository: CryptoRepository;
  payments: PaymentsRepository;
  accounts: Wallet['accounts'];
  events: RealtimeEvents;
  currencies: CurrencyLookup;
  deriver: AddressDeriver;
  /** Which Bitcoin addresses payouts may go to (bc1… or tb1…). */
  bitcoinNetwork: BitcoinNetwork;
  /** Sends payouts to the chain (the custody API, or the sandbox chain); none: no crypto withdrawals. */
  payoutSender: PayoutSender | undefined;
  /** Applies a provider event the way webhooks are applied (once per event id, then credits). */
  applyEvent(providerId: string, event: ProviderWebhookEvent): Promise<WebhookOutcome>;
}

export interface TransferView {
  txId: string;
  invoiceId: string;
  network: string;
  currency: string;
  status: 'pending' | 'confirmed';
}

const view = (row: CryptoTransferRow): TransferView => ({
  txId: row.tx_id,
  invoiceId: row.invoice_id,
  network: row.network,
  currency: row.currency,
  status: row.status,
});

function isNetwork(value: string): value is CryptoNetwork {
  return (CRYPTO_NETWORKS as readonly string[]).includes(value);
}

/** An address as stored: EIP-55 for Ethereum, lower case bech32 for Bitcoin, XRP as written (case matters). */
function normalizeAddress(text: string): string | null {
  const trimmed = text.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return toChecksumAddress(trimmed);
  if (/^(bc1|tb1)[02-9ac-hj-np-z]{39,59}$/i.test(trimmed)) return trimmed.toLowerCase();
  if (isValidXrpAddress(trimmed)) return trimmed;
  return null;
}

export interface PayoutView {
  txId: string;
  invoiceId: string;
  network: string;
  address: string;
  tag: string | null;
  currency: string;
  status: CryptoPayoutRow['status'];
}

const payoutView = (row: CryptoPayoutRow): PayoutView => ({
  txId: row.tx_id,
  invoiceId: row.invoice_id,
  network: row.network,
  address: row.address,
  tag: row.tag,
  currency: row.currency,
  status: row.status,
});

/**
 * What the deposit QR encodes: a BIP21 / EIP-681 URI for the network's own coin; for a
 * token the bare address (a `ethereum:` URI without the token contract would ask for ETH).
 */
function qrPayload(currency: string, address: string): string {
  if (currency === 'BTC') return `bitcoin:${address}`;
  if (currency === 'ETH') return `ethereum:${address}`;
  return address;
}

/**
 * Crypto deposits: each player has one address per network (derived, never reused for
 * another player), and every transfer seen on it becomes a deposit invoice, pending until
 * it is confirmed. Confirmation goes through the same event path as a PSP's webhook, so
 * crypto and fiat deposits are credited by the same code, exactly once.
 */
export function createCryptoDeposits(deps: CryptoDepositsDeps) {
  const { repository } = deps;
  const { db } = repository;

  /** Where a payout goes: the network of the chosen option, else the currency's own. */
  function payoutNetwork(fields: Readonly<Record<string, string | null>>, currency: string): CryptoNetwork | null {
    const network = fields.crypto_network ?? NETWORK_OF_CURRENCY[currency] ?? '';
    return isNetwork(network) && NETWORK_OF_CURRENCY[currency] === network ? network : null;
  }

  /** Checksums and tags of a payout destination, per field key (empty when it can be paid). */
  function payoutFieldErrors(fields: Readonly<Record<string, string | null>>, currency: string) {
    const errors: Record<string, string[]> = {};
    if (!deps.payoutSender) return { method: ['Crypto withdrawals are not available at the moment.'] };
    const network = payoutNetwork(fields, currency);
    if (!network) return { crypto_network: ['This network is not available for this currency.'] };
    const address = fields.wallet_id?.trim() ?? '';
    const valid =
      network === 'btc'
        ? isValidBitcoinAddress(address, deps.bitcoinNetwork)
        : network === 'eth'
          ? isValidEthereumAddress(address)
          : isValidXrpAddress(address);
    if (!valid) errors.wallet_id = ['This address fails its checksum: check it for typos.'];
    const tag = fields.destination_tag?.trim();
    if (tag && (!isSharedAddressNetwork(network) || !isValidDestinationTag(tag))) {
      errors.destination_tag = ['A destination tag is a whole number up to 4294967295.'];
    }
    return errors;
  }

  /**
   * Crypto deposits answer an address (nothing to start at a provider). Payouts are sent
   * to the chain: outside production the sandbox chain takes them (confirmed or dropped
   * from its control page, then applied like a PSP's payout webhook); a custody adapter
   * that signs and broadcasts real transactions plugs in at `createPayout`.
   */
  const provider: PaymentProvider = {
    id: CRYPTO_PROVIDER_ID,
    createDeposit() {
      return Promise.reject(new Error('crypto deposits answer an address; no payment is started'));
    },
    async createPayout(request) {
      const network = payoutNetwork(request.fields, request.currency);
      const sender = deps.payoutSender;
      if (!sender || !network || Object.keys(payoutFieldErrors(request.fields, request.currency)).length > 0) {
        return { status: 'failed', reason: 'invalid payout destination' };
      }
      // Approving again after an unknown outcome asks again with the same invoice id
      // (the custody's idempotency key); a payout already recorded is simply answered.
      const known = await repository.findPayoutByInvoice(db, request.invoiceId);
      if (known) return { status: 'accepted', providerReference: known.tx_id };
      const address = request.fields.wallet_id?.trim() ?? '';
      const tag = request.fields.destination_tag?.trim() || null;
      const { txId } = await sender({
        invoiceId: request.invoiceId,
        network,
        address,
        tag,
        currency: request.currency,
        amountMinor: request.amountMinor,
      });
      const payout = await repository.insertPayout(db, {
        tx_id: txId,
        invoice_id: request.invoiceId,
        network,
        address,
        tag,
        currency: request.currency,
        amount_minor: request.amountMinor,
      });
      return { status: 'accepted', providerReference: payout.tx_id };
    },
    checkPayoutFields: payoutFieldErrors,
    verifyWebhook() {
      throw new WebhookRejectedError('crypto transfers arrive from the chain watcher, not by webhook');
    },
  };

  /** The chain settled a payout: the withdrawal is paid (or its money returns), once. */
  async function settlePayout(txId: string, outcome: 'confirmed' | 'dropped'): Promise<PayoutView> {
    const payout = await repository.findPayout(db, txId);
    if (!payout) throw AppError.notFound('Unknown transaction.');
    if (payout.status !== 'broadcast' && payout.status !== outcome) {
      throw new AppError('CONFLICT', `This payout is already ${payout.status}.`);
    }
    await deps.applyEvent(
      CRYPTO_PROVIDER_ID,
      outcome === 'confirmed'
        ? {
            eventId: `payout-confirmed:${payout.tx_id}`,
            type: 'payout.succeeded',
            invoiceId: payout.invoice_id,
            amountMinor: payout.amount_minor,
            currency: payout.currency,
            providerReference: payout.tx_id,
          }
        : {
            eventId: `payout-dropped:${payout.tx_id}`,
            type: 'payout.failed',
            invoiceId: payout.invoice_id,
            amountMinor: payout.amount_minor,
            currency: payout.currency,
            providerReference: payout.tx_id,
          },
    );
    await repository.settlePayout(db, payout.tx_id, outcome);
    return payoutView((await repository.findPayout(db, txId)) ?? payout);
  }

  /** The player's address on a network, allocated on first use (concurrent first requests get one). */
  async function addressFor(
    playerId: string,
    network: CryptoNetwork,
  ): Promise<{ address: string; tag: string | null }> {
    const existing = await repository.findAddress(db, playerId, network);
    if (existing) return { address: existing.address, tag: existing.tag };
    if (!deps.deriver.networks().includes(network)) throw new AppError('PAYMENT_PROVIDER_FAILED');
    const row = await db.transaction().execute(async (trx) => {
      if (!(await repository.lockPlayer(trx, playerId))) throw AppError.notFound('Unknown player.');
      const mine = await repository.findAddress(trx, playerId, network);
      if (mine) return mine;
      const index = await repository.takeIndex(trx, network);
      const derived = deps.deriver.derive(network, index);
      const inserted = await repository.insertAddress(trx, {
        player_id: playerId,
        network,
        derivation_index: index,
        address: derived.address,
        tag: derived.tag,
      });
      if (!inserted) throw new Error('crypto address allocated twice for one player');
      return inserted;
    });
    return { address: row.address, tag: row.tag };
  }

  async function currencyOnNetworkOrThrow(code: string, network: string): Promise<Currency> {
    const currency = await deps.currencies.payable(code);
    if (!currency || currency.type !== 'crypto' || NETWORK_OF_CURRENCY[currency.code] !== network) {
      throw AppError.validation({ currency: ['This currency is not carried on this network.'] });
    }
    return currency;
  }

  return {
    provider,
    addressFor,

    /**
     * The address of a crypto deposit request: the chosen network option, else the
     * currency's own network. Invoices come with transfers, so the request's bonus choice
     * (checked by the caller) is kept for the player's next deposit in the currency, replacing
     * an earlier one; the transaction that credits that deposit takes it (`takeBonusChoice`).
     */
    async depositAddress(options: {
      playerId: string;
      currency: string;
      network: string | null;
      bonusChoice: BonusChoice;
    }): Promise<{ address: string; tag: string | null; qr: string }> {
      const network = options.network ?? NETWORK_OF_CURRENCY[options.currency] ?? '';
      if (!isNetwork(network) || NETWORK_OF_CURRENCY[options.currency] !== network) {
        throw AppError.validation({ crypto_network: ['This network is not available for this currency.'] });
      }
      const found = await addressFor(options.playerId, network);
      await repository.saveBonusChoice(db, options.playerId, options.currency, options.bonusChoice);
      return { ...found, qr: qrPayload(options.currency, found.address) };
    },

    /**
     * In the transaction crediting a deposit: a crypto deposit's bonus choice, taken once
     * (undefined for other providers' invoices, which carry their own, and when the player
     * made none: the deposit then names no bonus, as a card deposit without one).
     */
    async takeBonusChoice(
      trx: Transaction<Database>,
      invoice: { provider: string; player_id: string; currency: string },
    ): Promise<BonusChoice | undefined> {
      if (invoice.provider !== CRYPTO_PROVIDER_ID) return undefined;
      return repository.takeBonusChoice(trx, invoice.player_id, invoice.currency);
    },

    /**
     * A transfer to one of our addresses was seen (unconfirmed): its deposit invoice is
     * created pending, in the player's account of that currency (opened if need be).
     */
    async recordTransfer(
      input: { address: string; tag?: string | null; currency: string; txId?: string } & (
        { amount: unknown } | { amountMinor: bigint }
      ),
    ): Promise<TransferView> {
      if (input.txId) {
        // The chain watcher may report a transfer more than once: the first report stands.
        const seen = await repository.findTransfer(db, input.txId);
        if (seen) return view(seen);
      }
      const normalized = normalizeAddress(input.address);
      const tag = input.tag?.trim() || null;
      const target = normalized ? await repository.findByAddress(db, normalized, tag) : undefined;
      if (!target) {
        // A transfer to a shared address without its tag cannot be attributed (an operator sorts it out by hand).
        const shared = normalized !== null && (await repository.hasTaggedAddress(db, normalized));
        throw AppError.validation(
          shared
            ? { tag: ['No player has this destination tag on this address.'] }
            : { address: ['This is not one of our deposit addresses.'] },
        );
      }
      const currency = await currencyOnNetworkOrThrow(input.currency, target.network);
      const errors = requestErrors();
      const amountMinor =
        'amountMinor' in input ? input.amountMinor : checkAmount(input.amount, currency, ANY_AMOUNT, errors);
      errors.throwIfAny();
      if (amountMinor === null || amountMinor <= 0n) throw AppError.validation({ amount: ['Must be above zero.'] });
      const methodId = await repository.findDepositMethod(db, CRYPTO_PROVIDER_ID, currency.code);
      if (!methodId) throw AppError.validation({ currency: ['No crypto deposit method takes this currency.'] });
      const txId = input.txId ?? `sandbox-${randomBytes(16).toString('hex')}`;
      const subunit = BigInt(currency.subunitToUnit);

      const transfer = await deps.events.transaction(async (trx) => {
        const account = await deps.accounts.ensureAccount(trx, target.player_id, currency.code);
        const invoice = await deps.payments.insertInvoice(trx, {
          player_id: target.player_id,
          account_id: account.id,
          invoice_type: InvoiceType.DEPOSIT,
          method_id: methodId,
          provider: CRYPTO_PROVIDER_ID,
          currency: currency.code,
          amount_minor: amountMinor,
          fields: JSON.stringify({ crypto_network: target.network }),
          provider_reference: txId,
          country: null,
          // The player's bonus choice is taken when the deposit is credited (takeBonusChoice).
          bonus_id: null,
          is_bonus_decline: false,
          idempotency_key: null,
          request_hash: null,
        });
        if (!invoice) throw new Error('crypto deposit invoice not created');
        const row = await repository.insertTransfer(trx, {
          tx_id: txId,
          network: target.network,
          address_id: target.id,
          currency: currency.code,
          amount_minor: amountMinor,
          invoice_id: invoice.id,
        });
        publishInvoiceAfterCommit(deps.events, trx, invoice, subunit);
        return row;
      });
      return view(transfer);
    },

    /** The transfer reached its confirmations: the deposit succeeds and is credited, once. */
    async confirmTransfer(txId: string): Promise<TransferView & { credited: boolean }> {
      const transfer = await repository.findTransfer(db, txId);
      if (!transfer) throw AppError.notFound('Unknown transaction.');
      const outcome = await deps.applyEvent(CRYPTO_PROVIDER_ID, {
        eventId: `confirmed:${transfer.tx_id}`,
        type: 'deposit.succeeded',
        invoiceId: transfer.invoice_id,
        amountMinor: transfer.amount_minor,
        currency: transfer.currency,
        providerReference: transfer.tx_id,
      });
      if (outcome.invoiceStatus === InvoiceStatus.SUCCESS) await repository.markConfirmed(db, transfer.tx_id);
      const after = await repository.findTransfer(db, txId);
      return { ...view(after ?? transfer), credited: outcome.applied };
    },

    /** Applies one authenticated custody event (transfers seen and confirmed, payouts settled). */
    async applyCustodyEvent(event: CustodyEvent): Promise<{ applied: boolean }> {
      switch (event.type) {
        case 'transfer.seen': {
          const known = await repository.findTransfer(db, event.txId);
          await this.recordTransfer({
            address: event.address,
            tag: event.tag ?? null,
            currency: event.currency,
            txId: event.txId,
            amountMinor: BigInt(event.amountMinor),
          });
          return { applied: !known };
        }
        case 'transfer.confirmed':
          return { applied: (await this.confirmTransfer(event.txId)).credited };
        case 'payout.confirmed':
        case 'payout.failed': {
          const outcome = event.type === 'payout.confirmed' ? 'confirmed' : 'dropped';
          const before = await repository.findPayout(db, event.txId);
          const after = await settlePayout(event.txId, outcome);
          return { applied: before?.status !== after.status };
        }
      }
    },

    /** Sandbox chain: the chain confirmed a payout (the withdrawal is paid) or dropped it (the money returns). */
    confirmPayout: (txId: string) => settlePayout(txId, 'confirmed'),
    dropPayout: (txId: string) => settlePayout(txId, 'dropped'),

    /** The latest payouts, amounts in major units (for the sandbox chain's page). */
    async recentPayouts(limit: number): Promise<(PayoutView & { amount: number })[]> {
      const subunitOf = await deps.currencies.subunits();
      const rows = await repository.recentPayouts(db, limit);
      return rows.map((row) => ({
        ...payoutView(row),
        amount: toMajorAmount(row.amount_minor, { subunitToUnit: subunitOf(row.currency) }),
      }));
    },

    /** The latest transfers, amounts in major units (for the sandbox chain's page). */
    async recentTransfers(limit: number): Promise<(TransferView & { address: string; amount: number })[]> {
      const subunitOf = await deps.currencies.subunits();
      const rows = await repository.recentTransfers(db, limit);
      return rows.map((row) => ({
        ...view(row),
        address: row.address,
        amount: toMajorAmount(row.amount_minor, { subunitToUnit: subunitOf(row.currency) }),
      }));
    },
  };
}

export type CryptoDeposits = ReturnType<typeof createCryptoDeposits>;
