import {
  decimalsOf,
  GAME_SESSION_HEADER,
  minorToMajor,
  type OriginalsFreespin,
  originalsEndpoints,
  originalsGameOf,
  type AmountCurrency,
} from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { canBet, type GameWallet, type StakeLimits } from '../game-wallet';
import type { GamesService } from '../games';
import { toOriginalsFreespin } from './free-spins';
import { stakeable } from './rounds';
import type { FreespinSource } from './freespin-source';

/**
 * `GET /api/game/originals/session`: how the in-house game frame starts. For the launch
 * token of `X-Game-Session` it answers the game, the currency, demo or real, the balance
 * and the stake limits; an unknown or expired token, or one whose sign-in session has ended, is a 401 (the frame asks the player to
 * open the game again). A real-money session also gets the player's active free spins for the game.
 */
export const originalsSessionRoutes: FastifyPluginAsyncZod<{
  gameWallet: GameWallet;
  games: GamesService;
  currencyOf: (code: string) => Promise<AmountCurrency>;
  /** The game's stake limits in the session currency (the operator's, else the built-in ones). */
  stakeLimits: Pick<StakeLimits, 'boundsFor'>;
  /** Free spins of bonuses (absent: none are offered). */
  freespins?: Pick<FreespinSource, 'activeFor'> | undefined;
}> = async (app, { gameWallet, games, currencyOf, stakeLimits, freespins }) => {
  route(
    app,
    originalsEndpoints.session,
    {
      tags: ['originals'],
      summary: 'The game session of the in-house game frame: game, currency, demo or real, balance, stake limits',
      description:
        '`freespins`: in a real-money session of the slot, the active free spins of bonuses the player may play ' +
        'in it and this currency (each spin staked at `betAmount`, played with `freespinId` on the slot play ' +
        'call); empty otherwise.',
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
      const accountId = session.is_demo ? null : session.account_id;
      const [balances, currency, bounds, grants] = await Promise.all([
        gameWallet.balance(session),
        currencyOf(session.currency),
        stakeLimits.boundsFor({ gameId: session.game_id, provider: session.provider, currency: session.currency }),
        // The slot is the in-house game that plays free spins.
        freespins && accountId && game === 'slot' ? freespins.activeFor({ accountId, gameId: session.game_id }) : [],
      ]);
      const { subunitToUnit } = currency;
      if (!bounds) throw new Error(`no stake limits for ${catalogueGame.identity} in ${session.currency}`);
      return {
        data: {
          gameIdentity: catalogueGame.identity,
          game,
          name: catalogueGame.name,
          currency: session.currency,
          decimals: decimalsOf(subunitToUnit),
          isDemo: session.is_demo,
          balance: minorToMajor(stakeable(balances), subunitToUnit),
          minStake: minorToMajor(bounds.minMinor, subunitToUnit),
          maxStake: minorToMajor(bounds.maxMinor, subunitToUnit),
          freespins: grants.map((grant): OriginalsFreespin => toOriginalsFreespin(grant, currency)),
        },
      };
    },
  );
};
