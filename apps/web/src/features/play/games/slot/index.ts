import type { OneShotGameModule } from '../../types';
import { SlotBoard, SlotControls, type SlotParams } from './SlotBoard';

/** "Crown Jewels", the 20-line video slot: the stake covers all lines (see packages/games slot). */
export const slotModule: OneShotGameModule<SlotParams> = {
  game: 'slot',
  initialParams: {},
  Controls: SlotControls,
  Board: SlotBoard,
  body: (_params, stake) => ({ amount: stake }),
  totalStake: (_params, stake) => stake,
  blocked: () => null,
};
