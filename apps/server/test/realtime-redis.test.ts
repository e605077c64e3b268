import { randomBytes, randomUUID } from 'node:crypto';
import { channels } from '@croupier/contract';
import type { ConnectedContext, DisconnectedContext, PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createRedisEventBus, type EventBus } from '../src/modules/realtime/bus';
import { useApp, useTestServer } from './fixtures';
import { players } from './players';
import { Clients, eventually, JWT_SECRET, listen, sessionPlayers, sleep, waitFor } from './realtime-helpers';
import { REDIS_URL, redisAnswers } from './redis-probe';

/**
 * Two server processes (two apps, each with its own gateway and its own Redis-backed bus)
 * over one database and one Redis: a client connected to one receives what the other
 * publishes, and a session closed through one ends its connections on the other. Players
 * sign up through the API: the gateways accept tokens of open sessions only. Skipped,
 * saying so, only when no Redis answers (CI always has one).
 */

const available = await redisAnswers();
if (!available) console.warn(`realtime-redis tests skipped: no Redis at ${REDIS_URL} (set TEST_REDIS_URL)`);

describe.skipIf(!available)('realtime across processes (Redis)', () => {
  const buses: EventBus[] = [];
  let firstUrl = '';
  let secondUrl = '';
  const onFirst = new Clients(() => firstUrl);
  const onSecond = new Clients(() => secondUrl);
  // A prefix of its own: other processes on the same Redis (a dev server, another run) stay out.
  const prefix = `croupier-test:${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    const log = { warn: () => {}, error: () => {} };
    for (let i = 0; i < 2; i += 1) buses.push(await createRedisEventBus({ url: REDIS_URL, prefix, log }));
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });
  // Closed before the buses (after hooks run last registered first).
  const t = useTestServer({ JWT_SECRET });
  const sessions = sessionPlayers(t);
  const settings = { onlineIntervalMs: 200, tickMs: 50 };
  const first = useApp(t, () => ({ realtime: { bus: buses[0], settings } }));
  const second = useApp(t, () => ({ realtime: { bus: buses[1], settings } }));
  beforeAll(async () => {
    firstUrl = (await listen(first)).url;
    secondUrl = (await listen(second)).url;
  });
  afterAll(() => {
    onFirst.closeAll();
    onSecond.closeAll();
  });

  it('delivers to a client of the first process an event committed by the second', async () => {
    const player = await sessions.create();
    const playerId = player.id;
    const client = onFirst.create({ token: player.token });
    const wallet = client.newSubscription(channels.walletAccounts(playerId));
    const seen: unknown[] = [];
    wallet.on('publication', (ctx: PublicationContext) => seen.push(ctx.data as unknown));
    wallet.subscribe();
    client.connect();
    await wallet.ready();

    const { events } = second.realtime;
    // Any write of the transaction (a message row): the event leaves after its commit.
    await events.transaction(async (trx) => {
      await trx
        .insertInto('communications')
        .values({ email: `${playerId}@example.com`, message: 'deposit', client_ip: '127.0.0.1' })
        .execute();
      events.publishAfterCommit(trx, channels.walletAccounts(playerId), {
        event: 'account.balance.updated',
        account: {
          id: 'acc-1',
          currency: 'EUR',
          status: 1,
          balance: 25,
          realBalance: 25,
          bonusBalance: 0,
          lockedBalance: 0,
          withdrawalBalance: 25,
        },
      });
    });
    await eventually('cross-process publication', () => seen.length === 1);
    expect(seen[0]).toMatchObject({ event: 'account.balance.updated', account: { id: 'acc-1', balance: 25 } });

    // And the other way round, with a subscriber on each side: each gets it exactly once.
    const watcher = onSecond.create({ token: await sessions.tokenFor(player) });
    const secondWallet = watcher.newSubscription(channels.walletAccounts(playerId));
    const seenOnSecond: unknown[] = [];
    secondWallet.on('publication', (ctx: PublicationContext) => seenOnSecond.push(ctx.data as unknown));
    secondWallet.subscribe();
    watcher.connect();
    await secondWallet.ready();
    first.realtime.events.publish(channels.walletAccounts(playerId), {
      event: 'account.balance.updated',
      account: {
        id: 'acc-1',
        currency: 'EUR',
        status: 1,
        balance: 30,
        realBalance: 30,
        bonusBalance: 0,
        lockedBalance: 0,
        withdrawalBalance: 30,
      },
    });
    await eventually('both sides', () => seen.length === 2 && seenOnSecond.length === 1);
    await sleep(150);
    expect(seen).toHaveLength(2);
    expect(seenOnSecond).toHaveLength(1);
  });

  it('counts online players over both processes', async () => {
    onFirst.closeAll();
    onSecond.closeAll();
    const counts: number[] = [];
    const watcher = onFirst.create();
    const onlineChannel = watcher.newSubscription(channels.globalOnline);
    onlineChannel.on('publication', (ctx: PublicationContext) => counts.push((ctx.data as { count: number }).count));
    onlineChannel.subscribe();
    watcher.connect();
    await onlineChannel.ready();

    const online = [
      onFirst.create({ token: (await sessions.create()).token }),
      onSecond.create({ token: (await sessions.create()).token }),
      onSecond.create({ token: (await sessions.create()).token }),
    ];
    const connected = online.map((player) =>
      waitFor<ConnectedContext>('player connected', (done) => player.once('connected', done)),
    );
    for (const player of online) player.connect();
    await Promise.all(connected);
    // One player on the first process, two on the second: both report 3.
    await eventually('three online', () => counts.at(-1) === 3);
  });

  it('a logout through the second process ends the connection held by the first', async () => {
    const player = await sessions.create();
    const other = await sessions.create();
    const client = onFirst.create({ token: player.token });
    const bystander = onFirst.create({ token: other.token });
    const connected = [client, bystander].map((centrifuge) =>
      waitFor<ConnectedContext>('connected', (done) => centrifuge.once('connected', done)),
    );
    client.connect();
    bystander.connect();
    await Promise.all(connected);
    const disconnected = waitFor<DisconnectedContext>('disconnected', (done) => client.once('disconnected', done));
    const logout = await players({ ...t, app: second }).post('/api/player/sessions/logout', undefined, {
      token: player.token,
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await disconnected).toMatchObject({ code: 4501, reason: 'session ended' });
    await sleep(200);
    expect(client.state).toBe('disconnected');
    expect(bystander.state).toBe('connected');
  });

  it('builds a Redis bus when REDIS_URL is configured', async () => {
    const configured = await buildApp({ config: { ...t.config, redisUrl: REDIS_URL }, db: t.db, logger: false });
    const outside = await createRedisEventBus({ url: REDIS_URL, log: { warn: () => {}, error: () => {} } });
    try {
      const received: string[] = [];
      configured.realtime.bus.subscribe((_channel, json) => received.push(json));
      await outside.publish(channels.bets(randomUUID()), {
        event: 'game.bet.max.exceed',
        gameIdentity: 'book-of-ra',
        playerBonus: {
          id: 'b1',
          name: 'Welcome',
          bonusType: 1,
          status: 2,
          result: 1,
          amount: 50,
          currency: 'EUR',
          maxBetAmount: 5,
        },
      });
      await eventually('publication through Redis', () => received.length === 1);
    } finally {
      await outside.close();
      await configured.server.close();
    }
  });
});
