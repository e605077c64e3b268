import { randomUUID } from 'node:crypto';
import {
  adminWithdrawalSchema,
  CASH_AGENT_WITHDRAWAL_METHOD,
  invoiceSchema,
  withdrawResponseSchema,
  type WithdrawResponse,
} from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADMIN_KEY,
  dataOf,
  eventually,
  type Payer,
  paymentsClient,
  recordPublications,
  usePaymentsServer,
} from './payments-helpers';
import { errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';

// Withdrawals up to 50 USD are approved at once; the tests use larger amounts for the manual path.
const t = usePaymentsServer({ WITHDRAWAL_AUTO_APPROVE_MAX: '50' });
const c = paymentsClient(t);

const card = (amount: unknown) => ({
  method: 'sandbox.card_payout',
  amount,
  fields: { wallet_id: '4111111111111111' },
});
const balances = async (player: Payer) => {
  const account = await c.account(player, player.account.currency);
  return { real: account.realBalance, locked: account.lockedBalance, withdrawable: account.withdrawalBalance };
};
const requested = async (player: Payer, body: Record<string, unknown>): Promise<WithdrawResponse> =>
  dataOf(await c.withdraw(player, body), withdrawResponseSchema);
const approve = (id: string, key: string | null = ADMIN_KEY) =>
  c.admin('POST', `/api/admin/payments/withdrawals/${id}/approve`, key);
const reject = (id: string, key: string | null = ADMIN_KEY) =>
  c.admin('POST', `/api/admin/payments/withdrawals/${id}/reject`, key);
const decline = (player: Payer, id: string) =>
  c.p.put(`/api/payment/invoices/${id}/decline`, undefined, { token: player.token });

describe('requesting a withdrawal', () => {
  it('holds the amount at once: real → locked, withdrawable down; the invoice is pending', async () => {
    const player = await c.payer({ fund: 500 });
    const events = recordPublications(t);
    try {
      const response = await requested(player, card(120.25));
      expect(response).toMatchObject({ method: 'sandbox.card_payout', type: 'form', status: 1 });
      expect(await balances(player)).toEqual({ real: 379.75, locked: 120.25, withdrawable: 379.75 });
      expect(await c.invoice(player, response.invoiceId)).toMatchObject({
        status: 1,
        invoiceType: 2,
        amount: 120.25,
        paymentMethod: 'sandbox.card_payout',
      });
      expect(events.seen.filter((e) => e.channel === `payment:invoices#${player.id}`).map((e) => e.data.event)).toEqual(
        ['invoice.withdrawal.created'],
      );
    } finally {
      events.stop();
    }
  });

  it('refuses amounts out of bounds or above the withdrawable balance, and bad fields, holding nothing', async () => {
    const player = await c.payer({ fund: 300 });
    const cases: [Record<string, unknown>, string][] = [
      [card(301), 'amount'],
      [card(19.99), 'amount'],
      [card(0), 'amount'],
      [card(-1), 'amount'],
      [card(1e30), 'amount'],
      [card('100'), 'amount'],
      [card(100.001), 'amount'],
      [{ ...card(100), fields: { wallet_id: '4111-1111' } }, 'wallet_id'],
      [{ ...card(100), fields: {} }, 'wallet_id'],
      [{ method: 'sandbox.bank_payout', amount: 100, fields: { wallet_id: 'DE89370400440532013000' } }, 'fullName'],
      [
        {
          method: 'sandbox.ewallet_payout',
          amount: 100,
          fields: { currencyWithdraw: 'paywallet', wallet_id: 'x@y.io' },
        },
        'wallet_id',
      ],
      [
        {
          method: 'sandbox.ewallet_payout',
          amount: 100,
          fields: { currencyWithdraw: 'quickpay', wallet_id: 'PW12345678' },
        },
        'wallet_id',
      ],
      [
        {
          method: 'sandbox.ewallet_payout',
          amount: 100,
          fields: { currencyWithdraw: 'other', wallet_id: 'PW12345678' },
        },
        'currencyWithdraw',
      ],
      // PayWallet's own bounds: at least 10 (the method allows 5)
      [
        {
          method: 'sandbox.ewallet_payout',
          amount: 7,
          fields: { currencyWithdraw: 'paywallet', wallet_id: 'PW12345678' },
        },
        'amount',
      ],
      [{ method: CASH_AGENT_WITHDRAWAL_METHOD, amount: 100, fields: { agent: 'AG-001', phone: '123' } }, 'phone'],
      [{ method: 'sandbox.card', amount: 100 }, 'method'],
      [{ ...card(100), currency: 'EUR' }, 'currency'],
    ];
    for (const [body, field] of cases) {
      const response = await c.withdraw(player, body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(422);
      expect(errorOf(response).fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await balances(player)).toEqual({ real: 300, locked: 0, withdrawable: 300 });
    const ok = await c.withdraw(player, {
      method: 'sandbox.ewallet_payout',
      amount: 280,
      fields: { currencyWithdraw: 'paywallet', wallet_id: 'PW12345678' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lets exactly one of 20 parallel withdrawals of the whole balance through', async () => {
    const player = await c.payer({ fund: 640 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => c.withdraw(player, card(640))));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).fields).toHaveProperty('amount');
    }
    expect(await balances(player)).toEqual({ real: 0, locked: 640, withdrawable: 0 });
    const invoices = await t.db
      .selectFrom('payment_invoices')
      .select('id')
      .where('player_id', '=', player.id)
      .execute();
    expect(invoices).toHaveLength(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key without a second hold', async () => {
    const player = await c.payer({ fund: 200 });
    const key = randomUUID();
    const first = await c.withdraw(player, card(100), { 'idempotency-key': key });
    const again = await c.withdraw(player, card(100), { 'idempotency-key': key });
    expect(again.json()).toEqual(first.json());
    expect((await c.withdraw(player, card(99), { 'idempotency-key': key })).statusCode).toBe(409);
    expect(await balances(player)).toMatchObject({ real: 100, locked: 100 });
  });

  it('gives all of 20 parallel requests with one Idempotency-Key the first answer, holding once', async () => {
    const player = await c.payer({ fund: 300 });
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => c.withdraw(player, card(250), { 'idempotency-key': key })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual(Array.from({ length: 20 }, () => 200));
    const first = dataOf(responses[0]!, withdrawResponseSchema);
    for (const response of responses) expect(dataOf(response, withdrawResponseSchema)).toEqual(first);
    expect(await balances(player)).toEqual({ real: 50, locked: 250, withdrawable: 50 });

    // approved at once: every answer says so
    const small = randomUUID();
    const approved = await Promise.all(
      Array.from({ length: 20 }, () => c.withdraw(player, card(30), { 'idempotency-key': small })),
    );
    const firstApproved = dataOf(approved[0]!, withdrawResponseSchema);
    expect(firstApproved.status).toBe(4);
    for (const response of approved) expect(dataOf(response, withdrawResponseSchema)).toEqual(firstApproved);
    await eventually(async () => ((await c.invoice(player, firstApproved.invoiceId)).status === 2 ? true : undefined));
    expect(await balances(player)).toEqual({ real: 20, locked: 250, withdrawable: 20 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('declining, approving and rejecting', () => {
  it('a decline gives the money back once; declining twice changes nothing more', async () => {
    const player = await c.payer({ fund: 400 });
    const { invoiceId } = await requested(player, card(150));
    const first = dataOf(await decline(player, invoiceId), invoiceSchema);
    expect(first).toMatchObject({ status: 3, statusResult: 'declined' });
    const second = await decline(player, invoiceId);
    expect(dataOf(second, invoiceSchema)).toMatchObject({ status: 3, statusResult: 'declined' });
    const parallel = await Promise.all([decline(player, invoiceId), decline(player, invoiceId)]);
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balances(player)).toEqual({ real: 400, locked: 0, withdrawable: 400 });
    const releases = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `withdrawal:release:${invoiceId}`)
      .execute();
    expect(releases).toHaveLength(1);
  });

  it("another player's invoice is a 404, as is an unknown or malformed id", async () => {
    const owner = await c.payer({ fund: 200 });
    const other = await c.payer();
    const { invoiceId } = await requested(owner, card(100));
    for (const id of [invoiceId, randomUUID(), 'not-an-id']) {
      expect((await decline(other, id)).statusCode).toBe(404);
      expect((await c.p.get(`/api/payment/invoices/${id}`, { token: other.token })).statusCode).toBe(404);
    }
    expect(await c.invoice(owner, invoiceId)).toMatchObject({ status: 1 });
    expect(await balances(owner)).toMatchObject({ locked: 100 });
  });

  it('the operator API needs the admin key', async () => {
    const player = await c.payer({ fund: 200 });
    const { invoiceId } = await requested(player, card(100));
    for (const key of [null, '', 'wrong', `${ADMIN_KEY}x`, ADMIN_KEY.slice(0, -1)]) {
      expect((await approve(invoiceId, key)).statusCode).toBe(401);
      expect((await reject(invoiceId, key)).statusCode).toBe(401);
      expect((await c.admin('GET', '/api/admin/payments/withdrawals', key)).statusCode).toBe(401);
    }
    expect(await c.invoice(player, invoiceId)).toMatchObject({ status: 1 });
    const queue = await c.admin('GET', '/api/admin/payments/withdrawals?status=1&perPage=100');
    const listed = z.object({ data: z.array(adminWithdrawalSchema) }).parse(queue.json()).data;
    expect(listed.find((w) => w.id === invoiceId)).toMatchObject({
      playerId: player.id,
      fields: { wallet_id: '4111111111111111' },
    });
  });

  it('approval pays out through the provider: processing, then paid by webhook', async () => {
    const player = await c.payer({ fund: 500 });
    const { invoiceId } = await requested(player, card(200));
    const events = recordPublications(t);
    try {
      const approved = await approve(invoiceId);
      expect(dataOf(approved, adminWithdrawalSchema)).toMatchObject({ status: 4, approvedBy: 'operator' });
      expect(await balances(player)).toEqual({ real: 300, locked: 0, withdrawable: 300 });
      await eventually(async () => ((await c.invoice(player, invoiceId)).status === 2 ? true : undefined));
      expect(await c.invoice(player, invoiceId)).toMatchObject({ status: 2, statusResult: 'paid' });
      const statuses = events.seen
        .filter((e) => e.channel === `payment:invoices#${player.id}`)
        .map((e) => [e.data.event, (e.data.invoice as { status: number }).status]);
      expect(statuses).toEqual([
        ['invoice.withdrawal.updated', 4],
        ['invoice.withdrawal.updated', 2],
      ]);
    } finally {
      events.stop();
    }
    // nothing more can be done to it
    expect((await approve(invoiceId)).statusCode).toBe(409);
    expect((await reject(invoiceId)).statusCode).toBe(409);
    expect((await decline(player, invoiceId)).statusCode).toBe(409);
    expect(await balances(player)).toEqual({ real: 300, locked: 0, withdrawable: 300 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('rejection gives the money back; a refused payout gives it back too', async () => {
    const player = await c.payer({ fund: 500 });
    const rejected = await requested(player, card(100));
    expect(dataOf(await reject(rejected.invoiceId), adminWithdrawalSchema)).toMatchObject({
      status: 3,
      statusResult: 'rejected',
    });
    expect(await balances(player)).toEqual({ real: 500, locked: 0, withdrawable: 500 });
    expect((await approve(rejected.invoiceId)).statusCode).toBe(409);

    // the sandbox refuses payouts ending in .13
    const refused = await requested(player, card(100.13));
    await approve(refused.invoiceId);
    await eventually(async () => ((await c.invoice(player, refused.invoiceId)).status === 3 ? true : undefined));
    expect(await c.invoice(player, refused.invoiceId)).toMatchObject({ statusResult: 'payout_failed' });
    expect(await balances(player)).toEqual({ real: 500, locked: 0, withdrawable: 500 });
  });

  it('the cash agent payout shows its codes; small withdrawals are approved at once', async () => {
    const player = await c.payer({ fund: 500 });
    const cash = await requested(player, {
      method: CASH_AGENT_WITHDRAWAL_METHOD,
      amount: 80,
      fields: { agent: 'AG-002', phone: '4915112345678', comment: 'Afternoon please' },
    });
    await approve(cash.invoiceId);
    const paid = await eventually(async () => {
      const invoice = await c.invoice(player, cash.invoiceId);
      return invoice.status === 2 ? invoice : undefined;
    });
    expect(paid.publicData).toMatchObject({
      agentNumber: 'AG-002',
      securityCode: expect.stringMatching(/^\d{6}$/) as unknown,
      clientId: expect.any(String) as unknown,
      transactionId: expect.any(String) as unknown,
    });

    const small = await requested(player, card(30));
    expect(small.status).toBe(4);
    await eventually(async () => ((await c.invoice(player, small.invoiceId)).status === 2 ? true : undefined));
    expect(await balances(player)).toEqual({ real: 390, locked: 0, withdrawable: 390 });
  });
});

describe('the turn-over wager and invoice history', () => {
  it('a deposit must be wagered before it can be withdrawn', async () => {
    const player = await c.payer({ fund: 50 });
    const started = await c.depositOk(player, { method: 'sandbox.card', amount: 100 });
    const paymentId = /payments\/([0-9a-f-]{36})/.exec(started.action)?.[1] ?? '';
    await c.sandboxChoose(paymentId, 'succeed');
    expect(await balances(player)).toEqual({ real: 150, locked: 0, withdrawable: 50 });
    const report = await c.p.get('/api/risk/reasons/turn-over-wager?currency=USD', { token: player.token });
    expect(report.json()).toEqual({
      data: { total: 100, turnOverWager: 1, turnOverWagerAmount: 100, currency: 'USD' },
    });
    const tooMuch = await c.withdraw(player, card(60));
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).fields?.amount?.[0]).toContain('50');
    expect((await c.p.get('/api/risk/reasons/turn-over-wager?currency=XYZ', { token: player.token })).statusCode).toBe(
      422,
    );
  });

  it('lists invoices with filters and pages, and sums them per currency', async () => {
    const player = await c.payer({ fund: 1000 });
    const deposits = [];
    for (const amount of [20, 30, 40]) deposits.push(await c.depositOk(player, { method: 'sandbox.card', amount }));
    for (const d of deposits.slice(0, 2))
      await c.sandboxChoose(/payments\/([0-9a-f-]{36})/.exec(d.action)?.[1] ?? '', 'succeed');
    const w = await requested(player, card(100));
    await approve(w.invoiceId);
    await eventually(async () => ((await c.invoice(player, w.invoiceId)).status === 2 ? true : undefined));

    const page = (query: string) => c.p.get(`/api/payment/invoices${query}`, { token: player.token });
    const all = (await page('?perPage=2')).json<{ data: unknown[]; meta: unknown }>();
    expect(all.data).toHaveLength(2);
    expect(all.meta).toEqual({ page: 1, perPage: 2, totalPages: 2, totalRows: 4 });
    const only = (query: string) => page(query).then((r) => r.json<{ data: { id: string }[] }>().data.map((i) => i.id));
    expect(await only('?type=2')).toEqual([w.invoiceId]);
    expect(await only('?type[]=1&status[]=1')).toEqual([deposits[2]?.invoiceId]);
    expect(await only('?status=2&type=1')).toHaveLength(2);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await only(`?dateFrom=${encodeURIComponent(future)}`)).toEqual([]);
    expect(await only(`?dateTo=${encodeURIComponent(future)}&currency=USD`)).toHaveLength(4);
    expect((await page('?dateFrom=yesterday')).statusCode).toBe(422);
    expect((await page('?status=9')).statusCode).toBe(422);

    const stats = (await c.p.get('/api/payment/invoices/statistics', { token: player.token })).json<{
      data: Record<string, unknown>[];
    }>().data;
    expect(stats).toEqual([
      expect.objectContaining({
        currency: 'USD',
        depositsCount: 2,
        withdrawalsCount: 1,
        depositsSum: 50,
        withdrawalsSum: 100,
        depositsSumBaseCurrency: 50,
        lastWithdrawalAmount: 100,
        lastDepositAmount: expect.any(Number) as unknown,
        lastDepositProcessedAt: expect.any(String) as unknown,
        purchasesCount: 0,
      }),
    ]);
  });
});
