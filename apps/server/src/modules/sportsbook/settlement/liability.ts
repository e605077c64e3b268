import { potentialReturnMinor, type Ticket } from './tickets';

export interface OpenTicket extends Ticket {
  ticketId: string;
}

/**
 * The house's exposure per event: for each open ticket, potential return − stake, charged
 * in full to every event where the ticket still has a pending leg (an accumulator is lost
 * to the house only if all its legs win, but which event decides it is unknown, so each
 * pending event carries the whole amount). Tickets already lost, or whose best case does
 * not exceed the stake, add nothing.
 */
export function liabilityByEvent(tickets: readonly OpenTicket[]): Map<string, bigint> {
  const byEvent = new Map<string, bigint>();
  for (const ticket of tickets) {
    const exposureMinor = potentialReturnMinor(ticket) - ticket.stakeMinor;
    if (exposureMinor <= 0n) continue;
    for (const leg of ticket.legs) {
      if (leg.resolution !== 'pending') continue;
      byEvent.set(leg.eventId, (byEvent.get(leg.eventId) ?? 0n) + exposureMinor);
    }
  }
  return byEvent;
}

/**
 * Whether a new ticket keeps every event it touches within `limitMinor`, given the
 * liability already open. Returns the events that would exceed it.
 */
export function eventsOverLiabilityLimit(
  openLiability: ReadonlyMap<string, bigint>,
  candidate: OpenTicket,
  limitMinor: bigint,
): string[] {
  const added = liabilityByEvent([candidate]);
  return [...added].flatMap(([eventId, amountMinor]) =>
    (openLiability.get(eventId) ?? 0n) + amountMinor > limitMinor ? [eventId] : [],
  );
}
