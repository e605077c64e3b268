import type { DiceParams } from '@croupier/games';
import type { OneShotGameModule } from '../../types';
import { DiceBoard } from './DiceBoard';
import { DiceControls } from './DiceControls';

/** Dice: a roll of 0.00–100.00 under or over the target (packages/games dice). */
export const diceModule: OneShotGameModule<DiceParams> = {
  game: 'dice',
  initialParams: { direction: 'under', targetHundredths: 5000 },
  Controls: DiceControls,
  Board: DiceBoard,
  body: (params, stake) => ({ amount: stake, direction: params.direction, targetHundredths: params.targetHundredths }),
  totalStake: (_params, stake) => stake,
  blocked: () => null,
};
