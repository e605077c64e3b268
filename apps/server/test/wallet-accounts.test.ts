import { walletAccountSchema, type WalletAccount } from '@croupier/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestServer } from './fixtures';
import { errorOf, players, type RegisteredPlayer } from './players';
import { fund, ledgerViolations, walletOf } from './wallet-helpers';

const t = useTestServer();
const p = players(t);

const accountsResponse = z.object({ data: z.array(walletAccountSchema) });

function accountsOf(response: LightMyRequestResponse): WalletAccount[] {
  expect(response.statusCode, response.body).toBe(200);
  return accountsResponse.parse(response.json()).data;
}

const list = async (player: RegisteredPlayer) =>
  accountsOf(await p.get('/api/wallet/accounts', { token: player.token }));
const create = (player: RegisteredPlayer, body: unknown) =>
  p.post('/api/wallet/accounts', body, { token: player.token });
const switchTo = (player: RegisteredPlayer, id: string) =>
  p.put(`/api/wallet/accounts/${id}/switch`, undefined, { token: player.token });
const hide = (player: RegisteredPlayer, id: string) =>
  p.put(`/api/wallet/accounts/${id}/hide`, undefined, { token: player.token });

function byCurrency(accounts: WalletAccount[], currency: string): WalletAccount {
  const account = accounts.find((a) => a.currency === currency);
  if (!account) throw new Error(`no ${currency} account in ${JSON.stringify(accounts)}`);
  return account;
}

describe('GET /api/wallet/accounts', () => {
  it('needs a signed-in player', async () => {
    const response = await p.get('/api/wallet/accounts');
    expect(response.statusCode).toBe(401);
  });

  it('gives a new player one active, empty account in the registration currency, once', async () => {
    const player = await p.registerByEmail({ currency: 'EUR' });
    const first = await list(player);
    expect(first).toEqual([
      {
        id: expect.any(String) as string,
        currency: 'EUR',
        status: 1,
        balance: 0,
        realBalance: 0,
        bonusBalance: 0,
        lockedBalance: 0,
        withdrawalBalance: 0,
      },
    ]);
    expect(await list(player)).toEqual(first);
    const response = await p.get('/api/wallet/accounts', { token: player.token });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('shows balances in major units of the account currency', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const [usd] = await list(player);
    await fund(walletOf(t), usd?.id ?? '', 'USD', 1234n);
    expect(byCurrency(await list(player), 'USD')).toMatchObject({
      balance: 12.34,
      realBalance: 12.34,
      withdrawalBalance: 12.34,
      bonusBalance: 0,
      lockedBalance: 0,
    });
  });
});

describe('POST /api/wallet/accounts', () => {
  it('opens an inactive account in a new currency and answers the full list; a repeat changes nothing', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const accounts = accountsOf(await create(player, { currency: 'BTC' }));
    expect(accounts.map((a) => [a.currency, a.status])).toEqual([
      ['USD', 1],
      ['BTC', 2],
    ]);
    expect(accountsOf(await create(player, { currency: 'btc' }))).toEqual(accounts);
    expect(await list(player)).toEqual(accounts);
  });

  it('lets the client select a currency without an account: create, then switch to it', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const eth = byCurrency(accountsOf(await create(player, { currency: 'ETH' })), 'ETH');
    const after = accountsOf(await switchTo(player, eth.id));
    expect(byCurrency(after, 'ETH').status).toBe(1);
    expect(byCurrency(after, 'USD').status).toBe(2);
    expect(after.filter((a) => a.status === 1)).toHaveLength(1);
  });

  it('refuses a currency the site does not offer, and malformed bodies, with 422 on currency', async () => {
    const player = await p.registerByEmail();
    for (const body of [{ currency: 'XYZ' }, { currency: 'US D' }, { currency: 5 }, {}, { currency: '' }]) {
      const response = await create(player, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(body)).toEqual(['currency']);
    }
    expect((await list(player)).length).toBe(1);
  });
});

describe('PUT /api/wallet/accounts/{id}/switch and /hide', () => {
  it('switches the active account; exactly one is active', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    await create(player, { currency: 'EUR' });
    const eur = byCurrency(accountsOf(await create(player, { currency: 'BTC' })), 'EUR');
    const accounts = accountsOf(await switchTo(player, eur.id));
    expect(accounts.map((a) => [a.currency, a.status])).toEqual([
      ['USD', 2],
      ['EUR', 1],
      ['BTC', 2],
    ]);
    // A switch to the active account is harmless.
    expect(accountsOf(await switchTo(player, eur.id))).toEqual(accounts);
  });

  it('accepts action calls with a JSON content type and no body', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const [usd] = await list(player);
    const response = await p.put(`/api/wallet/accounts/${usd?.id ?? ''}/switch`, undefined, {
      token: player.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('hides an empty inactive account; opening or switching to it shows it again', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const eur = byCurrency(accountsOf(await create(player, { currency: 'EUR' })), 'EUR');
    expect(accountsOf(await hide(player, eur.id)).map((a) => a.currency)).toEqual(['USD']);
    expect((await list(player)).map((a) => a.currency)).toEqual(['USD']);

    // POST shows it again: the same account, not a new one.
    const reopened = byCurrency(accountsOf(await create(player, { currency: 'EUR' })), 'EUR');
    expect(reopened.id).toBe(eur.id);

    accountsOf(await hide(player, eur.id));
    const switched = accountsOf(await switchTo(player, eur.id));
    expect(byCurrency(switched, 'EUR')).toMatchObject({ id: eur.id, status: 1 });
  });

  it('refuses to hide the active account or one that holds money (409), and changes nothing', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const usd = byCurrency(await list(player), 'USD');
    const active = await hide(player, usd.id);
    expect(active.statusCode).toBe(409);
    expect(errorOf(active).code).toBe(1005);

    const btc = byCurrency(accountsOf(await create(player, { currency: 'BTC' })), 'BTC');
    await fund(walletOf(t), btc.id, 'BTC', 150_000n);
    const funded = await hide(player, btc.id);
    expect(funded.statusCode).toBe(409);
    expect(byCurrency(await list(player), 'BTC')).toMatchObject({ balance: 0.0015, status: 2 });
  });

  it("answers 404 for another player's account and for unknown or malformed ids, changing nothing", async () => {
    const owner = await p.registerByEmail({ currency: 'USD' });
    const other = await p.registerByEmail({ currency: 'USD' });
    const ownerEur = byCurrency(accountsOf(await create(owner, { currency: 'EUR' })), 'EUR');
    const otherBefore = await list(other);
    const ownerBefore = await list(owner);

    for (const id of [ownerEur.id, '00000000-0000-4000-8000-000000000000', 'not-an-id', ownerEur.id.toUpperCase()]) {
      for (const call of [switchTo, hide]) {
        const response = await call(other, id);
        expect(response.statusCode, `${call.name} ${id}`).toBe(404);
        expect(errorOf(response).code).toBe(1004);
      }
    }
    expect(await list(other)).toEqual(otherBefore);
    expect(await list(owner)).toEqual(ownerBefore);
  });
});

describe('POST /api/dev/wallet/accounts/{id}/fund (sandbox)', () => {
  const fundCall = (player: RegisteredPlayer, id: string, body: unknown, key?: string) =>
    p.post(`/api/dev/wallet/accounts/${id}/fund`, body, {
      token: player.token,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  it('credits play money once per idempotency key; the same key with another amount is a 409', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const usd = byCurrency(await list(player), 'USD');
    const first = await fundCall(player, usd.id, { amount: 25.5 }, 'top-up-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ data: { replayed: false, account: { realBalance: 25.5 } } });

    const retry = await fundCall(player, usd.id, { amount: 25.5 }, 'top-up-1');
    expect(retry.json()).toMatchObject({ data: { replayed: true, account: { realBalance: 25.5 } } });

    const conflict = await fundCall(player, usd.id, { amount: 30 }, 'top-up-1');
    expect(conflict.statusCode).toBe(409);
    expect(errorOf(conflict).code).toBe(1006);
    expect(byCurrency(await list(player), 'USD').realBalance).toBe(25.5);

    // Keys are the player's own: another player may use the same one.
    const other = await p.registerByEmail({ currency: 'USD' });
    const otherUsd = byCurrency(await list(other), 'USD');
    expect((await fundCall(other, otherUsd.id, { amount: 1 }, 'top-up-1')).statusCode).toBe(200);
  });

  it('refuses bad amounts with 422 on amount and changes nothing', async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    const usd = byCurrency(await list(player), 'USD');
    const btc = byCurrency(accountsOf(await create(player, { currency: 'BTC' })), 'BTC');
    const cases: [string, unknown][] = [
      [usd.id, 0],
      [usd.id, -5],
      [usd.id, 10.555],
      [usd.id, '10'],
      [usd.id, 'NaN'],
      [usd.id, null],
      [usd.id, 1e30],
      [usd.id, 2_000_000],
      [btc.id, 0.000000001],
      [btc.id, true],
    ];
    for (const [id, amount] of cases) {
      const response = await fundCall(player, id, { amount });
      expect(response.statusCode, `${String(amount)}: ${response.body}`).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['amount']);
    }
    const missing = await fundCall(player, usd.id, {});
    expect(missing.statusCode).toBe(422);
    const raw = await t.app.server.inject({
      method: 'POST',
      url: `/api/dev/wallet/accounts/${usd.id}/fund`,
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      payload: '{"amount": NaN}',
    });
    expect(raw.statusCode).toBe(400);

    const after = await list(player);
    expect(after.every((a) => a.balance === 0)).toBe(true);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("answers 404 for another player's account", async () => {
    const owner = await p.registerByEmail({ currency: 'USD' });
    const thief = await p.registerByEmail({ currency: 'USD' });
    const usd = byCurrency(await list(owner), 'USD');
    const response = await fundCall(thief, usd.id, { amount: 10 });
    expect(response.statusCode).toBe(404);
    expect(byCurrency(await list(owner), 'USD').balance).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('describes the wallet calls with their request and response shapes', async () => {
    const spec = (await t.app.server.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    expect(spec.paths['/api/wallet/accounts']?.get?.responses).toHaveProperty(['200']);
    expect(spec.paths['/api/wallet/accounts']?.post?.requestBody).toBeDefined();
    expect(spec.paths['/api/wallet/accounts/{accountId}/switch']).toHaveProperty(['put']);
    expect(spec.paths['/api/wallet/accounts/{accountId}/hide']).toHaveProperty(['put']);
    expect(spec.paths['/api/dev/wallet/accounts/{accountId}/fund']).toHaveProperty(['post']);
  });
});
