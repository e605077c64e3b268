import { describe, expect, it } from 'vitest';
import { SettlementInputError, type Resolution } from './resolution';
import {
  MAX_TICKET_LEGS,
  potentialReturnMinor,
  resettleTicket,
  settleTicket,
  validateTicketLegs,
  type LegState,
  type Ticket,
} from './tickets';

const ticket = (stakeMinor: bigint, ...legs: [bigint, LegState][]): Ticket => ({
  stakeMinor,
  legs: legs.map(([oddsMilli, resolution], index) => ({ eventId: `e${index}`, oddsMilli, resolution })),
});

describe('ticket legs validation', () => {
  const legs = (count: number) => Array.from({ length: count }, (_, i) => ({ eventId: `e${i}`, oddsMilli: 1500n }));

  it('accepts a single and accumulators of 2 to 20 legs', () => {
    for (const count of [1, 2, 3, MAX_TICKET_LEGS]) expect(validateTicketLegs(legs(count))).toEqual({ ok: true });
  });

  it('refuses no legs and more than 20', () => {
    expect(validateTicketLegs([])).toEqual({ ok: false, error: { code: 'NO_LEGS' } });
    expect(validateTicketLegs(legs(21))).toEqual({ ok: false, error: { code: 'TOO_MANY_LEGS', maxLegs: 20 } });
  });

  it('refuses two legs on one event, naming it', () => {
    const twice = [...legs(3), { eventId: 'e1', oddsMilli: 2000n }];
    expect(validateTicketLegs(twice)).toEqual({ ok: false, error: { code: 'SAME_EVENT', eventIds: ['e1'] } });
  });

  it('refuses odds under 1.001', () => {
    expect(validateTicketLegs([{ eventId: 'a', oddsMilli: 1000n }])).toEqual({
      ok: false,
      error: { code: 'INVALID_ODDS', legIndexes: [0] },
    });
  });
});

describe('singles', () => {
  it.each<[Resolution, bigint, string, bigint]>([
    ['won', 1850n, 'won', 1850n],
    ['lost', 1850n, 'lost', 0n],
    ['void', 1850n, 'void', 1000n],
    // (1.90 + 1) / 2 = 1.45
    ['half_won', 1900n, 'won', 1450n],
    ['half_lost', 1900n, 'partial', 500n],
  ])('%s at %s → %s, returns %s', (resolution, oddsMilli, status, returnMinor) => {
    expect(settleTicket(ticket(1000n, [oddsMilli, resolution]))).toEqual({ status, returnMinor });
  });

  it('rounds down to the minor unit (toward the house)', () => {
    expect(settleTicket(ticket(1n, [1850n, 'won']))).toEqual({ status: 'won', returnMinor: 1n });
    expect(settleTicket(ticket(3n, [1500n, 'half_lost']))).toEqual({ status: 'partial', returnMinor: 1n });
    expect(settleTicket(ticket(333n, [1333n, 'won']))).toEqual({ status: 'won', returnMinor: 443n }); // 443.889
  });

  it('is open while pending', () => {
    expect(settleTicket(ticket(1000n, [1850n, 'pending']))).toBeNull();
  });

  it('refuses a non-positive stake', () => {
    expect(() => settleTicket(ticket(0n, [1850n, 'won']))).toThrow(SettlementInputError);
  });
});

describe('accumulators', () => {
  it.each<[string, [bigint, LegState][], { status: string; returnMinor: bigint } | null]>([
    [
      'all won',
      [
        [2000n, 'won'],
        [1500n, 'won'],
        [3000n, 'won'],
      ],
      { status: 'won', returnMinor: 9000n },
    ],
    [
      'a void leg is left out',
      [
        [2000n, 'won'],
        [1500n, 'void'],
        [3000n, 'won'],
      ],
      { status: 'won', returnMinor: 6000n },
    ],
    [
      'a lost leg loses it',
      [
        [2000n, 'won'],
        [1500n, 'lost'],
        [3000n, 'won'],
      ],
      { status: 'lost', returnMinor: 0n },
    ],
    [
      'a lost leg loses it while others pend',
      [
        [2000n, 'pending'],
        [1500n, 'lost'],
      ],
      { status: 'lost', returnMinor: 0n },
    ],
    [
      'pending legs keep it open',
      [
        [2000n, 'won'],
        [1500n, 'pending'],
      ],
      null,
    ],
    [
      'half-won multiplies in',
      [
        [2000n, 'won'],
        [1900n, 'half_won'],
      ],
      { status: 'won', returnMinor: 2900n },
    ],
    [
      'half-lost halves',
      [
        [2000n, 'won'],
        [1900n, 'half_lost'],
        [3000n, 'won'],
      ],
      { status: 'partial', returnMinor: 3000n },
    ],
    [
      'half-lost and void',
      [
        [1900n, 'half_lost'],
        [1500n, 'void'],
      ],
      { status: 'partial', returnMinor: 500n },
    ],
    [
      'two half-lost',
      [
        [1900n, 'half_lost'],
        [2100n, 'half_lost'],
      ],
      { status: 'partial', returnMinor: 250n },
    ],
    [
      'all void: stake back',
      [
        [2000n, 'void'],
        [1500n, 'void'],
        [3000n, 'void'],
      ],
      { status: 'void', returnMinor: 1000n },
    ],
    [
      'void and half-won',
      [
        [2000n, 'void'],
        [2500n, 'half_won'],
      ],
      { status: 'won', returnMinor: 1750n },
    ],
  ])('%s', (_name, legs, expected) => {
    expect(settleTicket(ticket(1000n, ...legs))).toEqual(expected);
  });

  it('multiplies exactly and rounds once: 1.333³ × 10.00 = 23.685930 → 23.68', () => {
    // rounding per leg would give 13.33 → 17.76 → 23.67
    expect(settleTicket(ticket(1000n, [1333n, 'won'], [1333n, 'won'], [1333n, 'won']))).toEqual({
      status: 'won',
      returnMinor: 2368n,
    });
  });

  it('20 legs at 1.333: exact product, rounded down once', () => {
    const legs = Array.from({ length: 20 }, (): [bigint, LegState] => [1333n, 'won']);
    // 10^6 × 1333^20 / 1000^20 = 313 763 909.6…
    expect(settleTicket(ticket(1_000_000n, ...legs))).toEqual({ status: 'won', returnMinor: 313_763_909n });
  });

  it('20 legs at 1000.00 and a large stake do not overflow', () => {
    const legs = Array.from({ length: 20 }, (): [bigint, LegState] => [1_000_000n, 'won']);
    const stakeMinor = 10n ** 12n;
    expect(settleTicket(ticket(stakeMinor, ...legs))?.returnMinor).toBe(stakeMinor * 1000n ** 20n);
    const halves = Array.from({ length: 20 }, (): [bigint, LegState] => [1_000_000n, 'half_won']);
    // (1000 + 1) / 2 per leg, exact
    expect(settleTicket(ticket(2n ** 20n, ...halves))?.returnMinor).toBe(1001n ** 20n);
  });

  it('potential return: pending legs counted as won, settled legs by their factor', () => {
    expect(potentialReturnMinor(ticket(1000n, [2000n, 'pending'], [1500n, 'pending']))).toBe(3000n);
    expect(potentialReturnMinor(ticket(1000n, [2000n, 'void'], [1500n, 'pending']))).toBe(1500n);
    expect(potentialReturnMinor(ticket(1000n, [2000n, 'half_lost'], [1500n, 'pending']))).toBe(750n);
    expect(potentialReturnMinor(ticket(1000n, [2000n, 'lost'], [1500n, 'pending']))).toBe(0n);
  });
});

describe('resettlement', () => {
  const single = (resolution: LegState) => ticket(1000n, [1850n, resolution]);
  const first = (resolution: LegState) => settleTicket(single(resolution))!;

  it.each<[LegState, LegState, bigint]>([
    ['won', 'lost', -1850n],
    ['lost', 'won', 1850n],
    ['won', 'void', -850n],
    ['void', 'won', 850n],
    ['lost', 'void', 1000n],
    ['won', 'half_won', -425n], // 1850 → 1425
    ['half_lost', 'lost', -500n],
    ['won', 'won', 0n],
    ['lost', 'lost', 0n],
    ['void', 'void', 0n],
  ])('%s → %s posts %s', (before, after, deltaMinor) => {
    const resettled = resettleTicket(first(before), single(after));
    expect(resettled.deltaMinor).toBe(deltaMinor);
    expect(first(before).returnMinor + resettled.deltaMinor).toBe(resettled.settlement.returnMinor);
  });

  it('settling the same corrected result twice posts nothing the second time', () => {
    const corrected = ticket(500n, [2000n, 'won'], [1700n, 'void'], [2100n, 'won']);
    const before = settleTicket(ticket(500n, [2000n, 'won'], [1700n, 'lost'], [2100n, 'won']))!;
    const once = resettleTicket(before, corrected);
    expect(once.deltaMinor).toBe(2100n);
    expect(resettleTicket(once.settlement, corrected).deltaMinor).toBe(0n);
  });

  it('an accumulator leg corrected to void recomputes without it', () => {
    const before = settleTicket(ticket(1000n, [2000n, 'won'], [1500n, 'won']))!;
    const after = resettleTicket(before, ticket(1000n, [2000n, 'won'], [1500n, 'void']));
    expect(after).toEqual({ settlement: { status: 'won', returnMinor: 2000n }, deltaMinor: -1000n });
  });

  it('refuses a correction with legs still pending', () => {
    expect(() => resettleTicket(first('won'), single('pending'))).toThrow(SettlementInputError);
  });
});
