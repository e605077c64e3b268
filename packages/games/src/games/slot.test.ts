import { describe, expect, it } from 'vitest';
import { FairRng } from '../fair/rng';
import { RefStream } from '../reference.testutil';
import {
  SLOT,
  SLOT_CONFIG,
  SLOT_SYMBOLS,
  SlotEngine,
  enumerateSlotStops,
  parseSlotStrip,
  playSlotRound,
  playSlotSpin,
  slotRoundWin,
  slotEngine,
  slotRtp,
  slotRtpFromEnumeration,
  type SlotConfig,
  type SlotSymbol,
} from './slot';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';
const ids = (...symbols: SlotSymbol[]) => symbols.map((symbol) => SLOT_SYMBOLS.indexOf(symbol));

describe('video slot', () => {
  it('stops each reel by rejection sampling (known answers)', () => {
    const stops = [0, 1, 2, 3, 4].map((nonce) => playSlotSpin(new FairRng(SERVER, CLIENT, nonce), nonce, 'base').stops);
    expect(stops).toEqual([
      [7, 4, 22, 28, 23],
      [5, 22, 23, 22, 31],
      [6, 25, 13, 22, 8],
      [15, 24, 10, 1, 11],
      [9, 8, 23, 17, 22],
    ]);
    for (let nonce = 0; nonce < 100; nonce += 1) {
      const stream = new RefStream(SERVER, CLIENT, nonce);
      const expected = SLOT_CONFIG.reels.map((strip) => stream.index(strip.length));
      expect(playSlotSpin(new FairRng(SERVER, CLIENT, nonce), nonce, 'base').stops).toEqual(expected);
    }
  });

  it('shows the stop and the two symbols below it, wrapping round the strip', () => {
    const spin = playSlotSpin(new FairRng(SERVER, CLIENT, 1), 1, 'base');
    const reel5 = SLOT_CONFIG.reels[4]!;
    // Reel 5 stopped at 31, its last position.
    expect(spin.window[4]).toEqual([reel5[31], reel5[0], reel5[1]]);
    spin.window.forEach((column, reel) => {
      const strip = SLOT_CONFIG.reels[reel]!;
      column.forEach((symbol, row) => expect(symbol).toBe(strip[(spin.stops[reel]! + row) % strip.length]));
    });
  });

  it('pays lines left to right with wilds standing in, never across a scatter', () => {
    const pay = (...symbols: SlotSymbol[]) => slotEngine.linePay(ids(...symbols));
    expect(pay('crown', 'wild', 'crown', 'ten', 'ten')).toBe(80);
    expect(pay('ten', 'wild', 'wild', 'wild', 'wild')).toBe(150);
    expect(pay('wild', 'wild', 'king', 'king', 'queen')).toBe(60);
    expect(pay('ace', 'wild', 'scatter', 'ace', 'ace')).toBe(0);
    expect(pay('scatter', 'scatter', 'scatter', 'ten', 'ten')).toBe(0);
    expect(pay('ruby', 'ruby', 'emerald', 'ruby', 'ruby')).toBe(0);
    expect(pay('jack', 'jack', 'jack', 'jack', 'queen')).toBe(45);
  });

  it('describes a spin consistently with the evaluator', () => {
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const spin = playSlotSpin(new FairRng(SERVER, CLIENT, nonce), nonce, 'base');
      const lineBp = spin.lineWins.reduce((sum, win) => sum + win.multiplierBp, 0);
      expect(lineBp).toBe(slotEngine.lineUnits(spin.stops) * slotEngine.lineUnitBp);
      expect(spin.scatterCount).toBe(spin.window.flat().filter((symbol) => symbol === 'scatter').length);
      expect(spin.multiplierBp).toBe(lineBp + spin.scatterMultiplierBp);
      for (const win of spin.lineWins) {
        const row = SLOT_CONFIG.paylines[win.line]!;
        const first = spin.window[0]![row[0]!]!;
        expect([win.symbol, 'wild']).toContain(first);
      }
    }
  });

  it('plays free spins on the following nonces, doubled, until none are left', () => {
    const rng = new FairRng(SERVER, CLIENT, 0);
    let nonce = 0;
    let round = playSlotRound((n) => rng.reset(n), nonce);
    while (round.spins.length === 1) {
      nonce += round.noncesUsed;
      round = playSlotRound((n) => rng.reset(n), nonce);
    }
    const [base, ...free] = round.spins;
    expect(base!.freeSpinsAwarded).toBe(10);
    expect(base!.scatterCount).toBeGreaterThanOrEqual(3);
    const awarded = round.spins.reduce((sum, spin) => sum + spin.freeSpinsAwarded, 0);
    expect(free).toHaveLength(awarded);
    expect(round.noncesUsed).toBe(1 + awarded);
    free.forEach((spin, i) => {
      expect(spin).toMatchObject({ mode: 'free', nonce: nonce + 1 + i });
      // Same reels, the nonce's own bytes, every win doubled.
      const plain = playSlotSpin(new FairRng(SERVER, CLIENT, spin.nonce), spin.nonce, 'base');
      expect(spin.stops).toEqual(plain.stops);
      expect(spin.multiplierBp).toBe(2 * plain.multiplierBp);
    });
    expect(round.multiplierBp).toBe(round.spins.reduce((sum, spin) => sum + spin.multiplierBp, 0));
  });

  it('totals rounds the same way in the fast path used by simulations', () => {
    const rng = new FairRng('fast-path', CLIENT, 0);
    let nonce = 0;
    let featureRounds = 0;
    for (let round = 0; round < 3000; round += 1) {
      const full = playSlotRound((n) => rng.reset(n), nonce);
      const fast = slotRoundWin((n) => rng.reset(n), nonce);
      expect(fast).toEqual({ multiplierBp: full.multiplierBp, noncesUsed: full.noncesUsed });
      if (full.noncesUsed > 1) featureRounds += 1;
      nonce += full.noncesUsed;
    }
    expect(featureRounds).toBeGreaterThan(5);
  });

  it('has the declared RTP, computed exactly from reels and paytable', () => {
    const breakdown = slotRtp();
    expect(Math.abs(breakdown.value - SLOT.rtp)).toBeLessThan(1e-9);
    expect(SLOT.rtp).toBeGreaterThan(0.955);
    expect(SLOT.rtp).toBeLessThan(0.965);
    // Free spins: about one trigger in 140 spins, about 10.77 spins per award.
    const chance = Number(breakdown.triggerChance.numerator) / Number(breakdown.triggerChance.denominator);
    expect(1 / chance).toBeCloseTo(140.36, 1);
  });

  it('computes the same exact RTP as a brute-force walk over every stop combination', () => {
    // A small machine (8·9·8·9·8 = 41,472 combinations) with the same evaluator and rules.
    const config: SlotConfig = {
      ...SLOT_CONFIG,
      reels: ['SAKQJTCE', 'WSCREAKQT', 'ASWKQJTR', 'EWSQKAJTC', 'TJQSWKAE'].map(parseSlotStrip),
      linePays: { ...SLOT_CONFIG.linePays, wild: [0, 0, 0, 5, 20, 100] },
      scatterPays: [0, 0, 1, 2, 10, 100],
      freeSpins: { ...SLOT_CONFIG.freeSpins, triggerScatters: 4, retriggerAwarded: 2 },
    };
    const engine = new SlotEngine(config);
    const exact = slotRtp(engine);
    const walked = slotRtpFromEnumeration(enumerateSlotStops(engine), engine);
    expect(walked.rtp).toEqual(exact.rtp);
    expect(walked.triggerChance).toEqual(exact.triggerChance);
    // Workers splitting reel 1 add up to the whole.
    const a = enumerateSlotStops(engine, 0, 2);
    const b = enumerateSlotStops(engine, 2, 8);
    const summed = {
      combinations: a.combinations + b.combinations,
      lineUnits: a.lineUnits + b.lineUnits,
      scatterBp: a.scatterBp + b.scatterBp,
      triggers: a.triggers + b.triggers,
    };
    expect(slotRtpFromEnumeration(summed, engine).rtp).toEqual(exact.rtp);
  });
});
