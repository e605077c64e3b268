import { AccountStatus, type AdminWithdrawal, type PaginationMeta, type PaymentMethod } from '@croupier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/pagination';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import type { Wallet } from '../wallet';
import { paymentAdminRoutes } from './admin-routes';
import { createCurrencyLookup, type CurrencySource } from './currencies';
import { createAddressDeriver, TEST_XPUBS, TEST_XRP_ADDRESS } from './crypto/networks';
import { createCryptoRepository } from './crypto/repository';
import { createCustodyPayoutSender } from './crypto/custody';
import { cryptoCustodyRoutes, cryptoSandboxRoutes, sandboxChainPayouts } from './crypto/routes';
import { createCryptoDeposits } from './crypto/service';
import { createDeposits, type DepositBonusPolicy, type ProfileSource } from './deposits';
import { createIdentityCheck, type IdentityPolicy } from './identity';
import { createInvoices } from './invoices';
import { noDepositLimitsConfigured, type DepositLimitPolicy } from './limits';
import { createPaymentMethods, prefillOf, type Direction } from './methods';
import { toAdminWithdrawal } from './present';
import { createProviderRegistry, type PaymentProvider } from './provider';
import { paymentPublicRoutes } from './public-routes';
import { createPaymentsRepository } from './repository';
import { paymentRoutes } from './routes';
import { createSandboxProvider, type SandboxProvider, type WebhookDelivery } from './sandbox/provider';
import { createSandboxRepository } from './sandbox/repository';
import { sandboxPspRoutes } from './sandbox/routes';
import { createTurnover } from './turnover';
import { createWebhooks, type Webhooks } from './webhooks';
import { createWithdrawals, type WithdrawalDeps } from './withdrawals';

export type { PaymentProvider, ProviderRegistry, ProviderWebhookEvent } from './provider';
export { WebhookRejectedError } from './provider';
export { hasAdminKey } from './admin-routes';
export type { DepositLimitPolicy, DepositLimitDecision } from './limits';
export type { DepositBonusPolicy } from './deposits';
export type { IdentityPolicy } from './identity';
export { noDepositLimitsConfigured } from './limits';
export type { Turnover } from './turnover';
export { SANDBOX_PROVIDER_ID } from './sandbox/provider';
export { CRYPTO_PROVIDER_ID } from './crypto/service';
export {
  SIGNATURE_HEADER as SANDBOX_SIGNATURE_HEADER,
  signatureHeader as sandboxSignatureHeader,
} from './sandbox/signature';

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

export interface PaymentsDeps {
  db: Db;
  config: Config;
  wallet: Wallet;
  events: RealtimeEvents;
  currencies: CurrencySource;
  profiles: ProfileSource;
  /** The payment providers (adapters) to offer methods of; the sandbox is added outside production. */
  providers?: PaymentProvider[];
  /** The deposit-limit policy of the limits module; none configured until it exists. */
  depositLimits?: DepositLimitPolicy;
  /** The bonuses module's side of deposits that name a bonus. */
  depositBonuses?: DepositBonusPolicy;
  /** The bonuses module's side of a withdrawal: the active bonus is forfeited. */
  onWithdrawal?: WithdrawalDeps['onWithdrawal'];
  /** Told of a paid withdrawal inside its transaction (`payments.withdrawal-paid`). */
  appEvents?: WithdrawalDeps['appEvents'];
  /** The verification module's rule for large withdrawals and deposits. */
  identity?: IdentityPolicy;
  /** How the sandbox reaches our webhook endpoint (the app sends it to its own listener). */
  sandboxDelivery?: WebhookDelivery;
  log: Log;
}

/**
 * The payments module: payment methods, deposits, withdrawals, invoices, the turn-over
 * wager and provider webhooks. Money moves only through the wallet's ledger; providers
 * plug in through `PaymentProvider` (provider.ts).
 */
export function createPayments(deps: PaymentsDeps) {
  const { config, wallet, events } = deps;
  const repository = createPaymentsRepository(deps.db);
  const currencies = createCurrencyLookup(deps.currencies);
  const publicUrl = config.publicUrl?.replace(/\/+$/, '');

  let sandbox: SandboxProvider | undefined;
  const providers: PaymentProvider[] = [...(deps.providers ?? [])];
  if (config.payments.sandbox && deps.sandboxDelivery) {
    sandbox = createSandboxProvider({
      repository: createSandboxRepository(deps.db),
      secret: config.payments.sandbox.webhookSecret,
      asyncDelayMs: config.payments.sandbox.asyncDelayMs,
      payoutDelayMs: config.payments.sandbox.payoutDelayMs,
      deliver: deps.sandboxDelivery,
      log: deps.log,
    });
    providers.push(sandbox.provider);
  }
  // Crypto deposits: addresses derived from the configured public keys (the public test
  // keys outside production); no key for any network, no crypto methods.
  const cryptoConfig = config.payments.crypto;
  const deriver = createAddressDeriver({
    xpubs: {
      btc: cryptoConfig.xpubs.btc ?? (cryptoConfig.testKeys ? TEST_XPUBS.btc : undefined),
      eth: cryptoConfig.xpubs.eth ?? (cryptoConfig.testKeys ? TEST_XPUBS.eth : undefined),
    },
    sharedAddresses: {
      xrp: cryptoConfig.sharedAddresses.xrp ?? (cryptoConfig.testKeys ? TEST_XRP_ADDRESS : undefined),
    },
    bitcoinNetwork: cryptoConfig.bitcoinNetwork,
  });
  // Assigned once the webhooks exist: crypto confirmations are applied like provider webhooks.
  const late: { applyEvent?: Webhooks['apply'] } = {};
  const crypto =
    deriver.networks().length > 0
      ? createCryptoDeposits({
          repository: createCryptoRepository(deps.db),
          payments: repository,
          accounts: wallet.accounts,
          events,
          currencies,
          deriver,
          bitcoinNetwork: cryptoConfig.bitcoinNetwork,
          // Payouts go to the custody API when configured, else (outside production) to the sandbox chain.
          payoutSender: cryptoConfig.custody
            ? createCustodyPayoutSender(cryptoConfig.custody)
            : cryptoConfig.sandboxChain
              ? sandboxChainPayouts
              : undefined,
          applyEvent: (providerId, event) => {
            if (!late.applyEvent) throw new Error('payments: webhooks not wired yet');
            return late.applyEvent(providerId, event);
          },
        })
      : undefined;
  if (crypto) providers.push(crypto.provider);
  const registry = createProviderRegistry(providers);

  const methods = createPaymentMethods({ repository, providers: registry, currencies, assetBase: publicUrl ?? '' });
  const turnover = createTurnover({
    repository,
    accounts: wallet.accounts,
    currencies,
    multiple: config.payments.turnoverWagerMultiple,
  });
  const webhookBase = publicUrl ?? `http://127.0.0.1:${config.port}`;
  const shared = {
    repository,
    accounts: wallet.accounts,
    ledger: wallet.ledger,
    events,
    methods,
    currencies,
    profiles: deps.profiles,
    providers: registry,
    webhookBase,
    clearingShards: config.payments.clearingShards,
    log: deps.log,
    ...(deps.identity ? { identity: createIdentityCheck({ policy: deps.identity, repository, currencies }) } : {}),
  };
  const deposits = createDeposits({
    ...shared,
    turnover,
    depositLimits: deps.depositLimits ?? noDepositLimitsConfigured,
    ...(crypto ? { addressDeposits: crypto } : {}),
    ...(deps.depositBonuses ? { depositBonuses: deps.depositBonuses } : {}),
    ...(deps.appEvents ? { appEvents: deps.appEvents } : {}),
  });
  const withdrawals = createWithdrawals({
    ...shared,
    ...(deps.onWithdrawal ? { onWithdrawal: deps.onWithdrawal } : {}),
    ...(deps.appEvents ? { appEvents: deps.appEvents } : {}),
    autoApproveMaxBase: config.payments.withdrawalAutoApproveMaxBase,
  });
  const invoices = createInvoices({ repository, events, currencies, deposits, withdrawals });
  const webhooks = createWebhooks({
    repository,
    events,
    providers: registry,
    deposits,
    withdrawals,
    currencies,
    toleranceSeconds: config.payments.webhookToleranceSeconds,
    log: deps.log,
  });
  late.applyEvent = webhooks.apply;

  const adminView = async (row: Parameters<typeof toAdminWithdrawal>[0]): Promise<AdminWithdrawal> =>
    toAdminWithdrawal(row, await currencies.subunitOf(row.currency));

  return {
    deposits,
    withdrawals,
    invoices,
    turnover,
    webhooks,
    providers: registry,
    sandbox,
    crypto,

    /** What an account's deposits since `since` add up to, credited or under way (the deposit limits). */
    depositedSince: (q: Kysely<Database>, accountId: string, since: Date): Promise<bigint> =>
      repository.depositedSince(q, accountId, since),

    /** The site's origin for links the player's browser follows: PUBLIC_URL, else the request's. */
    siteOrigin(request: FastifyRequest): string {
      return publicUrl ?? `${request.protocol}://${request.host}`;
    },

    async listMethods(options: {
      playerId: string;
      direction: Direction;
      currency: string | undefined;
      country: string | null;
    }): Promise<PaymentMethod[]> {
      const profile = await deps.profiles.getProfile(options.playerId);
      let code = options.currency;
      if (!code) {
        const accounts = await wallet.accounts.listAccounts(options.playerId);
        code = accounts.find((a) => a.status === AccountStatus.ACTIVE)?.currency ?? '';
      }
      const currency = await methods.currencyOrThrow(code);
      if (options.direction === 'deposit') await deposits.refuseWhenLimited(options.playerId, currency.code);
      return methods.list(options.direction, {
        currency,
        country: options.country ?? profile.country,
        prefill: prefillOf(profile),
      });
    },

    admin: {
      async listWithdrawals(query: {
        page: number;
        perPage: number;
        status?: number[] | undefined;
      }): Promise<{ data: AdminWithdrawal[]; meta: PaginationMeta }> {
        const { rows, totalRows } = await repository.listWithdrawals(
          repository.db,
          { statuses: query.status },
          { limit: query.perPage, offset: pageOffset(query.page, query.perPage) },
        );
        const data = await Promise.all(rows.map(adminView));
        return { data, meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows }) };
      },
      approve: async (invoiceId: string) => adminView(await withdrawals.approve(invoiceId, 'operator')),
      reject: async (invoiceId: string, reason?: string) => adminView(await withdrawals.reject(invoiceId, reason)),
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;

/**
 * The sandbox's webhooks go to this process's own endpoint: over HTTP to its listener when
 * it listens (as a real provider would call), else through fastify's injection (tests
 * that never listen). The path is the webhook URL's; the host is always this process.
 */
export function selfDelivery(server: FastifyInstance): WebhookDelivery {
  return async ({ path, body, headers }) => {
    const address = server.server.listening ? server.server.address() : null;
    if (address && typeof address === 'object') {
      const host =
        address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address === '::'
            ? '[::1]'
            : address.family === 'IPv6'
              ? `[${address.address}]`
              : address.address;
      const response = await fetch(`http://${host}:${address.port}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    }
    const response = await server.inject({ method: 'POST', url: path, headers, payload: body });
    return response.statusCode;
  };
}

/** Wires the module into the app: its routes, the operator API, and the sandbox outside production. */
export async function registerPayments(
  server: FastifyInstance,
  deps: Omit<PaymentsDeps, 'sandboxDelivery' | 'log'> & { guards: AuthGuards },
): Promise<Payments> {
  const payments = createPayments({
    ...deps,
    sandboxDelivery: selfDelivery(server),
    log: server.log.child({ module: 'payments' }),
  });
  await server.register(paymentRoutes, { payments, guards: deps.guards, config: deps.config });
  await server.register(paymentPublicRoutes, { webhooks: payments.webhooks });
  await server.register(paymentAdminRoutes, { payments, adminApiKey: deps.config.adminApiKey });
  const { sandbox } = payments;
  if (sandbox && !deps.config.isProduction) {
    await server.register(sandboxPspRoutes, { sandbox });
    server.addHook('onClose', async () => sandbox.close());
  }
  const { custody } = deps.config.payments.crypto;
  if (payments.crypto && custody) {
    await server.register(cryptoCustodyRoutes, {
      crypto: payments.crypto,
      secret: custody.secret,
      toleranceSeconds: deps.config.payments.webhookToleranceSeconds,
    });
  }
  if (payments.crypto && deps.config.payments.crypto.sandboxChain && !deps.config.isProduction) {
    await server.register(cryptoSandboxRoutes, { crypto: payments.crypto });
  }
  return payments;
}
