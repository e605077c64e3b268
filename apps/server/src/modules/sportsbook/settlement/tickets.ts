import { isValidOddsMilli, type OddsMilli } from '@croupier/contract';
import { FACTOR_DENOMINATOR, factorNumerator, SettlementInputError, type Resolution } from './resolution';

/** A ticket holds 1 leg (a single) or 2..20 (an accumulator), at most one leg per event. */
export const MAX_TICKET_LEGS = 20;

export interface TicketLeg {
  eventId: string;
  /** The odds taken when the bet was placed. */
  oddsMilli: OddsMilli;
}

export type TicketLegsError =
  | { code: 'NO_LEGS' }
  | { code: 'TOO_MANY_LEGS'; maxLegs: number }
  | { code: 'SAME_EVENT'; eventIds: string[] }
  | { code: 'INVALID_ODDS'; legIndexes: number[] };

/** Validates a ticket's legs before it is placed: count, one leg per event, odds ≥ 1.001. */
export function validateTicketLegs(legs: readonly TicketLeg[]): { ok: true } | { ok: false; error: TicketLegsError } {
  if (legs.length === 0) return { ok: false, error: { code: 'NO_LEGS' } };
  if (legs.length > MAX_TICKET_LEGS) return { ok: false, error: { code: 'TOO_MANY_LEGS', maxLegs: MAX_TICKET_LEGS } };
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const leg of legs) {
    if (seen.has(leg.eventId)) repeated.add(leg.eventId);
    seen.add(leg.eventId);
  }
  // Legs on one event are correlated; pricing them as independent would overpay.
  if (repeated.size > 0) return { ok: false, error: { code: 'SAME_EVENT', eventIds: [...repeated] } };
  const invalid = legs.flatMap((leg, index) => (isValidOddsMilli(leg.oddsMilli) ? [] : [index]));
  if (invalid.length > 0) return { ok: false, error: { code: 'INVALID_ODDS', legIndexes: invalid } };
  return { ok: true };
}

export type TicketStatus = 'won' | 'lost' | 'void' | 'partial';

export interface TicketSettlement {
  /**
   * From the legs, not the amount (rounding can bring a tiny win down to the stake):
   * lost — a leg lost, nothing back; void — every leg void, the stake back; partial — a
   * leg half-lost (half its stake back, so a single returns between 0 and the stake);
   * won — every other leg won, half-won or void.
   */
  status: TicketStatus;
  returnMinor: bigint;
}

export type LegState = Resolution | 'pending';

export interface SettlingLeg extends TicketLeg {
  resolution: LegState;
}

export interface Ticket {
  stakeMinor: bigint;
  legs: readonly SettlingLeg[];
}

function assertTicket(ticket: Ticket): void {
  if (ticket.stakeMinor <= 0n) throw new SettlementInputError('the stake must be positive');
  const valid = validateTicketLegs(ticket.legs);
  if (!valid.ok) throw new SettlementInputError(`invalid ticket: ${valid.error.code}`);
}

/**
 * stake × Π leg factors, rounded down once at the end (toward the house). Each factor is a
 * numerator over FACTOR_DENOMINATOR, so the product is exact whatever the number of legs.
 */
export function ticketReturnMinor(
  stakeMinor: bigint,
  legs: readonly { oddsMilli: OddsMilli; resolution: Resolution }[],
) {
  let numerator = stakeMinor;
  let denominator = 1n;
  for (const leg of legs) {
    numerator *= factorNumerator(leg.resolution, leg.oddsMilli);
    denominator *= FACTOR_DENOMINATOR;
  }
  return numerator / denominator;
}

/**
 * Settles a ticket. A lost leg loses the ticket at once, even with legs still pending;
 * otherwise a pending leg keeps it open (null). Void legs count as 1, so an accumulator is
 * paid as if placed without them; half results multiply in.
 */
export function settleTicket(ticket: Ticket): TicketSettlement | null {
  assertTicket(ticket);
  const { legs, stakeMinor } = ticket;
  if (legs.some((leg) => leg.resolution === 'lost')) return { status: 'lost', returnMinor: 0n };
  const resolved: { oddsMilli: OddsMilli; resolution: Resolution }[] = [];
  for (const leg of legs) {
    if (leg.resolution === 'pending') return null;
    resolved.push({ oddsMilli: leg.oddsMilli, resolution: leg.resolution });
  }
  if (resolved.every((leg) => leg.resolution === 'void')) return { status: 'void', returnMinor: stakeMinor };
  const partial = resolved.some((leg) => leg.resolution === 'half_lost');
  return { status: partial ? 'partial' : 'won', returnMinor: ticketReturnMinor(stakeMinor, resolved) };
}

export interface Resettlement {
  settlement: TicketSettlement;
  /** To post as a correction: positive credits the player more, negative takes back. */
  deltaMinor: bigint;
}

/**
 * Settles a ticket again on corrected leg results. The delta is the new return minus
 * the return already paid; the same results give delta 0, so repeating is harmless.
 */
export function resettleTicket(previous: TicketSettlement, corrected: Ticket): Resettlement {
  const settlement = settleTicket(corrected);
  if (!settlement) throw new SettlementInputError('a resettlement needs every leg resolved');
  return { settlement, deltaMinor: settlement.returnMinor - previous.returnMinor };
}

/**
 * What the ticket pays if every leg still pending wins (settled legs keep their factor);
 * 0 once a leg is lost.
 */
export function potentialReturnMinor(ticket: Ticket): bigint {
  assertTicket(ticket);
  if (ticket.legs.some((leg) => leg.resolution === 'lost')) return 0n;
  return ticketReturnMinor(
    ticket.stakeMinor,
    ticket.legs.map((leg) => ({
      oddsMilli: leg.oddsMilli,
      resolution: leg.resolution === 'pending' ? 'won' : leg.resolution,
    })),
  );
}
