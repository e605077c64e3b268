import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { refSha256 } from '../reference.testutil';
import {
  CRASH,
  crashChain,
  crashElapsedMsFor,
  crashMultiplierAt,
  crashMultiplierBp,
  crashPointHundredths,
  crashRtp,
  previousCrashHash,
  terminatingCrashHash,
  validateCrashCashOut,
  verifyCrashHash,
} from './crash';

const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';

describe('crash', () => {
  it('builds the chain so that each game hash commits to the next', () => {
    const chain = crashChain('operator secret', 50);
    expect(chain).toHaveLength(50);
    // Built forwards from the seed, played backwards.
    expect(chain[49]).toBe(refSha256('operator secret'));
    for (let i = 1; i < chain.length; i += 1) expect(previousCrashHash(chain[i]!)).toBe(chain[i - 1]);
    const published = terminatingCrashHash(chain[0]!);
    expect(verifyCrashHash(chain[0]!, published, 1)).toBe(1);
    expect(verifyCrashHash(chain[30]!, published, 100)).toBe(31);
    expect(verifyCrashHash(refSha256('forged'), published, 100)).toBeNull();
  });

  it('derives the crash point from HMAC(game hash, salt)', () => {
    for (const gameHash of crashChain('known answers', 40)) {
      const bytes = createHmac('sha256', gameHash).update(SALT).digest();
      const u = BigInt(bytes.readUInt32BE(0));
      const expected = u === 0n ? CRASH.maxCashOutHundredths : Math.max(100, Number((99n * 2n ** 32n) / u));
      expect(crashPointHundredths(gameHash, SALT)).toBe(Math.min(expected, CRASH.maxCashOutHundredths));
    }
  });

  it('pays a cash-out the crash point reached', () => {
    expect(crashMultiplierBp({ cashOutHundredths: 200 }, 200)).toBe(20_000);
    expect(crashMultiplierBp({ cashOutHundredths: 200 }, 199)).toBe(0);
    expect(Math.abs(crashRtp({ cashOutHundredths: 200 }) - 0.99)).toBeLessThan(1e-9);
    expect(validateCrashCashOut({ cashOutHundredths: 100 })).toMatchObject({ ok: false });
  });

  it('grows the shown multiplier over time consistently with its inverse', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    for (const hundredths of [101, 150, 200, 1000, 12_345, 1_000_000]) {
      const at = crashElapsedMsFor(hundredths);
      expect(crashMultiplierAt(at)).toBeGreaterThanOrEqual(hundredths);
      expect(crashMultiplierAt(at - 1)).toBeLessThan(hundredths + 1);
    }
  });
});
