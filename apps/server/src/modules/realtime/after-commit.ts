import type { ChannelEvent, RealtimeChannel } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { encodeEvent, type EncodedEvent, type EventBus } from './bus';

/**
 * Publishing after commit. A service changes data and queues the events that describe the
 * change inside the same transaction; they are published once the transaction has
 * committed, and dropped when it rolls back, so a client never sees a change that did
 * not happen (or sees it before a reload would show it):
 *
 *   await events.transaction(async (trx) => {
 *     const account = await wallet.credit(trx, …);
 *     events.publishAfterCommit(trx, channels.walletAccounts(playerId), { event: 'account.balance.updated', account });
 *   });
 *
 * Events are checked against the contract when queued, so a malformed event fails (and
 * rolls back) the transaction in tests instead of reaching clients. Services know
 * nothing of the transport: local delivery or Redis is the bus's business.
 *
 * The queue lives in memory: a crash between the commit and the publication loses those
 * events. That is accepted for realtime hints (clients reload state on reconnect); an
 * event that must never be lost belongs in a table written in the transaction.
 */
export interface RealtimeEvents {
  /**
   * Runs `work` in a database transaction; events queued on its `trx` are published after
   * the commit. Do not nest: a second transaction inside would wait for the first one's
   * connection on PGlite.
   */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** Queues an event on a transaction opened by `transaction`. Throws on a malformed event or a foreign `trx`. */
  publishAfterCommit<C extends RealtimeChannel>(trx: Transaction<Database>, channel: C, event: ChannelEvent<C>): void;
  /** Same, for an event checked by `encodeEvent` (callers holding an untyped channel). */
  publishEncodedAfterCommit(trx: Transaction<Database>, encoded: EncodedEvent): void;
  /**
   * Runs `callback` once the transaction opened by `transaction` has committed (never on a
   * rollback), after its queued events: for publications that need more than one event,
   * such as the throttled winners feed. A callback that throws is logged.
   */
  afterCommit(trx: Transaction<Database>, callback: () => void): void;
  /**
   * Publishes now, for a change already committed (or none). A malformed event throws;
   * a failed delivery (Redis down) is logged, never thrown.
   */
  publish<C extends RealtimeChannel>(channel: C, event: ChannelEvent<C>): void;
  /**
   * Publishes now an event checked by `encodeEvent`: one event fanned out to many channels
   * of one kind is checked and serialised once (`{ ...encoded, channel }` for each).
   */
  publishEncoded(encoded: EncodedEvent): void;
}

export function createRealtimeEvents(options: {
  db: Db;
  bus: EventBus;
  log: { error(object: object, message: string): void };
}): RealtimeEvents {
  const { db, bus, log } = options;
  // Keyed by the transaction object kysely hands to the callback.
  const queues = new WeakMap<Transaction<Database>, EncodedEvent[]>();
  const callbacks = new WeakMap<Transaction<Database>, (() => void)[]>();

  const send = (encoded: EncodedEvent) => {
    // The change is committed whatever happens here: a failed publication is logged,
    // not turned into a failed request.
    bus.publishEncoded(encoded).catch((error: unknown) => {
      log.error({ err: error, channel: encoded.channel }, 'realtime publication failed');
    });
  };

  const queueOf = (trx: Transaction<Database>): EncodedEvent[] => {
    const queue = queues.get(trx);
    if (!queue) {
      throw new Error('publishAfterCommit needs a transaction opened by RealtimeEvents.transaction()');
    }
    return queue;
  };

  return {
    async transaction(work) {
      const queue: EncodedEvent[] = [];
      const committed: (() => void)[] = [];
      const result = await db.transaction().execute(async (trx) => {
        queues.set(trx, queue);
        callbacks.set(trx, committed);
        try {
          return await work(trx);
        } finally {
          // Anything queued after the callback returned (a stray promise) is refused.
          queues.delete(trx);
          callbacks.delete(trx);
        }
      });
      // Reached only after COMMIT succeeded; a rollback threw above and the queue is dropped.
      for (const encoded of queue) send(encoded);
      for (const callback of committed) {
        try {
          callback();
        } catch (error) {
          log.error({ err: error }, 'after-commit callback failed');
        }
      }
      return result;
    },
    publishAfterCommit(trx, channel, event) {
      queueOf(trx).push(encodeEvent(channel, event));
    },
    publishEncodedAfterCommit(trx, encoded) {
      queueOf(trx).push(encoded);
    },
    afterCommit(trx, callback) {
      const list = callbacks.get(trx);
      if (!list) throw new Error('afterCommit needs a transaction opened by RealtimeEvents.transaction()');
      list.push(callback);
    },
    publish(channel, event) {
      send(encodeEvent(channel, event));
    },
    publishEncoded(encoded) {
      send(encoded);
    },
  };
}
