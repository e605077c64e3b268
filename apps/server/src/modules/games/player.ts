import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth/guards';
import type { RealtimeEvents } from '../realtime';
import { createBets } from './bets';
import { createBetsRepository } from './bets-repository';
import { gamesPlayerRoutes } from './player-routes';
import type { GamesService } from './service';
import { createWinners } from './winners';
import { createWinnersRepository } from './winners-repository';

/**
 * Wires the player's side of the catalogue (favourites, recently played, bet history) and
 * the winners feed. The returned `winners.recordWin` must be added to the game wallet
 * (`gameWallet.addWinListener`) for wins to reach the feed.
 */
export async function registerGamesPlayer(
  server: FastifyInstance,
  deps: { db: Db; games: GamesService; guards: AuthGuards; events: RealtimeEvents },
) {
  const winners = createWinners({
    repository: createWinnersRepository(deps.db),
    events: deps.events,
    log: server.log.child({ module: 'winners' }),
  });
  server.addHook('onClose', async () => winners.stop());
  const bets = createBets({ repository: createBetsRepository(deps.db) });
  await server.register(gamesPlayerRoutes, { games: deps.games, winners, bets, guards: deps.guards });
  return { winners, bets };
}
