import type { OriginalsRound, OriginalsSession } from '@croupier/contract';
import { createContext, useContext } from 'react';
import type { PlayApi } from '../api';
import type { SoundEffect } from '../types';

/** What every part of the frame shares: the session, its live balance, sound and errors. */
export interface FrameContextValue {
  session: OriginalsSession;
  api: PlayApi;
  token: string;
  locale: string;
  balance: number;
  setBalance: (balance: number) => void;
  /** An amount in major units with the currency, e.g. "12.50 EUR". */
  formatAmount: (major: number) => string;
  soundOn: boolean;
  setSoundOn: (on: boolean) => void;
  sound: (effect: SoundEffect) => void;
  reducedMotion: boolean;
  /** The session is over (expired token): play is off until the game is reopened. */
  ended: boolean;
  /** Play ended by the player's session-time limit (reopening the game does not resume it). */
  sessionTimeUp: boolean;
  /**
   * Shows an API failure as a toast (insufficient funds, session ended…) and answers the
   * field errors of a 422 for the caller to show next to its fields.
   */
  reportError: (error: unknown) => Record<string, string[]> | undefined;
  /** The latest round played in this frame (the seeds panel links it to the verifier). */
  lastRound: OriginalsRound | null;
  setLastRound: (round: OriginalsRound) => void;
}

export const FrameContext = createContext<FrameContextValue | null>(null);

export function useFrame(): FrameContextValue {
  const value = useContext(FrameContext);
  if (!value) throw new Error('useFrame() must be used inside the play frame');
  return value;
}
