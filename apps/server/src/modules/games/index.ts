export type { GamesService } from './service';
export { registerGamesPlayer } from './player';
export {
  sportBetsWriter,
  SportBetStatus,
  type NewSportBet,
  type NewSportBetItem,
  type SportBetsWriter,
} from './sport-bets-writer';
