import { z } from 'zod';
import { pageQuerySchema, queryArray, queryBoolean, queryInt } from '../common/query';

/** `{ "1x": url, "2x"?: url, "3x"?: url }`: one picture at several pixel densities. */
export const imageDensitiesSchema = z.object({
  '1x': z.string(),
  '2x': z.string().optional(),
  '3x': z.string().optional(),
});

/** Game artwork: 200x200 for square tiles, 200x300 for vertical tiles. Paths are site-relative. */
export const gameImagesSchema = z.object({ '200x200': imageDensitiesSchema, '200x300': imageDensitiesSchema });
export type GameImages = z.infer<typeof gameImagesSchema>;

export const providerImagesSchema = z.object({ '116x40': imageDensitiesSchema });

export const collectionSchema = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  /** Empty: shown everywhere; otherwise only to visitors from these countries. */
  countries: z.array(z.string()),
  isHidden: z.boolean(),
  /** Croupier addition: the number of enabled games in the collection. */
  gameCount: z.number().int(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const providerSchema = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  gameEnabledCount: z.number().int(),
  images: providerImagesSchema,
  customImages: providerImagesSchema,
});
export type Provider = z.infer<typeof providerSchema>;

export const gameLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});

export const GAME_VOLATILITIES = ['low', 'medium', 'high', 'very-high'] as const;

export const gameSchema = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  description: z.string(),
  isDemoMode: z.boolean(),
  provider: providerSchema,
  images: gameImagesSchema,
  customImages: gameImagesSchema,
  labels: z.array(gameLabelSchema),
  collections: z.array(collectionSchema.omit({ gameCount: true })),
  isBonusWagering: z.boolean(),
  minimumBonusWagerMultiplier: z.number(),
  volatility: z.enum(GAME_VOLATILITIES),
  paylines: z.number().int(),
  /** slots, table, instant, live, crash, sportsbook */
  type: z.string(),
  /** 1 mobile, 2 desktop */
  platforms: z.array(z.number().int()),
  screenHeightRatio: z.number().nullable(),
  screenWidthRatio: z.number().nullable(),
  /** Croupier addition: the declared return to player, in percent. */
  rtp: z.number().nullable(),
  /** Croupier addition: countries where the game may not be played (empty: none). */
  restrictedCountries: z.array(z.string()),
});
export type Game = z.infer<typeof gameSchema>;

export const GAME_SORTS = ['default', 'score', 'name', 'newest'] as const;

export const gamesQuerySchema = pageQuerySchema.extend({
  perPage: queryInt.min(1).max(100).default(24),
  collectionId: queryArray(z.string().max(64)).optional(),
  providerId: queryArray(z.string().max(64)).optional(),
  gameId: queryArray(z.string().max(64)).optional(),
  identity: queryArray(z.string().max(128)).optional(),
  /** Search text; the client searches from 2 characters. */
  name: z.string().trim().max(100).optional(),
  countries: queryArray(z.string().regex(/^[A-Za-z]{2}$/)).optional(),
  sortBy: z.enum(GAME_SORTS).default('default'),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type GamesQuery = z.infer<typeof gamesQuerySchema>;

export const providersQuerySchema = z.object({
  name: z.string().trim().max(100).optional(),
  sortBy: z.enum(['name', 'gameEnabledCount', 'default']).default('default'),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  page: queryInt.min(1).optional(),
  perPage: queryInt.min(1).max(500).optional(),
});

export const winnerSchema = z.object({
  nickname: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  payout: z.number(),
  gameId: z.string(),
  gameName: z.string(),
  isDemoMode: z.boolean(),
  gameImages: gameImagesSchema,
  gameCustomImages: gameImagesSchema,
  createdAt: z.string(),
});
export type Winner = z.infer<typeof winnerSchema>;

export const winnersQuerySchema = z.object({
  perPage: queryInt.min(1).max(50).default(12),
  platform: queryInt.min(1).max(2).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

/** `GET /api/game/games/played`: the player's recently played games. */
export const playedGamesQuerySchema = z.object({
  perPage: queryInt.min(1).max(100).default(18),
  /** 1 mobile, 2 desktop: only games offered on that platform. */
  platform: queryInt.min(1).max(2).optional(),
  /** Drops games restricted in this country. */
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});
export type PlayedGamesQuery = z.infer<typeof playedGamesQuerySchema>;

/** Favourites and recently played: plain lists of catalogue games. */
export const gameListResponseSchema = z.object({ data: z.array(gameSchema) });

/** The most favourites a player may keep. */
export const MAX_FAVOURITE_GAMES = 500;

/** One selection of a sportsbook ticket. */
export const betItemSchema = z.object({
  event: z.string(),
  /** 1 prematch, 2 live */
  stage: z.number().int(),
  discipline: z.string(),
  tournament: z.string(),
  eventDate: z.string(),
  market: z.string(),
  outcome: z.string(),
  coefficient: z.number(),
});
export type BetItem = z.infer<typeof betItemSchema>;

/** A sportsbook ticket of the bet history. */
export const betSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  /** The sportsbook's name in the catalogue. */
  game: z.string(),
  gameId: z.string(),
  /** The stake. */
  amount: z.number(),
  /** What the ticket paid (0 while open). */
  payout: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  /** Constants game.bet.status: 1 open, 2 won, 3 lost, 4 refunded, 5 cashed out. */
  status: z.number().int(),
  /** Total odds. */
  coefficient: z.number(),
  /** 1 single, 2 combo. */
  ticketType: z.number().int(),
  items: z.array(betItemSchema),
});
export type Bet = z.infer<typeof betSchema>;

export const betsQuerySchema = pageQuerySchema.extend({
  /** true: settled tickets (status other than 1); false: open ones. */
  isSettled: queryBoolean.default(true),
});
export type BetsQuery = z.infer<typeof betsQuerySchema>;
