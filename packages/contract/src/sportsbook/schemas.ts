import { z } from 'zod';
import { pageQuerySchema } from '../common/query';

/**
 * The sportsbook's catalogue as the API gives it (docs/sportsbook.md, "API"): sports,
 * competitions, events, markets and outcomes in the feed's own words
 * (docs/sportsbook-feed.md). Prices are `oddsMilli`, decimal odds × 1000 as an integer
 * (1.850 → 1850), exactly as stored; clients display them with the helpers of `./odds`
 * (`formatOdds(BigInt(oddsMilli), format)`).
 */

export const SPORTSBOOK_SPORT_KEYS = ['football', 'tennis', 'basketball', 'esports'] as const;
export const sportKeySchema = z.enum(SPORTSBOOK_SPORT_KEYS);

/** The feed's event statuses: `scheduled` is what the list filter calls `upcoming`. */
export const sportsbookEventStatusSchema = z.enum(['scheduled', 'live', 'ended', 'cancelled']);
export type SportsbookEventStatus = z.infer<typeof sportsbookEventStatusSchema>;

/** The market statuses the API shows: closed and settled markets are left out. */
export const sportsbookMarketStatusSchema = z.enum(['open', 'suspended']);

export const SPORTSBOOK_MARKET_TYPES = [
  'match_result',
  'match_winner',
  'double_chance',
  'draw_no_bet',
  'total',
  'asian_handicap',
  'both_teams_to_score',
  'correct_score',
  'set_winner',
  'total_games',
  'map_winner',
  'total_maps',
] as const;
export const sportsbookMarketTypeSchema = z.enum(SPORTSBOOK_MARKET_TYPES);
export type SportsbookMarketType = z.infer<typeof sportsbookMarketTypeSchema>;

export const sportSchema = z.object({
  id: z.string(),
  key: sportKeySchema,
  name: z.string(),
  /** Events in play now (not removed). */
  liveEvents: z.number().int(),
  /** Events not started yet (status `scheduled`, not removed). */
  upcomingEvents: z.number().int(),
});
export type Sport = z.infer<typeof sportSchema>;

export const sportRefSchema = sportSchema.pick({ id: true, key: true, name: true });

export const competitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Country or region. */
  region: z.string(),
});

export const competitorSchema = z.object({ id: z.string(), name: z.string() });

const teamScoreSchema = z.object({ home: z.number().int(), away: z.number().int() });
const sideSchema = z.enum(['home', 'away']);

/** The live score, by how the sport counts (the feed's LiveScore). */
export const liveScoreSchema = z.discriminatedUnion('kind', [
  /** Goals; `periods` holds each half played so far. */
  teamScoreSchema.extend({ kind: z.literal('goals'), periods: z.array(teamScoreSchema) }),
  /** Points; `periods` holds the quarters, then any overtime periods. */
  teamScoreSchema.extend({ kind: z.literal('points'), periods: z.array(teamScoreSchema) }),
  /** Games per set (the current set last), points in the current game, who serves. */
  z.object({ kind: z.literal('sets'), sets: z.array(teamScoreSchema), game: teamScoreSchema, server: sideSchema }),
  /** Rounds per map (the current map last) and the winner of each finished map. */
  z.object({
    kind: z.literal('maps'),
    maps: z.array(z.object({ rounds: teamScoreSchema, winner: sideSchema.nullable() })),
  }),
]);
export type LiveScore = z.infer<typeof liveScoreSchema>;

export const liveClockSchema = z.object({
  /** Half, quarter (5 is basketball's first overtime), set or map, from 1. */
  period: z.number().int(),
  /** Match seconds (football from kick-off, basketball within the period); null where the sport has no clock. */
  seconds: z.number().nullable(),
  /** False in a break. */
  running: z.boolean(),
});

export const outcomeSchema = z.object({
  id: z.string(),
  /** The settlement outcome key: home, draw, away, over, yes, "2-1", … */
  key: z.string(),
  /** Decimal odds × 1000, an integer (1850 is 1.85). */
  oddsMilli: z.number().int(),
  /** False when the outcome is no longer possible or not priced. */
  active: z.boolean(),
});
export type SportsbookOutcome = z.infer<typeof outcomeSchema>;

export const marketSchema = z.object({
  id: z.string(),
  type: sportsbookMarketTypeSchema,
  /** The line of total, asian_handicap, total_games and total_maps (a multiple of 0.25); null otherwise. */
  line: z.number().nullable(),
  /** The set (set_winner) or map (map_winner); null otherwise. */
  number: z.number().int().nullable(),
  status: sportsbookMarketStatusSchema,
  /** In the feed's order. */
  outcomes: z.array(outcomeSchema),
});
export type SportsbookMarket = z.infer<typeof marketSchema>;

export const sportsbookEventSchema = z.object({
  id: z.string(),
  sport: sportRefSchema,
  competition: competitionSchema,
  home: competitorSchema,
  away: competitorSchema,
  startsAt: z.string(),
  status: sportsbookEventStatusSchema,
  /** Null before the start. */
  score: liveScoreSchema.nullable(),
  clock: liveClockSchema.nullable(),
  /** Tennis sets or esports maps in the match; null elsewhere. */
  bestOf: z.number().int().nullable(),
});

/** A listed event with its main market: match_winner, else match_result; null when neither is open or suspended. */
export const sportsbookEventSummarySchema = sportsbookEventSchema.extend({ mainMarket: marketSchema.nullable() });
export type SportsbookEventSummary = z.infer<typeof sportsbookEventSummarySchema>;

/** An event with every open or suspended market. */
export const sportsbookEventDetailSchema = sportsbookEventSchema.extend({ markets: z.array(marketSchema) });
export type SportsbookEventDetail = z.infer<typeof sportsbookEventDetailSchema>;

const idQuery = z.string().trim().min(1).max(100);

export const sportsbookEventsQuerySchema = pageQuerySchema.extend({
  /** A sport's id or key. */
  sport: idQuery.optional(),
  /** A competition's id. */
  competition: idQuery.optional(),
  /** `live` or `upcoming` (status scheduled); both when absent. */
  status: z.enum(['live', 'upcoming']).optional(),
});
export type SportsbookEventsQuery = z.infer<typeof sportsbookEventsQuerySchema>;

export const sportsbookEventParamsSchema = z.object({ eventId: idQuery });
