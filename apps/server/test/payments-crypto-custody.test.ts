import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { depositResponseSchema, InvoiceStatus, withdrawResponseSchema } from '@croupier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTODY_SIGNATURE_HEADER } from '../src/modules/payments/crypto/custody';
import { signatureHeader, verifySignature } from '../src/modules/payments/sandbox/signature';
import { dataOf, paymentsClient, usePaymentsServer } from './payments-helpers';
import { ledgerViolations } from './wallet-helpers';

/**
 * The custody adapter against a custody service stand-in listening on 127.0.0.1: payouts
 * go to it signed and idempotent on the withdrawal; its signed events credit deposits and
 * settle payouts once, however often delivered. Amounts are minor units of the currency
 * as defined here (ETH to 8 decimals).
 */
const SECRET = 'custody-test-secret-0123456789abcdefghij';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let custodyAnswer: { status: number; txId: string } = { status: 200, txId: 'custody-tx-0001' };
let custody: Server;

beforeAll(async () => {
  custody = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(custodyAnswer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ txId: custodyAnswer.txId }));
    });
  });
  await new Promise<void>((resolve) => custody.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => custody.close(resolve));
});
// Closed before the stand-in (after hooks run last registered first).
const t = usePaymentsServer(() => ({
  CRYPTO_CUSTODY_URL: `http://127.0.0.1:${(custody.address() as AddressInfo).port}/v1`,
  CRYPTO_CUSTODY_SECRET: SECRET,
  CRYPTO_CUSTODY_TIMEOUT_MS: '5000',
}));
const c = paymentsClient(t);

function deliver(event: Record<string, unknown>, secret = SECRET) {
  const body = JSON.stringify(event);
  return t.app.server.inject({
    method: 'POST',
    url: '/api/payment/crypto/custody-events',
    headers: { 'content-type': 'application/json', [CUSTODY_SIGNATURE_HEADER]: signatureHeader(secret, body) },
    payload: body,
  });
}
const appliedOf = (response: { json: <T>() => T }) => response.json<{ data: { applied: boolean } }>().data.applied;

describe('custody events', () => {
  it('a transfer seen then confirmed credits the deposit once; replays and bad signatures change nothing', async () => {
    const player = await c.payer({ currency: 'ETH' });
    const address = dataOf(
      await c.deposit(player, { method: 'crypto.eth', amount: 0, fields: { crypto_network: 'eth' } }),
      depositResponseSchema,
    ).address;
    const seen = {
      id: 'evt-seen-1',
      type: 'transfer.seen',
      txId: '0xabc0000000000000000000000000000000000000000000000000000000000001',
      network: 'eth',
      address,
      currency: 'ETH',
      amountMinor: '25000000',
    };
    const forged = await deliver(seen, 'another-secret-0123456789abcdefghijklmn');
    expect(forged.statusCode).toBe(401);

    const first = await deliver(seen);
    expect(first.statusCode, first.body).toBe(200);
    expect(appliedOf(first)).toBe(true);
    expect(appliedOf(await deliver(seen))).toBe(false);
    expect((await c.account(player, 'ETH')).realBalance).toBe(0);

    const confirmed = { id: 'evt-confirmed-1', type: 'transfer.confirmed', txId: seen.txId };
    const results = await Promise.all([deliver(confirmed), deliver(confirmed), deliver(confirmed)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => appliedOf(r))).toHaveLength(1);
    expect((await c.account(player, 'ETH')).realBalance).toBe(0.25);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses an event for an address that is not ours', async () => {
    const response = await deliver({
      id: 'evt-stranger',
      type: 'transfer.seen',
      txId: 'stranger-tx-000001',
      network: 'eth',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      currency: 'ETH',
      amountMinor: '1000',
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('custody payouts', () => {
  it('an approved withdrawal is sent to the custody once, signed, and paid when it reports the payout', async () => {
    const player = await c.payer({ currency: 'ETH', fund: 1 });
    const requested = dataOf(
      await c.withdraw(player, {
        method: 'crypto.eth_payout',
        amount: 0.3,
        fields: { wallet_id: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      }),
      withdrawResponseSchema,
    );
    received.length = 0;
    custodyAnswer = { status: 200, txId: 'custody-tx-0002' };
    const approve = () => c.admin('POST', `/api/admin/payments/withdrawals/${requested.invoiceId}/approve`);
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.headers['idempotency-key']).toBe(requested.invoiceId);
    const header = call?.headers[CUSTODY_SIGNATURE_HEADER];
    expect(
      verifySignature({
        header: typeof header === 'string' ? header : undefined,
        secret: SECRET,
        rawBody: Buffer.from(call?.body ?? ''),
        now: new Date(),
        toleranceSeconds: 60,
      }),
    ).toEqual({ ok: true });
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      payoutId: requested.invoiceId,
      network: 'eth',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      currency: 'ETH',
      amountMinor: '30000000',
    });
    expect((await c.invoice(player, requested.invoiceId)).status).toBe(InvoiceStatus.PROCESSING);

    const paid = { id: 'evt-payout-2', type: 'payout.confirmed', txId: 'custody-tx-0002' };
    expect(appliedOf(await deliver(paid))).toBe(true);
    expect(appliedOf(await deliver(paid))).toBe(false);
    expect((await c.invoice(player, requested.invoiceId)).status).toBe(InvoiceStatus.SUCCESS);
    expect((await c.account(player, 'ETH')).realBalance).toBeCloseTo(0.7, 12);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a custody that fails to answer leaves the withdrawal processing; approving again retries, and a failed payout returns the money', async () => {
    const player = await c.payer({ currency: 'ETH', fund: 1 });
    const requested = dataOf(
      await c.withdraw(player, {
        method: 'crypto.eth_payout',
        amount: 0.5,
        fields: { wallet_id: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' },
      }),
      withdrawResponseSchema,
    );
    received.length = 0;
    custodyAnswer = { status: 503, txId: 'unused-tx-000' };
    const approve = () => c.admin('POST', `/api/admin/payments/withdrawals/${requested.invoiceId}/approve`);
    expect((await approve()).statusCode).toBe(200);
    expect((await c.invoice(player, requested.invoiceId)).status).toBe(InvoiceStatus.PROCESSING);
    custodyAnswer = { status: 200, txId: 'custody-tx-0003' };
    expect((await approve()).statusCode).toBe(200);
    expect(received).toHaveLength(2);
    expect(received.every((r) => r.headers['idempotency-key'] === requested.invoiceId)).toBe(true);

    const failed = { id: 'evt-payout-3', type: 'payout.failed', txId: 'custody-tx-0003', reason: 'dropped' };
    expect(appliedOf(await deliver(failed))).toBe(true);
    expect((await c.invoice(player, requested.invoiceId)).status).toBe(InvoiceStatus.ERROR);
    expect((await c.account(player, 'ETH')).realBalance).toBe(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
