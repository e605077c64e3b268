import {
  dicePlayBodySchema,
  limboPlayBodySchema,
  minesActiveResponseSchema,
  minesRevealBodySchema,
  minesStartBodySchema,
  originalsPlayResponseSchema,
  plinkoPlayBodySchema,
  roulettePlayBodySchema,
  slotPlayBodySchema,
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
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { GameWallet } from '../game-wallet';
import type { Originals, PlaySession } from './service';

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

  async function sessionOf(request: FastifyRequest): Promise<PlaySession> {
    const token = request.headers[GAME_SESSION_HEADER];
    const session = typeof token === 'string' ? await gameWallet.sessionOf(token) : undefined;
    // A session whose sign-in ended acts no more (seeds, rounds, mines steps): the player's
    // open mines round waits for the next launch.
    if (!session || typeof token !== 'string' || session.sign_in_ended) {
      throw new AppError('UNAUTHENTICATED', 'Open the game again to start a new session.');
    }
    return { ...session, token };
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
        description:
          '`previous` carries the revealed server seed: every round played on it can now be verified. 409 while a ' +
          'mines round on the pair is open (its seed would give the mines away): finish it first.',
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
    'game parameters, 13201 when the balance is too low. The answer: `{ round, balance }` (balance after the ' +
    'round, major units). When the games run apart from the wallet (ORIGINALS_WALLET_URL), the round is stored ' +
    'first and the bet and win follow over signed HTTP; 1503 when the wallet did not answer (an unanswered bet ' +
    'is rolled back, an unanswered win is credited by a background retry).';
  const oneShot = [
    {
      game: 'dice',
      body: dicePlayBodySchema,
      summary: 'Plays a round of dice',
      shapes: '`params` {direction, targetHundredths}; `outcome` {rollHundredths, win, multiplierBp}.',
    },
    {
      game: 'limbo',
      body: limboPlayBodySchema,
      summary: 'Plays a round of limbo',
      shapes: '`params` {targetHundredths}; `outcome` {resultHundredths, win, multiplierBp}.',
    },
    {
      game: 'plinko',
      body: plinkoPlayBodySchema,
      summary: 'Drops a plinko ball',
      shapes:
        '`rows` 8–16, `risk` low | medium | high. `params` {rows, risk}; `outcome` {path (0 left, 1 right per row), ' +
        'bucket, multiplierBp}.',
    },
    {
      game: 'slot',
      body: slotPlayBodySchema,
      summary: 'Plays a paid spin of Fruit Fiesta (the slot) with every free spin it triggers',
      shapes:
        '`params` {}; `outcome` the SlotRound of packages/games {nonce, spins, noncesUsed, multiplierBp}: the free ' +
        'spins are part of the paid round and use the nonces after it (the pair advances by `noncesUsed`).',
    },
    {
      game: 'roulette',
      body: roulettePlayBodySchema,
      summary: 'Spins the roulette wheel for up to 50 bets',
      shapes:
        'Each bet: `type` (straight, split, street, corner, sixLine with `numbers`; dozen, column with `index` 1–3; ' +
        'red, black, odd, even, low, high) and `amount` in major units; the stake is their sum (one bet ' +
        'transaction). 422 names the bet (`bets.0.numbers`, `bets.2.amount`). `params` {bets: [{type, numbers?, ' +
        'index?, amount}]}; `outcome` {pocket, color, bets: [{multiplierBp, payout}], multiplierBp}. To replay, ' +
        'give replayRound the bets with `stakeMinor` = amount in minor units.',
    },
  ] as const;
  for (const { game, body, summary, shapes } of oneShot) {
    app.post(
      `/api/game/originals/${game}/rounds`,
      {
        schema: {
          tags,
          summary,
          description: `${playDescription} ${shapes}`,
          headers: sessionHeaders,
          body,
          response: { 200: originalsPlayResponseSchema },
        },
      },
      async (request) => ({ data: await originals.play(await sessionOf(request), game, request.body) }),
    );
  }

  const minesShapes =
    'The answer: `{ round, balance }`. While `round.status` is `open`, `outcome` is the public view {mineCount, ' +
    'mines: null, revealed, status: playing, hitTile: null, multiplierBp (what cashing out pays now)}; once settled ' +
    'it is the whole MinesState with the mines, `payout` and `multiplier` are set, and `actions` {reveals, cashOut} ' +
    'replays it with replayRound(seeds, {game: mines, params, actions}).';
  app.post(
    '/api/game/originals/mines/rounds',
    {
      schema: {
        tags,
        summary: 'Starts a mines round',
        description:
          '`amount` in major units, `mineCount` 1–24. The stake is taken and the board fixed by the next nonce of ' +
          'the seed pair. One open round per player and mode (real or demo): 409 while one is open. ' +
          minesShapes,
        headers: sessionHeaders,
        body: minesStartBodySchema,
        response: { 200: originalsPlayResponseSchema },
      },
    },
    async (request) => ({ data: await originals.startMines(await sessionOf(request), request.body) }),
  );

  const roundParams = z.object({ id: z.string().max(64) });
  app.post(
    '/api/game/originals/mines/rounds/:id/reveal',
    {
      schema: {
        tags,
        summary: 'Reveals a tile of the open mines round',
        description:
          '`tile` 0–24 (row-major). A mine ends the round with nothing (settled, the board revealed); the last safe ' +
          'tile cashes out by itself. 422 for a tile out of range or already revealed, 409 once the round is over, ' +
          "404 for another player's round. " +
          minesShapes,
        headers: sessionHeaders,
        params: roundParams,
        body: minesRevealBodySchema,
        response: { 200: originalsPlayResponseSchema },
      },
    },
    async (request) => ({
      data: await originals.revealMines(await sessionOf(request), request.params.id, request.body.tile),
    }),
  );

  app.post(
    '/api/game/originals/mines/rounds/:id/cashout',
    {
      schema: {
        tags,
        summary: 'Cashes out the open mines round',
        description:
          'Pays the stake times the current multiplier and settles the round. 409 before the first reveal and once ' +
          'the round is over. ' +
          minesShapes,
        headers: sessionHeaders,
        params: roundParams,
        response: { 200: originalsPlayResponseSchema },
      },
    },
    async (request) => ({ data: await originals.cashOutMines(await sessionOf(request), request.params.id) }),
  );

  app.get(
    '/api/game/originals/mines/active',
    {
      schema: {
        tags,
        summary: 'The open mines round to resume (of the player, or of the guest session, in this mode), or null',
        headers: sessionHeaders,
        response: { 200: minesActiveResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return { data: await originals.activeMines(await sessionOf(request)) };
    },
  );

  app.get(
    '/api/game/originals/rounds/:id',
    {
      onRequest: guards.requirePlayer,
      schema: {
        tags,
        summary:
          "Game recall: one of the player's settled real-money rounds with its seeds (the server seed once rotated)",
        description:
          '`params`, `outcome` (and `actions` for mines) are those of the play answers; with `seeds` (the server seed ' +
          'once the pair is rotated) replayRound of packages/games recomputes the outcome. Open and demo rounds: 404.',
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
        description:
          'Rounds of every provider, from the game wallet: `amount` is the bets not rolled back, `payout` the wins. ' +
          'In-house rounds keep their id (recall: `GET /api/game/originals/rounds/{id}`); a third-party round is ' +
          '`{provider}:{roundId}`.',
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
