import { channels, type SportsbookEventDetail, type SportsbookMarket } from '@croupier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { RealtimeEvents } from '../../realtime';
import type { Catalogue } from '../catalogue';
import type { FeedChanges } from '../ingest';
import { changedMarkets } from './repository';

/** The list's main market types, first found wins (as the catalogue's event list). */
const MAIN_MARKET_TYPES: readonly string[] = ['match_winner', 'match_result'];

function mainMarketOf(markets: readonly SportsbookMarket[]): SportsbookMarket | null {
  for (const type of MAIN_MARKET_TYPES) {
    const found = markets.find((m) => m.type === type);
    if (found) return found;
  }
  return null;
}

export interface FanOutDeps {
  db: Kysely<Database>;
  catalogue: Catalogue;
  events: Pick<RealtimeEvents, 'publish'>;
  log: { error(details: object, message: string): void };
}

/**
 * Publishes one committed batch of the ingestor (docs/sportsbook.md, "Running the feed and
 * live updates"): per changed event one message on its own channel (the whole event with
 * its markets, as the API shows it) and, when its status, score, clock or main market
 * changed, one on the list channel. Read after the commit, so messages match the API.
 * Never throws: a failure is logged, the catalogue is already written.
 */
export function createFanOut(deps: FanOutDeps): (changes: FeedChanges) => Promise<void> {
  const { db, catalogue, events, log } = deps;
  return async (changes) => {
    try {
      const marketIds = [...changes.openedMarketIds, ...changes.marketStatuses.map((s) => s.marketId)];
      const markets = await changedMarkets(
        db,
        marketIds,
        changes.prices.map((p) => p.outcomeId),
      );
      const listChanged = new Set(changes.eventIds);
      for (const market of markets) if (MAIN_MARKET_TYPES.includes(market.type)) listChanged.add(market.eventId);
      const removed = new Set(changes.removedEventIds);
      const changed = new Set([...changes.eventIds, ...markets.map((m) => m.eventId)]);
      for (const eventId of changed) {
        if (removed.has(eventId)) continue;
        const detail = await readEvent(catalogue, eventId);
        if (!detail) {
          removed.add(eventId);
          continue;
        }
        events.publish(channels.sportsbookEvent(eventId), {
          event: 'sportsbook.event.markets.updated',
          sportsbookEvent: detail,
        });
        if (listChanged.has(eventId)) {
          const { markets: all, ...summary } = detail;
          events.publish(channels.sportsbookEvents, {
            event: 'sportsbook.event.updated',
            sportsbookEvent: { ...summary, mainMarket: mainMarketOf(all) },
          });
        }
      }
      for (const eventId of removed) {
        const message = { event: 'sportsbook.event.removed', eventId } as const;
        events.publish(channels.sportsbookEvent(eventId), message);
        events.publish(channels.sportsbookEvents, message);
      }
    } catch (error) {
      log.error({ err: error, sequence: changes.sequence }, 'sportsbook: live update fan-out failed');
    }
  };
}

async function readEvent(catalogue: Catalogue, eventId: string): Promise<SportsbookEventDetail | null> {
  try {
    return await catalogue.getEvent(eventId);
  } catch (error) {
    if (error instanceof AppError && error.errorName === 'NOT_FOUND') return null;
    throw error;
  }
}
