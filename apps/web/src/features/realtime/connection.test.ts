import { describe, expect, it, vi } from 'vitest';
import { channelsForPlayer, realtimeUrl } from './channels';
import { createRealtimeController, isFinalClose, type RealtimeClient, type SubscriptionHandle } from './connection';
import { gameIdentityOf, isMobileEnvironment } from '../../lib/environment';

const ALICE = 'a1f3c1e0-5d2a-4c3b-9a8e-1f2d3c4b5a69';
const BOB = 'b2f3c1e0-5d2a-4c3b-9a8e-1f2d3c4b5a69';

/** A client that records what the controller asks of it. */
class FakeClient implements RealtimeClient {
  readonly log: string[] = [];
  token: string;
  readonly subscriptions = new Map<string, { publish: (data: unknown) => void; subscribed: (data: unknown) => void }>();
  private disconnected: ((context: { code: number; reason: string }) => void) | undefined;

  constructor(readonly options: { token: string; getToken: () => Promise<string> }) {
    this.token = options.token;
  }

  connect(): void {
    this.log.push(`connect ${this.token || 'guest'} [${[...this.subscriptions.keys()].join(' ')}]`);
  }
  disconnect(): void {
    this.log.push('disconnect');
  }
  setToken(token: string): void {
    this.token = token;
  }
  newSubscription(channel: string): SubscriptionHandle {
    const handlers = { publish: (_data: unknown) => {}, subscribed: (_data: unknown) => {} };
    this.subscriptions.set(channel, handlers);
    return {
      channel,
      subscribe: () => {},
      onPublication: (listener) => (handlers.publish = listener),
      onSubscribed: (listener) => (handlers.subscribed = listener),
    };
  }
  removeSubscription(subscription: SubscriptionHandle): void {
    this.subscriptions.delete(subscription.channel);
  }
  onDisconnected(listener: (context: { code: number; reason: string }) => void): void {
    this.disconnected = listener;
  }
  close(code: number): void {
    this.disconnected?.({ code, reason: '' });
  }
}

/** A session whose token is `{player}:{n}` (the controller reads the player through playerIdOf). */
function fakeSession(initial?: string) {
  let token = initial;
  let cookie = initial;
  const listeners = new Set<() => void>();
  let refreshes = 0;
  return {
    getSnapshot: () => token,
    readToken: () => cookie,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    validToken: async () => cookie,
    refresh: async () => {
      refreshes += 1;
      cookie = cookie ? `${cookie.split(':')[0]}:r${refreshes}` : undefined;
      token = cookie;
      return cookie;
    },
    set(next: string | undefined) {
      token = next;
      cookie = next;
      listeners.forEach((listener) => listener());
    },
    refreshes: () => refreshes,
  };
}

function setup(initial?: string) {
  const session = fakeSession(initial);
  const clients: FakeClient[] = [];
  const published: [string, unknown][] = [];
  const checkSession = vi.fn();
  const onReset = vi.fn();
  const controller = createRealtimeController({
    createClient: (options) => {
      const client = new FakeClient(options);
      clients.push(client);
      return client;
    },
    session,
    playerIdOf: (token) => token.split(':')[0],
    channelsFor: (playerId) => channelsForPlayer(playerId, { loyalty: true }),
    onPublication: (channel, data) => published.push([channel, data]),
    onReset,
    checkSession,
  });
  controller.start();
  const client = () => {
    const [only] = clients;
    if (!only || clients.length !== 1) throw new Error(`${clients.length} clients`);
    return only;
  };
  return { session, controller, client, published, checkSession, onReset };
}

describe('channelsForPlayer', () => {
  it("lists the player's channels, then tournaments and global:online", () => {
    expect(channelsForPlayer(ALICE, { loyalty: true })).toEqual([
      `wallet:accounts#${ALICE}`,
      `payment:invoices#${ALICE}`,
      `bonus:player-bonuses#${ALICE}`,
      `bonus:player-freespins#${ALICE}`,
      `bonus:player-bonus-codes#${ALICE}`,
      `retention:quests#${ALICE}`,
      `retention:wheels#${ALICE}`,
      `retention:accounts#${ALICE}`,
      `messenger:notifications#${ALICE}`,
      `game:bets#${ALICE}`,
      `player:documents#${ALICE}`,
      `player:verification#${ALICE}`,
      'tournaments',
      'global:online',
    ]);
    expect(channelsForPlayer(ALICE, { loyalty: false })).not.toContain(`retention:accounts#${ALICE}`);
  });

  it('builds the websocket URL from the page location', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'casino.example' })).toBe(
      'wss://casino.example/api/connection/websocket',
    );
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/api/connection/websocket',
    );
  });
});

describe('createRealtimeController', () => {
  it('connects a guest without a token or subscriptions', () => {
    const { client, controller } = setup();
    expect(client().log).toEqual(['connect guest []']);
    expect(controller.playerId()).toBeUndefined();
  });

  it("connects a signed-in tab with its token and the player's channels in one go", () => {
    const { client, controller } = setup(`${ALICE}:1`);
    expect(client().log).toEqual([`connect ${ALICE}:1 [${channelsForPlayer(ALICE, { loyalty: true }).join(' ')}]`]);
    expect(controller.channels()).toHaveLength(channelsForPlayer(ALICE, { loyalty: true }).length);
  });

  it('on sign-in reconnects with the token and subscribes; on sign-out drops everything and reconnects as a guest', () => {
    const { client, session, controller, onReset } = setup();
    session.set(`${ALICE}:1`);
    expect(client().log.slice(1)).toEqual([
      'disconnect',
      `connect ${ALICE}:1 [${channelsForPlayer(ALICE, { loyalty: true }).join(' ')}]`,
    ]);
    // A refreshed token of the same player changes nothing.
    session.set(`${ALICE}:2`);
    expect(client().log).toHaveLength(3);
    session.set(undefined);
    expect(client().log.slice(3)).toEqual(['disconnect', 'connect guest []']);
    expect(controller.channels()).toEqual([]);
    expect(onReset).toHaveBeenCalledTimes(2);
    // Another player in the same tab: a connection of their own.
    session.set(`${BOB}:1`);
    expect(client().log.at(-1)).toContain(`connect ${BOB}:1 [wallet:accounts#${BOB}`);
  });

  it('hands publications and the subscribe data to the app with their channel', () => {
    const { client, published } = setup(`${ALICE}:1`);
    client().subscriptions.get('global:online')?.subscribed({ event: 'online.updated', count: 3 });
    client().subscriptions.get('global:online')?.subscribed(undefined);
    client().subscriptions.get(`wallet:accounts#${ALICE}`)?.publish({ event: 'account.balance.updated' });
    expect(published).toEqual([
      ['global:online', { event: 'online.updated', count: 3 }],
      [`wallet:accounts#${ALICE}`, { event: 'account.balance.updated' }],
    ]);
  });

  it('gives the current token, and forces a refresh when asked again for the token the gateway holds', async () => {
    const { client, session } = setup(`${ALICE}:1`);
    const { getToken } = client().options;
    // The gateway said the token it holds expired (its clock is ahead): a new one.
    expect(await getToken()).toBe(`${ALICE}:r1`);
    expect(session.refreshes()).toBe(1);
    // Another tab refreshed meanwhile: that token, no refresh here.
    session.set(`${ALICE}:9`);
    expect(await getToken()).toBe(`${ALICE}:9`);
    expect(session.refreshes()).toBe(1);
  });

  it('gives a guest connection no token', async () => {
    const { client } = setup();
    expect(await client().options.getToken()).toBe('');
  });

  it('checks the session after a final close of a signed-in connection, not after a reconnecting one', () => {
    const { client, checkSession, session } = setup(`${ALICE}:1`);
    client().close(3001);
    client().close(0);
    expect(checkSession).not.toHaveBeenCalled();
    client().close(4501);
    expect(checkSession).toHaveBeenCalledOnce();
    client().close(3500);
    expect(checkSession).toHaveBeenCalledTimes(2);
    // Signed out (here, or another tab cleared the cookie): the sign-out reconnects as a guest instead.
    session.set(undefined);
    client().close(3500);
    expect(checkSession).toHaveBeenCalledTimes(2);
  });

  it('knows the final close codes', () => {
    expect([3500, 3503, 3999, 4500, 4501, 4999, 1].map(isFinalClose)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([0, 2, 1000, 1006, 3000, 3008, 3499, 4000, 4499, 5000].map(isFinalClose)).toEqual(
      Array.from({ length: 10 }, () => false),
    );
  });
});

describe('environment', () => {
  it('treats a coarse pointer, a narrow viewport or a mobile user agent as mobile', () => {
    const desktop = { coarsePointer: false, viewportWidth: 1440, userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' };
    expect(isMobileEnvironment(desktop)).toBe(false);
    expect(isMobileEnvironment({ ...desktop, coarsePointer: true })).toBe(true);
    expect(isMobileEnvironment({ ...desktop, viewportWidth: 767 })).toBe(true);
    expect(isMobileEnvironment({ ...desktop, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })).toBe(true);
  });

  it('reads the game identity of a game page', () => {
    expect(gameIdentityOf('/games/book-of-ra')).toBe('book-of-ra');
    expect(gameIdentityOf('/de/games/book-of-ra/')).toBe('book-of-ra');
    expect(gameIdentityOf('/casino')).toBeUndefined();
    expect(gameIdentityOf('/games')).toBeUndefined();
  });
});

describe('public channels', () => {
  it('subscribes them as a guest, keeps them across sign-in and drops them when unwatched', () => {
    const { session, controller, client, published } = setup();
    controller.setPublicChannels(['game:winners:desktop:DE']);
    expect(controller.channels()).toEqual(['game:winners:desktop:DE']);
    client().subscriptions.get('game:winners:desktop:DE')?.publish({ event: 'game.winner' });
    expect(published).toEqual([['game:winners:desktop:DE', { event: 'game.winner' }]]);

    session.set(`${ALICE}:1`);
    expect(controller.channels()).toContain(`wallet:accounts#${ALICE}`);
    expect(controller.channels()).toContain('game:winners:desktop:DE');
    expect(client().log.at(-1)).toContain('game:winners:desktop:DE');

    controller.setPublicChannels([]);
    expect(controller.channels()).not.toContain('game:winners:desktop:DE');
    expect(client().subscriptions.has('game:winners:desktop:DE')).toBe(false);
  });
});
