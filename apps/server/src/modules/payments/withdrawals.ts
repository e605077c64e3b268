import {
  InvoiceStatus,
  InvoiceType,
  toMajorAmount,
  type InvoicePublicData,
  type WithdrawRequest,
  type WithdrawResponse,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventRegistry } from '../../lib/events';
import { ruleText } from '../../lib/field-errors';
import type { RealtimeEvents } from '../realtime';
import type { Ledger, Wallet } from '../wallet';
import { clearingAccount } from './clearing';
import { toBaseMajor, type CurrencyLookup, type SubunitOf } from './currencies';
import type { ProfileSource } from './deposits';
import { checkMethodFields } from './fields';
import type { IdentityCheck } from './identity';
import type { PaymentMethods } from './methods';
import { publishInvoiceAfterCommit } from './present';
import type { ProviderPayoutResult, ProviderRegistry, ProviderWebhookEvent } from './provider';
import type { InvoiceRow, PaymentsRepository } from './repository';
import { checkAmount, isUuid, replayOrThrow, requestErrors, requestHashOf, requestTarget } from './requests';

export interface WithdrawalDeps {
  repository: PaymentsRepository;
  accounts: Wallet['accounts'];
  ledger: Ledger;
  events: RealtimeEvents;
  methods: PaymentMethods;
  currencies: CurrencyLookup;
  profiles: ProfileSource;
  providers: ProviderRegistry;
  /** Base-currency major units up to which a withdrawal is approved at once; 0: never. */
  autoApproveMaxBase: number;
  /** Origin of our webhook endpoints as providers reach them (PUBLIC_URL). */
  webhookBase: string;
  /** Rows the provider's clearing account is split over (see clearing.ts). */
  clearingShards: number;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /**
   * The bonuses module: a withdrawal forfeits the account's active bonus (the player was
   * warned), in the withdrawal's transaction, the account row locked first.
   */
  onWithdrawal?: (trx: Transaction<Database>, withdrawal: { playerId: string; accountId: string }) => Promise<void>;
  /** The verification module's rule: a withdrawal above a threshold needs a verified identity. */
  identity?: IdentityCheck;
  /** Told of a paid withdrawal inside its transaction (the messenger's system message). */
  appEvents?: EventRegistry;
}

/**
 * Withdrawals and where their money is at each step (ledger keys name the invoice):
 *
 *   request   player real → player locked            withdrawal:hold:{id}     status 1
 *   decline / reject
 *             player locked → player real            withdrawal:release:{id}  status 3
 *   approve   player locked → withdrawals_pending    withdrawal:approve:{id}  status 4
 *   paid      withdrawals_pending → payment clearing withdrawal:paid:{id}     status 2
 *   payout failed
 *             withdrawals_pending → player real      withdrawal:return:{id}   status 3
 *
 * The hold is taken in the transaction that inserts the invoice, with the account row
 * locked, and never exceeds the withdrawable balance (real − restricted): parallel
 * requests for the whole balance serialise on that lock and one of them gets it.
 */
export function createWithdrawals(deps: WithdrawalDeps) {
  const { repository, ledger, events, providers } = deps;
  const { db } = repository;

  const playerAccount = (invoice: InvoiceRow) => ({ accountId: invoice.account_id });
  const pending = (invoice: InvoiceRow) => ({ operator: 'withdrawals_pending' as const, currency: invoice.currency });

  /** Money held for a pending withdrawal goes back to the player's real balance. */
  async function release(
    trx: Transaction<Database>,
    invoice: InvoiceRow,
    subunitOf: SubunitOf,
    result: 'declined' | 'rejected',
    reason?: string,
  ): Promise<InvoiceRow> {
    await ledger.postIn(trx, {
      idempotencyKey: `withdrawal:release:${invoice.id}`,
      kind: 'withdrawal_release',
      entries: [
        { accountRef: playerAccount(invoice), bucket: 'locked', amountMinor: -invoice.amount_minor },
        { accountRef: playerAccount(invoice), bucket: 'real', amountMinor: invoice.amount_minor },
      ],
      metadata: { invoiceId: invoice.id, result, ...(reason ? { reason } : {}) },
    });
    const updated = await repository.updateInvoice(trx, invoice.id, {
      status: InvoiceStatus.ERROR,
      status_result: result,
      processed_at: new Date(),
    });
    publishInvoiceAfterCommit(events, trx, updated, subunitOf(updated.currency));
    return updated;
  }

  /** Status 4 → 2 (paid) or 3 (payout failed, money back), once. */
  async function settlePayout(
    trx: Transaction<Database>,
    invoice: InvoiceRow,
    subunitOf: SubunitOf,
    outcome:
      { paid: true; providerReference?: string; publicData?: InvoicePublicData } | { paid: false; reason: string },
  ): Promise<InvoiceRow> {
    if (invoice.status !== InvoiceStatus.PROCESSING) return invoice;
    if (outcome.paid) {
      await ledger.postIn(trx, {
        idempotencyKey: `withdrawal:paid:${invoice.id}`,
        kind: 'withdrawal_paid',
        entries: [
          { accountRef: pending(invoice), amountMinor: -invoice.amount_minor },
          {
            accountRef: clearingAccount(invoice.provider, invoice.currency, invoice.id, deps.clearingShards),
            amountMinor: invoice.amount_minor,
          },
        ],
        metadata: { invoiceId: invoice.id, provider: invoice.provider },
      });
    } else {
      await ledger.postIn(trx, {
        idempotencyKey: `withdrawal:return:${invoice.id}`,
        kind: 'withdrawal_return',
        entries: [
          { accountRef: pending(invoice), amountMinor: -invoice.amount_minor },
          { accountRef: playerAccount(invoice), bucket: 'real', amountMinor: invoice.amount_minor },
        ],
        metadata: { invoiceId: invoice.id, provider: invoice.provider, reason: outcome.reason.slice(0, 200) },
      });
    }
    const publicData = outcome.paid && outcome.publicData ? outcome.publicData : undefined;
    const updated = await repository.updateInvoice(trx, invoice.id, {
      status: outcome.paid ? InvoiceStatus.SUCCESS : InvoiceStatus.ERROR,
      status_result: outcome.paid ? 'paid' : 'payout_failed',
      processed_at: new Date(),
      ...(outcome.paid && outcome.providerReference ? { provider_reference: outcome.providerReference } : {}),
      ...(publicData ? { public_data: JSON.stringify({ ...(invoice.public_data ?? {}), ...publicData }) } : {}),
    });
    publishInvoiceAfterCommit(events, trx, updated, subunitOf(updated.currency));
    if (outcome.paid) {
      await deps.appEvents?.emit('payments.withdrawal-paid', {
        trx,
        playerId: updated.player_id,
        invoiceId: updated.id,
        amountMinor: updated.amount_minor,
        currency: updated.currency,
        subunitToUnit: Number(subunitOf(updated.currency)),
      });
    }
    return updated;
  }

  /** Asks the provider to pay an approved (status 4) withdrawal; outside any transaction. */
  async function sendPayout(invoice: InvoiceRow): Promise<InvoiceRow> {
    const subunitOf = await deps.currencies.subunits();
    const provider = providers.get(invoice.provider);
    if (!provider)
      throw new AppError('SERVICE_UNAVAILABLE', `The payment provider ${invoice.provider} is not configured.`);
    const profile = await deps.profiles.getProfile(invoice.player_id);
    let result: ProviderPayoutResult;
    try {
      result = await provider.createPayout({
        invoiceId: invoice.id,
        methodId: invoice.method_id,
        amountMinor: invoice.amount_minor,
        currency: invoice.currency,
        subunitToUnit: subunitOf(invoice.currency),
        fields: invoice.fields,
        player: {
          id: invoice.player_id,
          email: profile.email,
          phone: profile.phone,
          country: profile.country,
          locale: profile.locale,
        },
        webhookUrl: `${deps.webhookBase}/api/payment/webhooks/${provider.id}`,
      });
    } catch (error) {
      // Unknown outcome: the withdrawal stays in processing; approving it again retries
      // (the provider dedupes on the invoice id).
      deps.log.error(
        { err: error, invoiceId: invoice.id },
        'payments: payout request failed; retry by approving again',
      );
      return invoice;
    }
    return events.transaction(async (trx) => {
      const locked = await repository.lockInvoice(trx, invoice.id);
      if (!locked) throw new Error(`invoice ${invoice.id} vanished`);
      if (result.status === 'failed') {
        return settlePayout(trx, locked, subunitOf, { paid: false, reason: result.reason });
      }
      if (result.status === 'completed') {
        return settlePayout(trx, locked, subunitOf, {
          paid: true,
          ...(result.providerReference ? { providerReference: result.providerReference } : {}),
          ...(result.publicData ? { publicData: result.publicData } : {}),
        });
      }
      if (locked.status !== InvoiceStatus.PROCESSING) return locked;
      return repository.updateInvoice(trx, invoice.id, {
        provider_reference: result.providerReference ?? locked.provider_reference,
        ...(result.publicData
          ? { public_data: JSON.stringify({ ...(locked.public_data ?? {}), ...result.publicData }) }
          : {}),
      });
    });
  }

  /** Status 1 → 4 in the caller's transaction: the held money leaves the player for the withdrawals-pending account. */
  async function markApproved(
    trx: Transaction<Database>,
    invoice: InvoiceRow,
    subunitOf: SubunitOf,
    by: 'auto' | 'operator',
  ): Promise<InvoiceRow> {
    await ledger.postIn(trx, {
      idempotencyKey: `withdrawal:approve:${invoice.id}`,
      kind: 'withdrawal_approve',
      entries: [
        { accountRef: playerAccount(invoice), bucket: 'locked', amountMinor: -invoice.amount_minor },
        { accountRef: pending(invoice), amountMinor: invoice.amount_minor },
      ],
      metadata: { invoiceId: invoice.id, approvedBy: by },
    });
    const updated = await repository.updateInvoice(trx, invoice.id, {
      status: InvoiceStatus.PROCESSING,
      approved_by: by,
    });
    publishInvoiceAfterCommit(events, trx, updated, subunitOf(updated.currency));
    return updated;
  }

  /** Status 1 → 4, then the payout is sent. */
  async function approve(invoiceId: string, by: 'auto' | 'operator'): Promise<InvoiceRow> {
    if (!isUuid(invoiceId)) throw AppError.notFound('Unknown invoice.');
    const subunitOf = await deps.currencies.subunits();
    const approved = await events.transaction(async (trx) => {
      const invoice = await repository.lockInvoice(trx, invoiceId.toLowerCase());
      if (!invoice || invoice.invoice_type !== InvoiceType.WITHDRAWAL) throw AppError.notFound('Unknown invoice.');
      // Approving a withdrawal already in processing sends its payout again.
      if (invoice.status === InvoiceStatus.PROCESSING) return invoice;
      if (invoice.status !== InvoiceStatus.PENDING) {
        throw new AppError('CONFLICT', 'Only a pending withdrawal can be approved.');
      }
      return markApproved(trx, invoice, subunitOf, by);
    });
    return sendPayout(approved);
  }

  async function shouldAutoApprove(amountMinor: bigint, currencyCode: string): Promise<boolean> {
    if (deps.autoApproveMaxBase <= 0) return false;
    const byCode = await deps.currencies.byCode();
    const currency = byCode.get(currencyCode);
    if (!currency) return false;
    return toBaseMajor(amountMinor, currency, await deps.currencies.base()) <= deps.autoApproveMaxBase;
  }

  return {
    approve,
    sendPayout,

    async create(options: {
      playerId: string;
      body: WithdrawRequest;
      idempotencyKey: string | undefined;
      visitorCountry: string | null;
    }): Promise<WithdrawResponse> {
      const { playerId, body } = options;
      const profile = await deps.profiles.getProfile(playerId);
      const hash = requestHashOf('withdrawal', body);
      if (options.idempotencyKey) {
        const existing = await repository.findInvoiceByKey(db, playerId, options.idempotencyKey);
        if (existing) return replayOrThrow<WithdrawResponse>(existing, hash);
      }

      const { currency, account, country, method } = await requestTarget(deps, 'withdrawal', {
        playerId,
        body,
        visitorCountry: options.visitorCountry,
        profileCountry: profile.country,
      });
      const errors = requestErrors();
      const fields = checkMethodFields(method, body.fields);
      errors.merge(fields.errors);
      if (Object.keys(fields.errors).length === 0) {
        const checked = providers.get(method.provider)?.checkPayoutFields?.(fields.values, currency.code);
        if (checked) errors.merge(checked);
      }
      const amountMinor = checkAmount(body.amount, currency, fields.bounds, errors);
      errors.throwIfAny();
      if (amountMinor === null) throw new Error('unreachable: amount errors are thrown above');
      await deps.identity?.withdrawal(playerId, currency.code, amountMinor);

      const autoApprove = await shouldAutoApprove(amountMinor, currency.code);
      const subunitOf = await deps.currencies.subunits();

      const invoice = await events.transaction(async (trx) => {
        // The account row stays locked to the end: the withdrawable balance cannot change
        // under us. It is locked before the invoice is inserted, whose foreign key would
        // otherwise share-lock it and deadlock parallel requests.
        const withdrawable = await deps.accounts.lockWithdrawable(trx, account.id);
        if (withdrawable === undefined) {
          throw AppError.validation({ accountId: ['Unknown account.'] }, 'Unknown account.');
        }
        // The key is claimed before the balance check: a concurrent request with the same
        // key finds it (or waits on this insert) and replays our answer instead of being
        // refused for the money we hold.
        const inserted = await repository.insertInvoice(trx, {
          player_id: playerId,
          account_id: account.id,
          invoice_type: InvoiceType.WITHDRAWAL,
          method_id: method.id,
          provider: method.provider,
          currency: currency.code,
          amount_minor: amountMinor,
          fields: JSON.stringify(fields.values),
          country,
          idempotency_key: options.idempotencyKey ?? null,
          request_hash: options.idempotencyKey ? hash : null,
        });
        if (!inserted) return undefined;
        if (amountMinor > withdrawable) {
          const max = toMajorAmount(withdrawable, currency);
          // Rolls the claim back too: a waiting request with the key then tries afresh.
          throw AppError.validation(
            { amount: [ruleText('max', { max })] },
            'The amount exceeds the withdrawable balance.',
          );
        }
        await ledger.postIn(trx, {
          idempotencyKey: `withdrawal:hold:${inserted.id}`,
          kind: 'withdrawal_hold',
          entries: [
            { accountRef: { accountId: account.id }, bucket: 'real', amountMinor: -amountMinor },
            { accountRef: { accountId: account.id }, bucket: 'locked', amountMinor },
          ],
          metadata: { invoiceId: inserted.id },
        });
        await deps.onWithdrawal?.(trx, { playerId, accountId: account.id });
        publishInvoiceAfterCommit(events, trx, inserted, BigInt(currency.subunitToUnit), { created: true });
        // Approved in the same transaction, so that a replay answers the same status.
        if (autoApprove) await markApproved(trx, inserted, subunitOf, 'auto');
        const response: WithdrawResponse = {
          invoiceId: inserted.id,
          method: method.id,
          type: method.type,
          status: autoApprove ? InvoiceStatus.PROCESSING : InvoiceStatus.PENDING,
        };
        return repository.updateInvoice(trx, inserted.id, { response: JSON.stringify(response) });
      });
      if (!invoice) {
        const existing = await repository.findInvoiceByKey(db, playerId, options.idempotencyKey ?? '');
        if (!existing) throw new Error('idempotent withdrawal vanished');
        return replayOrThrow<WithdrawResponse>(existing, hash);
      }
      if (autoApprove) await sendPayout(invoice);
      return invoice.response as WithdrawResponse;
    },

    /** The player takes back a pending withdrawal: the held money returns, once. */
    async decline(trx: Transaction<Database>, invoice: InvoiceRow, subunitOf: SubunitOf): Promise<InvoiceRow> {
      if (invoice.status === InvoiceStatus.ERROR && invoice.status_result === 'declined') return invoice;
      if (invoice.status !== InvoiceStatus.PENDING) {
        throw new AppError('CONFLICT', 'This withdrawal can no longer be declined.');
      }
      return release(trx, invoice, subunitOf, 'declined');
    },

    /** The operator refuses a pending withdrawal: the held money returns to the player. */
    async reject(invoiceId: string, reason?: string): Promise<InvoiceRow> {
      if (!isUuid(invoiceId)) throw AppError.notFound('Unknown invoice.');
      const subunitOf = await deps.currencies.subunits();
      return events.transaction(async (trx) => {
        const invoice = await repository.lockInvoice(trx, invoiceId.toLowerCase());
        if (!invoice || invoice.invoice_type !== InvoiceType.WITHDRAWAL) throw AppError.notFound('Unknown invoice.');
        if (invoice.status !== InvoiceStatus.PENDING) {
          throw new AppError('CONFLICT', 'Only a pending withdrawal can be rejected.');
        }
        return release(trx, invoice, subunitOf, 'rejected', reason);
      });
    },

    /** Applies a provider's payout event to the locked invoice, in the webhook's transaction. */
    async applyProviderEvent(
      trx: Transaction<Database>,
      invoice: InvoiceRow,
      event: ProviderWebhookEvent,
      subunitOf: SubunitOf,
    ): Promise<InvoiceRow> {
      if (event.type === 'payout.succeeded') {
        return settlePayout(trx, invoice, subunitOf, {
          paid: true,
          ...(event.providerReference ? { providerReference: event.providerReference } : {}),
          ...(event.publicData ? { publicData: event.publicData } : {}),
        });
      }
      if (event.type === 'payout.failed') {
        return settlePayout(trx, invoice, subunitOf, { paid: false, reason: event.reason ?? 'failed' });
      }
      throw new AppError('CONFLICT', `A ${event.type} event does not apply to a withdrawal.`);
    },
  };
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
