import { GAME_SESSION_HEADER, originalsEndpoints, originalsPlayEndpoints } from '@croupier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { GameWallet } from '../game-wallet';
import type { Originals, PlaySession } from './service';

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
  route(
    app,
    originalsEndpoints.seeds,
    {
      tags,
      summary: 'The seed pair: the server seed commitment (SHA-256), the client seed and the next nonce',
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return { data: await originals.seeds(await sessionOf(request)) };
    },
  );

  route(
    app,
    originalsEndpoints.setClientSeed,
    {
      tags,
      summary: "Sets the active pair's client seed (the committed server seed stays)",
    },
    async (request) => ({ data: await originals.setClientSeed(await sessionOf(request), request.body.clientSeed) }),
  );

  route(
    app,
    originalsEndpoints.rotateSeeds,
    {
      tags,
      summary: 'Reveals the server seed of the active pair and commits a new one',
      description:
        '`previous` carries the revealed server seed: every round played on it can now be verified. 409 while a ' +
        'mines round on the pair is open (its seed would give the mines away): finish it first.',
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
      summary: 'Plays a round of dice',
      shapes: '`params` {direction, targetHundredths}; `outcome` {rollHundredths, win, multiplierBp}.',
    },
    {
      game: 'limbo',
      summary: 'Plays a round of limbo',
      shapes: '`params` {targetHundredths}; `outcome` {resultHundredths, win, multiplierBp}.',
    },
    {
      game: 'plinko',
      summary: 'Drops a plinko ball',
      shapes:
        '`rows` 8–16, `risk` low | medium | high. `params` {rows, risk}; `outcome` {path (0 left, 1 right per row), ' +
        'bucket, multiplierBp}.',
    },
    {
      game: 'slot',
      summary: 'Plays a paid spin of Fruit Fiesta (the slot) with every free spin it triggers',
      shapes:
        '`params` {}; `outcome` the SlotRound of packages/games {nonce, spins, noncesUsed, multiplierBp}: the free ' +
        'spins are part of the paid round and use the nonces after it (the pair advances by `noncesUsed`).',
    },
    {
      game: 'roulette',
      summary: 'Spins the roulette wheel for up to 50 bets',
      shapes:
        'Each bet: `type` (straight, split, street, corner, sixLine with `numbers`; dozen, column with `index` 1–3; ' +
        'red, black, odd, even, low, high) and `amount` in major units; the stake is their sum (one bet ' +
        'transaction). 422 names the bet (`bets.0.numbers`, `bets.2.amount`). `params` {bets: [{type, numbers?, ' +
        'index?, amount}]}; `outcome` {pocket, color, bets: [{multiplierBp, payout}], multiplierBp}. To replay, ' +
        'give replayRound the bets with `stakeMinor` = amount in minor units.',
    },
  ] as const;
  for (const { game, summary, shapes } of oneShot) {
    route(
      app,
      originalsPlayEndpoints[game],
      {
        tags,
        summary,
        description: `${playDescription} ${shapes}`,
      },
      async (request) => ({ data: await originals.play(await sessionOf(request), game, request.body) }),
    );
  }

  const minesShapes =
    'The answer: `{ round, balance }`. While `round.status` is `open`, `outcome` is the public view {mineCount, ' +
    'mines: null, revealed, status: playing, hitTile: null, multiplierBp (what cashing out pays now)}; once settled ' +
    'it is the whole MinesState with the mines, `payout` and `multiplier` are set, and `actions` {reveals, cashOut} ' +
    'replays it with replayRound(seeds, {game: mines, params, actions}).';
  route(
    app,
    originalsPlayEndpoints.mines,
    {
      tags,
      summary: 'Starts a mines round',
      description:
        '`amount` in major units, `mineCount` 1–24. The stake is taken and the board fixed by the next nonce of ' +
        'the seed pair. One open round per player and mode (real or demo): 409 while one is open. ' +
        minesShapes,
    },
    async (request) => ({ data: await originals.startMines(await sessionOf(request), request.body) }),
  );

  route(
    app,
    originalsEndpoints.revealMines,
    {
      tags,
      summary: 'Reveals a tile of the open mines round',
      description:
        '`tile` 0–24 (row-major). A mine ends the round with nothing (settled, the board revealed); the last safe ' +
        'tile cashes out by itself. 422 for a tile out of range or already revealed, 409 once the round is over, ' +
        "404 for another player's round. " +
        minesShapes,
    },
    async (request) => ({
      data: await originals.revealMines(await sessionOf(request), request.params.id, request.body.tile),
    }),
  );

  route(
    app,
    originalsEndpoints.cashOutMines,
    {
      tags,
      summary: 'Cashes out the open mines round',
      description:
        'Pays the stake times the current multiplier and settles the round. 409 before the first reveal and once ' +
        'the round is over. ' +
        minesShapes,
    },
    async (request) => ({ data: await originals.cashOutMines(await sessionOf(request), request.params.id) }),
  );

  route(
    app,
    originalsEndpoints.activeMines,
    {
      tags,
      summary: 'The open mines round to resume (of the player, or of the guest session, in this mode), or null',
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return { data: await originals.activeMines(await sessionOf(request)) };
    },
  );

  route(
    app,
    originalsEndpoints.round,
    {
      onRequest: guards.requirePlayer,
      tags,
      summary:
        "Game recall: one of the player's settled real-money rounds with its seeds (the server seed once rotated)",
      description:
        '`params`, `outcome` (and `actions` for mines) are those of the play answers; with `seeds` (the server seed ' +
        'once the pair is rotated) replayRound of packages/games recomputes the outcome. Open and demo rounds: 404.',
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return { data: await originals.playerRound(playerOf(request).id, request.params.id) };
    },
  );

  route(
    app,
    originalsEndpoints.listSpins,
    {
      onRequest: guards.requirePlayer,
      tags: ['games'],
      summary: "The player's casino rounds (real money), newest first",
      description:
        'Rounds of every provider, from the game wallet: `amount` is the bets not rolled back, `payout` the wins. ' +
        'In-house rounds keep their id (recall: `GET /api/game/originals/rounds/{id}`); a third-party round is ' +
        '`{provider}:{roundId}`.',
    },
    async (request, reply) => {
      void reply.header('cache-control', noStore);
      return originals.spins(playerOf(request).id, request.query);
    },
  );
};
