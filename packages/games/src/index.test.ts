import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DECLARED_RTP,
  FairRng,
  GameParamsViolation,
  SEEDED_GAMES,
  addRatio,
  diceRollHundredths,
  minesLayout,
  multiplierFromBp,
  payoutMinor,
  playSlotRound,
  ratio,
  ratioToNumber,
  replayRound,
  roulettePocket,
} from './index';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

describe('money', () => {
  it('pays stake × multiplier in minor units, rounded down', () => {
    expect(payoutMinor(100n, 19_801)).toBe(198n); // 198.01 → 198
    expect(payoutMinor(123_456_789_012_345_678n, 20_000)).toBe(246_913_578_024_691_356n);
    expect(payoutMinor(1n, 9_999)).toBe(0n);
    expect(payoutMinor(0n, 10_000)).toBe(0n);
    expect(() => payoutMinor(-1n, 10_000)).toThrow(RangeError);
    expect(() => payoutMinor(1n, 1.5)).toThrow(RangeError);
    expect(multiplierFromBp(19_801)).toBe(1.9801);
  });

  it('keeps ratios exact', () => {
    expect(addRatio(ratio(1n, 3n), ratio(1n, 6n))).toEqual({ numerator: 1n, denominator: 2n });
    expect(ratio(6n, -4n)).toEqual({ numerator: -3n, denominator: 2n });
    expect(ratioToNumber(ratio(36n, 37n))).toBe(36 / 37);
    expect(ratioToNumber(ratio(10n ** 30n + 1n, 10n ** 30n))).toBe(1);
  });
});

describe('replayRound', () => {
  const seeds = { serverSeed: SERVER, clientSeed: CLIENT, nonce: 3 };

  it('recomputes each game from seeds, nonce and choices', () => {
    expect(replayRound(seeds, { game: 'dice', params: { direction: 'under', targetHundredths: 5000 } })).toEqual({
      ok: true,
      value: { game: 'dice', outcome: { rollHundredths: 4756, win: true, multiplierBp: 19_801 } },
    });
    expect(replayRound(seeds, { game: 'limbo', params: { targetHundredths: 200 } })).toMatchObject({
      ok: true,
      value: { outcome: { resultHundredths: 208, win: true, multiplierBp: 20_000 } },
    });
    expect(
      replayRound(seeds, { game: 'mines', params: { mineCount: 3 }, actions: { reveals: [0], cashOut: true } }),
    ).toMatchObject({ ok: true, value: { outcome: { mines: [9, 11, 19], status: 'cashedOut' } } });
    expect(replayRound(seeds, { game: 'plinko', params: { rows: 16, risk: 'low' } })).toMatchObject({
      ok: true,
      value: { outcome: { bucket: 6 } },
    });
    expect(replayRound(seeds, { game: 'roulette', bets: [{ type: 'odd', stakeMinor: 10n }] })).toMatchObject({
      ok: true,
      value: { outcome: { pocket: 17, totalPayoutMinor: 20n } },
    });
    const rng = new FairRng(SERVER, CLIENT, 0);
    expect(replayRound(seeds, { game: 'slot' })).toEqual({
      ok: true,
      value: { game: 'slot', outcome: playSlotRound((n) => rng.reset(n), 3) },
    });
    // The same draws as the game functions on the same stream.
    expect(diceRollHundredths(new FairRng(SERVER, CLIENT, 3))).toBe(4756);
    expect(roulettePocket(new FairRng(SERVER, CLIENT, 3))).toBe(17);
    expect(minesLayout(new FairRng(SERVER, CLIENT, 3), 3)).toEqual([11, 19, 9]);
  });

  it('answers bad input with typed errors, never by throwing', () => {
    expect(replayRound({ ...seeds, clientSeed: 'a b' }, { game: 'slot' })).toMatchObject({
      ok: false,
      error: { field: 'clientSeed' },
    });
    expect(replayRound({ ...seeds, nonce: -1 }, { game: 'slot' })).toMatchObject({
      ok: false,
      error: { field: 'nonce' },
    });
    expect(replayRound(seeds, { game: 'plinko', params: { rows: 20, risk: 'low' } })).toMatchObject({
      ok: false,
      error: { field: 'rows', rule: 'range' },
    });
    expect(
      replayRound(seeds, { game: 'mines', params: { mineCount: 3 }, actions: { reveals: [1, 1], cashOut: false } }),
    ).toMatchObject({ ok: false, error: { rule: 'distinct' } });
  });

  it('declares an RTP for every game', () => {
    for (const game of SEEDED_GAMES) expect(DECLARED_RTP[game]).toBeGreaterThan(0.95);
    expect(new GameParamsViolation({ field: 'x', rule: 'range', message: 'bad' }).message).toBe('x: bad');
  });
});

describe('package purity', () => {
  it('uses no Node-only API outside tests (the code runs in the browser verifier)', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const sources = walk(import.meta.dirname).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.testutil.ts'),
    );
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\.|\bwindow\.|\bdocument\./);
    }
  });
});
