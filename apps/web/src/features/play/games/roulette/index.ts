import type { OneShotGameModule } from '../../types';
import { EMPTY_ROULETTE, rouletteBody, totalOfChips, type RouletteParams } from './logic';
import { RouletteBoard, RouletteControls } from './RouletteBoard';

/**
 * European roulette: chips of the stake field's value are placed on the table (the
 * params); a round spins once for all of them (see packages/games roulette).
 */
export const rouletteModule: OneShotGameModule<RouletteParams> = {
  game: 'roulette',
  initialParams: EMPTY_ROULETTE,
  Controls: RouletteControls,
  Board: RouletteBoard,
  body: (params) => rouletteBody(params),
  totalStake: (params) => totalOfChips(params.chips),
  blocked: (params) => (params.chips.length === 0 ? 'play.roulette.noChips' : null),
};
