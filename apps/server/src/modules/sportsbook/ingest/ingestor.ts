import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type {
  FeedAdapter,
  FeedEvent,
  FeedMessage,
  FeedResult,
  FeedSnapshot,
  MarketStatus,
  OutcomePrice,
} from '../feed';
import {
  lockFeedSequence,
  removeEvent,
  removeEventsExcept,
  setFeedSequence,
  setResult,
  updateMarketStatuses,
  updateOutcomePrices,
  upsertCompetitions,
  upsertEvents,
  upsertMarkets,
  upsertSports,
} from './repository';

/**
 * What one committed transaction changed, for realtime updates and settlement (later).
 * After a resync (`resynced`), every event of the snapshot is listed and the consumer
 * should re-read them: prices and statuses are not itemised.
 */
export interface FeedChanges {
  feed: string;
  /** The feed sequence now stored. */
  sequence: number;
  resynced: boolean;
  /** Events created, updated, cancelled or given a result. */
  eventIds: string[];
  removedEventIds: string[];
  /** Markets opened (with all their outcomes). */
  openedMarketIds: string[];
  marketStatuses: { marketId: string; status: MarketStatus }[];
  /** The last price of each outcome that moved. */
  prices: OutcomePrice[];
  /** Results published or corrected (cancellations included), in order. */
  results: { result: FeedResult; corrected: boolean }[];
}

export interface FeedIngestorOptions {
  db: Kysely<Database>;
  feed: FeedAdapter;
  /** Called after each commit that changed something (awaited, in order). */
  onChanges?: (changes: FeedChanges) => void | Promise<void>;
  /**
   * Called inside the transaction that stores results (published, corrected, cancelled, or
   * in a snapshot): settlement is enqueued durably with them.
   */
  onResultsIn?: (trx: Transaction<Database>, results: readonly FeedResult[]) => Promise<void>;
  /** Called with a failure of a flush started by the timer (the messages stay queued). */
  onError?: (error: unknown) => void;
  /** Messages per transaction at most. */
  maxBatch?: number;
  /** How long a received message may wait for its batch; 0: only explicit `flush()`. */
  flushMs?: number;
}

function emptyChanges(feed: string, sequence: number): FeedChanges {
  return {
    feed,
    sequence,
    resynced: false,
    eventIds: [],
    removedEventIds: [],
    openedMarketIds: [],
    marketStatuses: [],
    prices: [],
    results: [],
  };
}

function hasChanges(c: FeedChanges): boolean {
  return (
    c.resynced ||
    c.eventIds.length + c.removedEventIds.length + c.openedMarketIds.length > 0 ||
    c.marketStatuses.length + c.prices.length + c.results.length > 0
  );
}

/**
 * Keeps the sb_* catalogue equal to the feed (docs/sportsbook.md, "Catalogue and ingest"):
 * a snapshot on start and after any gap, then the message stream in batches, each batch
 * one transaction that also advances sb_feed_state. Messages at or below the stored
 * sequence are skipped, so a replay changes nothing.
 */
export class FeedIngestor {
  private readonly maxBatch: number;
  private readonly flushMs: number;
  private queue: FeedMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: FeedIngestorOptions) {
    this.maxBatch = options.maxBatch ?? 500;
    this.flushMs = options.flushMs ?? 250;
  }

  private get feedName(): string {
    return this.options.feed.name;
  }

  /** Subscribes, then brings the catalogue up to the feed's snapshot unless it already is. */
  async start(): Promise<void> {
    this.unsubscribe ??= this.options.feed.subscribe((message) => this.receive(message));
    await this.serial(async () => {
      const snapshot = this.options.feed.snapshot();
      const stored = await this.storedSequence();
      if (stored !== snapshot.sequence) await this.applySnapshot(snapshot);
    });
  }

  /** Unsubscribes and applies what is queued. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flush();
  }

  /** Queues a message; the batch goes when full or after `flushMs`. */
  receive(message: FeedMessage): void {
    this.queue.push(message);
    if (this.queue.length >= this.maxBatch) {
      this.flushLater(0);
    } else if (this.flushMs > 0) {
      this.flushLater(this.flushMs);
    }
  }

  private flushLater(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch((error: unknown) => this.options.onError?.(error));
    }, delayMs);
    // A pending batch does not keep the process alive; `stop()` applies it.
    this.timer.unref?.();
  }

  /** Applies every queued message (in batches of `maxBatch`). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.serial(async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, this.maxBatch);
        await this.applyBatch(batch);
        this.queue = this.queue.slice(batch.length);
      }
    });
  }

  /** Takes a fresh snapshot and applies it (after any queued work). */
  resync(): Promise<FeedChanges> {
    return this.serial(() => this.applySnapshot(this.options.feed.snapshot()));
  }

  /** Applies a snapshot in one transaction: upserts all, marks the feed's other events removed. */
  private async applySnapshot(snapshot: FeedSnapshot): Promise<FeedChanges> {
    const feed = this.feedName;
    const changes = emptyChanges(feed, snapshot.sequence);
    changes.resynced = true;
    await this.options.db.transaction().execute(async (trx) => {
      await lockFeedSequence(trx, feed);
      await setFeedSequence(trx, feed, snapshot.sequence);
      await upsertSports(trx, snapshot.sports);
      await upsertCompetitions(trx, snapshot.competitions);
      const results = new Map(snapshot.results.map((r) => [r.eventId, r]));
      await upsertEvents(trx, feed, snapshot.events, snapshot.sequence, results);
      changes.removedEventIds = await removeEventsExcept(
        trx,
        feed,
        snapshot.events.map((e) => e.id),
        snapshot.sequence,
      );
      await upsertMarkets(trx, snapshot.markets, snapshot.sequence);
      if (snapshot.results.length > 0) await this.options.onResultsIn?.(trx, snapshot.results);
    });
    changes.eventIds = snapshot.events.map((e) => e.id);
    await this.options.onChanges?.(changes);
    return changes;
  }

  private async storedSequence(): Promise<number | null> {
    const row = await this.options.db
      .selectFrom('sb_feed_state')
      .select('sequence')
      .where('feed', '=', this.feedName)
      .executeTakeFirst();
    return row ? Number(row.sequence) : null;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /**
   * One transaction: the messages after the stored sequence, in order, up to a gap; then,
   * on a gap, a resync from a fresh snapshot (later messages of the batch apply after it).
   */
  private async applyBatch(batch: readonly FeedMessage[], afterResync = false): Promise<void> {
    const feed = this.feedName;
    let gap = false;
    let rest: FeedMessage[] = [];
    const changes = await this.options.db.transaction().execute(async (trx) => {
      const stored = await lockFeedSequence(trx, feed);
      if (stored === null) {
        gap = true;
        rest = [...batch];
        return null;
      }
      let sequence = stored;
      const applier = new BatchApplier(trx, feed, emptyChanges(feed, stored));
      for (let i = 0; i < batch.length; i++) {
        const message = batch[i]!;
        if (message.sequence <= sequence) continue;
        if (message.sequence !== sequence + 1) {
          gap = true;
          rest = batch.slice(i);
          break;
        }
        await applier.apply(message);
        sequence = message.sequence;
      }
      await applier.finish();
      if (sequence !== stored) await setFeedSequence(trx, feed, sequence);
      const results = applier.changes.results.map((r) => r.result);
      if (results.length > 0) await this.options.onResultsIn?.(trx, results);
      applier.changes.sequence = sequence;
      return applier.changes;
    });
    if (changes && hasChanges(changes)) await this.options.onChanges?.(changes);
    // A gap right after a resync means the feed's snapshot lags its stream: those messages
    // are dropped and the next message resyncs again.
    if (gap && !afterResync) {
      await this.applySnapshot(this.options.feed.snapshot());
      // What followed the gap and is newer than the snapshot still applies.
      if (rest.length > 0) await this.applyBatch(rest, true);
    }
  }
}

/**
 * Applies messages in order inside one transaction. Event updates, market statuses and
 * prices are gathered and written as multi-row statements; anything else writes the
 * gathered ones first, so the order of effects is the messages' order.
 */
const GATHERED = new Set<FeedMessage['kind']>([
  'event_updated',
  'market_suspended',
  'market_closed',
  'market_reopened',
  'odds_changed',
]);

class BatchApplier {
  private readonly events = new Map<string, FeedEvent>();
  private readonly statuses = new Map<string, MarketStatus>();
  private readonly prices = new Map<string, OutcomePrice>();
  private sequence = 0;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly feed: string,
    readonly changes: FeedChanges,
  ) {}

  async apply(message: FeedMessage): Promise<void> {
    const { changes } = this;
    if (GATHERED.has(message.kind)) this.sequence = message.sequence;
    switch (message.kind) {
      case 'event_updated':
        this.events.set(message.event.id, message.event);
        changes.eventIds.push(message.event.id);
        return;
      case 'market_suspended':
        this.statuses.set(message.marketId, 'suspended');
        return;
      case 'market_closed':
        this.statuses.set(message.marketId, 'closed');
        return;
      case 'market_reopened':
        this.statuses.set(message.marketId, 'open');
        for (const price of message.prices) this.prices.set(price.outcomeId, price);
        return;
      case 'odds_changed':
        for (const price of message.prices) this.prices.set(price.outcomeId, price);
        return;
      default:
        break;
    }
    await this.writeGathered();
    switch (message.kind) {
      case 'event_created':
        await upsertCompetitions(this.trx, [message.competition]);
        await upsertEvents(this.trx, this.feed, [message.event], message.sequence);
        changes.eventIds.push(message.event.id);
        return;
      case 'market_opened':
        await upsertMarkets(this.trx, [message.market], message.sequence);
        changes.openedMarketIds.push(message.market.id);
        return;
      case 'result_published':
      case 'result_corrected':
        await setResult(this.trx, message.result, message.sequence, false);
        changes.eventIds.push(message.result.eventId);
        changes.results.push({ result: message.result, corrected: message.kind === 'result_corrected' });
        return;
      case 'event_cancelled':
        await setResult(this.trx, message.result, message.sequence, true);
        changes.eventIds.push(message.eventId);
        changes.results.push({ result: message.result, corrected: false });
        return;
      case 'event_removed':
        await removeEvent(this.trx, message.eventId, message.sequence);
        changes.removedEventIds.push(message.eventId);
        return;
    }
  }

  async finish(): Promise<void> {
    await this.writeGathered();
    this.changes.eventIds = [...new Set(this.changes.eventIds)];
  }

  private async writeGathered(): Promise<void> {
    if (this.events.size > 0) {
      await upsertEvents(this.trx, this.feed, [...this.events.values()], this.sequence);
      this.events.clear();
    }
    if (this.statuses.size > 0) {
      const statuses = [...this.statuses].map(([marketId, status]) => ({ marketId, status }));
      await updateMarketStatuses(this.trx, statuses, this.sequence);
      this.changes.marketStatuses.push(...statuses);
      this.statuses.clear();
    }
    if (this.prices.size > 0) {
      const prices = [...this.prices.values()];
      await updateOutcomePrices(this.trx, prices);
      this.changes.prices.push(...prices);
      this.prices.clear();
    }
  }
}
