import { gamesEndpoints, MAX_FAVOURITE_GAMES } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { playerOf, type AuthGuards } from '../auth';
import type { Bets } from './bets';
import type { GamesService } from './service';
import type { Winners } from './winners';

/** A player's own lists: never kept by shared caches. */
const PRIVATE = 'private, no-store';
/** The winners feed is public and refreshed by the socket; a few seconds of caching is harmless. */
const WINNERS_CACHE = 'public, max-age=5';

/**
 * The player's side of the catalogue: favourites, recently played, the bet history, and
 * the public winners feed. Static paths (`/favorites`, `/played`) take precedence over the
 * catalogue's `/api/game/games/:idOrIdentity`.
 */
export const gamesPlayerRoutes: FastifyPluginAsyncZod<{
  games: GamesService;
  winners: Winners;
  bets: Bets;
  guards: AuthGuards;
}> = async (app, { games, winners, bets, guards }) => {
  // The favourite calls carry no body; some clients still send the JSON content type.
  allowEmptyJsonBodies(app);

  route(
    app,
    gamesEndpoints.listFavourites,
    {
      onRequest: guards.requirePlayer,
      tags: ['games'],
      summary: "The player's favourite games, the latest added first",
      description: 'Games disabled since they were added are left out (and come back if they are enabled again).',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await games.listFavourites(playerOf(request).id) };
    },
  );

  route(
    app,
    gamesEndpoints.addFavourite,
    {
      onRequest: guards.requirePlayer,
      tags: ['games'],
      summary: 'Adds a game to the favourites; answers the updated list',
      description:
        `\`id\` is the game's id (its identity is accepted too). Adding a favourite again changes nothing. ` +
        `404 for an unknown or disabled game; 409 (code 1005) when the player already has ${MAX_FAVOURITE_GAMES}.`,
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await games.addFavourite(playerOf(request).id, request.params.id) };
    },
  );

  route(
    app,
    gamesEndpoints.removeFavourite,
    {
      onRequest: guards.requirePlayer,
      tags: ['games'],
      summary: 'Removes a game from the favourites; answers the updated list',
      description:
        "`id` is the game's id (its identity is accepted too). Removing a game that is not a favourite is fine; " +
        '404 for an unknown game.',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await games.removeFavourite(playerOf(request).id, request.params.id) };
    },
  );

  route(
    app,
    gamesEndpoints.listPlayed,
    {
      onRequest: guards.requirePlayer,
      tags: ['games'],
      summary: 'Recently played: distinct games the player launched, the latest first',
      description:
        'Every launch counts, real or demo. `perPage` (default 18) caps the list; `platform` (1 mobile, 2 desktop) ' +
        'keeps games offered there; `countryCode` drops games restricted in that country. Disabled games are left out.',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await games.listPlayed(playerOf(request).id, request.query) };
    },
  );

  route(
    app,
    gamesEndpoints.listWinners,
    {
      tags: ['games'],
      summary: 'Latest winners: the latest winning real-money round of each game, newest first',
      description:
        'A winning round paid more than its stake (the bets not rolled back; a win without a bet counts). ' +
        '`amount` is the stake and `payout` the amount paid, in `currency`. `nickname` is the public nickname, null ' +
        'when the player has none (or it would reveal the e-mail address). `platform` (1 mobile, 2 desktop) keeps ' +
        'games offered there, `countryCode` drops games restricted in that country; `perPage` defaults to 12. ' +
        'New winners are published as `game.winner` on `game:winners:{mobile|desktop}:{countryCode}`, at most once ' +
        'per channel every 3 seconds.',
    },
    async (request, reply) => {
      const data = await winners.list(request.query);
      void reply.header('cache-control', WINNERS_CACHE);
      return { data };
    },
  );

  route(
    app,
    gamesEndpoints.listBets,
    {
      onRequest: guards.requirePlayer,
      tags: ['games'],
      summary: "A page of the player's sportsbook tickets, newest first",
      description:
        '`isSettled` (default true) lists settled tickets (status other than 1); `false` lists the open ones. ' +
        '`status` follows the constants `game.bet.status` (1 open, 2 won, 3 lost, 4 refunded, 5 cashed out), ' +
        '`ticketType` 1 single, 2 combo; `coefficient` is the total odds. `perPage` defaults to 10. ' +
        "A selection's `market` and `outcome` are named in the `Accept-Language` locale when the sportsbook " +
        'reported the selection by its keys (the in-house sportsbook does); else as the sportsbook named them.',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return bets.list(playerOf(request).id, request.query, request.headers['accept-language']);
    },
  );
};
