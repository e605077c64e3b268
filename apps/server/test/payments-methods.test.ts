import { CASH_AGENT_WITHDRAWAL_METHOD, paymentMethodSchema, type PaymentMethod } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppError } from '../src/lib/errors';
import { dataOf, paymentsClient, paymentsModule, usePaymentsServer } from './payments-helpers';
import { errorOf } from './players';

const t = usePaymentsServer();
const c = paymentsClient(t);

const methodsOf = (response: Parameters<typeof dataOf>[0]) => dataOf(response, z.array(paymentMethodSchema));
const byId = (methods: PaymentMethod[], id: string) => {
  const method = methods.find((m) => m.method === id);
  if (!method) throw new Error(`no method ${id} in ${methods.map((m) => m.method).join(', ')}`);
  return method;
};

describe('payment methods', () => {
  it('lists the deposit methods of the currency, one per processing type, with bounds, presets and logos', async () => {
    const player = await c.payer();
    const methods = methodsOf(await c.p.get('/api/payment/methods/deposit?currency=USD', { token: player.token }));
    expect(methods.map((m) => m.processingType).sort()).toEqual(['asyncRedirect', 'form', 'iframe', 'message', 'qr']);
    const card = byId(methods, 'sandbox.card');
    expect(card).toMatchObject({ type: 'form', amountMin: 10, amountMax: 5000, fields: [] });
    expect(card.names).toMatchObject({ en: 'Card', de: 'Karte', 'pt-BR': 'Cartão', es: 'Tarjeta', fr: 'Carte' });
    expect(card.presets.filter((p) => p.default)).toEqual([{ amount: 50, default: true }]);
    for (const method of methods) {
      for (const preset of method.presets) {
        expect(preset.amount).toBeGreaterThanOrEqual(method.amountMin);
        expect(preset.amount).toBeLessThanOrEqual(method.amountMax);
      }
      const logo = await t.app.server.inject({ url: method.logo });
      expect(logo.statusCode, method.logo).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
      expect(logo.body).toContain('<svg');
    }
    // the active account's currency when none is given
    expect(methodsOf(await c.p.get('/api/payment/methods/deposit', { token: player.token }))).toEqual(methods);
    const bank = byId(methods, 'sandbox.bank_transfer');
    expect(bank.fields[0]).toMatchObject({ key: 'fullName', isRequired: true, fieldType: 'text', value: null });
    expect(bank.fields[0]?.labels.fr).toBe('Titulaire du compte');
  });

  it('converts bounds and presets to each currency and offers country methods only there', async () => {
    const player = await c.payer({ currency: 'BRL', fields: { country: 'BR' } });
    const brl = methodsOf(await c.p.get('/api/payment/methods/deposit?currency=BRL', { token: player.token }));
    const pix = byId(brl, 'sandbox.pix');
    expect(pix.processingType).toBe('qr');
    expect(pix.fields).toMatchObject([{ key: 'cpf_number', isRequired: true }]);
    expect(byId(brl, 'sandbox.card').amountMin).toBeGreaterThan(10);
    // a region picked elsewhere, or the visitor's country, wins over the profile's
    const elsewhere = methodsOf(
      await c.p.get('/api/payment/methods/deposit?currency=BRL&country=de', { token: player.token }),
    );
    expect(elsewhere.map((m) => m.method)).not.toContain('sandbox.pix');
    const visiting = methodsOf(
      await c.p.get('/api/payment/methods/deposit?currency=BRL', {
        token: player.token,
        headers: { 'cf-ipcountry': 'PT' },
      }),
    );
    expect(visiting.map((m) => m.method)).not.toContain('sandbox.pix');
    const jpy = methodsOf(await c.p.get('/api/payment/methods/deposit?currency=JPY', { token: player.token }));
    expect(Number.isInteger(byId(jpy, 'sandbox.card').amountMin)).toBe(true);
  });

  it('lists withdrawal methods with option bounds and patterns, the cash agent, and pre-filled fields', async () => {
    const player = await c.payer();
    const phone = c.p.phone();
    expect((await c.p.put('/api/player/profile', { phone }, { token: player.token })).statusCode).toBe(200);
    const methods = methodsOf(await c.p.get('/api/payment/methods/withdrawal?currency=USD', { token: player.token }));
    expect(methods.map((m) => m.method)).toEqual([
      'sandbox.card_payout',
      'sandbox.bank_payout',
      'sandbox.ewallet_payout',
      CASH_AGENT_WITHDRAWAL_METHOD,
    ]);
    const wallet = byId(methods, 'sandbox.ewallet_payout');
    expect(wallet.fields[0]).toMatchObject({
      key: 'currencyWithdraw',
      fieldType: 'select',
      options: [
        { id: 'paywallet', name: 'PayWallet', minAmount: 10, maxAmount: 1000, regexp: '^PW[0-9]{8}$' },
        { id: 'quickpay', name: 'QuickPay', minAmount: 5, maxAmount: 500 },
      ],
    });
    const cash = byId(methods, CASH_AGENT_WITHDRAWAL_METHOD);
    expect(cash.fields.map((f) => [f.key, f.fieldType])).toEqual([
      ['agent', 'select'],
      ['phone', 'text'],
      ['comment', 'textarea'],
    ]);
    expect(cash.fields[1]?.value).toBe(phone);
  });

  it('refuses an unknown currency (422) and guests (401)', async () => {
    const player = await c.payer();
    const unknown = await c.p.get('/api/payment/methods/deposit?currency=XYZ', { token: player.token });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).fields).toHaveProperty('currency');
    expect((await c.p.get('/api/payment/methods/withdrawal?currency=USD')).statusCode).toBe(401);
  });

  it('describes the payment calls in the OpenAPI document', async () => {
    const spec = (await t.app.server.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/payment/methods/deposit',
      '/api/payment/methods/withdrawal',
      '/api/payment/invoices/deposit',
      '/api/payment/invoices/withdrawal',
      '/api/payment/invoices',
      '/api/payment/invoices/statistics',
      '/api/payment/invoices/{invoiceId}/decline',
      '/api/payment/webhooks/{provider}',
      '/api/risk/reasons/turn-over-wager',
      '/api/admin/payments/withdrawals/{invoiceId}/approve',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
  });

  it('serves only known logo files', async () => {
    expect((await t.app.server.inject({ url: '/api/payment/logos/nope.svg' })).statusCode).toBe(404);
    expect((await t.app.server.inject({ url: '/api/payment/logos/..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('answers 13100 on the deposit list and on deposits when the deposit-limit policy says so', async () => {
    const player = await c.payer();
    const payments = paymentsModule(t, c.wallet, {
      depositLimits: { check: async () => ({ allowed: false, reason: 'Your daily deposit limit is reached.' }) },
      sandboxDelivery: async () => 200,
    });
    const refused = payments.listMethods({ playerId: player.id, direction: 'deposit', currency: 'USD', country: null });
    await expect(refused).rejects.toMatchObject({ code: 13100, status: 400 } satisfies Partial<AppError>);
    const deposit = payments.deposits.create({
      playerId: player.id,
      body: { method: 'sandbox.card', currency: 'USD', amount: 20, accountId: player.account.id },
      idempotencyKey: undefined,
      visitorCountry: null,
      siteOrigin: 'http://localhost',
    });
    await expect(deposit).rejects.toMatchObject({ code: 13100 });
    // withdrawals are not limited
    await expect(
      payments.listMethods({ playerId: player.id, direction: 'withdrawal', currency: 'USD', country: null }),
    ).resolves.toHaveLength(4);
  });
});
