import type { OriginalsRound } from '@croupier/contract';
import type { ReactNode } from 'react';
import type { PlayBody } from './api';

/**
 * How an in-house game plugs into the play frame. The frame (shell) owns the session, the
 * balance, the stake field, the Play button (Space/Enter), autoplay, the sound toggle and
 * the seeds panel; a game module owns its parameters, its controls and its board.
 * One-shot games (dice, limbo, plinko, roulette, slot) use this interface; mines, a round
 * of several steps, has its own component in the frame.
 */
export type SoundEffect = 'bet' | 'win' | 'lose' | 'tick' | 'reveal' | 'cashout' | 'bonus';

export interface BoardContext {
  /** Plays a short effect when the player has sound on (no-op otherwise). */
  sound: (effect: SoundEffect) => void;
  /** True when the player prefers reduced motion: boards skip or shorten animations. */
  reducedMotion: boolean;
  /** Formats an amount in major units of the session currency. */
  formatAmount: (major: number) => string;
  /** Call once the board has finished showing `round` (the frame then shows the win and may play the next autoplay round). */
  settled: () => void;
}

export interface ControlsProps<P> {
  params: P;
  onChange: (params: P) => void;
  /** A round is running: controls are read-only. */
  disabled: boolean;
  /** The stake of the stake field, major units (roulette: the chip value). */
  stake: number;
  formatAmount: (major: number) => string;
}

export interface BoardProps<P> {
  params: P;
  /** The round to show; null before the first round. A new object means a new round to animate. */
  round: OriginalsRound | null;
  ctx: BoardContext;
  /** Roulette places chips on its board: it edits params from the board. */
  onChange: (params: P) => void;
  disabled: boolean;
  stake: number;
}

export interface OneShotGameModule<P> {
  game: 'dice' | 'limbo' | 'plinko' | 'roulette' | 'slot';
  initialParams: P;
  Controls: (props: ControlsProps<P>) => ReactNode;
  Board: (props: BoardProps<P>) => ReactNode;
  /** The body of a round of the game (`originalsPlayEndpoints`) for a stake in major units. */
  body: (params: P, stake: number) => PlayBody;
  /** What one round costs (roulette: the sum of its chips); the frame checks it against the balance. */
  totalStake: (params: P, stake: number) => number;
  /** Null when the round may be played, else the content key of why not (e.g. no chips on the table). */
  blocked: (params: P) => string | null;
}
