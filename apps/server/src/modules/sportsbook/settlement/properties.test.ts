// Property tests over seeded random tickets (the repository has no fast-check; a fixed
// seed keeps failures reproducible).
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../test/seeded-random';
import { cashOutPriceMinor, type CashOutLeg } from './cash-out';
import { resolveOutcome, type Market } from './markets';
import { RESOLUTIONS, type Resolution } from './resolution';
import { potentialReturnMinor, resettleTicket, settleTicket, type SettlingLeg, type Ticket } from './tickets';

const RUNS = 2_000;
const series = seededRandom(20);
/** A whole number in [0, below). */
const random = (below: number) => series.int(0, below - 1);
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;
const odds = () => 1001n + BigInt(random(5) === 0 ? random(500_000) : random(4_000));
const stake = () => 1n + BigInt(random(1_000_000));

function randomTicket(states: readonly (Resolution | 'pending')[] = RESOLUTIONS): Ticket {
  const count = 1 + random(20);
  const legs: SettlingLeg[] = Array.from({ length: count }, (_, i) => ({
    eventId: `e${i}`,
    oddsMilli: odds(),
    resolution: pick(states),
  }));
  return { stakeMinor: stake(), legs };
}

const withLeg = (ticket: Ticket, index: number, resolution: Resolution): Ticket => ({
  ...ticket,
  legs: ticket.legs.map((leg, i) => (i === index ? { ...leg, resolution } : leg)),
});

describe('settlement properties', () => {
  it('the return never exceeds stake × Π odds, nor is below 0', () => {
    for (let run = 0; run < RUNS; run++) {
      const ticket = randomTicket();
      const returnMinor = settleTicket(ticket)!.returnMinor;
      const allWonMinor = settleTicket({ ...ticket, legs: ticket.legs.map((l) => ({ ...l, resolution: 'won' })) })!;
      expect(returnMinor >= 0n).toBe(true);
      expect(returnMinor <= allWonMinor.returnMinor).toBe(true);
    }
  });

  it('the return is the exact value rounded down: within one minor unit below it', () => {
    for (let run = 0; run < RUNS; run++) {
      const ticket = randomTicket(['won', 'void', 'half_won', 'half_lost']);
      const returnMinor = settleTicket(ticket)!.returnMinor;
      // exact value as numerator / denominator with odds/1000 and halves
      let numerator = ticket.stakeMinor;
      let denominator = 1n;
      for (const leg of ticket.legs) {
        const [n, d] =
          leg.resolution === 'won'
            ? [leg.oddsMilli, 1000n]
            : leg.resolution === 'void'
              ? [1n, 1n]
              : leg.resolution === 'half_won'
                ? [leg.oddsMilli + 1000n, 2000n]
                : [1n, 2n];
        numerator *= n;
        denominator *= d;
      }
      expect(returnMinor * denominator <= numerator).toBe(true);
      expect((returnMinor + 1n) * denominator > numerator).toBe(true);
    }
  });

  it('a void leg is the same as no leg, and never returns less than a lost or half-lost one', () => {
    for (let run = 0; run < RUNS; run++) {
      const ticket = randomTicket(['won', 'void', 'half_won', 'half_lost']);
      if (ticket.legs.length < 2) continue;
      const index = random(ticket.legs.length);
      const voided = settleTicket(withLeg(ticket, index, 'void'))!;
      const without = settleTicket({ ...ticket, legs: ticket.legs.filter((_, i) => i !== index) })!;
      expect(voided.returnMinor).toBe(without.returnMinor);
      expect(voided.returnMinor >= settleTicket(withLeg(ticket, index, 'half_lost'))!.returnMinor).toBe(true);
      expect(voided.returnMinor >= settleTicket(withLeg(ticket, index, 'lost'))!.returnMinor).toBe(true);
    }
  });

  it('the return grows with each leg: lost ≤ half-lost ≤ void ≤ half-won ≤ won', () => {
    const order: Resolution[] = ['lost', 'half_lost', 'void', 'half_won', 'won'];
    for (let run = 0; run < RUNS / 4; run++) {
      const ticket = randomTicket();
      const index = random(ticket.legs.length);
      const returns = order.map((resolution) => settleTicket(withLeg(ticket, index, resolution))!.returnMinor);
      for (let i = 1; i < returns.length; i++) expect(returns[i]! >= returns[i - 1]!).toBe(true);
    }
  });

  it('resettlement: previous + delta = new return, and again is 0', () => {
    for (let run = 0; run < RUNS; run++) {
      const ticket = randomTicket();
      const previous = settleTicket(ticket)!;
      const corrected = withLeg(ticket, random(ticket.legs.length), pick(RESOLUTIONS));
      const once = resettleTicket(previous, corrected);
      expect(previous.returnMinor + once.deltaMinor).toBe(once.settlement.returnMinor);
      expect(resettleTicket(once.settlement, corrected).deltaMinor).toBe(0n);
    }
  });

  it('a cash-out offer never exceeds the potential return, nor the fair value', () => {
    for (let run = 0; run < RUNS; run++) {
      const ticket = randomTicket(['pending', 'won', 'void', 'half_won', 'half_lost']);
      const legs: CashOutLeg[] = ticket.legs.map((leg) => ({
        ...leg,
        currentOddsMilli: leg.resolution === 'pending' ? odds() : null,
        suspended: false,
      }));
      const terms = { marginBp: BigInt(random(2_000)), minPriceMinor: 0n };
      const price = cashOutPriceMinor(ticket.stakeMinor, legs, terms);
      const fair = cashOutPriceMinor(ticket.stakeMinor, legs, { marginBp: 0n, minPriceMinor: 0n });
      if (price === null) continue;
      // every current price is above 1, so dividing by them can only lower the potential return
      expect(price < potentialReturnMinor(ticket)).toBe(true);
      expect(price <= fair!).toBe(true);
    }
  });
});

describe('market properties', () => {
  it('over and under on the same line mirror each other; whole lines push exactly on the line', () => {
    const mirror: Record<Resolution, Resolution> = {
      won: 'lost',
      lost: 'won',
      void: 'void',
      half_won: 'half_lost',
      half_lost: 'half_won',
    };
    for (let run = 0; run < RUNS; run++) {
      const market: Market = { type: 'total', line: (1 + random(30)) / 4 };
      const result = { status: 'finished', score: { kind: 'goals', home: random(5), away: random(5) } } as const;
      const over = resolveOutcome(market, 'over', result);
      expect(resolveOutcome(market, 'under', result)).toBe(mirror[over]);
      if (Number.isInteger(market.line)) {
        expect(over === 'void').toBe(result.score.home + result.score.away === market.line);
      }
    }
  });
});
