import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { FeedAdapter } from '../feed';
import { FeedIngestor, type FeedChanges, type FeedIngestorOptions } from '../ingest';
import { pingIngestLock, releaseIngestLock, tryIngestLock } from './repository';

/** A feed that runs on its own timer once started (the simulated feed). */
export interface RunnableFeed extends FeedAdapter {
  start(): void;
  stop(): void;
}

export interface FeedRunnerOptions {
  db: Kysely<Database>;
  /** Builds the feed when this process starts ingesting (it then runs from that moment). */
  createFeed: () => RunnableFeed;
  onChanges: (changes: FeedChanges) => Promise<void>;
  /** Settlement's hook in the transaction that stores results (see FeedIngestorOptions). */
  onResultsIn?: FeedIngestorOptions['onResultsIn'];
  /**
   * Ingest only while holding the feed's PostgreSQL advisory lock (session-level, on a
   * connection held for that time); false on PGlite, where one process owns the database.
   */
  lock: boolean;
  /**
   * How often a process without the lock tries again (the holder may have stopped), and
   * how often the holder checks its lock's connection is still there.
   */
  retryMs: number;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}

interface HeldLock {
  release: () => void;
  /** Settles once the lock is released and its connection returned. */
  done: Promise<void>;
}

/**
 * Runs the feed and its ingestor in the one process that holds the ingest lock
 * (docs/sportsbook.md, "Running the feed and live updates"). The others keep trying every
 * `retryMs`, so a standby takes over when the holder stops.
 */
export class FeedRunner {
  private feed: RunnableFeed | null = null;
  private ingestor: FeedIngestor | null = null;
  private held: HeldLock | null = null;
  private retryTimer: ReturnType<typeof setInterval> | null = null;
  private attempt: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: FeedRunnerOptions) {}

  /** Whether this process ingests now. */
  get leading(): boolean {
    return this.ingestor !== null;
  }

  /** Applies what the feed sent and the ingestor still holds (the sandbox feed's endpoints answer after it). */
  async flush(): Promise<void> {
    await this.ingestor?.flush();
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.tryLead();
    if (!this.leading && this.options.lock) this.retryLater();
  }

  /** Stops the feed, applies what is queued, then lets the lock go. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
    this.pauseTimer = null;
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
    await this.attempt;
    this.feed?.stop();
    this.feed = null;
    const ingestor = this.ingestor;
    this.ingestor = null;
    try {
      await ingestor?.stop();
    } finally {
      const held = this.held;
      this.held = null;
      held?.release();
      await held?.done;
    }
  }

  private tryLead(): Promise<void> {
    this.attempt ??= this.lead()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'sportsbook: feed start failed'))
      .finally(() => {
        this.attempt = null;
      });
    return this.attempt;
  }

  private async lead(): Promise<void> {
    const feed = this.options.createFeed();
    if (this.options.lock) {
      this.held = await this.takeLock(feed.name);
      if (!this.held) return;
    }
    if (this.stopped) {
      await this.letGo();
      return;
    }
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
    const ingestor = new FeedIngestor({
      db: this.options.db,
      feed,
      onChanges: this.options.onChanges,
      ...(this.options.onResultsIn ? { onResultsIn: this.options.onResultsIn } : {}),
      onError: (error) => this.options.log.error({ err: error }, 'sportsbook: feed batch failed (kept queued)'),
    });
    try {
      await ingestor.start();
      // The stored sequence may equal the new feed's by chance (a restart): its snapshot is
      // what the catalogue must show either way.
      await ingestor.resync();
    } catch (error) {
      await ingestor.stop().catch(() => undefined);
      await this.letGo();
      throw error;
    }
    this.feed = feed;
    this.ingestor = ingestor;
    feed.start();
    this.options.log.info({ feed: feed.name }, 'sportsbook: this process ingests the feed');
  }

  private pauseTimer: ReturnType<typeof setTimeout> | null = null;

  /** Waits `retryMs` (cut short by `stop`). */
  private pause(): Promise<void> {
    return new Promise((resolve) => {
      this.pauseTimer = setTimeout(() => {
        this.pauseTimer = null;
        resolve();
      }, this.options.retryMs);
      this.pauseTimer.unref();
    });
  }

  /** The lock went with its connection: stop ingesting and go back to trying. */
  private async lockLost(): Promise<void> {
    this.held = null;
    this.feed?.stop();
    this.feed = null;
    const ingestor = this.ingestor;
    this.ingestor = null;
    await ingestor?.stop().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setInterval(() => {
      if (!this.leading && !this.attempt) void this.tryLead();
    }, this.options.retryMs);
    this.retryTimer.unref();
  }

  private async letGo(): Promise<void> {
    const held = this.held;
    this.held = null;
    held?.release();
    await held?.done;
  }

  /** Holds a connection with the lock taken, or returns null (another process has it). */
  private async takeLock(feedName: string): Promise<HeldLock | null> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answer!: (taken: boolean) => void;
    const taken = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    const done = this.options.db
      .connection()
      .execute(async (connection) => {
        const got = await tryIngestLock(connection, feedName);
        answer(got);
        if (!got) return;
        let done = false;
        void released.then(() => {
          done = true;
        });
        while (!done) {
          await Promise.race([released, this.pause()]);
          // A lost session frees the lock for another process: this one must stop ingesting.
          if (!done) await pingIngestLock(connection);
        }
        await releaseIngestLock(connection, feedName);
      })
      .catch((error: unknown) => {
        answer(false);
        this.options.log.error({ err: error }, 'sportsbook: ingest lock connection lost');
        void this.lockLost();
      });
    if (!(await taken)) {
      await done;
      return null;
    }
    return { release, done };
  }
}
