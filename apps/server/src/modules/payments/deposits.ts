import type { EventRegistry } from '../../lib/events';
import { setTimeout as delay } from 'node:timers/promises';
import {
  InvoiceStatus,
  InvoiceType,
  PlayerStatus,
  type DepositRequest,
  type DepositResponse,
  type Profile,
} from '@croupier/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from '../realtime';
import type { Ledger, Wallet } from '../wallet';
import { clearingAccount } from './clearing';
import { checkMethodFields } from './fields';
import type { CurrencyLookup, SubunitOf } from './currencies';
import type { IdentityCheck } from './identity';
import type { DepositLimitPolicy } from './limits';
import type { PaymentMethods } from './methods';
import { publishInvoiceAfterCommit } from './present';
import type { ProviderRegistry, ProviderWebhookEvent } from './provider';
import type { InvoiceRow, PaymentsRepository } from './repository';
import { checkAmount, replayOrThrow, requestErrors, requestHashOf, requestTarget, returnUrl } from './requests';
import type { Turnover } from './turnover';

export interface ProfileSource {
  getProfile(playerId: string): Promise<Profile>;
}

/** Statuses from which an invoice can still change. */
const OPEN_STATUSES: readonly number[] = [InvoiceStatus.PENDING, InvoiceStatus.PROCESSING, InvoiceStatus.PREPARING];

/**
 * How long a request waits for a concurrent one with its Idempotency-Key to get the
 * provider's answer (the provider is called outside any transaction, so there is no row
 * lock to wait on); beyond it the retry is a 409, as while the first is still running.
 */
const FIRST_ANSWER_WAIT_MS = 20_000;
const FIRST_ANSWER_POLL_MS = 50;

/** What a deposit request chose: a bonus, a decline, or neither (a waiting bonus code may apply). */
function bonusChoiceOf(body: DepositRequest): DepositBonusChoice {
  const declined = body.isBonusDecline ?? false;
  return { bonus_id: declined ? null : body.bonusId || null, is_bonus_decline: declined };
}

/** Profiles that may not deposit (limitedDeposit): limited deposits, self-excluded. */
const NO_DEPOSITS: readonly number[] = [PlayerStatus.LIMITED_DEPOSITS, PlayerStatus.SELF_EXCLUDED];

export interface DepositDeps {
  repository: PaymentsRepository;
  accounts: Wallet['accounts'];
  ledger: Ledger;
  events: RealtimeEvents;
  methods: PaymentMethods;
  currencies: CurrencyLookup;
  profiles: ProfileSource;
  providers: ProviderRegistry;
  turnover: Turnover;
  depositLimits: DepositLimitPolicy;
  /** Origin of our webhook endpoints as providers reach them (PUBLIC_URL). */
  webhookBase: string;
  /** Rows the provider's clearing account is split over (see clearing.ts). */
  clearingShards: number;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Answers crypto (`type: 'address'`) deposit requests with the player's address (crypto/service.ts). */
  addressDeposits?: AddressDeposits;
  /** The bonuses module's side of a deposit that names a bonus. */
  depositBonuses?: DepositBonusPolicy;
  /** The verification module's rule: deposits above a threshold need a verified identity. */
  identity?: IdentityCheck;
  /** Told of each credited deposit inside its transaction (`payments.deposit-credited`: the activity stream). */
  appEvents?: EventRegistry;
}

/** What the bonuses module does with a deposit's `bonusId` (a 422 on it when refused). */
export interface DepositBonusPolicy {
  /**
   * Before anything is written: may this player have this bonus for this deposit? The amount
   * is null for a crypto deposit (the transfer's amount is checked when it is credited).
   */
  check(playerId: string, bonusId: string, currency: string, amountMinor: bigint | null): Promise<void>;
  /** Inside the transaction that credits the deposit: issues the bonus. */
  onDepositCredited(
    trx: Transaction<Database>,
    deposit: {
      invoiceId: string;
      playerId: string;
      accountId: string;
      currency: string;
      amountMinor: bigint;
      bonusId: string | null;
    },
  ): Promise<void>;
}

/** A deposit's bonus choice, as the invoice's columns of the same names hold it. */
export interface DepositBonusChoice {
  bonus_id: string | null;
  is_bonus_decline: boolean;
}

export interface AddressDeposits {
  /** The player's address; the request's bonus choice waits for their next deposit in the currency. */
  depositAddress(options: {
    playerId: string;
    currency: string;
    network: string | null;
    bonusChoice: DepositBonusChoice;
  }): Promise<{ address: string; tag: string | null; qr: string }>;
  /** In the crediting transaction: the choice of a deposit whose invoice the transfer created, taken once. */
  takeBonusChoice(trx: Transaction<Database>, invoice: InvoiceRow): Promise<DepositBonusChoice | undefined>;
}

/**
 * Deposits: the invoice is created pending, the provider starts the payment, and the
 * provider's webhook settles it. Money moves only then: payment clearing of the provider
 * → the player's real balance, in the transaction that marks the invoice successful.
 */
export function createDeposits(deps: DepositDeps) {
  const { repository, events, providers } = deps;
  const { db } = repository;

  async function refuseWhenLimited(
    playerId: string,
    currency: string,
    amountMinor?: bigint,
    inTransaction?: { trx: Kysely<Database>; accountId: string },
  ): Promise<void> {
    const decision = await deps.depositLimits.check(inTransaction?.trx ?? db, {
      playerId,
      currency,
      ...(inTransaction ? { accountId: inTransaction.accountId } : {}),
      ...(amountMinor === undefined ? {} : { amountMinor }),
    });
    if (!decision.allowed) throw new AppError('DEPOSIT_LIMIT_REACHED', decision.reason);
  }

  /** The answer of the first request with this key, once it has one. */
  async function replayFirst(playerId: string, idempotencyKey: string, hash: string): Promise<DepositResponse> {
    const deadlineMs = Date.now() + FIRST_ANSWER_WAIT_MS;
    for (;;) {
      const existing = await repository.findInvoiceByKey(db, playerId, idempotencyKey);
      if (!existing) throw new Error('idempotent deposit vanished');
      const starting =
        existing.request_hash === hash && existing.response === null && existing.status_result !== 'provider_error';
      if (!starting || Date.now() >= deadlineMs) return replayOrThrow<DepositResponse>(existing, hash);
      await delay(FIRST_ANSWER_POLL_MS);
    }
  }

  return {
    /** 13100 when a deposit limit forbids deposits now (for the methods list). */
    refuseWhenLimited,

    async create(options: {
      playerId: string;
      body: DepositRequest;
      idempotencyKey: string | undefined;
      /** The region: the body's, else the visitor's, else the profile's country. */
      visitorCountry: string | null;
      siteOrigin: string;
    }): Promise<DepositResponse> {
      const { playerId, body } = options;
      const profile = await deps.profiles.getProfile(playerId);
      if (NO_DEPOSITS.includes(profile.status)) throw new AppError('DEPOSITS_LIMITED');

      const hash = requestHashOf('deposit', body);
      if (options.idempotencyKey) {
        const existing = await repository.findInvoiceByKey(db, playerId, options.idempotencyKey);
        if (existing) return replayFirst(playerId, options.idempotencyKey, hash);
      }

      const { currency, account, country, method } = await requestTarget(deps, 'deposit', {
        playerId,
        body,
        visitorCountry: options.visitorCountry,
        profileCountry: profile.country,
      });
      const provider = providers.get(method.provider);
      if (!provider) throw new Error(`provider ${method.provider} vanished`);

      const errors = requestErrors();
      const fields = checkMethodFields(method, body.fields);
      errors.merge(fields.errors);
      if (method.type === 'address') {
        // Crypto: the answer is the player's address, whatever the amount (clients send
        // amountMin or 0); each transfer to the address becomes an invoice of its own.
        errors.throwIfAny();
        await refuseWhenLimited(playerId, currency.code);
        // The transfer's amount is unknown: the deposits made so far must stay within the rule.
        await deps.identity?.deposit(playerId, currency.code, 0n);
        if (!deps.addressDeposits) throw new AppError('PAYMENT_PROVIDER_FAILED');
        // The bonus is checked now, without an amount; the transfer's amount is checked when credited.
        const bonusChoice = bonusChoiceOf(body);
        if (bonusChoice.bonus_id !== null) {
          await deps.depositBonuses?.check(playerId, bonusChoice.bonus_id, currency.code, null);
        }
        const { address, tag, qr } = await deps.addressDeposits.depositAddress({
          playerId,
          currency: currency.code,
          network: fields.values['crypto_network'] ?? null,
          bonusChoice,
        });
        return {
          invoiceId: '',
          action: '',
          fields: {},
          qr,
          address,
          ...(tag !== null ? { tag } : {}),
          method: method.id,
          type: method.type,
          processingType: method.processingType,
        };
      }
      const amountMinor = checkAmount(body.amount, currency, fields.bounds, errors);
      const returnUrls = {
        success: returnUrl(body.redirectSuccessUrl, options.siteOrigin, 'redirectSuccessUrl', errors),
        error: returnUrl(body.redirectErrorUrl, options.siteOrigin, 'redirectErrorUrl', errors),
        redirect: returnUrl(body.redirectUrl, options.siteOrigin, 'redirectUrl', errors),
      };
      errors.throwIfAny();
      if (amountMinor === null) throw new Error('unreachable: amount errors are thrown above');
      // Asked first without a lock, for a quick answer; then again with the invoice below.
      await refuseWhenLimited(playerId, currency.code, amountMinor);
      await deps.identity?.deposit(playerId, currency.code, amountMinor);
      if (body.bonusId && !body.isBonusDecline) {
        await deps.depositBonuses?.check(playerId, body.bonusId, currency.code, amountMinor);
      }

      // The limit and the invoice in one transaction: the policy locks the account's deposit
      // limits, so parallel deposits queue and the pending invoice counts for the next one.
      const invoice = await db.transaction().execute(async (trx) => {
        await refuseWhenLimited(playerId, currency.code, amountMinor, { trx, accountId: account.id });
        return repository.insertInvoice(trx, {
          player_id: playerId,
          account_id: account.id,
          invoice_type: InvoiceType.DEPOSIT,
          method_id: method.id,
          provider: provider.id,
          currency: currency.code,
          amount_minor: amountMinor,
          fields: JSON.stringify(fields.values),
          country,
          bonus_id: body.bonusId ?? null,
          is_bonus_decline: body.isBonusDecline ?? false,
          idempotency_key: options.idempotencyKey ?? null,
          request_hash: options.idempotencyKey ? hash : null,
        });
      });
      if (!invoice) {
        // A concurrent request with the same key got there first.
        return replayFirst(playerId, options.idempotencyKey ?? '', hash);
      }

      let started;
      try {
        started = await provider.createDeposit({
          invoiceId: invoice.id,
          methodId: method.id,
          processingType: method.processingType,
          amountMinor,
          currency: currency.code,
          subunitToUnit: BigInt(currency.subunitToUnit),
          fields: fields.values,
          player: {
            id: playerId,
            email: profile.email,
            phone: profile.phone,
            country: profile.country,
            locale: profile.locale,
          },
          returnUrls,
          webhookUrl: `${deps.webhookBase}/api/payment/webhooks/${provider.id}`,
          siteOrigin: options.siteOrigin,
        });
      } catch (error) {
        deps.log.error({ err: error, invoiceId: invoice.id, provider: provider.id }, 'payments: deposit not started');
        await repository.updateInvoice(db, invoice.id, {
          status: InvoiceStatus.ERROR,
          status_result: 'provider_error',
          processed_at: new Date(),
          response: null,
        });
        throw new AppError('PAYMENT_PROVIDER_FAILED');
      }

      const response: DepositResponse = {
        invoiceId: invoice.id,
        action: started.action ?? '',
        fields: started.fields ?? {},
        ...(started.qr !== undefined ? { qr: started.qr } : {}),
        ...(started.address !== undefined ? { address: started.address } : {}),
        ...(started.tag !== undefined ? { tag: started.tag } : {}),
        method: method.id,
        type: method.type,
        processingType: method.processingType,
      };
      await repository.updateInvoice(db, invoice.id, {
        response: JSON.stringify(response),
        provider_reference: started.providerReference ?? null,
        ...(started.publicData ? { public_data: JSON.stringify(started.publicData) } : {}),
      });
      return response;
    },

    /** The player gives up a pending deposit (nothing was credited); a late success still credits. */
    async decline(trx: Transaction<Database>, invoice: InvoiceRow, subunitOf: SubunitOf): Promise<InvoiceRow> {
      if (invoice.status === InvoiceStatus.ERROR && invoice.status_result === 'declined') return invoice;
      if (invoice.status !== InvoiceStatus.PENDING) {
        throw new AppError('CONFLICT', 'This invoice can no longer be declined.');
      }
      const updated = await repository.updateInvoice(trx, invoice.id, {
        status: InvoiceStatus.ERROR,
        status_result: 'declined',
        processed_at: new Date(),
      });
      publishInvoiceAfterCommit(events, trx, updated, subunitOf(updated.currency));
      return updated;
    },

    /**
     * Applies a provider's deposit event to the locked invoice, in the webhook's transaction.
     * Success credits once (ledger key `deposit:{invoiceId}`), also after a failure or a
     * decline: the money did arrive. A failure never undoes a success.
     */
    async applyProviderEvent(
      trx: Transaction<Database>,
      invoice: InvoiceRow,
      event: ProviderWebhookEvent,
      subunitOf: SubunitOf,
    ): Promise<InvoiceRow> {
      const subunit = subunitOf(invoice.currency);
      const reference = event.providerReference ? { provider_reference: event.providerReference } : {};
      switch (event.type) {
        case 'deposit.succeeded': {
          if (invoice.status === InvoiceStatus.SUCCESS) return invoice;
          // A crypto transfer's invoice carries no choice: the one the player made with the
          // address request applies, taken by this transaction only (kept on the invoice).
          const choice = (await deps.addressDeposits?.takeBonusChoice(trx, invoice)) ?? invoice;
          // The invoice first, the money last: every deposit of a provider and currency
          // locks the same clearing account row, so the ledger posting comes at the end of
          // the transaction, where that lock is held the shortest.
          const updated = await repository.updateInvoice(trx, invoice.id, {
            status: InvoiceStatus.SUCCESS,
            status_result: 'paid',
            number: await repository.nextDepositNumber(trx, invoice.player_id),
            processed_at: new Date(),
            bonus_id: choice.bonus_id,
            is_bonus_decline: choice.is_bonus_decline,
            ...reference,
          });
          await deps.ledger.postIn(trx, {
            idempotencyKey: `deposit:${invoice.id}`,
            kind: 'deposit',
            entries: [
              { accountRef: { accountId: invoice.account_id }, amountMinor: invoice.amount_minor },
              {
                accountRef: clearingAccount(invoice.provider, invoice.currency, invoice.id, deps.clearingShards),
                amountMinor: -invoice.amount_minor,
              },
            ],
            metadata: { invoiceId: invoice.id, provider: invoice.provider, eventId: event.eventId },
          });
          // The player's account row is locked by the posting now: its restriction may change.
          await deps.turnover.onDepositCredited(trx, {
            accountId: invoice.account_id,
            playerId: invoice.player_id,
            currency: invoice.currency,
            amountMinor: invoice.amount_minor,
          });
          // Unless declined: the bonus the deposit names, or the player's bonus code kept for a deposit.
          if (!choice.is_bonus_decline) {
            await deps.depositBonuses?.onDepositCredited(trx, {
              invoiceId: invoice.id,
              playerId: invoice.player_id,
              accountId: invoice.account_id,
              currency: invoice.currency,
              amountMinor: invoice.amount_minor,
              bonusId: choice.bonus_id,
            });
          }
          await deps.appEvents?.emit('payments.deposit-credited', {
            trx,
            playerId: invoice.player_id,
            accountId: invoice.account_id,
            invoiceId: invoice.id,
            amountMinor: invoice.amount_minor,
            currency: invoice.currency,
          });
          publishInvoiceAfterCommit(events, trx, updated, subunit);
          return updated;
        }
        case 'deposit.failed': {
          if (!OPEN_STATUSES.includes(invoice.status)) return invoice;
          const updated = await repository.updateInvoice(trx, invoice.id, {
            status: InvoiceStatus.ERROR,
            status_result: 'failed',
            processed_at: new Date(),
            ...reference,
          });
          publishInvoiceAfterCommit(events, trx, updated, subunit);
          return updated;
        }
        case 'deposit.pending': {
          if (!OPEN_STATUSES.includes(invoice.status)) return invoice;
          const updated = await repository.updateInvoice(trx, invoice.id, {
            ...(event.publicData
              ? { public_data: JSON.stringify({ ...(invoice.public_data ?? {}), ...event.publicData }) }
              : {}),
            ...reference,
          });
          publishInvoiceAfterCommit(events, trx, updated, subunit);
          return updated;
        }
        default:
          throw new AppError('CONFLICT', `A ${event.type} event does not apply to a deposit.`);
      }
    },
  };
}

export type Deposits = ReturnType<typeof createDeposits>;
