import { randomUUID } from 'node:crypto';
import { channelEventSchema, type ChannelEvent, type RealtimeChannel } from '@croupier/contract';
import { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * The event bus: services publish typed domain events to channels; the gateway of every
 * server process delivers them to its subscribed connections.
 *
 * - In one process (no REDIS_URL) a publication goes straight to the local listeners.
 * - With Redis, it also goes out on one Redis pub/sub channel to which every process
 *   subscribes once, with one subscriber connection per process. Each process delivers a
 *   publication of another process to its own connections, and skips its own (already
 *   delivered locally, so that local delivery does not wait for, or depend on, Redis).
 *
 * Why one Redis channel rather than one per realtime channel: a per-channel subscription
 * must be made (and acknowledged) before the client's subscribe is answered, or the
 * first publications are lost, and it costs a SUBSCRIBE/UNSUBSCRIBE per channel per
 * connection (ten per player at sign-in); the gateway fleet is a handful of processes
 * that each need the public channels anyway. A process drops a publication for a channel
 * without local subscribers after one map lookup, before any JSON parsing. If the fleet
 * grows to dozens of processes, per-channel (or sharded) subscriptions become worth it;
 * only this file changes.
 *
 * Delivery is at most once: Redis pub/sub keeps nothing for a process that is
 * reconnecting. Events are cache hints; clients refetch state when they reconnect.
 *
 * A second Redis channel carries "sessions ended" notices (logout, a closed session, a
 * blocked player): every process closes its own connections of those sessions. A notice
 * lost the same way leaves such a connection open until its token is due for refresh
 * (15 minutes at most), when the session check refuses it.
 */

/** A publication checked against the contract and serialised once. */
export interface EncodedEvent {
  readonly channel: string;
  /** JSON of the event (the publication's `data`). */
  readonly json: string;
}

export type PublicationListener = (channel: string, json: string) => void;

/**
 * Sessions that were closed, whose live connections must end on every process: the given
 * sessions of a player, or all of the player's sessions except `exceptSessionId`.
 */
export type EndedSessions =
  { playerId: string; sessionIds: readonly string[] } | { playerId: string; allExcept: string | null };

export type EndedSessionsListener = (ended: EndedSessions) => void;

const endedSessionsSchema = z.union([
  z.object({ playerId: z.string().min(1), sessionIds: z.array(z.string().min(1)) }),
  z.object({ playerId: z.string().min(1), allExcept: z.string().min(1).nullable() }),
]);

export interface EventBus {
  /** Publishes now: local listeners synchronously, other processes through Redis. */
  publish<C extends RealtimeChannel>(channel: C, event: ChannelEvent<C>): Promise<void>;
  /** Publishes an event already checked by `encodeEvent`. */
  publishEncoded(encoded: EncodedEvent): Promise<void>;
  /** Receives every publication (local and from other processes); returns the unsubscribe function. */
  subscribe(listener: PublicationListener): () => void;
  /** Tells every process (this one synchronously) that sessions ended, so that their connections close. */
  endSessions(ended: EndedSessions): Promise<void>;
  /** Receives every `endSessions` (local and from other processes); returns the unsubscribe function. */
  onSessionsEnded(listener: EndedSessionsListener): () => void;
  /**
   * Reports this process's number of online players and resolves with the number over
   * all processes (the same figure in one process).
   */
  reportOnline(localCount: number): Promise<number>;
  close(): Promise<void>;
}

export class InvalidRealtimeEventError extends Error {
  override readonly name = 'InvalidRealtimeEventError';
}

/** Checks `event` against the events `channel` carries and serialises it. Throws InvalidRealtimeEventError. */
export function encodeEvent(channel: string, event: unknown): EncodedEvent {
  const schema = channelEventSchema(channel);
  if (!schema) throw new InvalidRealtimeEventError(`unknown realtime channel ${JSON.stringify(channel)}`);
  const result = schema.safeParse(event);
  if (!result.success) {
    throw new InvalidRealtimeEventError(`invalid event for ${channel}: ${z.prettifyError(result.error)}`);
  }
  // The caller's object, not the parsed copy: fields a later client reads are kept.
  return { channel, json: JSON.stringify(event) };
}

export interface BusLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Local listeners; shared by both buses. */
class Listeners<A extends unknown[]> {
  private readonly listeners = new Set<(...args: A) => void>();

  constructor(private readonly log: BusLogger) {}

  add(listener: (...args: A) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(...args: A): void {
    for (const listener of this.listeners) {
      try {
        listener(...args);
      } catch (error) {
        // One broken listener must not stop the others or fail the publisher.
        this.log.error({ err: error, about: args[0] }, 'realtime listener failed');
      }
    }
  }
}

/** The bus of a single process. */
export function createLocalEventBus(log: BusLogger): EventBus {
  const listeners = new Listeners<[string, string]>(log);
  const endedListeners = new Listeners<[EndedSessions]>(log);
  const bus: EventBus = {
    async publish(channel, event) {
      return bus.publishEncoded(encodeEvent(channel, event));
    },
    async publishEncoded({ channel, json }) {
      listeners.deliver(channel, json);
    },
    subscribe: (listener) => listeners.add(listener),
    async endSessions(ended) {
      endedListeners.deliver(ended);
    },
    onSessionsEnded: (listener) => endedListeners.add(listener),
    async reportOnline(localCount) {
      return localCount;
    },
    async close() {},
  };
  return bus;
}

export interface RedisEventBusOptions {
  url: string;
  /** A connection to publish on (shared with the rest of the app); one is opened from `url` otherwise. */
  publisher?: Redis | undefined;
  /** Key and channel prefix, so that several deployments can share a Redis. */
  prefix?: string;
  /** A process's online count older than this is ignored (the process died without saying so). */
  onlineStaleAfterMs?: number;
  log: BusLogger;
  /** How long to wait for the subscription at start before failing. */
  connectTimeoutMs?: number;
}

/** The bus of one process among several, fanning out through Redis pub/sub. */
export async function createRedisEventBus(options: RedisEventBusOptions): Promise<EventBus> {
  const prefix = options.prefix ?? 'croupier:realtime:';
  const pubsubChannel = `${prefix}publications`;
  const sessionsChannel = `${prefix}sessions-ended`;
  const onlineKey = `${prefix}online`;
  const onlineStaleAfterMs = options.onlineStaleAfterMs ?? 60_000;
  const nodeId = randomUUID();
  const { log } = options;
  const listeners = new Listeners<[string, string]>(log);
  const endedListeners = new Listeners<[EndedSessions]>(log);

  const ownPublisher = options.publisher === undefined;
  const publisher = options.publisher ?? new Redis(options.url, { maxRetriesPerRequest: 2 });
  // A connection in subscriber mode can run nothing else: it is this process's own.
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null });
  subscriber.on('error', (error: Error) => log.warn({ err: error }, 'realtime redis subscriber error'));
  if (ownPublisher) publisher.on('error', (error: Error) => log.warn({ err: error }, 'realtime redis publisher error'));

  subscriber.on('message', (redisChannel: string, message: string) => {
    if (redisChannel === sessionsChannel) {
      // `{origin}\n{json}`; this process delivered its own already.
      const newline = message.indexOf('\n');
      if (newline === -1 || (newline === nodeId.length && message.startsWith(nodeId))) return;
      const parsed = endedSessionsSchema.safeParse(safeJson(message.slice(newline + 1)));
      if (parsed.success) endedListeners.deliver(parsed.data);
      else log.warn({ message }, 'realtime: malformed sessions-ended message ignored');
      return;
    }
    if (redisChannel !== pubsubChannel) return;
    // `{origin}\n{channel}\n{json}`: channel names never contain a newline (see channelAccess).
    const first = message.indexOf('\n');
    const second = first === -1 ? -1 : message.indexOf('\n', first + 1);
    if (second === -1) return;
    if (message.startsWith(nodeId) && first === nodeId.length) return;
    listeners.deliver(message.slice(first + 1, second), message.slice(second + 1));
  });

  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      subscriber.subscribe(pubsubChannel, sessionsChannel),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    subscriber.disconnect();
    if (ownPublisher) publisher.disconnect();
    throw new Error(`realtime: cannot subscribe to Redis at ${redactUrl(options.url)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }

  const bus: EventBus = {
    async publish(channel, event) {
      return bus.publishEncoded(encodeEvent(channel, event));
    },
    async publishEncoded({ channel, json }) {
      listeners.deliver(channel, json);
      await publisher.publish(pubsubChannel, `${nodeId}\n${channel}\n${json}`);
    },
    subscribe: (listener) => listeners.add(listener),
    async endSessions(ended) {
      endedListeners.deliver(ended);
      await publisher.publish(sessionsChannel, `${nodeId}\n${JSON.stringify(ended)}`);
    },
    onSessionsEnded: (listener) => endedListeners.add(listener),
    async reportOnline(localCount) {
      // One hash field per process: `{count} {reportedAt}`. Every process sums the fresh
      // fields itself, so the total needs no coordinator.
      const now = Date.now();
      const result = await publisher.multi().hset(onlineKey, nodeId, `${localCount} ${now}`).hgetall(onlineKey).exec();
      const all = result?.[1]?.[1];
      if (!all || typeof all !== 'object') return localCount;
      let total = 0;
      const stale: string[] = [];
      for (const [field, value] of Object.entries(all as Record<string, string>)) {
        const [count, reportedAt] = value.split(' ').map(Number);
        if (count === undefined || reportedAt === undefined || Number.isNaN(count) || Number.isNaN(reportedAt)) {
          stale.push(field);
        } else if (now - reportedAt > onlineStaleAfterMs) {
          stale.push(field);
        } else {
          total += count;
        }
      }
      if (stale.length > 0) await publisher.hdel(onlineKey, ...stale);
      return total;
    },
    async close() {
      await publisher.hdel(onlineKey, nodeId).catch(() => undefined);
      await subscriber.quit().catch(() => subscriber.disconnect());
      if (ownPublisher) await publisher.quit().catch(() => publisher.disconnect());
    },
  };
  return bus;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
