import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import { createBets, type BetsContent } from './bets';
import { createBetsRepository } from './bets-repository';
import { gamesPlayerRoutes } from './player-routes';
import type { GamesService } from './service';
import { createWinners } from './winners';
import { createWinnersRepository } from './winners-repository';

/**
 * Wires the player's side of the catalogue (favourites, recently played, bet history) and
 * the winners feed, which records the game wallet's `game.win-credited` events.
 */
export async function registerGamesPlayer(
  server: FastifyInstance,
  deps: {
    db: Db;
    games: GamesService;
    guards: AuthGuards;
    events: RealtimeEvents;
    appEvents: EventRegistry;
    content: BetsContent;
  },
) {
  const winners = createWinners({
    repository: createWinnersRepository(deps.db),
    events: deps.events,
    log: server.log.child({ module: 'winners' }),
  });
  deps.appEvents.on('game.win-credited', winners.recordWin);
  server.addHook('onClose', async () => winners.stop());
  const bets = createBets({ repository: createBetsRepository(deps.db), content: deps.content });
  await server.register(gamesPlayerRoutes, { games: deps.games, winners, bets, guards: deps.guards });
  return { winners, bets };
}
