/**
 * "Crown Jewels": a 5-reel, 3-row video slot with 20 fixed paylines, wilds on reels 2–5
 * and a scatter that triggers free spins.
 *
 * - Stops: one uniform index per reel by rejection sampling (nextIndex(strip length)).
 * - Lines pay left to right from reel 1 for 3+ of a kind; a wild stands for any symbol
 *   but the scatter. Pays are in line bets (stake / 20).
 * - Scatters pay anywhere in view, in total bets; 3 or more award 10 free spins.
 * - Free spins play the same reels, one nonce each (the round's nonce + 1, + 2, …), with
 *   every win doubled; 3+ scatters during free spins add 10 more.
 *
 * RTP, exactly (slotRtp, slot.test.ts): let E be a base spin's expected win and p the
 * trigger chance. A free spin is worth 2E and, as each one retriggers with chance p
 * independently of the past, the expected number of free spins from an award of A is
 * A + p·10·A + (p·10)²·A + … = A / (1 − 10p) (a geometric series; 10p ≈ 0.07). Then
 * RTP = E + p · 2E · 10 / (1 − 10p). E itself is exact: each payline sees on each reel
 * a uniformly random strip position, independently across reels, so a line's expected
 * pay is a sum over symbol frequencies; the scatter count is a convolution of per-reel
 * counts. `enumerateSlotStops` checks this against a brute-force walk over all
 * reel-stop combinations through the game's own evaluator.
 */
import { BP_PER_X, addRatio, divRatio, mulRatio, ratio, ratioToNumber, type Ratio } from '../money';
import { type RandomSource } from '../fair/rng';

export const SLOT_SYMBOLS = [
  'wild',
  'scatter',
  'crown',
  'ruby',
  'emerald',
  'ace',
  'king',
  'queen',
  'jack',
  'ten',
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

export interface SlotConfig {
  /** One strip per reel, read downwards; the window shows a stop and the rows below it (wrapping). */
  reels: readonly (readonly SlotSymbol[])[];
  rows: number;
  /** The row (0 = top) of each payline on each reel. */
  paylines: readonly (readonly number[])[];
  /** Line pays in line bets, indexed by the number of symbols in a row (0..reels). */
  linePays: Readonly<Partial<Record<SlotSymbol, readonly number[]>>>;
  /** Scatter pays in total bets, indexed by the number of scatters in view (the last entry covers more). */
  scatterPays: readonly number[];
  freeSpins: {
    /** Scatters in view that award (or, during free spins, add) free spins. */
    triggerScatters: number;
    awarded: number;
    retriggerAwarded: number;
    /** Every free-spin win is multiplied by this. */
    winMultiplier: number;
    /** A hard stop for one round (reaching it needs ~100 retriggers in a row: probability < 10⁻¹⁰⁰). */
    maxPerRound: number;
  };
}

const SYMBOL_CODES: Readonly<Record<string, SlotSymbol>> = {
  W: 'wild',
  S: 'scatter',
  C: 'crown',
  R: 'ruby',
  E: 'emerald',
  A: 'ace',
  K: 'king',
  Q: 'queen',
  J: 'jack',
  T: 'ten',
};

/** A strip written as one letter per symbol (see SYMBOL_CODES). */
export function parseSlotStrip(text: string): SlotSymbol[] {
  return [...text.replace(/\s+/g, '')].map((code) => {
    const symbol = SYMBOL_CODES[code];
    if (!symbol) throw new RangeError(`unknown slot symbol code ${code}`);
    return symbol;
  });
}

export const SLOT_CONFIG: SlotConfig = {
  // 32 stops a reel; one scatter per reel, one wild on each of reels 2–5.
  reels: [
    parseSlotStrip('QEJATKQJTCRATJQKETJAQTKJQTRAJKST'),
    parseSlotStrip('EQAJCTKQJREATQKJTWAQCEKJTQRAJKST'),
    parseSlotStrip('AJKTRQWEJATKQJCTAQESKJRTQAJKETQC'),
    parseSlotStrip('KTQEJASTKCQJATERQKJTAQJKECWTQAJR'),
    parseSlotStrip('QAJCTKQRJEATQKWJTACQEKJTRSQAJKTE'),
  ],
  rows: 3,
  paylines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [1, 0, 1, 2, 1],
    [1, 2, 1, 0, 1],
    [0, 1, 0, 1, 0],
    [2, 1, 2, 1, 2],
    [0, 1, 1, 1, 0],
    [2, 1, 1, 1, 2],
    [1, 1, 0, 1, 1],
    [1, 1, 2, 1, 1],
    [0, 2, 0, 2, 0],
    [2, 0, 2, 0, 2],
    [1, 0, 2, 0, 1],
  ],
  linePays: {
    crown: [0, 0, 0, 80, 400, 2000],
    ruby: [0, 0, 0, 50, 200, 800],
    emerald: [0, 0, 0, 40, 150, 600],
    ace: [0, 0, 0, 25, 75, 300],
    king: [0, 0, 0, 20, 60, 250],
    queen: [0, 0, 0, 16, 50, 200],
    jack: [0, 0, 0, 14, 45, 175],
    ten: [0, 0, 0, 12, 38, 150],
  },
  scatterPays: [0, 0, 0, 2, 10, 100],
  freeSpins: { triggerScatters: 3, awarded: 10, retriggerAwarded: 10, winMultiplier: 2, maxPerRound: 1000 },
};

/**
 * The declared RTP is the exact value of slotRtp(SLOT_CONFIG), written out so that a
 * change to the reels or pays that moves it fails the tests.
 */
export const SLOT = {
  rtp: 0.9609178498663,
  lines: SLOT_CONFIG.paylines.length,
} as const;

const WILD = SLOT_SYMBOLS.indexOf('wild');
const SCATTER = SLOT_SYMBOLS.indexOf('scatter');

/**
 * The config compiled into typed arrays: the evaluator runs allocation-free, which the
 * brute-force enumeration (tens of millions of spins) and the simulation need.
 */
export class SlotEngine {
  readonly reelCount: number;
  readonly lengths: number[];
  readonly lineCount: number;
  /** Basis points per line-bet unit: 10,000 / lines. */
  readonly lineUnitBp: number;
  /** Per reel: the symbol ids of every window, window `stop` at [stop·rows, stop·rows + rows). */
  private readonly windows: Uint8Array[];
  private readonly lines: Uint8Array;
  /** pays[symbol · (reels + 1) + count] in line bets. */
  private readonly pays: Int32Array;
  private readonly scatterBp: Int32Array;
  private readonly lineSymbols: Uint8Array;

  constructor(readonly config: SlotConfig) {
    this.reelCount = config.reels.length;
    this.lengths = config.reels.map((strip) => strip.length);
    this.lineCount = config.paylines.length;
    if (BP_PER_X % this.lineCount !== 0) throw new RangeError('10,000 must be divisible by the number of lines');
    this.lineUnitBp = BP_PER_X / this.lineCount;
    const rows = config.rows;
    this.windows = config.reels.map((strip) => {
      const window = new Uint8Array(strip.length * rows);
      for (let stop = 0; stop < strip.length; stop += 1) {
        for (let row = 0; row < rows; row += 1) {
          window[stop * rows + row] = SLOT_SYMBOLS.indexOf(strip[(stop + row) % strip.length]!);
        }
      }
      return window;
    });
    this.lines = Uint8Array.from(config.paylines.flat());
    const stride = this.reelCount + 1;
    this.pays = new Int32Array(SLOT_SYMBOLS.length * stride);
    SLOT_SYMBOLS.forEach((symbol, id) => {
      (config.linePays[symbol] ?? []).forEach((pay, count) => (this.pays[id * stride + count] = pay));
    });
    this.scatterBp = new Int32Array(this.reelCount * rows + 1);
    const scatterPays = config.scatterPays;
    for (let count = 0; count < this.scatterBp.length; count += 1) {
      this.scatterBp[count] = (scatterPays[Math.min(count, scatterPays.length - 1)] ?? 0) * BP_PER_X;
    }
    this.lineSymbols = new Uint8Array(this.reelCount);
  }

  /** The symbol id in view on a reel and row for given stops. */
  symbolAt(stops: ArrayLike<number>, reel: number, row: number): number {
    return this.windows[reel]![stops[reel]! * this.config.rows + row]!;
  }

  /**
   * The pay of one line's symbols (line bets): the better of a wild run from reel 1 and a
   * run of the first non-wild symbol with wilds standing in. Writes [symbol, count] of
   * the pay into `paid` when given.
   */
  linePay(symbols: ArrayLike<number>, paid?: Int32Array): number {
    const reels = this.reelCount;
    const stride = reels + 1;
    let wildRun = 0;
    while (wildRun < reels && symbols[wildRun] === WILD) wildRun += 1;
    let best = this.pays[WILD * stride + wildRun]!;
    let bestSymbol = WILD;
    let bestCount = wildRun;
    if (wildRun < reels) {
      const target = symbols[wildRun]!;
      if (target !== SCATTER) {
        let count = wildRun + 1;
        while (count < reels && (symbols[count] === target || symbols[count] === WILD)) count += 1;
        const pay = this.pays[target * stride + count]!;
        if (pay > best) {
          best = pay;
          bestSymbol = target;
          bestCount = count;
        }
      }
    }
    if (paid) {
      paid[0] = bestSymbol;
      paid[1] = bestCount;
    }
    return best;
  }

  /** Line pays of a spin, in line bets, summed over all lines. */
  lineUnits(stops: ArrayLike<number>): number {
    let total = 0;
    const reels = this.reelCount;
    const rows = this.config.rows;
    for (let line = 0; line < this.lineCount; line += 1) {
      for (let reel = 0; reel < reels; reel += 1) {
        this.lineSymbols[reel] = this.windows[reel]![stops[reel]! * rows + this.lines[line * reels + reel]!]!;
      }
      total += this.linePay(this.lineSymbols);
    }
    return total;
  }

  scatterCount(stops: ArrayLike<number>): number {
    let count = 0;
    const rows = this.config.rows;
    for (let reel = 0; reel < this.reelCount; reel += 1) {
      const window = this.windows[reel]!;
      const base = stops[reel]! * rows;
      for (let row = 0; row < rows; row += 1) if (window[base + row] === SCATTER) count += 1;
    }
    return count;
  }

  scatterWinBp(scatterCount: number): number {
    return this.scatterBp[scatterCount]!;
  }

  /** A base-game spin's win in basis points of the stake (free spins multiply it). */
  baseWinBp(lineUnits: number, scatterCount: number): number {
    return lineUnits * this.lineUnitBp + this.scatterBp[scatterCount]!;
  }

  /** Draws the stops of a spin into `stops`, one nextIndex per reel. */
  drawStops(source: RandomSource, stops: number[] | Int32Array): void {
    for (let reel = 0; reel < this.reelCount; reel += 1) stops[reel] = source.nextIndex(this.lengths[reel]!);
  }
}

export const slotEngine = new SlotEngine(SLOT_CONFIG);

export type SlotMode = 'base' | 'free';

export interface SlotLineWin {
  /** Payline index (0-based) in SLOT_CONFIG.paylines. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  multiplierBp: number;
}

export interface SlotSpin {
  nonce: number;
  mode: SlotMode;
  stops: number[];
  /** window[reel][row], row 0 at the top. */
  window: SlotSymbol[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  scatterMultiplierBp: number;
  /** Free spins this spin awarded (or added). */
  freeSpinsAwarded: number;
  /** This spin's whole win, free-spin multiplier included. */
  multiplierBp: number;
}

export interface SlotRound {
  /** The nonce of the paid spin; free spins used the nonces after it. */
  nonce: number;
  spins: SlotSpin[];
  /** How many nonces the round consumed (1 + free spins): the next round starts at nonce + noncesUsed. */
  noncesUsed: number;
  /** The round's total multiplier (all spins); pay it with payoutMinor(stakeMinor, multiplierBp). */
  multiplierBp: number;
}

/** One spin, described for the UI and for recall. */
export function playSlotSpin(source: RandomSource, nonce: number, mode: SlotMode, engine = slotEngine): SlotSpin {
  const stops: number[] = new Array<number>(engine.reelCount);
  engine.drawStops(source, stops);
  const { config } = engine;
  const factor = mode === 'free' ? config.freeSpins.winMultiplier : 1;
  const window = config.reels.map((_, reel) =>
    Array.from({ length: config.rows }, (__, row) => SLOT_SYMBOLS[engine.symbolAt(stops, reel, row)]!),
  );
  const lineWins: SlotLineWin[] = [];
  const paid = new Int32Array(2);
  config.paylines.forEach((rows, line) => {
    const pay = engine.linePay(
      rows.map((row, reel) => engine.symbolAt(stops, reel, row)),
      paid,
    );
    if (pay > 0) {
      const symbol = SLOT_SYMBOLS[paid[0]!]!;
      lineWins.push({ line, symbol, count: paid[1]!, multiplierBp: pay * engine.lineUnitBp * factor });
    }
  });
  const scatterCount = engine.scatterCount(stops);
  const scatterMultiplierBp = engine.scatterWinBp(scatterCount) * factor;
  const { triggerScatters, awarded, retriggerAwarded } = config.freeSpins;
  const freeSpinsAwarded = scatterCount < triggerScatters ? 0 : mode === 'base' ? awarded : retriggerAwarded;
  const multiplierBp = lineWins.reduce((sum, win) => sum + win.multiplierBp, scatterMultiplierBp);
  return { nonce, mode, stops, window, lineWins, scatterCount, scatterMultiplierBp, freeSpinsAwarded, multiplierBp };
}

/**
 * A paid spin and all the free spins it leads to. `sourceFor(nonce)` gives the byte
 * stream of a nonce of the same seed pair (e.g. `(n) => rng.reset(n)` with a FairRng).
 */
export function playSlotRound(
  sourceFor: (nonce: number) => RandomSource,
  nonce: number,
  engine = slotEngine,
): SlotRound {
  const spins = [playSlotSpin(sourceFor(nonce), nonce, 'base', engine)];
  let remaining = spins[0]!.freeSpinsAwarded;
  let played = 0;
  while (remaining > 0 && played < engine.config.freeSpins.maxPerRound) {
    const freeNonce = nonce + 1 + played;
    const spin = playSlotSpin(sourceFor(freeNonce), freeNonce, 'free', engine);
    spins.push(spin);
    played += 1;
    remaining += spin.freeSpinsAwarded - 1;
  }
  const multiplierBp = spins.reduce((sum, spin) => sum + spin.multiplierBp, 0);
  return { nonce, spins, noncesUsed: 1 + played, multiplierBp };
}

const scratchStops = new Int32Array(5);

/**
 * The same round as playSlotRound, reduced to its total and the nonces it used, without
 * describing the spins: for simulations that play millions of rounds (slot.test.ts
 * checks that both agree).
 */
export function slotRoundWin(
  sourceFor: (nonce: number) => RandomSource,
  nonce: number,
  engine = slotEngine,
): { multiplierBp: number; noncesUsed: number } {
  const stops = engine.reelCount <= scratchStops.length ? scratchStops : new Int32Array(engine.reelCount);
  const { triggerScatters, awarded, retriggerAwarded, winMultiplier, maxPerRound } = engine.config.freeSpins;
  engine.drawStops(sourceFor(nonce), stops);
  let scatters = engine.scatterCount(stops);
  let multiplierBp = engine.baseWinBp(engine.lineUnits(stops), scatters);
  let remaining = scatters >= triggerScatters ? awarded : 0;
  let played = 0;
  while (remaining > 0 && played < maxPerRound) {
    engine.drawStops(sourceFor(nonce + 1 + played), stops);
    scatters = engine.scatterCount(stops);
    multiplierBp += engine.baseWinBp(engine.lineUnits(stops), scatters) * winMultiplier;
    played += 1;
    remaining += (scatters >= triggerScatters ? retriggerAwarded : 0) - 1;
  }
  return { multiplierBp, noncesUsed: 1 + played };
}

/** The exact make-up of the slot's RTP. All figures are in stakes of the paid spin. */
export interface SlotRtpBreakdown {
  /** Expected line win of a base spin. */
  lines: Ratio;
  /** Expected scatter win of a base spin. */
  scatters: Ratio;
  /** Chance that a spin awards free spins. */
  triggerChance: Ratio;
  /** Expected free spins per award, retriggers included. */
  expectedFreeSpins: Ratio;
  /** Expected win of the whole feature once triggered. */
  featureValue: Ratio;
  rtp: Ratio;
  value: number;
}

/** Combines a base spin's expected win and the trigger chance into the RTP (see the module comment). */
function withFeature(config: SlotConfig, lines: Ratio, scatters: Ratio, triggerChance: Ratio): SlotRtpBreakdown {
  const { awarded, retriggerAwarded, winMultiplier } = config.freeSpins;
  const baseSpin = addRatio(lines, scatters);
  const retriggerRate = mulRatio(triggerChance, ratio(BigInt(retriggerAwarded), 1n));
  if (retriggerRate.numerator >= retriggerRate.denominator) throw new RangeError('free spins would never end');
  const expectedFreeSpins = divRatio(
    ratio(BigInt(awarded), 1n),
    ratio(retriggerRate.denominator - retriggerRate.numerator, retriggerRate.denominator),
  );
  const featureValue = mulRatio(expectedFreeSpins, mulRatio(baseSpin, ratio(BigInt(winMultiplier), 1n)));
  const rtp = addRatio(baseSpin, mulRatio(triggerChance, featureValue));
  return { lines, scatters, triggerChance, expectedFreeSpins, featureValue, rtp, value: ratioToNumber(rtp) };
}

/** The exact RTP from symbol frequencies (fast; see the module comment for why it is exact). */
export function slotRtp(engine = slotEngine): SlotRtpBreakdown {
  const { config } = engine;
  const reels = engine.reelCount;
  const frequencies = config.reels.map((strip) => {
    const counts = new Array<number>(SLOT_SYMBOLS.length).fill(0);
    for (const symbol of strip) counts[SLOT_SYMBOLS.indexOf(symbol)]! += 1;
    return counts;
  });
  const combinations = engine.lengths.reduce((product, length) => product * BigInt(length), 1n);

  // One line: Σ over symbol tuples of (product of the symbols' frequencies) · pay.
  let linePayWeighted = 0n;
  const tuple = new Uint8Array(reels);
  const walk = (reel: number, weight: bigint): void => {
    if (reel === reels) {
      linePayWeighted += weight * BigInt(engine.linePay(tuple));
      return;
    }
    frequencies[reel]!.forEach((count, symbol) => {
      if (count === 0) return;
      tuple[reel] = symbol;
      walk(reel + 1, weight * BigInt(count));
    });
  };
  walk(0, 1n);
  // Every line has this expectation; 20 lines at 1/20 of the stake each sum to one line's.
  const lines = ratio(linePayWeighted, combinations);

  // Scatters in view: per-reel counts over stops, convolved across reels.
  let byCount = [1n];
  const stops = new Array<number>(reels).fill(0);
  for (let reel = 0; reel < reels; reel += 1) {
    const perStop = new Array<bigint>(config.rows + 1).fill(0n);
    for (let stop = 0; stop < engine.lengths[reel]!; stop += 1) {
      stops[reel] = stop;
      let visible = 0;
      for (let row = 0; row < config.rows; row += 1) if (engine.symbolAt(stops, reel, row) === SCATTER) visible += 1;
      perStop[visible]! += 1n;
    }
    const next = new Array<bigint>(byCount.length + config.rows).fill(0n);
    byCount.forEach((ways, have) => perStop.forEach((more, add) => (next[have + add]! += ways * more)));
    byCount = next;
  }
  let scatterWeighted = 0n;
  let triggerWays = 0n;
  byCount.forEach((ways, count) => {
    scatterWeighted += ways * BigInt(engine.scatterWinBp(count));
    if (count >= config.freeSpins.triggerScatters) triggerWays += ways;
  });
  const scatters = ratio(scatterWeighted, combinations * BigInt(BP_PER_X));
  return withFeature(config, lines, scatters, ratio(triggerWays, combinations));
}

/** Totals of a brute-force walk over reel-stop combinations. */
export interface SlotEnumeration {
  combinations: bigint;
  /** Line pays summed over all lines and combinations, in line bets. */
  lineUnits: bigint;
  scatterBp: bigint;
  triggers: bigint;
}

/**
 * Plays every combination of stops through the game's own evaluator, with reel 1's stop
 * limited to [from, to) so that workers can share the walk.
 */
export function enumerateSlotStops(engine = slotEngine, from = 0, to = engine.lengths[0]!): SlotEnumeration {
  const reels = engine.reelCount;
  const stops = new Int32Array(reels);
  const trigger = engine.config.freeSpins.triggerScatters;
  const totals: SlotEnumeration = { combinations: 0n, lineUnits: 0n, scatterBp: 0n, triggers: 0n };
  let combinations = 0;
  let lineUnits = 0;
  let scatterBp = 0;
  let triggers = 0;
  const walk = (reel: number): void => {
    if (reel === reels) {
      combinations += 1;
      lineUnits += engine.lineUnits(stops);
      const scatters = engine.scatterCount(stops);
      scatterBp += engine.scatterWinBp(scatters);
      if (scatters >= trigger) triggers += 1;
      return;
    }
    for (let stop = 0; stop < engine.lengths[reel]!; stop += 1) {
      stops[reel] = stop;
      walk(reel + 1);
    }
  };
  for (let first = from; first < to; first += 1) {
    stops[0] = first;
    // Per first stop the sums stay far below 2⁵³, so plain numbers are exact until flushed.
    combinations = lineUnits = scatterBp = triggers = 0;
    walk(1);
    totals.combinations += BigInt(combinations);
    totals.lineUnits += BigInt(lineUnits);
    totals.scatterBp += BigInt(scatterBp);
    totals.triggers += BigInt(triggers);
  }
  return totals;
}

/** The RTP from enumeration totals (add up the parts of several workers first). */
export function slotRtpFromEnumeration(totals: SlotEnumeration, engine = slotEngine): SlotRtpBreakdown {
  const lines = ratio(totals.lineUnits, totals.combinations * BigInt(engine.lineCount));
  const scatters = ratio(totals.scatterBp, totals.combinations * BigInt(BP_PER_X));
  return withFeature(engine.config, lines, scatters, ratio(totals.triggers, totals.combinations));
}
