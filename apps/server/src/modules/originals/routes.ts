import {
  dicePlayBodySchema,
  limboPlayBodySchema,
  originalsPlayResponseSchema,
  originalsRoundResponseSchema,
  pageQuerySchema,
  seedsResponseSchema,
  setClientSeedBodySchema,
  spinsResponseSchema,
} from '@croupier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { AppError } from '../../lib/errors';
import type { AuthGuards } from '../auth/guards';
import { playerOf } from '../auth/guards';
import type { GameSession, GameWallet } from '../game-wallet/service';
import type { Originals } from './service';

/** The header the in-house game frame sends its game session token in (from the launch answer). */
export const GAME_SESSION_HEADER = 'x-game-session';

const sessionHeaders = z.object({ [GAME_SESSION_HEADER]: z.string().min(1).max(200) });
const noStore = 'private, no-store';

/**
 * The in-house games' API. Seeds and play act for the game session of the
 * `X-Game-Session` header (the launch token: a player's real or demo session, or a guest's
 * demo); recall and history are the signed-in player's.
 */
export const originalsRoutes: FastifyPluginAsyncZod<{
  originals: Originals;
  gameWallet: GameWallet;
  guards: AuthGuards;
}> = async (app, { originals, gameWallet, guards }) => {
  allowEmptyJsonBodies(app);

  async function sessionOf(request: FastifyRequest): Promise<GameSession> {
    const token = request.headers[GAME_SESSION_HEADER];
    const session = typeof token === 'string' ? await gameWallet.sessionOf(token) : undefined;
    if (!session) throw new AppError('UNAUTHENTICATED', 'Open the game again to start a new session.');
    return session;
  }

  const tags = ['originals'];
  app.get(
    '/api/game/originals/seeds',
    {
      schema: {
        tags,
        summary: 'The seed pair: the server seed commitment (SHA-256), the client seed and the next nonce',
        headers: sessionHeaders,
        response: { 200: seedsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return { data: await originals.seeds(await sessionOf(request)) };
    },
  );

  app.put(
    '/api/game/originals/seeds/client-seed',
    {
      schema: {
        tags,
        summary: "Sets the active pair's client seed (the committed server seed stays)",
        headers: sessionHeaders,
        body: setClientSeedBodySchema,
        response: { 200: seedsResponseSchema },
      },
    },
    async (request) => ({ data: await originals.setClientSeed(await sessionOf(request), request.body.clientSeed) }),
  );

  app.post(
    '/api/game/originals/seeds/rotate',
    {
      schema: {
        tags,
        summary: 'Reveals the server seed of the active pair and commits a new one',
        description: '`previous` carries the revealed server seed: every round played on it can now be verified.',
        headers: sessionHeaders,
        body: z.object({ clientSeed: z.string().optional() }).optional(),
        response: { 200: seedsResponseSchema },
      },
    },
    async (request) => ({ data: await originals.rotate(await sessionOf(request), request.body?.clientSeed) }),
  );

  const playDescription =
    '`amount` is the stake in major units of the session currency. One round: the next nonce of the seed pair, ' +
    'the bet and the win through the game wallet, the round stored, all in one transaction. 422 per field for ' +
    'game parameters, 13201 when the balance is too low.';
  app.post(
    '/api/game/originals/dice/rounds',
    {
      schema: {
        tags,
        summary: 'Plays a round of dice',
        description: playDescription,
        headers: sessionHeaders,
        body: dicePlayBodySchema,
        response: { 200: originalsPlayResponseSchema },
      },
    },
    async (request) => ({ data: await originals.play(await sessionOf(request), 'dice', request.body) }),
  );

  app.post(
    '/api/game/originals/limbo/rounds',
    {
      schema: {
        tags,
        summary: 'Plays a round of limbo',
        description: playDescription,
        headers: sessionHeaders,
        body: limboPlayBodySchema,
        response: { 200: originalsPlayResponseSchema },
      },
    },
    async (request) => ({ data: await originals.play(await sessionOf(request), 'limbo', request.body) }),
  );

  app.get(
    '/api/game/originals/rounds/:id',
    {
      onRequest: guards.requirePlayer,
      schema: {
        tags,
        summary: "Game recall: one of the player's rounds with its seeds (the server seed once rotated)",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: originalsRoundResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return { data: await originals.playerRound(playerOf(request).id, request.params.id) };
    },
  );

  app.get(
    '/api/game/spins',
    {
      onRequest: guards.requirePlayer,
      schema: {
        tags: ['games'],
        summary: "The player's casino rounds (real money), newest first",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: spinsResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return originals.spins(playerOf(request).id, request.query);
    },
  );
};
