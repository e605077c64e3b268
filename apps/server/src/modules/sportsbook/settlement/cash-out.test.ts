import { describe, expect, it } from 'vitest';
import { cashOutPriceMinor, decideCashOut, type CashOutLeg } from './cash-out';
import { SettlementInputError } from './resolution';

const terms = { marginBp: 500n, minPriceMinor: 10n };
const pending = (oddsMilli: bigint, currentOddsMilli: bigint | null, suspended = false): CashOutLeg => ({
  eventId: `p${oddsMilli}-${currentOddsMilli}`,
  oddsMilli,
  resolution: 'pending',
  currentOddsMilli,
  suspended,
});
const settled = (oddsMilli: bigint, resolution: CashOutLeg['resolution']): CashOutLeg => ({
  eventId: `s${oddsMilli}-${resolution}`,
  oddsMilli,
  resolution,
  currentOddsMilli: null,
  suspended: false,
});

describe('cash-out price', () => {
  it.each<[string, CashOutLeg[], bigint | null]>([
    // 1000 × 2.00 / 1.50 × 0.95 = 1266.67
    ['a single whose odds shortened', [pending(2000n, 1500n)], 1266n],
    // 1000 × 2.00 / 4.00 × 0.95 = 475
    ['a single whose odds drifted', [pending(2000n, 4000n)], 475n],
    // at unchanged odds the fair value is the stake, less the margin
    ['unchanged odds', [pending(1850n, 1850n)], 950n],
    // won leg × 3.00 / 2.00 × 0.95 = 2850
    ['an accumulator with a won leg', [settled(2000n, 'won'), pending(3000n, 2000n)], 2850n],
    ['a void leg counts 1', [settled(2000n, 'void'), pending(3000n, 2000n)], 1425n],
    ['a half-won leg', [settled(1900n, 'half_won'), pending(2000n, 2000n)], 1377n], // 1000 × 1.45 × 0.95 = 1377.5
    ['a half-lost leg', [settled(1900n, 'half_lost'), pending(2000n, 2000n)], 475n],
    ['two pending legs', [pending(2000n, 1250n), pending(3000n, 1500n)], 3040n], // 1.6 × 2 × 950
    ['a lost leg: no offer', [settled(2000n, 'lost'), pending(3000n, 2000n)], null],
    ['a suspended leg: no offer', [settled(2000n, 'won'), pending(3000n, 2000n, true)], null],
    ['an unpriced leg: no offer', [pending(3000n, null)], null],
    ['nothing pending: no offer', [settled(2000n, 'won'), settled(1500n, 'won')], null],
    // 1000 × 1.01 / 200.00 × 0.95 = 4.79: under the minimum of 10
    ['under the minimum: no offer', [pending(1010n, 200_000n)], null],
  ])('%s', (_name, legs, expected) => {
    expect(cashOutPriceMinor(1000n, legs, terms)).toBe(expected);
  });

  it('with no margin at unchanged odds it pays the stake back', () => {
    expect(cashOutPriceMinor(1234n, [pending(2345n, 2345n)], { marginBp: 0n, minPriceMinor: 0n })).toBe(1234n);
  });

  it('a 20-leg accumulator is priced exactly', () => {
    const legs = Array.from({ length: 20 }, (_, i) => ({ ...pending(3000n, 2000n), eventId: `e${i}` }));
    // 10 × 1.5^20 × 0.95 = 31 551.9…
    expect(cashOutPriceMinor(10n, legs, { marginBp: 500n, minPriceMinor: 0n })).toBe(
      (10n * 3n ** 20n * 9500n) / (2n ** 20n * 10_000n),
    );
  });

  it('refuses a margin outside [0, 100%) and a non-positive stake', () => {
    expect(() => cashOutPriceMinor(1000n, [pending(2000n, 2000n)], { marginBp: 10_000n, minPriceMinor: 0n })).toThrow(
      SettlementInputError,
    );
    expect(() => cashOutPriceMinor(0n, [pending(2000n, 2000n)], terms)).toThrow(SettlementInputError);
  });
});

describe('accepting a cash-out', () => {
  it('accepts when the price held, paying it', () => {
    expect(decideCashOut(1266n, 1266n)).toEqual({ accepted: true, amountMinor: 1266n });
  });

  it('accepts when the price rose, paying the higher price', () => {
    expect(decideCashOut(1266n, 1300n)).toEqual({ accepted: true, amountMinor: 1300n });
  });

  it('refuses when the price fell, even by one minor unit', () => {
    expect(decideCashOut(1266n, 1265n)).toEqual({ accepted: false, reason: 'PRICE_DROPPED', currentPriceMinor: 1265n });
  });

  it('refuses when there is no offer any more', () => {
    expect(decideCashOut(1266n, null)).toEqual({ accepted: false, reason: 'NO_OFFER', currentPriceMinor: null });
  });
});
