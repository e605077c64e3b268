import {
  channels,
  sportsbookEndpoints,
  type SportsbookEventDetail,
  type SportsbookEventSummary,
} from '@croupier/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call, type Paged } from '../../lib/api';
import { publicChannels } from '../realtime';
import { sportsbookKeys } from './api';
import { applyEventRemoved, applyEventUpdate } from './slip';
import { updateSlip, useSlip } from './slip-store';

/**
 * The live feed into the pages (docs/sportsbook.md, "Running the feed and live updates"):
 * the list follows `sportsbook:events`, an event's page `sportsbook:events:{id}`, and the
 * slip the channel of each event it holds. Messages carry what the API answers, so the
 * cached copies are replaced in place.
 */

type ChannelEvent =
  | { event: 'sportsbook.event.updated'; sportsbookEvent: SportsbookEventSummary }
  | { event: 'sportsbook.event.markets.updated'; sportsbookEvent: SportsbookEventDetail }
  | { event: 'sportsbook.event.removed'; eventId: string };

const asChannelEvent = (value: unknown) => value as ChannelEvent;

/** How long list reloads wait for more of the same (a batch of new events or kick-offs). */
const LIST_RELOAD_DEBOUNCE_MS = 1000;
let listReload: ReturnType<typeof setTimeout> | undefined;

/** The lists and the sports' counts load again (once for a burst of changes). */
function reloadLists(queryClient: QueryClient) {
  if (listReload !== undefined) return;
  listReload = setTimeout(() => {
    listReload = undefined;
    void queryClient.invalidateQueries({ queryKey: sportsbookKeys.eventLists });
    void queryClient.invalidateQueries({ queryKey: sportsbookKeys.sports });
  }, LIST_RELOAD_DEBOUNCE_MS);
}

/**
 * The list pages with an event replaced (or, removed, left out). An event no list shows
 * yet (a new fixture) or one whose status changed (kick-off, the end) may belong to other
 * lists or counts now: those load again.
 */
function patchLists(queryClient: QueryClient, eventId: string, next: SportsbookEventSummary | null) {
  let known = false;
  let moved = next === null;
  queryClient.setQueriesData<Paged<SportsbookEventSummary>>({ queryKey: sportsbookKeys.eventLists }, (page) => {
    const cached = page?.data.find((item) => item.id === eventId);
    if (!page || !cached) return page;
    known = true;
    if (next && cached.status !== next.status) moved = true;
    return {
      ...page,
      data: next
        ? page.data.map((item) => (item.id === eventId ? next : item))
        : page.data.filter((item) => item.id !== eventId),
    };
  });
  if (known ? moved : next !== null) reloadLists(queryClient);
}

/** While the list is shown: scores, clocks, statuses and main-market odds live. */
export function useLiveEventList() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      publicChannels.watch(channels.sportsbookEvents, (value) => {
        const message = asChannelEvent(value);
        if (message.event === 'sportsbook.event.updated') {
          patchLists(queryClient, message.sportsbookEvent.id, message.sportsbookEvent);
        } else if (message.event === 'sportsbook.event.removed') {
          patchLists(queryClient, message.eventId, null);
        }
      }),
    [queryClient],
  );
}

/** While an event's page is shown: its markets and odds live. */
export function useLiveEvent(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!eventId) return;
    return publicChannels.watch(channels.sportsbookEvent(eventId), (value) => {
      const message = asChannelEvent(value);
      if (message.event === 'sportsbook.event.markets.updated') {
        queryClient.setQueryData(sportsbookKeys.event(eventId), message.sportsbookEvent);
      } else if (message.event === 'sportsbook.event.removed') {
        void queryClient.invalidateQueries({ queryKey: sportsbookKeys.event(eventId) });
      }
    });
  }, [eventId, queryClient]);
}

/** The slip follows the prices and suspensions of every event it holds. */
export function useSlipLive() {
  const slip = useSlip();
  const eventIds = useMemo(
    () => [...new Set(slip.selections.map((item) => item.eventId))].sort().join('\n'),
    [slip.selections],
  );
  useEffect(() => {
    if (!eventIds) return;
    const stops = eventIds.split('\n').map((eventId) =>
      publicChannels.watch(channels.sportsbookEvent(eventId), (value) => {
        const message = asChannelEvent(value);
        if (message.event === 'sportsbook.event.markets.updated') {
          updateSlip((state) => applyEventUpdate(state, message.sportsbookEvent));
        } else if (message.event === 'sportsbook.event.removed') {
          updateSlip((state) => applyEventRemoved(state, message.eventId));
        }
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [eventIds]);
}

/**
 * Reads the slip's events again (after a refused bet: the prices or statuses it holds are
 * stale) into the slip and the event cache; a missing event suspends its selections.
 */
export async function refreshSlipEvents(queryClient: QueryClient, eventIds: readonly string[]): Promise<void> {
  await Promise.all(
    [...new Set(eventIds)].map(async (eventId) => {
      try {
        const detail = await call(sportsbookEndpoints.getEvent, { params: { eventId } });
        queryClient.setQueryData(sportsbookKeys.event(eventId), detail);
        updateSlip((state) => applyEventUpdate(state, detail));
      } catch {
        updateSlip((state) => applyEventRemoved(state, eventId));
      }
    }),
  );
}
