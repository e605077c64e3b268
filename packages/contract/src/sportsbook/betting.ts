import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import { pageQuerySchema } from '../common/query';
import { gameSessionHeadersSchema } from '../games/endpoints';
import { sportKeySchema, sportsbookMarketTypeSchema } from './schemas';

/**
 * Betting on the sportsbook (docs/sportsbook.md, "Betting API"). The sportsbook is a game
 * of the catalogue: the client starts it with `POST /api/game/games/{id}/play` and calls
 * these endpoints with the play response's token in `X-Game-Session`, like an in-house
 * game frame. Amounts are major units of the session's currency, odds `oddsMilli`.
 */

/** What the slip does when a price moved since the player saw it: take any, take only better, or ask. */
export const ODDS_CHANGE_POLICIES = ['any', 'higher', 'none'] as const;
export const oddsChangePolicySchema = z.enum(ODDS_CHANGE_POLICIES);
export type OddsChangePolicyName = z.infer<typeof oddsChangePolicySchema>;

export const ticketSelectionSchema = z.object({
  outcomeId: z.string().min(1).max(100),
  /** The price the player saw (decimal odds × 1000). */
  oddsMilli: z.number().int().min(1001).max(1_000_000_000),
});

/** One ticket: a single (one selection) or an accumulator (two or more, on different events). */
export const placeTicketBodySchema = z.object({
  /** The client's id of this placement: a repeat answers the same ticket and moves no money twice. */
  requestId: z.string().uuid(),
  stake: z.number().positive().finite(),
  selections: z.array(ticketSelectionSchema).min(1).max(20),
  oddsPolicy: oddsChangePolicySchema,
});
export type PlaceTicketBody = z.infer<typeof placeTicketBodySchema>;

export const TICKET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatusName = z.infer<typeof ticketStatusSchema>;

export const legResolutionSchema = z.enum(['won', 'lost', 'void', 'half_won', 'half_lost']);

export const ticketLegSchema = z.object({
  eventId: z.string(),
  sportKey: sportKeySchema,
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  /** Taken while the event was live. */
  live: z.boolean(),
  marketId: z.string(),
  marketType: sportsbookMarketTypeSchema,
  line: z.number().nullable(),
  number: z.number().int().nullable(),
  outcomeId: z.string(),
  outcomeKey: z.string(),
  oddsMilli: z.number().int(),
  /** Null until the leg's market is settled. */
  resolution: legResolutionSchema.nullable(),
});
export type TicketLegView = z.infer<typeof ticketLegSchema>;

export const ticketSchema = z.object({
  id: z.string(),
  type: z.enum(['single', 'combo']),
  status: ticketStatusSchema,
  currency: z.string(),
  stake: z.number(),
  /** The product of the legs' prices. */
  oddsMilli: z.number().int(),
  /** What the ticket pays if every leg wins. */
  potentialPayout: z.number(),
  /** What it paid; null while open. */
  payout: z.number().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(ticketLegSchema),
  /** The cash-out offer now; null when none is offered (settled, a market suspended, a leg lost). */
  cashOut: z.number().nullable(),
});
export type SportsbookTicket = z.infer<typeof ticketSchema>;

export const sportsbookSessionSchema = z.object({
  currency: z.string(),
  /** Real and bonus money the session can stake. */
  balance: z.number(),
  minStake: z.number(),
  maxStake: z.number(),
  /** How long a live bet waits before it is accepted. */
  liveDelayMs: z.number().int(),
});
export type SportsbookSession = z.infer<typeof sportsbookSessionSchema>;

export const ticketsQuerySchema = pageQuerySchema.extend({ status: z.enum(['open', 'settled']).default('open') });
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;

export const ticketParamsSchema = z.object({ ticketId: z.string().uuid() });
export const cashOutBodySchema = z.object({
  /** The offer the player accepted: refused (17008) when the price moved since. */
  amount: z.number().positive().finite(),
});

export const sportsbookBettingEndpoints = {
  session: defineEndpoint({
    method: 'GET',
    path: '/api/sportsbook/session',
    access: 'game',
    headers: gameSessionHeadersSchema,
    response: dataEnvelope(sportsbookSessionSchema),
  }),
  placeTicket: defineEndpoint({
    method: 'POST',
    path: '/api/sportsbook/tickets',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: placeTicketBodySchema,
    response: dataEnvelope(ticketSchema),
  }),
  listTickets: defineEndpoint({
    method: 'GET',
    path: '/api/sportsbook/tickets',
    access: 'game',
    headers: gameSessionHeadersSchema,
    query: ticketsQuerySchema,
    response: pagedEnvelope(ticketSchema),
  }),
  cashOut: defineEndpoint({
    method: 'POST',
    path: '/api/sportsbook/tickets/:ticketId/cash-out',
    access: 'game',
    headers: gameSessionHeadersSchema,
    params: ticketParamsSchema,
    body: cashOutBodySchema,
    response: dataEnvelope(ticketSchema),
  }),
};
