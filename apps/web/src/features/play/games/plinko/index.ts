import type { OneShotGameModule } from '../../types';
import type { PlinkoParams } from './logic';
import { PlinkoBoard, PlinkoControls } from './PlinkoBoard';

/** Plinko: the player picks rows (8–16) and risk; the server drops the ball (see packages/games plinko). */
export const plinkoModule: OneShotGameModule<PlinkoParams> = {
  game: 'plinko',
  initialParams: { rows: 16, risk: 'medium' },
  Controls: PlinkoControls,
  Board: PlinkoBoard,
  body: (params, stake) => ({ amount: stake, rows: params.rows, risk: params.risk }),
  totalStake: (_params, stake) => stake,
  blocked: () => null,
};
