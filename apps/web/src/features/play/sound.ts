import type { SoundEffect } from './types';

/** Where the player's sound choice is kept (on or off, for every in-house game). */
export const SOUND_STORAGE_KEY = 'croupier.play.sound';

export function readSoundOn(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function writeSoundOn(storage: Pick<Storage, 'setItem'> | undefined, on: boolean): void {
  try {
    storage?.setItem(SOUND_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

/** Each effect as a few oscillator notes: [frequency Hz, start s, length s, wave]. */
const NOTES: Record<SoundEffect, [number, number, number, OscillatorType][]> = {
  bet: [[320, 0, 0.07, 'triangle']],
  tick: [[880, 0, 0.03, 'square']],
  reveal: [
    [660, 0, 0.06, 'sine'],
    [990, 0.05, 0.08, 'sine'],
  ],
  win: [
    [523, 0, 0.1, 'triangle'],
    [659, 0.09, 0.1, 'triangle'],
    [784, 0.18, 0.16, 'triangle'],
  ],
  lose: [
    [220, 0, 0.12, 'sawtooth'],
    [165, 0.1, 0.18, 'sawtooth'],
  ],
  cashout: [
    [784, 0, 0.08, 'sine'],
    [1047, 0.07, 0.16, 'sine'],
  ],
  bonus: [
    [523, 0, 0.08, 'square'],
    [659, 0.07, 0.08, 'square'],
    [784, 0.14, 0.08, 'square'],
    [1047, 0.21, 0.2, 'square'],
  ],
};

/**
 * Sounds generated with WebAudio oscillators (no audio files). The context is created on
 * the first effect, which follows a click or key press, as browsers require.
 */
export function createSoundPlayer() {
  let context: AudioContext | undefined;
  return {
    play(effect: SoundEffect): void {
      if (typeof AudioContext === 'undefined') return;
      context ??= new AudioContext();
      if (context.state === 'suspended') void context.resume();
      const start = context.currentTime;
      for (const [frequency, offset, length, wave] of NOTES[effect]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = wave;
        oscillator.frequency.value = frequency;
        // A short attack and an exponential fade: no clicks at the ends.
        gain.gain.setValueAtTime(0.0001, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(start + offset);
        oscillator.stop(start + offset + length + 0.02);
      }
    },
  };
}
