import type { LimboParams } from '@croupier/games';
import type { OneShotGameModule } from '../../types';
import { LimboBoard } from './LimboBoard';
import { LimboControls } from './LimboControls';

/** Limbo: a target multiplier; the round wins when the drawn multiplier reaches it (packages/games limbo). */
export const limboModule: OneShotGameModule<LimboParams> = {
  game: 'limbo',
  initialParams: { targetHundredths: 200 },
  Controls: LimboControls,
  Board: LimboBoard,
  body: (params, stake) => ({ amount: stake, targetHundredths: params.targetHundredths }),
  totalStake: (_params, stake) => stake,
  blocked: () => null,
};
