import { commitServerSeed, drawWheelSector, FairRng } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { countdownParts, landingRotation, sectorAngles, verifyDraw, wedgePath } from './logic';

describe('wheel logic', () => {
  it('lands the pointer on the middle of the drawn sector, always forwards', () => {
    for (const [current, count, index] of [
      [0, 6, 0],
      [0, 6, 3],
      [1810, 8, 7],
      [-30, 5, 2],
    ] as const) {
      const next = landingRotation(current, count, index);
      expect(next).toBeGreaterThanOrEqual(current + 5 * 360);
      expect(next).toBeLessThan(current + 6 * 360);
      const atPointer = (((sectorAngles(count, index).center + next) % 360) + 360) % 360;
      expect(atPointer).toBeCloseTo(0, 6);
    }
  });

  it('draws wedges and counts down', () => {
    expect(wedgePath(100, 0, 90)).toBe('M 0 0 L 0.000 -100.000 A 100 100 0 0 1 100.000 -0.000 Z');
    expect(countdownParts('2026-01-02T01:02:03Z', Date.parse('2026-01-01T00:00:00Z'))).toEqual({
      days: 1,
      hours: 1,
      minutes: 2,
      seconds: 3,
    });
    expect(countdownParts('2026-01-01T00:00:00Z', Date.parse('2026-01-02T00:00:00Z')).seconds).toBe(0);
  });

  it('verifies a draw from its revealed seed and refuses a changed one', () => {
    const serverSeed = 'a'.repeat(64);
    const weights = [5, 3, 2];
    const sectorIndex = drawWheelSector(new FairRng(serverSeed, 'client', 0), weights);
    const draw = {
      spinId: 's',
      wheelId: 'w',
      serverSeed,
      serverSeedHash: commitServerSeed(serverSeed),
      clientSeed: 'client',
      nonce: 0,
      weights,
      sectorIndex,
      sectorId: 'x',
      prize: 'none' as const,
      spunAt: '2026-01-01T00:00:00Z',
    };
    expect(verifyDraw(draw, draw.serverSeedHash)).toEqual({ ok: true, index: sectorIndex });
    expect(verifyDraw(draw, commitServerSeed('b'.repeat(64)))).toEqual({ ok: false });
    expect(verifyDraw({ ...draw, sectorIndex: (sectorIndex + 1) % 3 }, draw.serverSeedHash)).toEqual({ ok: false });
  });
});
