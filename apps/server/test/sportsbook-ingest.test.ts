import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  SimulatedFeed,
  type FeedMessage,
  type FeedSnapshot,
  type ManualClock,
} from '../src/modules/sportsbook/feed';
import { FeedIngestor, readCatalogue, type FeedChanges } from '../src/modules/sportsbook/ingest';
import { useTestServer } from './fixtures';

/**
 * The catalogue ingest (docs/sportsbook.md, "Catalogue and ingest"): the sb_* tables end
 * equal to the simulated feed's snapshot after a snapshot, after minutes of live play
 * streamed in batches, after a replay (which changes nothing) and after a gap (resync).
 */

const START_MS = Date.UTC(2026, 10, 20, 12, 0);
const MINUTE_MS = 60_000;

/** Sorted copies, so snapshots built in different orders compare equal. */
function normalised(snapshot: FeedSnapshot) {
  const byId = <T extends { id: string }>(items: readonly T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
  return {
    ...snapshot,
    atMs: 0,
    sports: byId(snapshot.sports),
    competitions: byId(snapshot.competitions),
    events: byId(snapshot.events),
    markets: byId(snapshot.markets),
    results: [...snapshot.results].sort((a, b) => a.eventId.localeCompare(b.eventId)),
  };
}

interface Rig {
  clock: ManualClock;
  feed: SimulatedFeed;
  ingestor: FeedIngestor;
  changes: FeedChanges[];
  messages: FeedMessage[];
}

describe('sportsbook catalogue ingest', () => {
  const t = useTestServer();
  /** A fresh catalogue and a feed on a manual clock; the ingestor is not subscribed. */
  async function rig(seed: number, maxBatch = 200, flushMs = 0): Promise<Rig> {
    // The simulated feed's ids repeat from seed to seed: each test starts from empty tables.
    await t.db.deleteFrom('sb_events').execute();
    await t.db.deleteFrom('sb_feed_state').execute();
    const clock = createManualClock(START_MS);
    const feed = new SimulatedFeed({
      seed,
      clock,
      matchDurationMs: 2 * MINUTE_MS,
      upcomingEvents: 12,
      minLive: 4,
      maxLive: 6,
      correctionProbability: 0.5,
      correctionDelayMs: 10_000,
      cancellationProbability: 0.1,
      retainEndedMs: MINUTE_MS,
      scheduleHorizonMs: 10 * MINUTE_MS,
    });
    const changes: FeedChanges[] = [];
    const ingestor = new FeedIngestor({ db: t.db, feed, maxBatch, flushMs, onChanges: (c) => void changes.push(c) });
    const messages: FeedMessage[] = [];
    feed.subscribe((m) => messages.push(m));
    feed.start();
    return { clock, feed, ingestor, changes, messages };
  }

  async function expectEqual(r: Rig) {
    const stored = await readCatalogue(t.db, r.feed.name);
    const expected = r.feed.snapshot();
    expect(normalised(stored)).toEqual(normalised(expected));
  }

  /** Plays `durationMs` in steps, flushing the ingestor after each. */
  async function play(r: Rig, durationMs: number, stepMs = 10_000) {
    for (let elapsed = 0; elapsed < durationMs; elapsed += stepMs) {
      r.clock.advance(stepMs);
      await r.ingestor.flush();
    }
  }

  it('stores the feed snapshot, with the constraints and indexes in place', async () => {
    const r = await rig(11);
    await r.ingestor.start();
    await expectEqual(r);
    expect(r.changes).toHaveLength(1);
    expect(r.changes[0]!.resynced).toBe(true);
    // A second start with nothing new takes no snapshot.
    await r.ingestor.start();
    expect(r.changes).toHaveLength(1);
    await r.ingestor.stop();

    const market = await t.db.selectFrom('sb_markets').select(['id', 'event_id']).limit(1).executeTakeFirstOrThrow();
    await expect(
      sql`update sb_outcomes set odds_milli = 1000 where market_id = ${market.id}`.execute(t.db),
    ).rejects.toThrow();
    await expect(
      sql`insert into sb_markets (id, event_id, type, status, updated_sequence)
        values ('x:total', ${market.event_id}, 'total', 'open', 0)`.execute(t.db),
    ).rejects.toThrow();
    await expect(
      sql`insert into sb_markets (id, event_id, type, status, updated_sequence)
        values ('x:orphan', 'no-such-event', 'match_result', 'open', 0)`.execute(t.db),
    ).rejects.toThrow();
    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename in ('sb_events', 'sb_markets', 'sb_outcomes')`.execute(t.db);
    expect(indexes.rows.map((i) => i.indexname)).toEqual(
      expect.arrayContaining(['sb_events_listing_idx', 'sb_markets_event_idx', 'sb_outcomes_market_id_key_key']),
    );
  });

  it('streams minutes of live play in batches and ends equal to the later snapshot; a replay changes nothing', async () => {
    const r = await rig(23, 200);
    await r.ingestor.start();
    r.messages.length = 0;
    // The ingestor subscribed on start: it gets what the feed sends.
    const { statements } = await t.statementsDuring(() => play(r, 6 * MINUTE_MS));
    await expectEqual(r);

    const kinds = new Set(r.messages.map((m) => m.kind));
    for (const kind of ['odds_changed', 'result_published', 'result_corrected', 'event_removed', 'event_created']) {
      expect(kinds).toContain(kind);
    }
    // Few transactions for many messages: at most one per flush step or per full batch.
    const commits = statements.filter((s) => /^commit/i.test(s.trim())).length;
    const steps = (6 * MINUTE_MS) / 10_000;
    expect(commits).toBeLessThanOrEqual(steps + Math.ceil(r.messages.length / 200));
    expect(commits).toBeGreaterThan(0);
    expect(r.messages.length).toBeGreaterThan(commits * 5);
    expect(statements.some((s) => /update sb_outcomes o set odds_milli = v\.odds_milli/.test(s))).toBe(true);

    // Results and corrections are stored and reported.
    const reported = r.changes.flatMap((c) => c.results);
    expect(reported.some((x) => x.corrected)).toBe(true);
    const corrected = await t.db
      .selectFrom('sb_events')
      .select(['id', 'result_version'])
      .where('feed', '=', r.feed.name)
      .where('result_version', '>', 1)
      .execute();
    expect(corrected.length).toBeGreaterThan(0);
    expect(r.changes.some((c) => c.prices.length > 0 && c.marketStatuses.length > 0)).toBe(true);

    // The same messages again: skipped, nothing written, nothing reported.
    const before = await t.db.selectFrom('sb_events').select(['id', 'updated_sequence']).execute();
    const reports = r.changes.length;
    for (const m of r.messages) r.ingestor.receive(m);
    await r.ingestor.flush();
    await expectEqual(r);
    expect(r.changes).toHaveLength(reports);
    expect(await t.db.selectFrom('sb_events').select(['id', 'updated_sequence']).execute()).toEqual(before);

    // A restarted ingestor (new instance, same feed) starts from the stored sequence.
    const again = new FeedIngestor({ db: t.db, feed: r.feed, flushMs: 0, onChanges: (c) => void r.changes.push(c) });
    await again.start();
    for (const m of r.messages) again.receive(m);
    await again.stop();
    expect(r.changes).toHaveLength(reports);
  });

  it('resyncs from the snapshot on a gap and ends equal', async () => {
    const r = await rig(37, 50);
    await r.ingestor.start();
    // Unsubscribed: the test delivers the stream itself.
    await r.ingestor.stop();
    r.messages.length = 0;
    await play(r, 3 * MINUTE_MS);
    // Deliver the stream with a hole in the middle.
    const cut = Math.floor(r.messages.length / 2);
    const delivered = [...r.messages.slice(0, cut), ...r.messages.slice(cut + 5)];
    const resyncsBefore = r.changes.filter((c) => c.resynced).length;
    for (const m of delivered) r.ingestor.receive(m);
    await r.ingestor.flush();
    expect(r.changes.filter((c) => c.resynced).length).toBe(resyncsBefore + 1);
    await expectEqual(r);

    // Subscribed again, more play streams on normally (no snapshot: the sequence is current).
    await r.ingestor.start();
    await play(r, 2 * MINUTE_MS);
    expect(r.changes.filter((c) => c.resynced).length).toBe(resyncsBefore + 1);
    await expectEqual(r);
  });

  it('catches up by snapshot after messages missed while stopped, and marks events that left the feed removed', async () => {
    const r = await rig(41);
    await r.ingestor.start();
    await r.ingestor.stop();
    r.clock.advance(5 * MINUTE_MS);
    await r.ingestor.start();
    await expectEqual(r);
    const removed = await t.db
      .selectFrom('sb_events')
      .select('id')
      .where('feed', '=', r.feed.name)
      .where('removed_at', 'is not', null)
      .execute();
    expect(removed.length).toBeGreaterThan(0);
    expect(r.changes.at(-1)!.removedEventIds.sort()).toEqual(removed.map((e) => e.id).sort());
  });

  it('applies batches on its own timer, without explicit flushes', async () => {
    const r = await rig(53, 200, 20);
    await r.ingestor.start();
    r.clock.advance(MINUTE_MS);
    const last = r.messages.at(-1)!.sequence;
    await expect.poll(() => r.changes.at(-1)?.sequence, { timeout: 10_000, interval: 50 }).toBe(last);
    await expectEqual(r);
    await r.ingestor.stop();
  });
});
