import { randomUUID } from 'node:crypto';
import {
  channels,
  type ChannelEvent,
  type MessengerMessage,
  PlayerStatus,
  RealtimeDisconnects,
  type WalletAccount,
} from '@croupier/contract';
import type {
  Centrifuge,
  ConnectedContext,
  ConnectingContext,
  DisconnectedContext,
  PublicationContext,
  UnsubscribedContext,
} from 'centrifuge';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { productionConfig, setPlayerStatus, useApp, useTestServer, withApp } from './fixtures';
import { PASSWORD, players } from './players';
import {
  Clients,
  eventually,
  JWT_SECRET,
  listen,
  RawClient,
  sessionPlayers,
  sleep,
  stalledSubscriber,
  waitFor,
  type SessionPlayer,
} from './realtime-helpers';

/**
 * The realtime gateway against the real `centrifuge` client over real sockets. `main` runs
 * the default settings; `fast` (same database) shortens the timers that the ping, expiry
 * and online-count tests wait for. Both check tokens as production does: a player's token
 * must belong to an open session, so every player here signs up through the API.
 */

const t = useTestServer({ JWT_SECRET });
const sessions = sessionPlayers(t);
const main = useApp(t);
const fast = useApp(t, {
  realtime: {
    settings: {
      pingIntervalMs: 1000,
      pongTimeoutMs: 1000,
      expiredCloseDelayMs: 500,
      connectTimeoutMs: 1500,
      onlineIntervalMs: 200,
      tickMs: 50,
      maxQueueMessages: 50,
      maxQueueBytes: 64 * 1024,
    },
  },
});
let url: string;
let fastUrl: string;
let fastPort: number;
const clients = new Clients(() => url);
const fastClients = new Clients(() => fastUrl);
const raws: RawClient[] = [];

beforeAll(async () => {
  ({ url } = await listen(main));
  ({ url: fastUrl, port: fastPort } = await listen(fast));
});

afterEach(async () => {
  clients.closeAll();
  fastClients.closeAll();
  for (const raw of raws.splice(0)) raw.close();
  // Connections of one test must not count in the next one's online figures.
  await eventually('connections closed', () => main.realtime.gateway.stats().connections === 0);
  await eventually('fast connections closed', () => fast.realtime.gateway.stats().connections === 0);
});

const signUp = (): Promise<SessionPlayer> => sessions.create();
const tokenFor = (player: SessionPlayer, expiresInSeconds?: number) => sessions.tokenFor(player, expiresInSeconds);

async function raw(target = fastUrl, options: { pong?: boolean } = {}): Promise<RawClient> {
  const client = await RawClient.open(target, options);
  raws.push(client);
  return client;
}

function account(id = randomUUID(), balance = 10): WalletAccount {
  return {
    id,
    currency: 'USD',
    status: 1,
    balance,
    realBalance: balance,
    bonusBalance: 0,
    lockedBalance: 0,
    withdrawalBalance: balance,
  };
}

function message(title: string, body = 'Hello'): MessengerMessage {
  return { id: randomUUID(), state: 1, readAt: null, createdAt: new Date().toISOString(), content: { title, body } };
}

const balanceEvent = (balance = 10): ChannelEvent<`wallet:accounts#${string}`> => ({
  event: 'account.balance.updated',
  account: account(undefined, balance),
});

/** Collects a subscription's publications. */
function collect(subscription: { on(event: 'publication', listener: (ctx: PublicationContext) => void): unknown }) {
  const seen: unknown[] = [];
  subscription.on('publication', (ctx) => seen.push(ctx.data as unknown));
  return seen;
}

describe('connecting', () => {
  it('answers a plain HTTP request with the JSON 404', async () => {
    const response = await main.server.inject({ url: '/api/connection/websocket' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { message: 'This path accepts websocket connections only.' } });
  });

  it('connects a guest without a token', async () => {
    const client = clients.create();
    const connected = waitFor<ConnectedContext>('connected', (done) => client.once('connected', done));
    client.connect();
    const ctx = await connected;
    expect(ctx.client).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.transport).toBe('websocket');
  });

  it('connects a player with the access token', async () => {
    const player = await signUp();
    const client = clients.create({ token: await tokenFor(player) });
    const connected = waitFor<ConnectedContext>('connected', (done) => client.once('connected', done));
    client.connect();
    await connected;
    await eventually('player counted', () => main.realtime.gateway.stats().players === 1);
  });

  it('refuses a forged token with the final code 3500 and the client does not reconnect', async () => {
    const forged = await sessionPlayers(t, 'another-secret-0123456789abcdef0123456789').tokenFor(await signUp());
    const client = clients.create({ token: forged });
    let attempts = 0;
    client.on('connecting', () => (attempts += 1));
    const disconnected = waitFor<DisconnectedContext>('disconnected', (done) => client.once('disconnected', done));
    client.connect();
    expect(await disconnected).toMatchObject({ code: RealtimeDisconnects.INVALID_TOKEN.code, reason: 'invalid token' });
    await sleep(800);
    expect(client.state).toBe('disconnected');
    expect(attempts).toBe(1);
    expect(main.realtime.gateway.stats().connections).toBe(0);
  });
});

describe('subscriptions and permissions', () => {
  it('subscribes several channels with the connect command and delivers to each', async () => {
    const player = await signUp();
    const playerId = player.id;
    const client = clients.create({ token: await tokenFor(player) });
    const wallet = client.newSubscription(channels.walletAccounts(playerId));
    const notifications = client.newSubscription(channels.notifications(playerId));
    const tournaments = client.newSubscription(channels.tournaments);
    const seen = { wallet: collect(wallet), notifications: collect(notifications), tournaments: collect(tournaments) };
    for (const subscription of [wallet, notifications, tournaments]) subscription.subscribe();
    // All three subscribes leave in the same websocket message as the connect.
    client.connect();
    await Promise.all([wallet.ready(), notifications.ready(), tournaments.ready()]);
    expect(main.realtime.gateway.stats().subscriptions).toBe(3);

    const { bus } = main.realtime;
    await bus.publish(channels.walletAccounts(playerId), balanceEvent(42));
    await bus.publish(channels.notifications(playerId), { event: 'message.received', message: message('Welcome') });
    await bus.publish(channels.tournaments, {
      event: 'tournament.completed',
      tournament: {
        id: 't1',
        title: 'Spring Race',
        identity: 'spring',
        state: 4,
        endAt: new Date().toISOString(),
        prizes: [],
      },
    });
    await eventually('three publications', () => Object.values(seen).every((list) => list.length === 1));
    expect(seen.wallet[0]).toMatchObject({ event: 'account.balance.updated', account: { balance: 42 } });
    expect(seen.notifications[0]).toMatchObject({
      event: 'message.received',
      message: { content: { title: 'Welcome' } },
    });
    expect(seen.tournaments[0]).toMatchObject({ event: 'tournament.completed', tournament: { title: 'Spring Race' } });
  });

  it("refuses another player's channel with permission error 103", async () => {
    const player = await signUp();
    const playerId = player.id;
    const client = clients.create({ token: await tokenFor(player) });
    const own = client.newSubscription(channels.walletAccounts(playerId));
    const foreign = client.newSubscription(channels.walletAccounts(randomUUID()));
    const refused = waitFor<UnsubscribedContext>('unsubscribed', (done) => foreign.once('unsubscribed', done));
    own.subscribe();
    foreign.subscribe();
    client.connect();
    await own.ready();
    expect(await refused).toMatchObject({ code: 103, reason: 'permission denied' });
    expect(client.state).toBe('connected');
  });

  it('lets a guest subscribe to public channels only', async () => {
    const client = clients.create();
    const publicChannels = [
      channels.tournaments,
      channels.globalOnline,
      channels.gameWinners('desktop', 'DE'),
      channels.activityBoard('main'),
      channels.tournament('spring'),
    ].map((channel) => client.newSubscription(channel));
    const wallet = client.newSubscription(channels.walletAccounts(randomUUID()));
    const unknown = client.newSubscription('casino:secrets');
    const refusals = Promise.all([
      waitFor<UnsubscribedContext>('wallet refused', (done) => wallet.once('unsubscribed', done)),
      waitFor<UnsubscribedContext>('unknown refused', (done) => unknown.once('unsubscribed', done)),
    ]);
    for (const subscription of [...publicChannels, wallet, unknown]) subscription.subscribe();
    client.connect();
    await Promise.all(publicChannels.map((subscription) => subscription.ready()));
    const [walletRefusal, unknownRefusal] = await refusals;
    expect(walletRefusal.code).toBe(103);
    expect(unknownRefusal.code).toBe(102);
  });

  it('stops delivering after unsubscribe', async () => {
    const player = await signUp();
    const playerId = player.id;
    const client = clients.create({ token: await tokenFor(player) });
    const wallet = client.newSubscription(channels.walletAccounts(playerId));
    const seen = collect(wallet);
    wallet.subscribe();
    client.connect();
    await wallet.ready();
    wallet.unsubscribe();
    await eventually('unsubscribed on the server', () => main.realtime.gateway.stats().subscriptions === 0);
    await main.realtime.bus.publish(channels.walletAccounts(playerId), balanceEvent());
    await sleep(100);
    expect(seen).toEqual([]);
  });
});

describe('publishing after commit', () => {
  it('delivers what a committed transaction queued, and nothing of a rolled-back one', async () => {
    const player = await signUp();
    const playerId = player.id;
    const client = clients.create({ token: await tokenFor(player) });
    const inbox = client.newSubscription(channels.notifications(playerId));
    const seen = collect(inbox);
    inbox.subscribe();
    client.connect();
    await inbox.ready();
    const { events } = main.realtime;
    const channel = channels.notifications(playerId);
    // Any write of the transaction (a message row): what matters is whether it commits.
    const store = (trx: Parameters<Parameters<typeof events.transaction>[0]>[0], title: string) =>
      trx
        .insertInto('communications')
        .values({ email: `${playerId}@example.com`, message: title, client_ip: '127.0.0.1' })
        .execute();

    await expect(
      events.transaction(async (trx) => {
        await store(trx, 'rolled back');
        events.publishAfterCommit(trx, channel, { event: 'message.received', message: message('rolled back') });
        await sleep(50);
        // Nothing leaves before the commit.
        expect(seen).toEqual([]);
        throw new Error('payment provider refused');
      }),
    ).rejects.toThrow('payment provider refused');

    await events.transaction(async (trx) => {
      await store(trx, 'committed');
      events.publishAfterCommit(trx, channel, { event: 'message.received', message: message('committed') });
    });

    await eventually('committed event', () => seen.length >= 1);
    await sleep(100);
    // Publications arrive in order: had the rolled-back one been sent, it would be first.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ message: { content: { title: 'committed' } } });
    const rows = await t.db
      .selectFrom('communications')
      .select('message')
      .where('email', '=', `${playerId}@example.com`)
      .execute();
    expect(rows.map((row) => row.message)).toEqual(['committed']);
  });

  it('refuses a malformed event inside the transaction, which then rolls back', async () => {
    const { events } = main.realtime;
    const playerId = randomUUID();
    await expect(
      events.transaction(async (trx) => {
        await sql`select 1`.execute(trx);
        events.publishAfterCommit(trx, channels.walletAccounts(playerId), {
          event: 'account.balance.updated',
          account: { id: 'a1' },
        } as unknown as ChannelEvent<`wallet:accounts#${string}`>);
      }),
    ).rejects.toThrow(/invalid event for wallet:accounts#/);
  });

  it('refuses to queue on a transaction it did not open', async () => {
    const { events } = main.realtime;
    await expect(
      t.db.transaction().execute(async (trx) => {
        events.publishAfterCommit(trx, channels.tournaments, {
          event: 'tournament.completed',
          tournament: { id: 't', title: 'T', identity: 't', state: 4, endAt: new Date().toISOString(), prizes: [] },
        });
      }),
    ).rejects.toThrow(/needs a transaction opened by RealtimeEvents.transaction/);
  });

  it('publishes through the development endpoint', async () => {
    const player = await signUp();
    const playerId = player.id;
    const client = clients.create({ token: await tokenFor(player) });
    const wallet = client.newSubscription(channels.walletAccounts(playerId));
    const seen = collect(wallet);
    wallet.subscribe();
    client.connect();
    await wallet.ready();
    const ok = await main.server.inject({
      method: 'POST',
      url: '/api/dev/realtime/publish',
      payload: { channel: channels.walletAccounts(playerId), data: balanceEvent(7) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { published: 1 } });
    await eventually('dev publication', () => seen.length === 1);

    const wrongEvent = await main.server.inject({
      method: 'POST',
      url: '/api/dev/realtime/publish',
      payload: { channel: channels.walletAccounts(playerId), data: { event: 'quest.updated', quest: {} } },
    });
    expect(wrongEvent.statusCode).toBe(422);
    const unknownChannel = await main.server.inject({
      method: 'POST',
      url: '/api/dev/realtime/publish',
      payload: { publications: [{ channel: 'nope', data: { event: 'x' } }] },
    });
    expect(unknownChannel.statusCode).toBe(422);
    expect(JSON.stringify(unknownChannel.json())).toContain('unknown realtime channel');
  });

  it('does not offer the development endpoint in production', async () => {
    await withApp(t, { config: productionConfig }, async (production) => {
      const response = await production.server.inject({
        method: 'POST',
        url: '/api/dev/realtime/publish',
        payload: { channel: channels.tournaments, data: {} },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});

describe('disconnect codes', () => {
  it('a final code (3503) stops the client; a reconnect code (3011) does not', async () => {
    const player = await signUp();
    const playerId = player.id;
    const client = clients.create({ token: await tokenFor(player) });
    const connected = waitFor<ConnectedContext>('connected', (done) => client.once('connected', done));
    client.connect();
    await connected;
    const { gateway } = main.realtime;

    const reconnecting = waitFor<ConnectingContext>('connecting', (done) => client.once('connecting', done));
    const reconnected = waitFor<ConnectedContext>('connected again', (done) => client.once('connected', done));
    expect(gateway.disconnectPlayer(playerId, RealtimeDisconnects.FORCE_RECONNECT)).toBe(1);
    expect(await reconnecting).toMatchObject({ code: 3011, reason: 'force reconnect' });
    await reconnected;

    const disconnected = waitFor<DisconnectedContext>('disconnected', (done) => client.once('disconnected', done));
    expect(gateway.disconnectPlayer(playerId)).toBe(1);
    expect(await disconnected).toMatchObject({ code: 3503, reason: 'force disconnect' });
    await sleep(500);
    expect(client.state).toBe('disconnected');
    expect(gateway.stats().connections).toBe(0);
  });

  it('tells clients to reconnect when the server shuts down', async () => {
    const other = await buildApp({ config: t.config, db: t.db, logger: false });
    const { url: otherUrl } = await listen(other);
    const client = new Clients(() => otherUrl).create();
    let closed = false;
    try {
      const connected = waitFor<ConnectedContext>('connected', (done) => client.once('connected', done));
      client.connect();
      await connected;
      const reconnecting = waitFor<ConnectingContext>('connecting', (done) => client.once('connecting', done));
      await other.server.close();
      closed = true;
      expect(await reconnecting).toMatchObject({ code: 3001, reason: 'shutdown' });
      expect(client.state).toBe('connecting');
    } finally {
      client.disconnect();
      if (!closed) await other.server.close();
    }
  });
});

describe('ended sessions', () => {
  /** Requests to `main`, whose gateway the clients are connected to. */
  const onMain = () => players({ ...t, app: main });

  async function connected(token: string | undefined) {
    const client = clients.create(token === undefined ? {} : { token });
    const ready = waitFor<ConnectedContext>('connected', (done) => client.once('connected', done));
    client.connect();
    await ready;
    let disconnects = 0;
    let connects = 0;
    client.on('disconnected', () => (disconnects += 1));
    client.on('connecting', () => (connects += 1));
    return { client, counts: () => ({ disconnects, connects }) };
  }

  const disconnectedOf = (client: Centrifuge) =>
    waitFor<DisconnectedContext>('disconnected', (done) => client.once('disconnected', done));

  it('refuses the token of a closed session with 3500, and the client does not come back', async () => {
    const player = await signUp();
    const logout = await onMain().post('/api/player/sessions/logout', undefined, { token: player.token });
    expect(logout.statusCode, logout.body).toBe(200);
    const client = clients.create({ token: player.token });
    const disconnected = disconnectedOf(client);
    client.connect();
    expect(await disconnected).toMatchObject({ code: 3500, reason: 'invalid token' });
    await sleep(300);
    expect(client.state).toBe('disconnected');
    expect(main.realtime.gateway.stats().connections).toBe(0);
  });

  it("logout ends that session's connections with 4501; the player's other session and guests stay", async () => {
    const player = await signUp();
    const other = await onMain().signIn(player.email, PASSWORD);
    const first = await connected(player.token);
    const second = await connected(other.accessToken);
    const guest = await connected(undefined);
    expect(main.realtime.gateway.stats()).toMatchObject({ connections: 3, players: 1 });

    const ended = disconnectedOf(first.client);
    const logout = await onMain().post('/api/player/sessions/logout', undefined, { token: player.token });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await ended).toMatchObject({ code: RealtimeDisconnects.SESSION_ENDED.code, reason: 'session ended' });
    await sleep(300);
    expect(first.client.state).toBe('disconnected');
    expect(first.counts().connects).toBe(0);
    expect(second.client.state).toBe('connected');
    expect(guest.client.state).toBe('connected');
    expect(main.realtime.gateway.stats()).toMatchObject({ connections: 2, players: 1 });
  });

  it('closing a session from the list, and a password change, end the connections of the closed sessions', async () => {
    const player = await signUp();
    const second = await onMain().signIn(player.email, PASSWORD);
    const third = await onMain().signIn(player.email, PASSWORD);
    const [a, b, c] = [
      await connected(player.token),
      await connected(second.accessToken),
      await connected(third.accessToken),
    ];

    const closedB = disconnectedOf(b.client);
    const close = await onMain().put(`/api/player/sessions/${second.sessionId}/close`, undefined, {
      token: player.token,
    });
    expect(close.statusCode, close.body).toBe(200);
    expect((await closedB).code).toBe(4501);

    // Changing the password closes every other session: the third one's connection goes, the current one stays.
    const closedC = disconnectedOf(c.client);
    const fresh = 'another horse battery';
    const change = await onMain().put(
      '/api/player/passwords',
      { currentPassword: PASSWORD, newPassword: fresh, repeatNewPassword: fresh },
      { token: player.token },
    );
    expect(change.statusCode, change.body).toBe(200);
    expect((await closedC).code).toBe(4501);
    await sleep(200);
    expect(a.client.state).toBe('connected');
  });

  it("blocking a player ends all of the player's connections", async () => {
    const player = await signUp();
    const other = await onMain().signIn(player.email, PASSWORD);
    const first = await connected(player.token);
    const second = await connected(other.accessToken);
    const ended = Promise.all([disconnectedOf(first.client), disconnectedOf(second.client)]);
    await setPlayerStatus(t, player.id, PlayerStatus.BLOCKED);
    // The next authenticated call finds the account blocked and closes its sessions.
    const profile = await onMain().get('/api/player/profile', { token: player.token });
    expect(profile.statusCode).toBe(403);
    expect((await ended).map((context) => context.code)).toEqual([4501, 4501]);
    expect(main.realtime.gateway.stats().players).toBe(0);
  });
});

describe('token expiry', () => {
  it('gets a new token through getToken when the token has already expired', async () => {
    const player = await signUp();
    const playerId = player.id;
    let calls = 0;
    const client = clients.create({
      token: await tokenFor(player, -30),
      getToken: async () => {
        calls += 1;
        return tokenFor(player);
      },
    });
    const wallet = client.newSubscription(channels.walletAccounts(playerId));
    wallet.subscribe();
    client.connect();
    await wallet.ready();
    expect(calls).toBe(1);
    expect(client.state).toBe('connected');
  });

  it('refreshes the token on the open connection before the server would close it', async () => {
    const player = await signUp();
    const playerId = player.id;
    let calls = 0;
    const client = fastClients.create({
      token: await tokenFor(player, 2),
      getToken: async () => {
        calls += 1;
        return tokenFor(player, 600);
      },
    });
    const wallet = client.newSubscription(channels.walletAccounts(playerId));
    const seen = collect(wallet);
    let connections = 0;
    client.on('connected', () => (connections += 1));
    wallet.subscribe();
    client.connect();
    await wallet.ready();
    // Past the first token's expiry plus the server's grace.
    await sleep(3300);
    expect(calls).toBe(1);
    expect(client.state).toBe('connected');
    expect(connections).toBe(1);
    await fast.realtime.bus.publish(channels.walletAccounts(playerId), balanceEvent());
    await eventually('publication after refresh', () => seen.length === 1);
  });

  it('closes a connection whose token expired unrefreshed with 3005 (reconnect)', async () => {
    const client = await raw(fastUrl, { pong: true });
    client.send({ id: 1, connect: { token: await tokenFor(await signUp(), 2) } });
    expect(await client.reply(1)).toMatchObject({ connect: { expires: true, ttl: expect.any(Number) as number } });
    const closed = await client.closed;
    expect(closed).toEqual({ code: 3005, reason: 'connection expired' });
  });

  it('answers an expired token in refresh with error 109 and a foreign one with 3500', async () => {
    const player = await signUp();
    const client = await raw(fastUrl, { pong: true });
    client.send({ id: 1, connect: { token: await tokenFor(player) } });
    await client.reply(1);
    client.send({ id: 2, refresh: { token: await tokenFor(player, -5) } });
    expect(await client.reply(2)).toEqual({ id: 2, error: { code: 109, message: 'token expired' } });
    client.send({ id: 3, refresh: { token: await tokenFor(player, 120) } });
    expect(await client.reply(3)).toMatchObject({ id: 3, refresh: { expires: true } });
    client.send({ id: 4, refresh: { token: (await signUp()).token } });
    expect(await client.closed).toEqual({ code: 3500, reason: 'invalid token' });
  });
});

describe('pings', () => {
  it('keeps a client that answers pings', async () => {
    const client = fastClients.create();
    const connected = waitFor<ConnectedContext>('connected', (done) => client.once('connected', done));
    let disconnects = 0;
    client.on('connecting', () => (disconnects += 1));
    client.connect();
    await connected;
    disconnects = 0;
    await sleep(3000);
    expect(disconnects).toBe(0);
    expect(client.state).toBe('connected');
  });

  it('closes a connection that does not answer a ping with 3012 (reconnect)', async () => {
    const client = await raw();
    client.send({ id: 1, connect: {} });
    expect(await client.reply(1)).toMatchObject({ connect: { ping: 1, pong: true } });
    const closed = await client.closed;
    expect(closed).toEqual({ code: 3012, reason: 'no pong' });
    expect(client.received.some((message) => Object.keys(message).length === 0)).toBe(true);
  });

  it('closes a socket that never sends connect (3502 stale)', async () => {
    const client = await raw();
    expect(await client.closed).toEqual({ code: 3502, reason: 'stale' });
  });
});

describe('malformed input', () => {
  const cases: [string, (client: RawClient) => void][] = [
    ['not JSON', (client) => client.sendText('{"id":1,"connect":')],
    ['a JSON array', (client) => client.sendText('[1,2,3]')],
    ['a binary message', (client) => client.socket.send(Buffer.from([1, 2, 3]))],
    ['subscribe before connect', (client) => client.send({ id: 1, subscribe: { channel: 'tournaments' } })],
    ['a command without id', (client) => client.send({ connect: {} })],
    ['an unknown method', (client) => client.send({ id: 1, connect: {} }, { id: 2, teleport: {} })],
    ['a connect token that is not a string', (client) => client.send({ id: 1, connect: { token: 42 } })],
    ['a second connect', (client) => client.send({ id: 1, connect: {} }, { id: 2, connect: {} })],
    [
      'a channel with a newline',
      (client) => client.send({ id: 1, connect: {} }, { id: 2, subscribe: { channel: 'a\nb' } }),
    ],
  ];
  for (const [name, misbehave] of cases) {
    it(`closes with 3501 (bad request) on ${name}`, async () => {
      const client = await raw(url);
      misbehave(client);
      expect(await client.closed).toEqual({ code: 3501, reason: 'bad request' });
    });
  }

  it('closes with 1009 on a message over the size limit', async () => {
    const client = await raw(url);
    client.sendText(JSON.stringify({ id: 1, connect: { token: 'x'.repeat(100_000) } }));
    expect((await client.closed).code).toBe(1009);
  });

  it('answers publish with 103 and history with 108, and keeps serving', async () => {
    const client = await raw(url);
    client.send(
      { id: 1, connect: {} },
      { id: 2, publish: { channel: 'tournaments', data: {} } },
      { id: 3, history: { channel: 'tournaments' } },
      { id: 4, subscribe: { channel: 'tournaments' } },
      { id: 5, subscribe: { channel: 'tournaments' } },
      {},
    );
    expect(await client.reply(2)).toEqual({ id: 2, error: { code: 103, message: 'permission denied' } });
    expect(await client.reply(3)).toEqual({ id: 3, error: { code: 108, message: 'not available' } });
    expect(await client.reply(4)).toEqual({ id: 4, subscribe: {} });
    expect(await client.reply(5)).toEqual({ id: 5, error: { code: 105, message: 'already subscribed' } });
    // The server still works for everyone after all of the above.
    const healthy = clients.create();
    const connected = waitFor<ConnectedContext>('connected', (done) => healthy.once('connected', done));
    healthy.connect();
    await connected;
  });
});

describe('slow consumers', () => {
  it('disconnects a client that lets more than the message limit pile up (3008, reconnect)', async () => {
    const player = await signUp();
    const playerId = player.id;
    const client = fastClients.create({ token: await tokenFor(player) });
    const wallet = client.newSubscription(channels.walletAccounts(playerId));
    wallet.subscribe();
    client.connect();
    await wallet.ready();
    const reconnecting = waitFor<ConnectingContext>('connecting', (done) => client.once('connecting', done));
    // 60 publications in one turn of the event loop: more than the 50 a connection may queue.
    for (let i = 0; i < 60; i += 1) void fast.realtime.bus.publish(channels.walletAccounts(playerId), balanceEvent(i));
    expect(await reconnecting).toMatchObject({ code: 3008, reason: 'slow' });
  });

  it('disconnects a client that stops reading once the bytes pile up (3008)', async () => {
    const player = await signUp();
    const playerId = player.id;
    const channel = channels.notifications(playerId);
    const stalled = await stalledSubscriber(fastPort, await tokenFor(player), channel);
    const { bus, gateway } = fast.realtime;
    const big = 'x'.repeat(16 * 1024);
    for (let i = 0; i < 4000 && gateway.stats().connections > 0; i += 1) {
      await bus.publish(channel, { event: 'message.received', message: message(`#${i}`, big) });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(gateway.stats().connections).toBe(0);
    expect(await stalled.drain()).toBe(3008);
  });
});

describe('global:online', () => {
  it('publishes the number of signed-in players when it changes', async () => {
    const watcher = fastClients.create();
    const online = watcher.newSubscription(channels.globalOnline);
    const counts: number[] = [];
    online.on('publication', (ctx) => counts.push((ctx.data as { count: number }).count));
    online.subscribe();
    watcher.connect();
    await online.ready();

    const [alice, bob] = [await signUp(), await signUp()];
    // Two tabs of the same player count once.
    const tabs = [
      fastClients.create({ token: await tokenFor(alice) }),
      fastClients.create({ token: await tokenFor(alice) }),
    ];
    const other = fastClients.create({ token: await tokenFor(bob) });
    for (const client of [...tabs, other]) client.connect();
    await eventually('count 2', () => counts.at(-1) === 2);
    const before = counts.length;
    await sleep(500);
    // Unchanged: nothing more is published.
    expect(counts.length).toBe(before);
    other.disconnect();
    await eventually('count 1', () => counts.at(-1) === 1);
  });
});
