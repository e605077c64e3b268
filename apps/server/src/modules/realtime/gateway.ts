import { randomUUID } from 'node:crypto';
import {
  canSubscribe,
  channels,
  RealtimeDisconnects,
  RealtimeErrorCode,
  type RealtimeDisconnect,
} from '@croupier/contract';
import type { RawData, WebSocket } from 'ws';
import type { EndedSessions, EventBus } from './bus';
import { errorReply, parseFrame, PING, publicationPush, reply, type Command } from './protocol';
import type { TokenVerification, TokenVerifier } from './token-verifier';

/**
 * The websocket gateway: Centrifuge protocol connections (see protocol.ts), channel
 * permissions (contract `canSubscribe`), fan-out of bus publications to subscribers,
 * server pings, token expiry, bounded outgoing queues and the online count.
 *
 * One timer drives every connection (pings, pong deadlines, expiry, connect timeout)
 * instead of timers per connection: at ten thousand connections a scan per second is
 * cheaper than ten thousand timers being re-armed.
 */

export interface GatewaySettings {
  /** Server ping period; sent to the client in the connect result (whole seconds). */
  pingIntervalMs: number;
  /** A connection silent this long after a ping is closed (no pong). */
  pongTimeoutMs: number;
  /** A socket that sends no connect command within this time is closed (stale). */
  connectTimeoutMs: number;
  /** Grace after the token's expiry for the client's refresh before closing (expired). */
  expiredCloseDelayMs: number;
  /** Outgoing bytes (queued here plus buffered by the socket) beyond which a client is too slow. */
  maxQueueBytes: number;
  /** Outgoing messages waiting for the next write beyond which a client is too slow. */
  maxQueueMessages: number;
  maxSubscriptions: number;
  maxCommandsPerMessage: number;
  /** Commands received but not yet handled (while a token is being checked). */
  maxPendingCommands: number;
  /** Period of the online count (published on `global:online` when it changed). */
  onlineIntervalMs: number;
  /** Period of the connection scan. */
  tickMs: number;
  /** At shutdown, how long to wait for clients to acknowledge the close before dropping them. */
  shutdownGraceMs: number;
}

export const defaultGatewaySettings: GatewaySettings = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  expiredCloseDelayMs: 25_000,
  maxQueueBytes: 1024 * 1024,
  maxQueueMessages: 1000,
  maxSubscriptions: 128,
  maxCommandsPerMessage: 100,
  maxPendingCommands: 200,
  onlineIntervalMs: 10_000,
  tickMs: 1000,
  shutdownGraceMs: 2000,
};

export interface GatewayLogger {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface GatewayStats {
  connections: number;
  players: number;
  subscriptions: number;
}

type State = 'connecting' | 'verifying' | 'connected' | 'closed';

export class Gateway {
  readonly settings: GatewaySettings;
  private readonly connections = new Set<Connection>();
  private readonly sockets = new Set<WebSocket>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly players = new Map<string, Set<Connection>>();
  private dirty: Connection[] = [];
  private flushScheduled = false;
  private ticker: NodeJS.Timeout | undefined;
  private onlineTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;
  private stopEndedSessions: (() => void) | undefined;
  private closing: Promise<void> | undefined;
  private onlineCount = -1;
  private socketsDrained: (() => void) | undefined;

  constructor(
    readonly bus: EventBus,
    readonly verifier: TokenVerifier,
    readonly log: GatewayLogger,
    settings: Partial<GatewaySettings> = {},
    readonly version = '',
  ) {
    this.settings = { ...defaultGatewaySettings, ...settings };
  }

  start(): void {
    this.stopListening = this.bus.subscribe((channel, json) => this.deliver(channel, json));
    this.stopEndedSessions = this.bus.onSessionsEnded((ended) => this.disconnectSessions(ended));
    this.ticker = setInterval(() => this.tick(), this.settings.tickMs);
    this.ticker.unref();
    this.onlineTimer = setInterval(() => void this.publishOnline(), this.settings.onlineIntervalMs);
    this.onlineTimer.unref();
  }

  /** Takes over an upgraded socket. */
  accept(socket: WebSocket, meta: { ip: string }): void {
    if (this.closing) {
      socket.close(RealtimeDisconnects.SHUTDOWN.code, RealtimeDisconnects.SHUTDOWN.reason);
      return;
    }
    const connection = new Connection(this, socket, meta.ip);
    this.connections.add(connection);
    this.sockets.add(socket);
    socket.on('message', (data, isBinary) => connection.receive(data, isBinary));
    socket.on('close', () => {
      this.sockets.delete(socket);
      connection.socketClosed();
      if (this.sockets.size === 0) this.socketsDrained?.();
    });
  }

  /** Pushes a publication to every local connection subscribed to the channel. */
  deliver(channel: string, json: string): void {
    const subscribed = this.subscribers.get(channel);
    if (!subscribed) return;
    const push = publicationPush(channel, json);
    for (const connection of subscribed) connection.send(push);
  }

  /** Closes every local connection of a player (e.g. account blocked); returns how many. */
  disconnectPlayer(playerId: string, disconnect: RealtimeDisconnect = RealtimeDisconnects.FORCE_NO_RECONNECT): number {
    const open = [...(this.players.get(playerId) ?? [])];
    for (const connection of open) connection.close(disconnect);
    return open.length;
  }

  /**
   * Closes the local connections of sessions that ended (final code: the client does not
   * come back as that player); returns how many. Guests and other players are untouched.
   */
  disconnectSessions(ended: EndedSessions, disconnect: RealtimeDisconnect = RealtimeDisconnects.SESSION_ENDED): number {
    const open = this.players.get(ended.playerId);
    if (!open) return 0;
    const matches =
      'sessionIds' in ended
        ? (sessionId: string | undefined) => sessionId !== undefined && ended.sessionIds.includes(sessionId)
        : (sessionId: string | undefined) => sessionId !== ended.allExcept;
    const closing = [...open].filter((connection) => matches(connection.sessionId));
    for (const connection of closing) connection.close(disconnect);
    if (closing.length > 0) {
      this.log.debug({ playerId: ended.playerId, connections: closing.length }, 'realtime: sessions ended');
    }
    return closing.length;
  }

  stats(): GatewayStats {
    let subscriptions = 0;
    for (const subscribed of this.subscribers.values()) subscriptions += subscribed.size;
    return { connections: this.connections.size, players: this.players.size, subscriptions };
  }

  /** Graceful shutdown: every client is told to reconnect (to another process). */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    clearInterval(this.ticker);
    clearInterval(this.onlineTimer);
    this.stopListening?.();
    this.stopEndedSessions?.();
    for (const connection of [...this.connections]) connection.close(RealtimeDisconnects.SHUTDOWN, { flush: true });
    if (this.sockets.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.settings.shutdownGraceMs);
        this.socketsDrained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    // Clients that did not answer the close frame in time.
    for (const socket of this.sockets) socket.terminate();
  }

  // Bookkeeping called by connections.

  addSubscription(connection: Connection, channel: string): void {
    let subscribed = this.subscribers.get(channel);
    if (!subscribed) {
      subscribed = new Set();
      this.subscribers.set(channel, subscribed);
    }
    subscribed.add(connection);
  }

  removeSubscription(connection: Connection, channel: string): void {
    const subscribed = this.subscribers.get(channel);
    if (!subscribed) return;
    subscribed.delete(connection);
    if (subscribed.size === 0) this.subscribers.delete(channel);
  }

  playerConnected(connection: Connection, playerId: string): void {
    let open = this.players.get(playerId);
    if (!open) {
      open = new Set();
      this.players.set(playerId, open);
    }
    open.add(connection);
  }

  connectionClosed(connection: Connection): void {
    this.connections.delete(connection);
    for (const channel of connection.channels) this.removeSubscription(connection, channel);
    const playerId = connection.playerId;
    if (playerId !== undefined) {
      const open = this.players.get(playerId);
      open?.delete(connection);
      if (open?.size === 0) this.players.delete(playerId);
    }
  }

  /** The last online count published, for a new subscriber of `global:online`. */
  currentOnlineCount(): number | undefined {
    return this.onlineCount < 0 ? undefined : this.onlineCount;
  }

  /** Writes are batched: everything queued for a connection in one turn of the event loop goes in one message. */
  scheduleFlush(connection: Connection): void {
    this.dirty.push(connection);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const dirty = this.dirty;
      this.dirty = [];
      for (const waiting of dirty) waiting.flush();
    });
  }

  private tick(): void {
    const now = Date.now();
    for (const connection of this.connections) connection.check(now);
  }

  private async publishOnline(): Promise<void> {
    let count: number;
    try {
      count = await this.bus.reportOnline(this.players.size);
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: online count unavailable');
      return;
    }
    if (count === this.onlineCount || this.closing) return;
    this.onlineCount = count;
    // Every process computes the same total: each delivers it to its own subscribers only.
    this.deliver(channels.globalOnline, JSON.stringify({ event: 'online.updated', count }));
  }
}

class Connection {
  readonly id = randomUUID();
  readonly channels = new Set<string>();
  playerId: string | undefined;
  /** The session of the token the connection was made or last refreshed with. */
  sessionId: string | undefined;
  private state: State = 'connecting';
  private expiresAt: number | undefined;
  private readonly openedAt = Date.now();
  private lastSeenAt = this.openedAt;
  private pingSentAt = 0;
  private nextPingAt = 0;
  private queue: string[] = [];
  private queueBytes = 0;
  private flushPending = false;
  private pending: Command[] = [];
  private busy = false;
  private killTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly gateway: Gateway,
    private readonly socket: WebSocket,
    private readonly ip: string,
  ) {}

  receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.lastSeenAt = Date.now();
    if (isBinary) {
      this.badRequest('binary message on the JSON protocol');
      return;
    }
    const text = Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data).toString('utf8');
    const parsed = parseFrame(text, this.gateway.settings.maxCommandsPerMessage);
    if (!parsed.ok) {
      this.badRequest(parsed.problem);
      return;
    }
    if (this.pending.length + parsed.commands.length > this.gateway.settings.maxPendingCommands) {
      this.close(RealtimeDisconnects.TOO_MANY_REQUESTS);
      return;
    }
    this.pending.push(...parsed.commands);
    this.drain();
  }

  /** Handles commands in order; a connect or refresh (token check) holds the ones after it. */
  private drain(): void {
    while (!this.busy && this.state !== 'closed') {
      const command = this.pending.shift();
      if (!command) return;
      const work = this.handle(command);
      if (work) {
        this.busy = true;
        work
          .catch((error: unknown) => {
            this.gateway.log.error({ err: error }, 'realtime: command failed');
            this.close(RealtimeDisconnects.SERVER_ERROR);
          })
          .finally(() => {
            this.busy = false;
            this.drain();
          });
      }
    }
  }

  private handle(command: Command): Promise<void> | undefined {
    switch (command.method) {
      case 'pong':
      case 'ignored':
        return undefined;
      case 'connect':
        if (this.state !== 'connecting') return this.badRequest('connect twice');
        return this.connect(command.id, command.token);
      default:
        break;
    }
    if (this.state !== 'connected') return this.badRequest(`${command.method} before connect`);
    switch (command.method) {
      case 'subscribe':
        this.subscribe(command.id, command.channel);
        return undefined;
      case 'unsubscribe':
        this.channels.delete(command.channel);
        this.gateway.removeSubscription(this, command.channel);
        this.send(reply(command.id, 'unsubscribe', {}));
        return undefined;
      case 'refresh':
        return this.refresh(command.id, command.token);
      case 'unsupported':
        // Clients do not publish (services do); history, presence and RPC are not offered.
        this.send(
          command.name === 'publish'
            ? errorReply(command.id, RealtimeErrorCode.PERMISSION_DENIED, 'permission denied')
            : errorReply(command.id, RealtimeErrorCode.NOT_AVAILABLE, 'not available'),
        );
        return undefined;
    }
  }

  private connect(id: number, token: string | undefined): Promise<void> | undefined {
    if (token === undefined) {
      this.establish(id, undefined);
      return undefined;
    }
    this.state = 'verifying';
    return this.gateway.verifier.verify(token).then(
      (verification) => {
        if (this.state !== 'verifying') return;
        if (verification.ok && verification.expiresAt > Date.now()) {
          this.establish(id, verification);
        } else if (!verification.ok && verification.reason === 'invalid') {
          this.close(RealtimeDisconnects.INVALID_TOKEN);
        } else {
          // The client gets a new token (its getToken callback) and connects again.
          this.connectFailed(errorReply(id, RealtimeErrorCode.TOKEN_EXPIRED, 'token expired'));
        }
      },
      (error: unknown) => {
        this.gateway.log.error({ err: error }, 'realtime: token check failed');
        if (this.state !== 'verifying') return;
        this.connectFailed(errorReply(id, RealtimeErrorCode.INTERNAL, 'internal server error', true));
      },
    );
  }

  private connectFailed(errorMessage: string): void {
    this.state = 'connecting';
    // Subscribes sent with the connect are moot: the client sends them again after connecting.
    this.pending = [];
    this.send(errorMessage);
  }

  private establish(id: number, verified: Extract<TokenVerification, { ok: true }> | undefined): void {
    const now = Date.now();
    this.state = 'connected';
    this.nextPingAt = now + this.gateway.settings.pingIntervalMs;
    if (verified) {
      this.playerId = verified.playerId;
      this.sessionId = verified.sessionId;
      this.expiresAt = verified.expiresAt;
      this.gateway.playerConnected(this, verified.playerId);
    }
    this.send(
      reply(id, 'connect', {
        client: this.id,
        version: this.gateway.version,
        ...this.expiry(now),
        ping: Math.max(1, Math.round(this.gateway.settings.pingIntervalMs / 1000)),
        pong: true,
      }),
    );
  }

  /** `expires` and `ttl` (seconds until the client must refresh) for a signed-in connection. */
  private expiry(now: number): { expires?: true; ttl?: number } {
    if (this.expiresAt === undefined) return {};
    return { expires: true, ttl: Math.max(1, Math.floor((this.expiresAt - now) / 1000)) };
  }

  private subscribe(id: number, channel: string): void {
    if (this.channels.has(channel)) {
      this.send(errorReply(id, RealtimeErrorCode.ALREADY_SUBSCRIBED, 'already subscribed'));
      return;
    }
    if (this.channels.size >= this.gateway.settings.maxSubscriptions) {
      this.send(errorReply(id, RealtimeErrorCode.LIMIT_EXCEEDED, 'limit exceeded'));
      return;
    }
    const decision = canSubscribe(channel, this.playerId);
    if (decision === 'unknown') {
      this.send(errorReply(id, RealtimeErrorCode.UNKNOWN_CHANNEL, 'unknown channel'));
      return;
    }
    if (decision === 'denied') {
      this.send(errorReply(id, RealtimeErrorCode.PERMISSION_DENIED, 'permission denied'));
      return;
    }
    this.channels.add(channel);
    this.gateway.addSubscription(this, channel);
    const online = channel === channels.globalOnline ? this.gateway.currentOnlineCount() : undefined;
    // The current count comes with the subscription (the `subscribed` event's data); changes follow as publications.
    this.send(reply(id, 'subscribe', online === undefined ? {} : { data: { event: 'online.updated', count: online } }));
  }

  private async refresh(id: number, token: string): Promise<void> {
    if (this.playerId === undefined) {
      this.badRequest('refresh on a guest connection');
      return;
    }
    let verification: TokenVerification;
    try {
      verification = await this.gateway.verifier.verify(token);
    } catch (error) {
      this.gateway.log.error({ err: error }, 'realtime: token check failed');
      // Temporary: the client tries again later.
      this.send(errorReply(id, RealtimeErrorCode.INTERNAL, 'internal server error', true));
      return;
    }
    if (this.state !== 'connected') return;
    if (!verification.ok) {
      if (verification.reason === 'invalid') this.close(RealtimeDisconnects.INVALID_TOKEN);
      else this.send(errorReply(id, RealtimeErrorCode.TOKEN_EXPIRED, 'token expired'));
      return;
    }
    if (verification.playerId !== this.playerId) {
      // A connection belongs to one player; another player's token means another connection.
      this.close(RealtimeDisconnects.INVALID_TOKEN);
      return;
    }
    this.expiresAt = verification.expiresAt;
    // The same player signed in again in this tab meanwhile: the connection follows the newer session.
    this.sessionId = verification.sessionId;
    this.send(reply(id, 'refresh', { client: this.id, version: this.gateway.version, ...this.expiry(Date.now()) }));
  }

  /** Periodic check by the gateway's timer. */
  check(now: number): void {
    const { settings } = this.gateway;
    if (this.state === 'connecting') {
      if (now - this.openedAt >= settings.connectTimeoutMs) this.close(RealtimeDisconnects.STALE);
      return;
    }
    if (this.state !== 'connected') return;
    if (this.expiresAt !== undefined && now >= this.expiresAt + settings.expiredCloseDelayMs) {
      this.close(RealtimeDisconnects.EXPIRED);
      return;
    }
    // pingSentAt is the oldest ping not answered yet (anything received answers it).
    const awaitingPong = this.pingSentAt > 0 && this.lastSeenAt < this.pingSentAt;
    if (awaitingPong && now - this.pingSentAt >= settings.pongTimeoutMs) {
      this.close(RealtimeDisconnects.NO_PONG);
      return;
    }
    if (now >= this.nextPingAt) {
      this.send(PING);
      if (!awaitingPong) this.pingSentAt = now;
      this.nextPingAt = now + settings.pingIntervalMs;
    }
  }

  /** Queues an outgoing message; a client that cannot keep up is disconnected (it may reconnect). */
  send(message: string): void {
    if (this.state === 'closed') return;
    const { maxQueueBytes, maxQueueMessages } = this.gateway.settings;
    if (
      this.queue.length >= maxQueueMessages ||
      this.queueBytes + message.length + this.socket.bufferedAmount > maxQueueBytes
    ) {
      this.gateway.log.info(
        { ip: this.ip, playerId: this.playerId, queued: this.queue.length, buffered: this.socket.bufferedAmount },
        'realtime: slow client disconnected',
      );
      this.close(RealtimeDisconnects.SLOW);
      return;
    }
    this.queue.push(message);
    this.queueBytes += message.length;
    if (!this.flushPending) {
      this.flushPending = true;
      this.gateway.scheduleFlush(this);
    }
  }

  flush(): void {
    this.flushPending = false;
    if (this.queue.length === 0 || this.socket.readyState !== 1) return;
    const message = this.queue.length === 1 ? (this.queue[0] as string) : this.queue.join('\n');
    this.queue = [];
    this.queueBytes = 0;
    this.socket.send(message);
  }

  private badRequest(problem: string): undefined {
    this.gateway.log.debug({ ip: this.ip, problem }, 'realtime: bad request');
    this.close(RealtimeDisconnects.BAD_REQUEST);
    return undefined;
  }

  close(disconnect: RealtimeDisconnect, options: { flush?: boolean } = {}): void {
    if (this.state === 'closed') return;
    if (options.flush) this.flush();
    this.state = 'closed';
    this.queue = [];
    this.pending = [];
    this.gateway.connectionClosed(this);
    this.socket.close(disconnect.code, disconnect.reason);
    // A client that does not answer the close frame (or cannot: a slow one) is dropped.
    this.killTimer = setTimeout(() => this.socket.terminate(), 5000);
    this.killTimer.unref();
  }

  /** The socket is gone (closed by either side, or broken). */
  socketClosed(): void {
    clearTimeout(this.killTimer);
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.queue = [];
    this.pending = [];
    this.gateway.connectionClosed(this);
  }
}
