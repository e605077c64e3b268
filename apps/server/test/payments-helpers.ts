import { randomUUID } from 'node:crypto';
import {
  depositResponseSchema,
  invoiceSchema,
  walletAccountSchema,
  type DepositResponse,
  type Invoice,
  type WalletAccount,
} from '@croupier/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { createPayments, sandboxSignatureHeader, SANDBOX_SIGNATURE_HEADER } from '../src/modules/payments';
import { createProfileRepository } from '../src/modules/profile/repository';
import { createProfileReader } from '../src/modules/profile/service';
import { createSettingsRepository } from '../src/modules/settings/repository';
import { toCurrency } from '../src/modules/settings/service';
import type { Wallet } from '../src/modules/wallet';
import { ADMIN_KEY, adminRequest, useTestServer, walletFor } from './fixtures';
import type { TestServer } from './harness';
import { players, type RegisteredPlayer } from './players';

/**
 * Helpers of the payments tests (on the shared fixture in `fixtures.ts`): a server with
 * fast sandbox timers, players with money, the sandbox's pages.
 */

export { ADMIN_KEY };
export const WEBHOOK_SECRET = 'test-sandbox-webhook-secret';

/** The file's server (see `useTestServer`) with the operator key and fast sandbox timers; `env` adds or overrides. */
export function usePaymentsServer(env: Record<string, string> | (() => Record<string, string>) = {}): TestServer {
  return useTestServer(() => ({
    ADMIN_API_KEY: ADMIN_KEY,
    PAYMENTS_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENTS_SANDBOX_ASYNC_DELAY_MS: '20',
    PAYMENTS_SANDBOX_PAYOUT_DELAY_MS: '20',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(typeof env === 'function' ? env() : env),
  }));
}

/** A payments module of its own on the test server's database, wired as the app wires it, with `overrides`. */
export function paymentsModule(
  t: TestServer,
  wallet: Wallet,
  overrides: Partial<Parameters<typeof createPayments>[0]> = {},
) {
  const settings = createSettingsRepository(t.db);
  return createPayments({
    db: t.db,
    config: t.config,
    wallet,
    events: t.app.realtime.events,
    currencies: {
      listCurrencies: async () => (await settings.listCurrencies({ visibleOnly: false })).map(toCurrency),
    },
    profiles: createProfileReader({ repository: createProfileRepository(t.db) }),
    log: { warn: () => {}, error: () => {} },
    ...overrides,
  });
}

export function dataOf<T>(response: LightMyRequestResponse, schema: z.ZodType<T>): T {
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: schema }).parse(response.json()).data;
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface Payer extends RegisteredPlayer {
  account: WalletAccount;
}

/** Everything published on the bus, as parsed JSON per channel. */
export function recordPublications(t: TestServer) {
  const seen: { channel: string; data: Record<string, unknown> }[] = [];
  const stop = t.app.realtime.bus.subscribe((channel, json) => {
    seen.push({ channel, data: JSON.parse(json) as Record<string, unknown> });
  });
  return { seen, stop };
}

export function paymentsClient(t: TestServer) {
  const p = players(t);
  const wallet = walletFor(t);

  async function accounts(player: { token: string }): Promise<WalletAccount[]> {
    return dataOf(await p.get('/api/wallet/accounts', { token: player.token }), z.array(walletAccountSchema));
  }

  return {
    p,
    wallet,
    accounts,

    async account(player: { token: string }, currency: string): Promise<WalletAccount> {
      const account = (await accounts(player)).find((a) => a.currency === currency);
      if (!account) throw new Error(`no ${currency} account`);
      return account;
    },

    /** A new player with an active account in `currency`, optionally funded with sandbox money (major units). */
    async payer(options: { currency?: string; fund?: number; fields?: Record<string, unknown> } = {}): Promise<Payer> {
      const currency = options.currency ?? 'USD';
      const player = await p.registerByEmail({ currency, ...options.fields });
      let account = (await accounts(player)).find((a) => a.currency === currency);
      if (!account) throw new Error(`no ${currency} account`);
      if (options.fund) {
        const response = await p.post(
          `/api/dev/wallet/accounts/${account.id}/fund`,
          { amount: options.fund },
          { token: player.token, headers: { 'idempotency-key': randomUUID() } },
        );
        expect(response.statusCode, response.body).toBe(200);
        account = (await accounts(player)).find((a) => a.currency === currency) ?? account;
      }
      return { ...player, account };
    },

    deposit(player: Payer, body: Record<string, unknown>, headers: Record<string, string> = {}) {
      return p.post(
        '/api/payment/invoices/deposit',
        { currency: player.account.currency, accountId: player.account.id, isBonusDecline: true, ...body },
        { token: player.token, headers },
      );
    },

    async depositOk(player: Payer, body: Record<string, unknown>): Promise<DepositResponse> {
      return dataOf(await this.deposit(player, body), depositResponseSchema);
    },

    withdraw(player: Payer, body: Record<string, unknown>, headers: Record<string, string> = {}) {
      return p.post(
        '/api/payment/invoices/withdrawal',
        { currency: player.account.currency, accountId: player.account.id, ...body },
        { token: player.token, headers },
      );
    },

    async invoice(player: { token: string }, id: string): Promise<Invoice> {
      return dataOf(await p.get(`/api/payment/invoices/${id}`, { token: player.token }), invoiceSchema);
    },

    admin(method: 'GET' | 'POST', url: string, key: string | null = ADMIN_KEY) {
      return adminRequest(t, method, url, { key, ...(method === 'POST' ? { body: {} } : {}) });
    },

    /** The player's choice on the sandbox's hosted page (a form post, as the browser sends it). */
    sandboxChoose(paymentId: string, choice: 'succeed' | 'fail' | 'pending' | 'resend', view = 'window') {
      return t.app.server.inject({
        method: 'POST',
        url: `/api/dev/psp/payments/${paymentId}/${choice}?view=${view}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    },

    /** Posts a webhook signed with the sandbox's key (or as given). */
    webhook(body: string, options: { signature?: string; provider?: string } = {}) {
      return t.app.server.inject({
        method: 'POST',
        url: `/api/payment/webhooks/${options.provider ?? 'sandbox'}`,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: options.signature ?? sandboxSignatureHeader(WEBHOOK_SECRET, body),
        },
        payload: body,
      });
    },
  };
}

/** The sandbox payment id in a deposit's page URL (action, qr, or the message's sandboxUrl). */
export function sandboxPaymentId(url: string | undefined): string {
  const id = /\/api\/dev\/psp\/payments\/([0-9a-f-]{36})/.exec(url ?? '')?.[1];
  if (!id) throw new Error(`no sandbox payment in ${String(url)}`);
  return id;
}

/** A sandbox webhook body as the provider writes it. */
export function sandboxEvent(options: {
  type: string;
  invoiceId: string;
  amountMinor: number;
  currency: string;
  id?: string;
}): string {
  return JSON.stringify({
    id: options.id ?? `evt_${randomUUID()}`,
    type: options.type,
    created: Math.floor(Date.now() / 1000),
    data: {
      paymentId: randomUUID(),
      merchantReference: options.invoiceId,
      amount: options.amountMinor,
      currency: options.currency,
    },
  });
}
