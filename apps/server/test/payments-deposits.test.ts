import { randomUUID } from 'node:crypto';
import { type DepositResponse, depositResponseSchema, invoiceSchema, PlayerStatus } from '@croupier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setPlayerStatus, withOwnServer } from './fixtures';
import {
  dataOf,
  eventually,
  type Payer,
  paymentsClient,
  paymentsModule,
  recordPublications,
  sandboxEvent,
  sandboxPaymentId,
  usePaymentsServer,
  WEBHOOK_SECRET,
} from './payments-helpers';
import { errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';
import { sandboxSignatureHeader, WebhookRejectedError, type PaymentProvider } from '../src/modules/payments';

const t = usePaymentsServer();
const c = paymentsClient(t);

const balanceOf = async (player: Payer) => (await c.account(player, player.account.currency)).realBalance;

/** The sandbox payment behind a deposit response, whatever its processing type. */
function paymentOf(response: DepositResponse): string {
  return sandboxPaymentId(response.action || response.qr || response.fields.sandboxUrl);
}

describe('deposits through the sandbox provider, every processing type', () => {
  const cases = [
    { method: 'sandbox.card', processingType: 'form', fields: {} },
    { method: 'sandbox.card_embedded', processingType: 'iframe', fields: {} },
    { method: 'sandbox.scan_pay', processingType: 'qr', fields: {} },
    { method: 'sandbox.bank_transfer', processingType: 'message', fields: { fullName: 'Ada Lovelace' } },
  ] as const;

  for (const { method, processingType, fields } of cases) {
    it(`${processingType}: success credits the balance once, failure and pending credit nothing`, async () => {
      const player = await c.payer();
      const events = recordPublications(t);
      try {
        // success
        const paid = await c.depositOk(player, { method, amount: 25.5, fields });
        expect(paid.processingType).toBe(processingType);
        if (processingType === 'qr') expect(paid.qr).toMatch(/^http:\/\/.+\/api\/dev\/psp\/payments\//);
        if (processingType === 'form' || processingType === 'iframe') expect(paid.action).toContain('/api/dev/psp/');
        if (processingType === 'message')
          expect(paid.fields).toMatchObject({ reference: expect.stringMatching(/^CR-/) as unknown });
        const page = await t.app.server.inject({ url: `/api/dev/psp/payments/${paymentOf(paid)}` });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('25.50 USD');
        const chosen = await c.sandboxChoose(paymentOf(paid), 'succeed');
        expect(chosen.statusCode).toBe(303);
        expect(await balanceOf(player)).toBe(25.5);
        expect(await c.invoice(player, paid.invoiceId)).toMatchObject({ status: 2, statusResult: 'paid', number: 1 });
        // a second click changes nothing
        await c.sandboxChoose(paymentOf(paid), 'succeed');
        await c.sandboxChoose(paymentOf(paid), 'fail');
        expect(await balanceOf(player)).toBe(25.5);

        // failure
        const failed = await c.depositOk(player, { method, amount: 20, fields });
        await c.sandboxChoose(paymentOf(failed), 'fail');
        expect(await c.invoice(player, failed.invoiceId)).toMatchObject({ status: 3, statusResult: 'failed' });

        // left pending
        const pending = await c.depositOk(player, { method, amount: 22, fields });
        await c.sandboxChoose(paymentOf(pending), 'pending');
        expect(await c.invoice(player, pending.invoiceId)).toMatchObject({ status: 1 });
        expect(await balanceOf(player)).toBe(25.5);

        const invoiceEvents = events.seen.filter((e) => e.channel === `payment:invoices#${player.id}`);
        expect(invoiceEvents.map((e) => [e.data.event, (e.data.invoice as { status: number }).status])).toEqual([
          ['invoice.deposit.updated', 2],
          ['invoice.deposit.updated', 3],
        ]);
        expect(events.seen.some((e) => e.channel === `wallet:accounts#${player.id}`)).toBe(true);
      } finally {
        events.stop();
      }
    });
  }

  it('asyncRedirect: the QR arrives over the socket (status 1 with publicData), then payment credits', async () => {
    const player = await c.payer({ fields: { phone: undefined } });
    const events = recordPublications(t);
    try {
      const started = await c.depositOk(player, {
        method: 'sandbox.ewallet',
        amount: 40,
        fields: { phone: '4915112345678' },
      });
      expect(started).toMatchObject({ processingType: 'asyncRedirect', action: '' });
      const pushed = await eventually(async () =>
        events.seen.find(
          (e) =>
            e.channel === `payment:invoices#${player.id}` &&
            (e.data.invoice as { id: string; status: number }).id === started.invoiceId,
        ),
      );
      const invoice = pushed.data.invoice as { status: number; publicData: { qr?: string } | null };
      expect(pushed.data.event).toBe('invoice.deposit.updated');
      expect(invoice.status).toBe(1);
      expect(invoice.publicData?.qr).toContain('/api/dev/psp/payments/');
      await c.sandboxChoose(sandboxPaymentId(invoice.publicData?.qr), 'succeed');
      expect(await balanceOf(player)).toBe(40);
      const stored = await t.db
        .selectFrom('payment_invoices')
        .select('fields')
        .where('id', '=', started.invoiceId)
        .executeTakeFirstOrThrow();
      expect(stored.fields).toEqual({ phone: '+4915112345678' });
    } finally {
      events.stop();
    }
  });

  it('redirects the payer to the return URLs of the deposit request, only on this site', async () => {
    const player = await c.payer();
    const origin = 'http://localhost';
    const ok = await c.depositOk(player, {
      method: 'sandbox.card',
      amount: 20,
      redirectSuccessUrl: `${origin}/?deposit-success=true`,
      redirectErrorUrl: `${origin}/?deposit-error=true`,
    });
    const success = await c.sandboxChoose(paymentOf(ok), 'succeed');
    expect(success.headers.location).toBe(`${origin}/?deposit-success=true`);
    const bad = await c.depositOk(player, { method: 'sandbox.card', amount: 20, redirectErrorUrl: '/wallet?e=1' });
    const failure = await c.sandboxChoose(paymentOf(bad), 'fail');
    expect(failure.headers.location).toBe(`${origin}/wallet?e=1`);
    const embedded = await c.depositOk(player, { method: 'sandbox.card_embedded', amount: 20 });
    const inFrame = await c.sandboxChoose(paymentOf(embedded), 'succeed', 'embedded');
    expect(inFrame.headers.location).toContain('/api/dev/psp/payments/');

    const elsewhere = await c.deposit(player, {
      method: 'sandbox.card',
      amount: 20,
      redirectSuccessUrl: 'https://evil.example/steal',
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(errorOf(elsewhere).fields).toHaveProperty('redirectSuccessUrl');
  });
});

describe('webhooks', () => {
  it('a webhook delivered five times credits once', async () => {
    const player = await c.payer();
    const started = await c.depositOk(player, { method: 'sandbox.card', amount: 30 });
    const body = sandboxEvent({
      type: 'deposit.succeeded',
      invoiceId: started.invoiceId,
      amountMinor: 3000,
      currency: 'USD',
    });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await c.webhook(body)).json<{ data: { applied: boolean } }>().data);
    expect(answers.map((a) => a.applied)).toEqual([true, false, false, false, false]);
    // and five concurrent deliveries of another event: still once
    const again = await c.depositOk(player, { method: 'sandbox.card', amount: 12 });
    const body2 = sandboxEvent({
      type: 'deposit.succeeded',
      invoiceId: again.invoiceId,
      amountMinor: 1200,
      currency: 'USD',
    });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => c.webhook(body2)));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(parallel.filter((r) => r.json<{ data: { applied: boolean } }>().data.applied)).toHaveLength(1);
    // the sandbox's own resend (same event id, signed anew) is a duplicate too
    await c.sandboxChoose(paymentOf(again), 'succeed');
    expect((await c.sandboxChoose(paymentOf(again), 'resend')).statusCode).toBe(200);
    expect(await balanceOf(player)).toBe(42);
    const credits = await t.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('idempotency_key', 'in', [`deposit:${started.invoiceId}`, `deposit:${again.invoiceId}`])
      .execute();
    expect(credits).toHaveLength(2);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses a bad signature, a stale or future timestamp, another key and a malformed body; nothing changes', async () => {
    const player = await c.payer();
    const started = await c.depositOk(player, { method: 'sandbox.card', amount: 30 });
    const body = sandboxEvent({
      type: 'deposit.succeeded',
      invoiceId: started.invoiceId,
      amountMinor: 3000,
      currency: 'USD',
    });
    const now = Date.now();
    const refused = [
      c.webhook(body, { signature: '' }),
      c.webhook(body, { signature: 't=1,v1=0000' }),
      c.webhook(body, { signature: sandboxSignatureHeader('another-secret-entirely', body) }),
      c.webhook(body, { signature: sandboxSignatureHeader(WEBHOOK_SECRET, body, new Date(now - 301_000)) }),
      c.webhook(body, { signature: sandboxSignatureHeader(WEBHOOK_SECRET, body, new Date(now + 301_000)) }),
      c.webhook(`${body} `, { signature: sandboxSignatureHeader(WEBHOOK_SECRET, body) }),
      c.webhook('{"id":1}'),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.statusCode, response.body).toBe(401);
      expect(errorOf(response).code).toBe(13210);
    }
    expect((await c.webhook(body, { provider: 'nobody' })).statusCode).toBe(404);
    expect(await balanceOf(player)).toBe(0);
    expect(await c.invoice(player, started.invoiceId)).toMatchObject({ status: 1 });
    // an event that does not match its invoice is refused and not recorded: a correct one still applies
    const id = `evt_${randomUUID()}`;
    const wrong = sandboxEvent({
      id,
      type: 'deposit.succeeded',
      invoiceId: started.invoiceId,
      amountMinor: 3001,
      currency: 'USD',
    });
    expect((await c.webhook(wrong)).statusCode).toBe(409);
    const unknown = sandboxEvent({
      type: 'deposit.succeeded',
      invoiceId: randomUUID(),
      amountMinor: 3000,
      currency: 'USD',
    });
    expect((await c.webhook(unknown)).statusCode).toBe(404);
    expect((await c.webhook(body)).statusCode).toBe(200);
    expect(await balanceOf(player)).toBe(30);
  });

  it('a late success after a failure or a decline still credits; a failure after success changes nothing', async () => {
    const player = await c.payer();
    const declined = await c.depositOk(player, { method: 'sandbox.card', amount: 10 });
    const decline = await c.p.put(`/api/payment/invoices/${declined.invoiceId}/decline`, undefined, {
      token: player.token,
    });
    expect(dataOf(decline, invoiceSchema)).toMatchObject({ status: 3, statusResult: 'declined' });
    await c.sandboxChoose(paymentOf(declined), 'succeed');
    expect(await c.invoice(player, declined.invoiceId)).toMatchObject({ status: 2 });
    const late = sandboxEvent({
      type: 'deposit.failed',
      invoiceId: declined.invoiceId,
      amountMinor: 1000,
      currency: 'USD',
    });
    expect((await c.webhook(late)).json<{ data: { invoiceStatus: number } }>().data.invoiceStatus).toBe(2);
    expect(await balanceOf(player)).toBe(10);
  });
});

describe('deposit requests that are refused, with nothing changed', () => {
  let player: Payer;
  beforeAll(async () => {
    player = await c.payer();
  });

  const invoiceCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('payment_invoices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('player_id', '=', player.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses bad amounts with a 422 on amount', async () => {
    const before = await invoiceCount();
    for (const amount of [0, -5, 10.001, 'NaN', '10', null, 1e30, true, 4, 5001, { value: 10 }]) {
      const response = await c.deposit(player, { method: 'sandbox.card', amount });
      expect(response.statusCode, `${JSON.stringify(amount)}: ${response.body}`).toBe(422);
      expect(errorOf(response).fields?.amount?.[0], JSON.stringify(amount)).toBeTruthy();
    }
    const missing = await c.deposit(player, { method: 'sandbox.card' });
    expect(missing.statusCode).toBe(422);
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses unknown or unavailable methods and currencies, another player’s account, bad fields', async () => {
    const before = await invoiceCount();
    const other = await c.payer();
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'nope', amount: 20 }, 'method'],
      [{ method: 'sandbox.card_payout', amount: 20 }, 'method'],
      [{ method: 'sandbox.pix', amount: 20 }, 'method'],
      [{ method: 'sandbox.card', amount: 20, currency: 'XXX' }, 'currency'],
      [{ method: 'sandbox.card', amount: 20, currency: 'EUR' }, 'currency'],
      [{ method: 'sandbox.card', amount: 20, accountId: other.account.id }, 'accountId'],
      [{ method: 'sandbox.card', amount: 20, accountId: 'not-an-id' }, 'accountId'],
      [{ method: 'sandbox.bank_transfer', amount: 50, fields: {} }, 'fullName'],
      [{ method: 'sandbox.bank_transfer', amount: 50, fields: { fullName: '1234' } }, 'fullName'],
      [{ method: 'sandbox.ewallet', amount: 50, fields: { phone: '12' } }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const response = await c.deposit(player, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorOf(response).fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const unauthenticated = await c.p.post('/api/payment/invoices/deposit', { method: 'sandbox.card', amount: 20 });
    expect(unauthenticated.statusCode).toBe(401);
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses deposits of a profile with limited deposits (status 2): 13202', async () => {
    const limited = await c.payer();
    await setPlayerStatus(t, limited.id, PlayerStatus.LIMITED_DEPOSITS);
    const response = await c.deposit(limited, { method: 'sandbox.card', amount: 20 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe(13202);
  });

  it('answers a retry with the same Idempotency-Key once, and 409 for another body', async () => {
    const key = randomUUID();
    const first = await c.deposit(player, { method: 'sandbox.card', amount: 20 }, { 'idempotency-key': key });
    const again = await c.deposit(player, { method: 'sandbox.card', amount: 20 }, { 'idempotency-key': key });
    expect(dataOf(again, depositResponseSchema)).toEqual(dataOf(first, depositResponseSchema));
    const other = await c.deposit(player, { method: 'sandbox.card', amount: 21 }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe(1006);
  });

  it('gives all of 20 parallel requests with one Idempotency-Key the first answer, starting one payment', async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.deposit(player, { method: 'sandbox.card', amount: 30 }, { 'idempotency-key': key }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual(Array.from({ length: 20 }, () => 200));
    const first = dataOf(responses[0]!, depositResponseSchema);
    for (const response of responses) expect(dataOf(response, depositResponseSchema)).toEqual(first);
    const invoices = await t.db
      .selectFrom('payment_invoices')
      .select('id')
      .where('player_id', '=', player.id)
      .where('idempotency_key', '=', key)
      .execute();
    expect(invoices).toHaveLength(1);
  });
});

describe('the provider seam', () => {
  /** A provider of the test's own: starts payments on its page, or fails when told to; trusts webhooks with its token. */
  function testProvider(options: { failStart: boolean }): PaymentProvider {
    return {
      id: 'acme',
      createDeposit: async (request) => {
        if (options.failStart) throw new Error('acme is down');
        return {
          action: `https://pay.acme.example/${request.invoiceId}`,
          fields: { lang: 'en' },
          providerReference: 'acme-1',
        };
      },
      createPayout: async () => ({ status: 'failed', reason: 'not used' }),
      verifyWebhook: (request) => {
        if (request.headers['x-acme-token'] !== 'secret-token') throw new WebhookRejectedError('bad token');
        const body = JSON.parse(request.rawBody.toString()) as { event: string; invoice: string; cents: number };
        return {
          eventId: body.event,
          type: 'deposit.succeeded',
          invoiceId: body.invoice,
          amountMinor: BigInt(body.cents),
          currency: 'USD',
        };
      },
    };
  }

  async function paymentsWith(provider: PaymentProvider) {
    // A method of this test's own provider: methods come from the seed (and later the
    // back office), no service adds one, so the rows are written here.
    await t.db
      .insertInto('payment_methods')
      .values({ id: 'acme.card', direction: 'deposit', provider: 'acme', processing_type: 'form', logo: 'card.svg' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await t.db
      .insertInto('payment_method_currencies')
      .values({ method_id: 'acme.card', currency: 'USD', amount_min_minor: 100n, amount_max_minor: 100_000n })
      .onConflict((oc) => oc.columns(['method_id', 'currency']).doNothing())
      .execute();
    return paymentsModule(t, c.wallet, { providers: [provider] });
  }

  const request = (player: Payer, key: string) => ({
    playerId: player.id,
    body: { method: 'acme.card', currency: 'USD', amount: 20, accountId: player.account.id },
    idempotencyKey: key,
    visitorCountry: null,
    siteOrigin: 'http://localhost',
  });

  it('a real adapter plugs in: its page is answered, its webhook is verified by it and credits once', async () => {
    const payments = await paymentsWith(testProvider({ failStart: false }));
    const player = await c.payer();
    const started = await payments.deposits.create(request(player, randomUUID()));
    expect(started).toMatchObject({ action: `https://pay.acme.example/${started.invoiceId}`, fields: { lang: 'en' } });
    const raw = Buffer.from(JSON.stringify({ event: 'acme-evt-1', invoice: started.invoiceId, cents: 2000 }));
    await expect(payments.webhooks.receive('acme', raw, {})).rejects.toMatchObject({ code: 13210 });
    const headers = { 'x-acme-token': 'secret-token' };
    expect(await payments.webhooks.receive('acme', raw, headers)).toMatchObject({ applied: true, invoiceStatus: 2 });
    expect(await payments.webhooks.receive('acme', raw, headers)).toMatchObject({ applied: false });
    expect(await balanceOf(player)).toBe(20);
  });

  it('a provider that cannot start the payment: 13211 (502), the invoice ends in error, a retry says so again', async () => {
    const payments = await paymentsWith(testProvider({ failStart: true }));
    const player = await c.payer();
    const key = randomUUID();
    await expect(payments.deposits.create(request(player, key))).rejects.toMatchObject({ code: 13211, status: 502 });
    await expect(payments.deposits.create(request(player, key))).rejects.toMatchObject({ code: 13211 });
    const [invoice] = (await c.p.get('/api/payment/invoices', { token: player.token })).json<{ data: unknown[] }>()
      .data;
    expect(invoice).toMatchObject({ status: 3, statusResult: 'provider_error' });
  });
});

describe('without the sandbox (as in production)', () => {
  it('offers none of its methods and does not serve its pages', async () => {
    await withOwnServer({ PAYMENTS_SANDBOX: 'false' }, async (off) => {
      const client = paymentsClient(off);
      const player = await client.payer();
      const methods = dataOf(
        await client.p.get('/api/payment/methods/deposit?currency=USD', { token: player.token }),
        z.array(z.unknown()),
      );
      expect(methods).toEqual([]);
      expect((await client.deposit(player, { method: 'sandbox.card', amount: 20 })).statusCode).toBe(422);
      expect((await off.app.server.inject({ url: `/api/dev/psp/payments/${randomUUID()}` })).statusCode).toBe(404);
    });
  });
});
