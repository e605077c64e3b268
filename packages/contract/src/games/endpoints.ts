import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import { pageQuerySchema } from '../common/query';
import {
  freeRoundsAnswerSchema,
  freeRoundsCancelSchema,
  freeRoundsGrantSchema,
  gameStartBodySchema,
  gameStartResponseSchema,
  gameWalletBalanceRequestSchema,
  gameWalletBetRequestSchema,
  gameWalletEndRoundRequestSchema,
  gameWalletResettleRequestSchema,
  gameWalletResponseSchema,
  gameWalletRollbackRequestSchema,
  gameWalletWinRequestSchema,
} from './game-wallet';
import {
  dicePlayBodySchema,
  limboPlayBodySchema,
  minesActiveResponseSchema,
  minesRevealBodySchema,
  minesStartBodySchema,
  originalsPlayResponseSchema,
  originalsRoundResponseSchema,
  plinkoPlayBodySchema,
  roulettePlayBodySchema,
  seedsResponseSchema,
  setClientSeedBodySchema,
  slotPlayBodySchema,
  spinsResponseSchema,
  type OriginalsGame,
} from './originals';
import { originalsSessionResponseSchema } from './originals-session';
import {
  betSchema,
  betsQuerySchema,
  collectionSchema,
  gameListResponseSchema,
  gameSchema,
  gamesQuerySchema,
  playedGamesQuerySchema,
  providerSchema,
  providersQuerySchema,
  winnerSchema,
  winnersQuerySchema,
} from './schemas';
import {
  stakeLimitBodySchema,
  stakeLimitParamsSchema,
  stakeLimitResponseSchema,
  stakeLimitsResponseSchema,
} from './stake-limits';

/**
 * An id (UUID) or an identity (slug): clients use both. The router refuses parameters
 * longer than 100 characters before validation runs.
 */
const refParam = z.string().min(1).max(100);

/** The catalogue (public, cacheable) and the player's side of it (favourites, played, bets), and game launch. */
export const gamesEndpoints = {
  listCollections: defineEndpoint({
    method: 'GET',
    path: '/api/game/collections',
    access: 'guest',
    response: dataEnvelope(z.array(collectionSchema)),
  }),
  listProviders: defineEndpoint({
    method: 'GET',
    path: '/api/game/providers',
    access: 'guest',
    query: providersQuerySchema,
    response: dataEnvelope(z.array(providerSchema)),
  }),
  getProvider: defineEndpoint({
    method: 'GET',
    path: '/api/game/providers/:id',
    access: 'guest',
    params: z.object({ id: refParam }),
    response: dataEnvelope(providerSchema),
  }),
  listGames: defineEndpoint({
    method: 'GET',
    path: '/api/game/games',
    access: 'guest',
    query: gamesQuerySchema,
    response: pagedEnvelope(gameSchema),
  }),
  getGame: defineEndpoint({
    method: 'GET',
    path: '/api/game/games/:idOrIdentity',
    access: 'guest',
    params: z.object({ idOrIdentity: refParam }),
    response: dataEnvelope(gameSchema),
  }),
  listFavourites: defineEndpoint({
    method: 'GET',
    path: '/api/game/games/favorites',
    access: 'player',
    response: gameListResponseSchema,
  }),
  addFavourite: defineEndpoint({
    method: 'POST',
    path: '/api/game/games/:id/favorite',
    access: 'player',
    params: z.object({ id: refParam }),
    response: gameListResponseSchema,
  }),
  removeFavourite: defineEndpoint({
    method: 'DELETE',
    path: '/api/game/games/:id/favorite',
    access: 'player',
    params: z.object({ id: refParam }),
    response: gameListResponseSchema,
  }),
  listPlayed: defineEndpoint({
    method: 'GET',
    path: '/api/game/games/played',
    access: 'player',
    query: playedGamesQuerySchema,
    response: gameListResponseSchema,
  }),
  listWinners: defineEndpoint({
    method: 'GET',
    path: '/api/game/spins/winners',
    access: 'guest',
    query: winnersQuerySchema,
    response: dataEnvelope(z.array(winnerSchema)),
  }),
  listBets: defineEndpoint({
    method: 'GET',
    path: '/api/game/bets',
    access: 'player',
    query: betsQuerySchema,
    response: pagedEnvelope(betSchema),
  }),
  /** Real money needs a signed-in player; guests may start demo mode. */
  launchGame: defineEndpoint({
    method: 'POST',
    path: '/api/game/games/:id/play',
    access: 'optional',
    params: z.object({ id: z.string().max(128) }),
    body: gameStartBodySchema,
    response: gameStartResponseSchema,
  }),
};

/** The header the in-house game frame sends its game session token in (from the launch answer). */
export const GAME_SESSION_HEADER = 'x-game-session';

/** The in-house games' calls from their frame carry the launch token of the game session. */
export const gameSessionHeadersSchema = z.object({ [GAME_SESSION_HEADER]: z.string().min(1).max(200) });

const originalsRoundParams = z.object({ id: z.string().max(64) });

/** `POST /api/game/originals/seeds/rotate`: a new client seed may come with the rotation. */
export const rotateSeedsBodySchema = z.object({ clientSeed: z.string().optional() }).optional();

/**
 * The in-house games: seeds, mines steps and the session act for the game session of the
 * `X-Game-Session` header; recall and the rounds list are the signed-in player's.
 */
export const originalsEndpoints = {
  session: defineEndpoint({
    method: 'GET',
    path: '/api/game/originals/session',
    access: 'game',
    headers: gameSessionHeadersSchema,
    response: originalsSessionResponseSchema,
  }),
  seeds: defineEndpoint({
    method: 'GET',
    path: '/api/game/originals/seeds',
    access: 'game',
    headers: gameSessionHeadersSchema,
    response: seedsResponseSchema,
  }),
  setClientSeed: defineEndpoint({
    method: 'PUT',
    path: '/api/game/originals/seeds/client-seed',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: setClientSeedBodySchema,
    response: seedsResponseSchema,
  }),
  rotateSeeds: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/seeds/rotate',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: rotateSeedsBodySchema,
    response: seedsResponseSchema,
  }),
  revealMines: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/mines/rounds/:id/reveal',
    access: 'game',
    headers: gameSessionHeadersSchema,
    params: originalsRoundParams,
    body: minesRevealBodySchema,
    response: originalsPlayResponseSchema,
  }),
  cashOutMines: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/mines/rounds/:id/cashout',
    access: 'game',
    headers: gameSessionHeadersSchema,
    params: originalsRoundParams,
    response: originalsPlayResponseSchema,
  }),
  activeMines: defineEndpoint({
    method: 'GET',
    path: '/api/game/originals/mines/active',
    access: 'game',
    headers: gameSessionHeadersSchema,
    response: minesActiveResponseSchema,
  }),
  /** Game recall of one of the player's settled rounds. */
  round: defineEndpoint({
    method: 'GET',
    path: '/api/game/originals/rounds/:id',
    access: 'player',
    params: originalsRoundParams,
    response: originalsRoundResponseSchema,
  }),
  /** The player's casino rounds of every provider. */
  listSpins: defineEndpoint({
    method: 'GET',
    path: '/api/game/spins',
    access: 'player',
    query: pageQuerySchema,
    response: spinsResponseSchema,
  }),
};

/**
 * A round of each in-house game (mines: the start of a round), each with its own body.
 * Written out one by one: the web build drops the schema values of `defineEndpoint`
 * literals (see ARCHITECTURE.md, "Endpoints"), not those passed through a helper.
 */
export const originalsPlayEndpoints = {
  dice: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/dice/rounds',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: dicePlayBodySchema,
    response: originalsPlayResponseSchema,
  }),
  limbo: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/limbo/rounds',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: limboPlayBodySchema,
    response: originalsPlayResponseSchema,
  }),
  mines: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/mines/rounds',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: minesStartBodySchema,
    response: originalsPlayResponseSchema,
  }),
  plinko: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/plinko/rounds',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: plinkoPlayBodySchema,
    response: originalsPlayResponseSchema,
  }),
  roulette: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/roulette/rounds',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: roulettePlayBodySchema,
    response: originalsPlayResponseSchema,
  }),
  slot: defineEndpoint({
    method: 'POST',
    path: '/api/game/originals/slot/rounds',
    access: 'game',
    headers: gameSessionHeadersSchema,
    body: slotPlayBodySchema,
    response: originalsPlayResponseSchema,
  }),
} satisfies Record<OriginalsGame, unknown>;

const providerParams = z.object({
  provider: z.string().max(64).describe('The provider identity in the catalogue (e.g. `northern-lights`)'),
});
/** Every callback answers HTTP 200 with the status of the call and the balance (not the `{ data }` envelope). */
const callbackResponse = gameWalletResponseSchema.describe('Always 200: the outcome is `status`');

const slug = z
  .string()
  .max(128)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
/** What a launch of a sandbox-served game hands its page (the token is the capability). */
const sandboxLaunch = z.object({
  provider: slug,
  game: slug,
  mode: z.enum(['real', 'demo']).default('real'),
  token: z.string().min(1).max(200),
  /** The casino's player id, handed over at launch as providers get it (finds the player's free rounds). */
  player: z.uuid().optional(),
});
/** Index into the stakes the sandbox game page offers. */
const sandboxStakeIndex = z.coerce.number().int().min(0).max(9).default(0);

/** The seamless wallet of third-party game providers (signed callbacks) and the sandbox provider's page. */
export const gameWalletEndpoints = {
  balance: defineEndpoint({
    method: 'POST',
    path: '/api/game-wallet/:provider/balance',
    access: 'provider',
    params: providerParams,
    body: gameWalletBalanceRequestSchema,
    response: callbackResponse,
  }),
  bet: defineEndpoint({
    method: 'POST',
    path: '/api/game-wallet/:provider/bet',
    access: 'provider',
    params: providerParams,
    body: gameWalletBetRequestSchema,
    response: callbackResponse,
  }),
  win: defineEndpoint({
    method: 'POST',
    path: '/api/game-wallet/:provider/win',
    access: 'provider',
    params: providerParams,
    body: gameWalletWinRequestSchema,
    response: callbackResponse,
  }),
  rollback: defineEndpoint({
    method: 'POST',
    path: '/api/game-wallet/:provider/rollback',
    access: 'provider',
    params: providerParams,
    body: gameWalletRollbackRequestSchema,
    response: callbackResponse,
  }),
  resettle: defineEndpoint({
    method: 'POST',
    path: '/api/game-wallet/:provider/resettle',
    access: 'provider',
    params: providerParams,
    body: gameWalletResettleRequestSchema,
    response: callbackResponse,
  }),
  endRound: defineEndpoint({
    method: 'POST',
    path: '/api/game-wallet/:provider/end-round',
    access: 'provider',
    params: providerParams,
    body: gameWalletEndRoundRequestSchema,
    response: callbackResponse,
  }),
  /** The sandbox provider's game page (HTML, outside production only). */
  devGamePage: defineEndpoint({
    method: 'GET',
    path: '/api/dev/game-provider/play',
    access: 'dev',
    query: sandboxLaunch.extend({ round: z.uuid().optional(), stake: sandboxStakeIndex }),
  }),
  /** The sandbox game page's spin form; redirects back to the page. */
  devGameSpin: defineEndpoint({
    method: 'POST',
    path: '/api/dev/game-provider/spin',
    access: 'dev',
    body: sandboxLaunch.extend({
      stake: sandboxStakeIndex,
      /** Plays one round of these free rounds instead of a bet of the stake. */
      freeRoundsId: z.uuid().optional(),
    }),
  }),
  /** The sandbox provider's side of free rounds: the casino grants them (signed, outside production). */
  devFreeRoundsGrant: defineEndpoint({
    method: 'POST',
    path: '/api/dev/game-provider/free-rounds',
    access: 'dev',
    body: freeRoundsGrantSchema,
    response: freeRoundsAnswerSchema,
  }),
  devFreeRoundsCancel: defineEndpoint({
    method: 'POST',
    path: '/api/dev/game-provider/free-rounds/cancel',
    access: 'dev',
    body: freeRoundsCancelSchema,
    response: freeRoundsAnswerSchema,
  }),
};

/** The operator's game settings: stake limits per game and currency. */
export const gameAdminEndpoints = {
  listStakeLimits: defineEndpoint({
    method: 'GET',
    path: '/api/admin/games/:id/stake-limits',
    access: 'operator',
    params: z.object({ id: z.string().max(128) }),
    response: stakeLimitsResponseSchema,
  }),
  setStakeLimit: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/games/:id/stake-limits/:currency',
    access: 'operator',
    params: stakeLimitParamsSchema,
    body: stakeLimitBodySchema,
    response: stakeLimitResponseSchema,
  }),
  removeStakeLimit: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/games/:id/stake-limits/:currency',
    access: 'operator',
    params: stakeLimitParamsSchema,
    status: 204,
    response: z.null(),
  }),
};
