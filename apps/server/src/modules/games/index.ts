export type { GamesService } from './service';
export { registerGamesPlayer } from './player';
