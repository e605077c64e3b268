import {
  decimalsOf,
  GAME_SESSION_HEADER,
  minorToMajor,
  originalsEndpoints,
  originalsGameOf,
  type AmountCurrency,
} from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { canBet, type GameWallet, type StakeLimits } from '../game-wallet';
import type { GamesService } from '../games';

/**
 * `GET /api/game/originals/session`: how the in-house game frame starts. For the launch
 * token of `X-Game-Session` it answers the game, the currency, demo or real, the balance
 * and the stake limits; an unknown or expired token, or one whose sign-in session has ended, is a 401 (the frame asks the player to
 * open the game again).
 */
export const originalsSessionRoutes: FastifyPluginAsyncZod<{
  gameWallet: GameWallet;
  games: GamesService;
  currencyOf: (code: string) => Promise<AmountCurrency>;
  /** The game's stake limits in the session currency (the operator's, else the built-in ones). */
  stakeLimits: Pick<StakeLimits, 'boundsFor'>;
}> = async (app, { gameWallet, games, currencyOf, stakeLimits }) => {
  route(
    app,
    originalsEndpoints.session,
    {
      tags: ['originals'],
      summary: 'The game session of the in-house game frame: game, currency, demo or real, balance, stake limits',
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const session = await gameWallet.sessionOf(request.headers[GAME_SESSION_HEADER]);
      if (!session || !canBet(session)) {
        throw new AppError('UNAUTHENTICATED', 'The game session has ended. Open the game again.');
      }
      const catalogueGame = await games.getGame(session.game_id);
      const game = originalsGameOf(catalogueGame.identity);
      if (!game) throw AppError.notFound('This game is not an in-house game.');
      const [{ balanceMinor }, { subunitToUnit }, bounds] = await Promise.all([
        gameWallet.balance(session),
        currencyOf(session.currency),
        stakeLimits.boundsFor({ gameId: session.game_id, provider: session.provider, currency: session.currency }),
      ]);
      if (!bounds) throw new Error(`no stake limits for ${catalogueGame.identity} in ${session.currency}`);
      return {
        data: {
          gameIdentity: catalogueGame.identity,
          game,
          name: catalogueGame.name,
          currency: session.currency,
          decimals: decimalsOf(subunitToUnit),
          isDemo: session.is_demo,
          balance: minorToMajor(balanceMinor, subunitToUnit),
          minStake: minorToMajor(bounds.minMinor, subunitToUnit),
          maxStake: minorToMajor(bounds.maxMinor, subunitToUnit),
        },
      };
    },
  );
};
