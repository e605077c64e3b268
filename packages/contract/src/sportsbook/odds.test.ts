import { describe, expect, it } from 'vitest';
import {
  combineOddsMilli,
  formatAmericanOdds,
  formatDecimalOdds,
  formatFractionalOdds,
  formatOdds,
  isValidOddsMilli,
  ODDS_FORMATS,
  parseAmericanOdds,
  parseDecimalOdds,
  parseFractionalOdds,
  parseOdds,
  toAmericanOdds,
} from './odds';

describe('odds representation', () => {
  it('the minimum price is 1.001', () => {
    expect(isValidOddsMilli(1001n)).toBe(true);
    expect(isValidOddsMilli(1000n)).toBe(false);
    expect(() => formatDecimalOdds(1000n)).toThrow(RangeError);
  });
});

describe('decimal odds', () => {
  it.each([
    [1850n, '1.85'],
    [1855n, '1.855'],
    [2000n, '2.00'],
    [1001n, '1.001'],
    [1010n, '1.01'],
    [1100n, '1.10'],
    [101000n, '101.00'],
  ])('%s shows as %s', (oddsMilli, text) => {
    expect(formatDecimalOdds(oddsMilli)).toBe(text);
    expect(parseDecimalOdds(text)).toBe(oddsMilli);
  });

  it.each(['1.8555', '1', '1.000', '0.5', '-2', '2e3', 'abc', '', '1.'])('refuses %j', (text) => {
    expect(parseDecimalOdds(text)).toBeNull();
  });

  it('parses whole and one-decimal odds', () => {
    expect(parseDecimalOdds('3')).toBe(3000n);
    expect(parseDecimalOdds(' 2.5 ')).toBe(2500n);
  });

  it('round-trips every price from 1.001 to 20.000', () => {
    for (let oddsMilli = 1001n; oddsMilli <= 20_000n; oddsMilli++) {
      expect(parseDecimalOdds(formatDecimalOdds(oddsMilli))).toBe(oddsMilli);
    }
  });
});

describe('fractional odds', () => {
  it.each([
    [1850n, '17/20'],
    [2000n, '1/1'],
    [2500n, '3/2'],
    [1500n, '1/2'],
    [11000n, '10/1'],
    [1250n, '1/4'],
    [4330n, '333/100'],
    // not exact with a denominator ≤ 100: the closest simple fraction
    [1333n, '1/3'],
    [1667n, '2/3'],
    [2375n, '11/8'],
    [1001n, '1/100'],
    [1909n, '10/11'],
    [1010n, '1/100'],
    [1143n, '1/7'],
  ])('%s shows as %s', (oddsMilli, text) => {
    expect(formatFractionalOdds(oddsMilli)).toBe(text);
  });

  it.each([
    ['17/20', 1850n],
    ['1/3', 1333n],
    ['2/3', 1666n],
    ['100/30', 4333n],
    ['1/1', 2000n],
  ])('parses %s as %s, rounded down', (text, oddsMilli) => {
    expect(parseFractionalOdds(text)).toBe(oddsMilli);
  });

  it.each(['1/0', '0/1', '1/2000', '-1/2', '1.5/2', 'x'])('refuses %j', (text) => {
    expect(parseFractionalOdds(text)).toBeNull();
  });

  it('every price a fraction with denominator ≤ 100 reaches round-trips; the rest show the closest', () => {
    let approximated = 0;
    for (let oddsMilli = 1001n; oddsMilli <= 20_000n; oddsMilli++) {
      const text = formatFractionalOdds(oddsMilli);
      const [n, d] = text.split('/').map(BigInt);
      expect(d! <= 100n).toBe(true);
      const reachable = Array.from({ length: 100 }, (_, i) => BigInt(i + 1)).some(
        (q) => parseFractionalOdds(`${(((oddsMilli - 1000n) * q + 999n) / 1000n).toString()}/${q}`) === oddsMilli,
      );
      if (reachable) {
        expect(parseFractionalOdds(text)).toBe(oddsMilli);
      } else {
        approximated += 1;
        // q = 100 alone is within half a hundredth, except under 1.01 where 1/100 is the least shown
        const errorBound = (oddsMilli < 1010n ? 0.01 : 0.005) + 1e-9;
        expect(Math.abs(Number(n!) / Number(d!) - Number(oddsMilli - 1000n) / 1000)).toBeLessThanOrEqual(errorBound);
      }
    }
    expect(approximated).toBeGreaterThan(0);
    expect(approximated).toBeLessThan(19_000 / 10);
  });

  it('a typed fraction shows as one of the same price (1/11 → 1.090 → 9/100)', () => {
    for (let denominator = 1; denominator <= 20; denominator++) {
      for (let numerator = 1; numerator <= 40; numerator++) {
        const oddsMilli = parseFractionalOdds(`${numerator}/${denominator}`)!;
        expect(parseFractionalOdds(formatFractionalOdds(oddsMilli))).toBe(oddsMilli);
      }
    }
    expect(formatFractionalOdds(parseFractionalOdds('1/11')!)).toBe('9/100');
    expect(formatFractionalOdds(parseFractionalOdds('6/4')!)).toBe('3/2');
  });
});

describe('American odds', () => {
  it.each([
    [2500n, '+150'],
    [3000n, '+200'],
    [2000n, '+100'],
    [1500n, '-200'],
    [1250n, '-400'],
    [1850n, '-118'],
    [1909n, '-110'],
    [2375n, '+138'],
    [1001n, '-100000'],
  ])('%s shows as %s', (oddsMilli, text) => {
    expect(formatAmericanOdds(oddsMilli)).toBe(text);
  });

  it.each([
    ['+150', 2500n],
    ['150', 2500n],
    ['-200', 1500n],
    ['\u2212200', 1500n],
    ['-110', 1909n],
    ['+100', 2000n],
    ['-100', 2000n],
  ])('parses %s as %s', (text, oddsMilli) => {
    expect(parseAmericanOdds(text)).toBe(oddsMilli);
  });

  it.each(['+99', '-50', '0', '1.5', '', '+-100'])('refuses %j', (text) => {
    expect(parseAmericanOdds(text)).toBeNull();
  });

  it('round-trips positive odds and negative odds down to -220', () => {
    for (let american = 100; american <= 10_000; american++) {
      expect(formatAmericanOdds(parseAmericanOdds(`+${american}`)!)).toBe(`+${american}`);
    }
    for (let american = 101; american <= 220; american++) {
      expect(formatAmericanOdds(parseAmericanOdds(`-${american}`)!)).toBe(`-${american}`);
    }
  });

  it('decimal → American → decimal stays within the American resolution', () => {
    for (let oddsMilli = 1100n; oddsMilli <= 20_000n; oddsMilli += 3n) {
      const back = parseAmericanOdds(formatAmericanOdds(oddsMilli))!;
      const american = toAmericanOdds(oddsMilli);
      // +n moves in steps of 10 milli; −n steps grow as 100000/n²
      const stepMilli = american > 0n ? 10n : 100_000n / (american * american) + 2n;
      expect(back > oddsMilli ? back - oddsMilli : oddsMilli - back).toBeLessThanOrEqual(stepMilli);
    }
  });
});

describe('formats', () => {
  it('format and parse agree in every format', () => {
    for (const format of ODDS_FORMATS) {
      for (const oddsMilli of [1500n, 2000n, 2500n, 3000n, 11_000n]) {
        expect(parseOdds(formatOdds(oddsMilli, format), format)).toBe(oddsMilli);
      }
    }
  });

  it('combined odds of an accumulator round down to a thousandth', () => {
    expect(combineOddsMilli([1850n])).toBe(1850n);
    expect(combineOddsMilli([1850n, 2000n])).toBe(3700n);
    expect(combineOddsMilli([1333n, 1333n])).toBe(1776n); // 1.776889
    expect(combineOddsMilli(Array<bigint>(20).fill(50_000n))).toBe(50n ** 20n * 1000n);
    expect(() => combineOddsMilli([])).toThrow(RangeError);
  });
});
