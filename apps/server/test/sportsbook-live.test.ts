import {
  channels,
  parseChannelEvent,
  type ChannelEvent,
  type SportsbookEventDetail,
  type SportsbookEventSummary,
} from '@croupier/contract';
import type { PublicationContext } from 'centrifuge';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Config } from '../src/config';
import { createCatalogue, createCatalogueRepository } from '../src/modules/sportsbook/catalogue';
import { createManualClock, type FeedClock } from '../src/modules/sportsbook/feed';
import { createFanOut } from '../src/modules/sportsbook/live/fan-out';
import { useApp, useTestServer, withApp, withOwnServer } from './fixtures';
import { Clients, eventually, listen } from './realtime-helpers';

/**
 * The sportsbook feed run by the app (docs/sportsbook.md, "Running the feed and live
 * updates"): the simulated feed on a manual clock is ingested into the catalogue, each
 * batch fanned out on the public `sportsbook:events` channels (guests subscribe), only
 * one process ingests on PostgreSQL, and closing the app cancels the feed's timer.
 */

const START_MS = Date.UTC(2026, 10, 26, 18, 0);
const feedOn = (config: Config): Config => ({ ...config, sportsbook: { ...config.sportsbook, feed: 'simulated' } });

/** A manual clock that counts its live timers (the feed's tick). */
function countingClock() {
  const clock = createManualClock(START_MS);
  let timers = 0;
  const counted: FeedClock = {
    now: () => clock.now(),
    every(intervalMs, callback) {
      timers++;
      const cancel = clock.every(intervalMs, callback);
      let cancelled = false;
      return () => {
        if (!cancelled) timers--;
        cancelled = true;
        cancel();
      };
    },
  };
  return { clock: counted, advance: (ms: number) => clock.advance(ms), timers: () => timers };
}

const t = useTestServer();
const feedClock = countingClock();
const live = useApp(t, () => ({
  config: feedOn,
  sportsbook: { clock: feedClock.clock, ingestLock: t.driver === 'postgres' },
}));
let url: string;
const clients = new Clients(() => url);

beforeAll(async () => {
  ({ url } = await listen(live));
});

afterEach(() => {
  clients.closeAll();
});

async function liveEvents(app: App): Promise<SportsbookEventSummary[]> {
  const response = await app.server.inject({ method: 'GET', url: '/api/sportsbook/events?status=live&perPage=100' });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SportsbookEventSummary[] }>().data;
}

describe('the feed in the app', () => {
  it('ingests the simulated feed: the catalogue shows live events and the harness default is off', async () => {
    expect(t.config.sportsbook.feed).toBe('off');
    expect(t.app.sportsbook.feed).toBeNull();
    expect(live.sportsbook.feed?.leading).toBe(true);
    const events = await liveEvents(live);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.status === 'live')).toBe(true);
    // The feed-less server reads the same tables.
    expect((await liveEvents(t.app)).map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
  });

  it("fans odds changes out to a guest subscribed to an event's channel and to the list", async () => {
    const [first] = await liveEvents(live);
    if (!first) throw new Error('no live event');
    const client = clients.create();
    const eventChannel = channels.sportsbookEvent(first.id);
    const received: ChannelEvent<typeof eventChannel>[] = [];
    const listed: ChannelEvent<typeof channels.sportsbookEvents>[] = [];
    const one = client.newSubscription(eventChannel);
    const list = client.newSubscription(channels.sportsbookEvents);
    one.on('publication', (ctx: PublicationContext) => {
      const parsed = parseChannelEvent(eventChannel, ctx.data);
      if (!parsed.success) throw new Error(parsed.error);
      received.push(parsed.event);
    });
    list.on('publication', (ctx: PublicationContext) => {
      const parsed = parseChannelEvent(channels.sportsbookEvents, ctx.data);
      if (!parsed.success) throw new Error(parsed.error);
      listed.push(parsed.event);
    });
    one.subscribe();
    list.subscribe();
    client.connect();
    await Promise.all([one.ready(), list.ready()]);

    const before = JSON.stringify((await live.server.inject(`/api/sportsbook/events/${first.id}`)).json());
    // Play on a few seconds of match time at a time until the event's prices move.
    await eventually(
      'an update on the event channel',
      () => {
        if (received.length === 0) feedClock.advance(5_000);
        return received.length > 0;
      },
      10_000,
    );
    const update = received[0]!;
    if (update.event === 'sportsbook.event.markets.updated') {
      expect(update.sportsbookEvent.id).toBe(first.id);
      expect(update.sportsbookEvent.markets.length).toBeGreaterThan(0);
    } else {
      expect(update.eventId).toBe(first.id);
    }
    expect(JSON.stringify((await live.server.inject(`/api/sportsbook/events/${first.id}`)).json())).not.toBe(before);
    // The list channel names each event at most once per batch.
    await eventually('a list update', () => listed.length > 0);
    const ids = listed.map((e) => (e.event === 'sportsbook.event.updated' ? e.sportsbookEvent.id : e.eventId));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('publishes one message per channel per event for a batch, however many of its prices moved', async () => {
    const [first] = await liveEvents(live);
    if (!first) throw new Error('no live event');
    const response = await live.server.inject(`/api/sportsbook/events/${first.id}`);
    const detail = response.json<{ data: SportsbookEventDetail }>().data;
    const prices = detail.markets.flatMap((m) =>
      m.outcomes.map((o) => ({ outcomeId: o.id, oddsMilli: BigInt(o.oddsMilli), active: o.active })),
    );
    expect(prices.length).toBeGreaterThan(2);
    const published: { channel: string; event: string }[] = [];
    const fanOut = createFanOut({
      db: t.db,
      catalogue: createCatalogue({ repository: createCatalogueRepository(t.db) }),
      events: { publish: (channel, event) => published.push({ channel, event: event.event }) },
      log: { error: (details) => expect.fail(JSON.stringify(details)) },
    });
    await fanOut({
      feed: 'simulated',
      sequence: 1,
      resynced: false,
      eventIds: [],
      removedEventIds: ['sim:gone'],
      openedMarketIds: [],
      marketStatuses: [{ marketId: detail.markets[0]!.id, status: 'suspended' }],
      prices,
      results: [],
    });
    expect(published).toEqual([
      { channel: channels.sportsbookEvent(first.id), event: 'sportsbook.event.markets.updated' },
      { channel: channels.sportsbookEvents, event: 'sportsbook.event.updated' },
      { channel: channels.sportsbookEvent('sim:gone'), event: 'sportsbook.event.removed' },
      { channel: channels.sportsbookEvents, event: 'sportsbook.event.removed' },
    ]);
  });

  it('lets only one process ingest on PostgreSQL; the other serves reads', async () => {
    if (t.driver !== 'postgres') return;
    await withApp(
      t,
      { config: feedOn, sportsbook: { clock: createManualClock(START_MS), ingestLock: true } },
      async (other) => {
        await other.server.ready();
        expect(other.sportsbook.feed?.leading).toBe(false);
        expect((await liveEvents(other)).length).toBeGreaterThan(0);
      },
    );
    expect(live.sportsbook.feed?.leading).toBe(true);
  });

  it('closing the app stops the feed: no timer is left', async () => {
    const own = countingClock();
    await withApp(t, { config: feedOn, sportsbook: { clock: own.clock, ingestLock: false } }, async (app) => {
      // Without the lock: on PostgreSQL `live` holds it, and this app must run its feed.
      await app.server.ready();
      expect(app.sportsbook.feed?.leading).toBe(true);
      expect(own.timers()).toBe(1);
    });
    expect(own.timers()).toBe(0);
  });
});

describe('several processes', () => {
  it('on PostgreSQL a standby takes the feed over when the holder loses its lock or closes', async () => {
    if (t.driver !== 'postgres') return;
    // A schema of its own: the lock is per schema, `live` does not hold this one.
    await withOwnServer(async (own) => {
      const options = { db: own.db, logger: false } as const;
      const lock = { ingestLock: true, ingestRetryMs: 100 };
      const first = await buildApp({
        ...options,
        config: feedOn(own.config),
        sportsbook: { ...lock, clock: createManualClock(START_MS) },
      });
      await first.server.ready();
      const second = await buildApp({
        ...options,
        config: feedOn(own.config),
        sportsbook: { ...lock, clock: createManualClock(START_MS) },
      });
      let secondClosed = false;
      try {
        await second.server.ready();
        expect(first.sportsbook.feed?.leading).toBe(true);
        expect(second.sportsbook.feed?.leading).toBe(false);
        // The holder's lock session dies (a restarted backend, a cut connection): it stops, the standby takes over.
        await sql`
          select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and classid = ${0x5b0001}
            and objid::text::bigint = (hashtext(current_schema() || ':simulated')::bigint & 4294967295)`.execute(
          own.db,
        );
        await eventually('the holder stops', () => first.sportsbook.feed?.leading === false);
        await eventually('the standby ingests', () => second.sportsbook.feed?.leading === true);
        // And back once the standby closes.
        await second.server.close();
        secondClosed = true;
        await eventually('the first ingests again', () => first.sportsbook.feed?.leading === true);
      } finally {
        if (!secondClosed) await second.server.close();
        await first.server.close();
      }
    });
  });
});
