import { shouldReconnect } from '@croupier/contract';

/**
 * The app's one realtime connection and its subscriptions, following the session
 * (sign-in, sign-out and token refresh; docs/api.md, Realtime):
 * - at start it connects, with the token when signed in, as a guest otherwise;
 * - when the signed-in player changes (sign-in, sign-out, another account) it drops every
 *   subscription, disconnects and connects again with the new token or none, subscribing
 *   the player's channels in the same message as the connect; a refreshed token of the
 *   same player changes nothing (the client refreshes on the open connection);
 * - the client's token callback returns the session's token, refreshed first when it is
 *   about to expire; asked again for the token the gateway already holds (it said the
 *   token expired, e.g. with a skewed clock), it forces a refresh;
 * - after a final close (3500–3999, 4500–4999: the client does not reconnect) of a
 *   signed-in connection, e.g. 4501 when the session was closed elsewhere, it asks the
 *   app to check the session: a 401 signs the tab out, which reconnects it as a guest.
 *
 * The transport is abstracted (`RealtimeClient`) so that this logic is tested without a
 * socket; start.ts adapts the `centrifuge` client.
 */

export interface SubscriptionHandle {
  readonly channel: string;
  subscribe(): void;
  /** Publications' data. */
  onPublication(listener: (data: unknown) => void): void;
  /** The data of the subscribe reply (global:online sends the current count there). */
  onSubscribed(listener: (data: unknown) => void): void;
}

export interface RealtimeClient {
  connect(): void;
  disconnect(): void;
  setToken(token: string): void;
  newSubscription(channel: string): SubscriptionHandle;
  removeSubscription(subscription: SubscriptionHandle): void;
  onDisconnected(listener: (context: { code: number; reason: string }) => void): void;
}

export interface SessionSource {
  /** The token this tab renders (undefined when signed out). */
  getSnapshot(): string | undefined;
  subscribe(listener: () => void): () => void;
  /** The token cookie every tab shares. */
  readToken(): string | undefined;
  /** A token fit to send, refreshed first when it expires within 10 s. */
  validToken(): Promise<string | undefined>;
  /** A new token now. */
  refresh(): Promise<string | undefined>;
}

export interface ControllerDeps {
  createClient(options: { token: string; getToken: () => Promise<string> }): RealtimeClient;
  session: SessionSource;
  playerIdOf(token: string): string | undefined;
  /** The channels a signed-in player's tab subscribes. */
  channelsFor(playerId: string): string[];
  onPublication(channel: string, data: unknown): void;
  /** Subscriptions were dropped (sign-out, another player). */
  onReset(): void;
  /** A signed-in connection was closed for good: check the session (a 401 signs out). */
  checkSession(): void;
}

/** `disconnectedCodes.unauthorized` of the client: its token callback gave no token. */
const CLIENT_UNAUTHORIZED = 1;

export function isFinalClose(code: number): boolean {
  return code === CLIENT_UNAUTHORIZED || (code >= 3000 && !shouldReconnect(code));
}

export function createRealtimeController(deps: ControllerDeps) {
  const { session } = deps;
  let client: RealtimeClient | undefined;
  let player: string | undefined;
  /** The token the gateway holds for this connection. */
  let heldToken: string | undefined;
  const subscriptions = new Map<string, SubscriptionHandle>();
  /** Public channels (any visitor): kept across session changes. */
  let publicWanted = new Set<string>();
  const publicSubscriptions = new Map<string, SubscriptionHandle>();
  let stopFollowing: (() => void) | undefined;

  async function getToken(): Promise<string> {
    // A guest connection stays a guest; a sign-in reconnects on its own (follow).
    if (player === undefined) return '';
    const token = await session.validToken();
    if (!token) return '';
    if (token !== heldToken) {
      heldToken = token;
      return token;
    }
    const refreshed = await session.refresh();
    heldToken = refreshed;
    return refreshed ?? '';
  }

  function onDisconnected({ code }: { code: number }): void {
    // Signed out in this tab or another: the session listener reconnects as a guest.
    if (player === undefined || !isFinalClose(code) || !session.readToken()) return;
    deps.checkSession();
  }

  function subscribeChannel(channel: string, target: RealtimeClient): SubscriptionHandle {
    const subscription = target.newSubscription(channel);
    subscription.onPublication((data) => deps.onPublication(channel, data));
    subscription.onSubscribed((data) => {
      if (data !== undefined && data !== null) deps.onPublication(channel, data);
    });
    subscription.subscribe();
    return subscription;
  }

  function subscribeAll(playerId: string, target: RealtimeClient): void {
    for (const channel of deps.channelsFor(playerId)) subscriptions.set(channel, subscribeChannel(channel, target));
  }

  /** Makes the public subscriptions match `publicWanted` (a player channel is never taken twice). */
  function syncPublic(target: RealtimeClient): void {
    for (const [channel, subscription] of publicSubscriptions) {
      if (publicWanted.has(channel)) continue;
      target.removeSubscription(subscription);
      publicSubscriptions.delete(channel);
    }
    for (const channel of publicWanted) {
      if (publicSubscriptions.has(channel) || subscriptions.has(channel)) continue;
      publicSubscriptions.set(channel, subscribeChannel(channel, target));
    }
  }

  function removeAll(target: RealtimeClient): void {
    for (const subscription of [...subscriptions.values(), ...publicSubscriptions.values()]) {
      target.removeSubscription(subscription);
    }
    subscriptions.clear();
    publicSubscriptions.clear();
  }

  /** Makes the connection match the session. */
  function follow(): void {
    const token = session.getSnapshot();
    const next = token ? deps.playerIdOf(token) : undefined;
    if (client && next === player) return;
    player = next;
    heldToken = next === undefined ? undefined : token;
    if (client) {
      client.disconnect();
      removeAll(client);
      deps.onReset();
      client.setToken(heldToken ?? '');
    } else {
      client = deps.createClient({ token: heldToken ?? '', getToken });
      client.onDisconnected(onDisconnected);
    }
    if (player !== undefined) subscribeAll(player, client);
    syncPublic(client);
    client.connect();
  }

  return {
    start(): void {
      if (stopFollowing) return;
      stopFollowing = session.subscribe(follow);
      follow();
    },
    /** Disconnects and forgets the client; `start` makes a new one. */
    stop(): void {
      stopFollowing?.();
      stopFollowing = undefined;
      if (!client) return;
      client.disconnect();
      removeAll(client);
      deps.onReset();
      client = undefined;
      player = undefined;
      heldToken = undefined;
    },
    /** Public channels to keep subscribed whoever is signed in (widgets such as the winners feed). */
    setPublicChannels(list: readonly string[]): void {
      publicWanted = new Set(list);
      if (client) syncPublic(client);
    },
    /** The player the connection belongs to (undefined: guest). */
    playerId: (): string | undefined => player,
    /** The channels subscribed now. */
    channels: (): string[] => [...subscriptions.keys(), ...publicSubscriptions.keys()],
  };
}

export type RealtimeController = ReturnType<typeof createRealtimeController>;
