import { depositResponseSchema, InvoiceStatus, paymentMethodSchema, withdrawResponseSchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { xrpAddressOf } from '../src/modules/payments/crypto/addresses';
import { TEST_XRP_ADDRESS } from '../src/modules/payments/crypto/networks';
import { dataOf, type Payer, paymentsClient, usePaymentsServer } from './payments-helpers';
import { errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';

const t = usePaymentsServer();
const c = paymentsClient(t);

// BIP173 / EIP-55 reference vectors, and a valid XRP address with one character changed.
const BTC_TESTNET = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const BTC_TESTNET_TYPO = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsy';
const BTC_MAINNET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH_CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ETH_BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const XRP_PAYEE = xrpAddressOf(new Uint8Array(20).fill(7));

const payoutSchema = z.object({
  txId: z.string(),
  invoiceId: z.string(),
  network: z.string(),
  address: z.string(),
  tag: z.string().nullable(),
  status: z.enum(['broadcast', 'confirmed', 'dropped']),
});

const post = (url: string, payload: Record<string, unknown> = {}) =>
  t.app.server.inject({ method: 'POST', url, payload });
const approve = (id: string) => c.admin('POST', `/api/admin/payments/withdrawals/${id}/approve`);

async function payoutOf(invoiceId: string) {
  const page = await t.app.server.inject({ method: 'GET', url: '/api/dev/crypto' });
  expect(page.statusCode).toBe(200);
  const row = await t.db
    .selectFrom('crypto_payouts')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return row;
}

async function requestWithdrawal(player: Payer, method: string, fields: Record<string, string>, amount: number) {
  return c.withdraw(player, { method, amount, fields });
}

describe('crypto withdrawal methods', () => {
  it('are listed per crypto currency with the network option, the address field and (XRP) the destination tag', async () => {
    const player = await c.payer({ currency: 'XRP' });
    const methods = dataOf(
      await c.p.get('/api/payment/methods/withdrawal?currency=XRP', { token: player.token }),
      z.array(paymentMethodSchema),
    );
    const xrp = methods.find((m) => m.method === 'crypto.xrp_payout');
    expect(xrp?.fields.map((f) => f.key)).toEqual(['crypto_network', 'wallet_id', 'destination_tag']);
    expect(xrp?.fields.find((f) => f.key === 'crypto_network')?.options?.[0]?.id).toBe('xrp');
  });
});

describe('XRP deposits: one shared address, a destination tag per player', () => {
  it('gives each player the shared address with their own tag, and credits a transfer by its tag', async () => {
    const a = await c.payer({ currency: 'XRP' });
    const b = await c.payer({ currency: 'XRP' });
    const body = { method: 'crypto.xrp', amount: 0, fields: { crypto_network: 'xrp' } };
    const first = dataOf(await c.deposit(a, body), depositResponseSchema);
    const second = dataOf(await c.deposit(b, body), depositResponseSchema);
    expect(first.address).toBe(TEST_XRP_ADDRESS);
    expect(second.address).toBe(TEST_XRP_ADDRESS);
    expect(first.tag).toMatch(/^\d{6,10}$/);
    expect(second.tag).toMatch(/^\d{6,10}$/);
    expect(first.tag).not.toBe(second.tag);
    expect(dataOf(await c.deposit(a, body), depositResponseSchema).tag).toBe(first.tag);

    // Without a tag the transfer cannot be attributed; with an unknown tag neither.
    const untagged = await post('/api/dev/crypto/send', { address: TEST_XRP_ADDRESS, amount: 25, currency: 'XRP' });
    expect(untagged.statusCode).toBe(422);
    expect(errorOf(untagged).fields).toHaveProperty('tag');
    const unknown = await post('/api/dev/crypto/send', {
      address: TEST_XRP_ADDRESS,
      tag: '4000000000',
      amount: 25,
      currency: 'XRP',
    });
    expect(unknown.statusCode).toBe(422);

    const sent = await post('/api/dev/crypto/send', {
      address: TEST_XRP_ADDRESS,
      tag: second.tag,
      amount: 25,
      currency: 'XRP',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { txId } = z.object({ txId: z.string() }).parse(sent.json<{ data: unknown }>().data);
    expect((await post(`/api/dev/crypto/confirm/${txId}`)).statusCode).toBe(200);
    expect((await c.account(b, 'XRP')).realBalance).toBe(25);
    expect((await c.account(a, 'XRP')).realBalance).toBe(0);
  });
});

describe('crypto withdrawals', () => {
  it('refuses addresses whose checksum fails, per field, and changes nothing', async () => {
    const btc = await c.payer({ currency: 'BTC', fund: 0.05 });
    for (const wallet of [BTC_TESTNET_TYPO, BTC_MAINNET]) {
      const refused = await requestWithdrawal(btc, 'crypto.btc_payout', { wallet_id: wallet }, 0.01);
      expect(refused.statusCode, wallet).toBe(422);
      expect(errorOf(refused).fields).toHaveProperty('wallet_id');
    }
    const eth = await c.payer({ currency: 'ETH', fund: 1 });
    const badChecksum = await requestWithdrawal(eth, 'crypto.eth_payout', { wallet_id: ETH_BAD_CHECKSUM }, 0.1);
    expect(badChecksum.statusCode).toBe(422);
    expect(errorOf(badChecksum).fields).toHaveProperty('wallet_id');
    const xrp = await c.payer({ currency: 'XRP', fund: 500 });
    const badTag = await requestWithdrawal(
      xrp,
      'crypto.xrp_payout',
      { wallet_id: XRP_PAYEE, destination_tag: '4294967296' },
      50,
    );
    expect(badTag.statusCode).toBe(422);
    expect(errorOf(badTag).fields).toHaveProperty('destination_tag');
    expect((await c.account(btc, 'BTC')).realBalance).toBe(0.05);
    expect((await c.account(eth, 'ETH')).realBalance).toBe(1);
    expect((await c.account(xrp, 'XRP')).realBalance).toBe(500);
  });

  it('approved, the payout goes to the chain once; confirmed, the withdrawal is paid', async () => {
    const player = await c.payer({ currency: 'ETH', fund: 1 });
    const requested = dataOf(
      await requestWithdrawal(player, 'crypto.eth_payout', { wallet_id: ETH_CHECKSUMMED }, 0.4),
      withdrawResponseSchema,
    );
    const invoiceId = requested.invoiceId;
    expect((await c.invoice(player, invoiceId)).status).toBe(InvoiceStatus.PENDING);
    expect((await approve(invoiceId)).statusCode).toBe(200);
    // Approving again re-sends the same payout, never a second one.
    expect((await approve(invoiceId)).statusCode).toBe(200);
    const rows = await t.db.selectFrom('crypto_payouts').selectAll().where('invoice_id', '=', invoiceId).execute();
    expect(rows).toHaveLength(1);
    const payout = rows[0];
    expect(payout).toMatchObject({ network: 'eth', address: ETH_CHECKSUMMED, status: 'broadcast' });
    expect((await c.invoice(player, invoiceId)).status).toBe(InvoiceStatus.PROCESSING);

    const confirmed = await post(`/api/dev/crypto/payouts/${payout?.tx_id ?? ''}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(payoutSchema.parse(confirmed.json<{ data: unknown }>().data).status).toBe('confirmed');
    expect((await c.invoice(player, invoiceId)).status).toBe(InvoiceStatus.SUCCESS);
    // A second confirmation changes nothing; dropping a confirmed payout is refused.
    expect((await post(`/api/dev/crypto/payouts/${payout?.tx_id ?? ''}/confirm`)).statusCode).toBe(200);
    expect((await post(`/api/dev/crypto/payouts/${payout?.tx_id ?? ''}/drop`)).statusCode).toBe(409);
    const account = await c.account(player, 'ETH');
    expect(account.realBalance).toBeCloseTo(0.6, 12);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('dropped by the chain, the money returns to the player; the tag travels with an XRP payout', async () => {
    const player = await c.payer({ currency: 'XRP', fund: 300 });
    const requested = dataOf(
      await requestWithdrawal(player, 'crypto.xrp_payout', { wallet_id: XRP_PAYEE, destination_tag: '12345' }, 120),
      withdrawResponseSchema,
    );
    expect((await c.account(player, 'XRP')).realBalance).toBe(180);
    expect((await approve(requested.invoiceId)).statusCode).toBe(200);
    const payout = await payoutOf(requested.invoiceId);
    expect(payout).toMatchObject({ network: 'xrp', address: XRP_PAYEE, tag: '12345', status: 'broadcast' });
    const dropped = await post(`/api/dev/crypto/payouts/${payout?.tx_id ?? ''}/drop`);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await c.invoice(player, requested.invoiceId)).status).toBe(InvoiceStatus.ERROR);
    expect((await c.account(player, 'XRP')).realBalance).toBe(300);
    expect((await post(`/api/dev/crypto/payouts/${payout?.tx_id ?? ''}/drop`)).statusCode).toBe(200);
    expect((await c.account(player, 'XRP')).realBalance).toBe(300);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('accepts a Bitcoin address of the configured network', async () => {
    const player = await c.payer({ currency: 'BTC', fund: 0.05 });
    const requested = await requestWithdrawal(player, 'crypto.btc_payout', { wallet_id: BTC_TESTNET }, 0.01);
    expect(requested.statusCode, requested.body).toBe(200);
  });
});
