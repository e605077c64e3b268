import { depositResponseSchema, InvoiceStatus, paymentMethodSchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf, type Payer, paymentsClient, recordPublications, usePaymentsServer } from './payments-helpers';
import { errorOf } from './players';
import { ledgerViolations } from './wallet-helpers';

const t = usePaymentsServer();
const c = paymentsClient(t);

const BECH32_TESTNET = /^tb1q[02-9ac-hj-np-z]{38}$/;
const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** What the wallet sends for a crypto method: the network option and no meaningful amount. */
function addressRequest(player: Payer, method: string, network: string | null = null) {
  return c.deposit(player, {
    method,
    amount: 0,
    fields: { crypto_network: network },
    redirectSuccessUrl: 'http://localhost/',
    redirectErrorUrl: 'http://localhost/',
  });
}

async function addressOf(player: Payer, method: string, network: string | null = null): Promise<string> {
  const response = dataOf(await addressRequest(player, method, network), depositResponseSchema);
  expect(response.type).toBe('address');
  expect(response.tag).toBeUndefined();
  expect(response.qr).toContain(response.address);
  return response.address ?? '';
}

const send = (body: Record<string, unknown>) =>
  t.app.server.inject({ method: 'POST', url: '/api/dev/crypto/send', payload: body });
const confirm = (txId: string) =>
  t.app.server.inject({ method: 'POST', url: `/api/dev/crypto/confirm/${encodeURIComponent(txId)}` });

const transferSchema = z.object({
  txId: z.string(),
  invoiceId: z.string(),
  status: z.enum(['pending', 'confirmed']),
  credited: z.boolean().optional(),
});

describe('crypto deposit methods', () => {
  it('are listed for crypto currencies with their network option and its bounds', async () => {
    const player = await c.payer({ currency: 'BTC' });
    const methods = dataOf(
      await c.p.get('/api/payment/methods/deposit?currency=BTC', { token: player.token }),
      z.array(paymentMethodSchema),
    );
    const btc = methods.find((m) => m.method === 'crypto.btc');
    expect(btc?.type).toBe('address');
    const network = btc?.fields.find((f) => f.key === 'crypto_network');
    expect(network?.options?.[0]).toMatchObject({ id: 'btc', minAmount: btc?.amountMin, maxAmount: btc?.amountMax });
    expect(network?.options?.[0]?.regex).toBeTruthy();
  });
});

describe('crypto deposit addresses', () => {
  it('answers the same address each time for a player and network, another for another player', async () => {
    const a = await c.payer({ currency: 'BTC' });
    const b = await c.payer({ currency: 'BTC' });
    const first = await addressOf(a, 'crypto.btc', 'btc');
    expect(first).toMatch(BECH32_TESTNET);
    const again = dataOf(await addressRequest(a, 'crypto.btc', 'btc'), depositResponseSchema);
    expect(again).toMatchObject({ address: first, qr: `bitcoin:${first}`, invoiceId: '', action: '' });
    expect(await addressOf(a, 'crypto.btc')).toBe(first);
    const other = await addressOf(b, 'crypto.btc', 'btc');
    expect(other).toMatch(BECH32_TESTNET);
    expect(other).not.toBe(first);
    // no invoice is created by asking for an address
    const count = await t.db
      .selectFrom('payment_invoices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('player_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('gives ETH, USDT and USDC one EIP-55 Ethereum address per player', async () => {
    const player = await c.payer({ currency: 'ETH' });
    const eth = await addressOf(player, 'crypto.eth', 'eth');
    expect(eth).toMatch(ETH_ADDRESS);
    expect(eth).not.toBe(eth.toLowerCase());
    const usdt = await c.payer({ currency: 'USDT' });
    expect(await addressOf(usdt, 'crypto.usdt', 'eth')).toMatch(ETH_ADDRESS);
  });

  it('allocates one address when the first requests come at once', async () => {
    const player = await c.payer({ currency: 'BTC' });
    const responses = await Promise.all(Array.from({ length: 6 }, () => addressRequest(player, 'crypto.btc', 'btc')));
    const addresses = new Set(responses.map((r) => dataOf(r, depositResponseSchema).address));
    expect(addresses.size).toBe(1);
    const rows = await t.db
      .selectFrom('crypto_deposit_addresses')
      .selectAll()
      .where('player_id', '=', player.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a network the method does not offer', async () => {
    const player = await c.payer({ currency: 'BTC' });
    const response = await addressRequest(player, 'crypto.btc', 'eth');
    expect(response.statusCode).toBe(422);
  });
});

describe('the sandbox chain', () => {
  it('send makes a pending deposit, confirm credits it once and publishes it', async () => {
    const player = await c.payer({ currency: 'BTC' });
    const address = await addressOf(player, 'crypto.btc', 'btc');
    const events = recordPublications(t);
    try {
      const sent = await send({ address, amount: 0.0025, currency: 'BTC' });
      expect(sent.statusCode, sent.body).toBe(201);
      const transfer = transferSchema.parse(sent.json<{ data: unknown }>().data);
      expect(transfer.status).toBe('pending');
      expect((await c.invoice(player, transfer.invoiceId)).status).toBe(InvoiceStatus.PENDING);
      expect((await c.account(player, 'BTC')).realBalance).toBe(0);

      const first = transferSchema.parse(dataOf(await confirm(transfer.txId), z.unknown()));
      expect(first).toMatchObject({ status: 'confirmed', credited: true });
      const again = transferSchema.parse(dataOf(await confirm(transfer.txId), z.unknown()));
      expect(again).toMatchObject({ status: 'confirmed', credited: false });
      await Promise.all([confirm(transfer.txId), confirm(transfer.txId)]);

      expect((await c.account(player, 'BTC')).realBalance).toBe(0.0025);
      const invoice = await c.invoice(player, transfer.invoiceId);
      expect(invoice.status).toBe(InvoiceStatus.SUCCESS);
      expect(invoice.amount).toBe(0.0025);

      await new Promise((resolve) => setTimeout(resolve, 50));
      const updates = events.seen.filter(
        (e) => e.data['event'] === 'invoice.deposit.updated' && e.channel.endsWith(player.id),
      );
      expect(updates.map((e) => (e.data['invoice'] as { status: number }).status)).toEqual([
        InvoiceStatus.PENDING,
        InvoiceStatus.SUCCESS,
      ]);
      // the balance change, on the player's accounts channel
      expect(events.seen.some((e) => e.channel.startsWith('wallet:accounts') && e.channel.endsWith(player.id))).toBe(
        true,
      );
    } finally {
      events.stop();
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('credits an ERC-20 token to the account of that token (opened if need be)', async () => {
    const player = await c.payer({ currency: 'ETH' });
    const address = await addressOf(player, 'crypto.eth', 'eth');
    const sent = await send({ address: address.toLowerCase(), amount: 15, currency: 'USDT' });
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer = transferSchema.parse(sent.json<{ data: unknown }>().data);
    expect((await confirm(transfer.txId)).statusCode).toBe(200);
    expect((await c.account(player, 'USDT')).realBalance).toBe(15);
  });

  it('refuses unknown addresses, other networks’ currencies, bad amounts and unknown transactions', async () => {
    const player = await c.payer({ currency: 'BTC' });
    const address = await addressOf(player, 'crypto.btc', 'btc');
    const unknown = await send({ address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: 1, currency: 'BTC' });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).fields).toHaveProperty('address');
    expect((await send({ address, amount: 1, currency: 'ETH' })).statusCode).toBe(422);
    for (const amount of [0, -1, 0.000000001, 'abc', '1e3']) {
      const bad = await send({ address, amount, currency: 'BTC' });
      expect(bad.statusCode, String(amount)).toBe(422);
    }
    expect((await confirm('sandbox-does-not-exist')).statusCode).toBe(404);
    expect((await c.account(player, 'BTC')).realBalance).toBe(0);
  });

  it('serves the control page, escaped and not cached', async () => {
    const page = await t.app.server.inject({ url: '/api/dev/crypto' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('action="/api/dev/crypto/send"');
  });

  it('works by hand: the page’s forms send and confirm, then show the transfer', async () => {
    const player = await c.payer({ currency: 'BTC' });
    const address = await addressOf(player, 'crypto.btc', 'btc');
    const form = (url: string, body: string) =>
      t.app.server.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const sent = await form(
      '/api/dev/crypto/send',
      new URLSearchParams({ address, amount: '0.5', currency: 'BTC' }).toString(),
    );
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe('/api/dev/crypto');
    const pending = await t.app.server.inject({ url: '/api/dev/crypto' });
    expect(pending.body).toContain(address);
    expect(pending.body).toContain('0.5 BTC');
    const txId = /\/api\/dev\/crypto\/confirm\/([^"]+)"/.exec(pending.body)?.[1] ?? '';
    expect((await form(`/api/dev/crypto/confirm/${txId}`, '')).statusCode).toBe(303);
    expect((await c.account(player, 'BTC')).realBalance).toBe(0.5);
    const bad = await form('/api/dev/crypto/send', 'address=%3Cscript%3E&amount=1&currency=BTC');
    expect(bad.statusCode).toBe(422);
  });
});
