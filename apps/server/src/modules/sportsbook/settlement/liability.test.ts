import { describe, expect, it } from 'vitest';
import { eventsOverLiabilityLimit, liabilityByEvent, type OpenTicket } from './liability';
import type { LegState } from './tickets';

const open = (ticketId: string, stakeMinor: bigint, ...legs: [string, bigint, LegState][]): OpenTicket => ({
  ticketId,
  stakeMinor,
  legs: legs.map(([eventId, oddsMilli, resolution]) => ({ eventId, oddsMilli, resolution })),
});

describe('liability per event', () => {
  it('sums potential payout − stake over the open tickets of each event', () => {
    const liability = liabilityByEvent([
      open('t1', 1000n, ['A', 2500n, 'pending']), // 1500 on A
      open('t2', 100n, ['A', 2000n, 'pending'], ['B', 3000n, 'pending']), // 500 on A and on B
      open('t3', 200n, ['B', 1500n, 'pending']), // 100 on B
    ]);
    expect(liability).toEqual(
      new Map([
        ['A', 2000n],
        ['B', 600n],
      ]),
    );
  });

  it('charges only events still pending, and settled legs by their factor', () => {
    const liability = liabilityByEvent([
      open('t1', 100n, ['A', 2000n, 'won'], ['B', 3000n, 'pending']), // 600 − 100 on B only
      open('t2', 100n, ['C', 2000n, 'void'], ['B', 1500n, 'pending']), // 150 − 100
      open('t3', 100n, ['D', 2000n, 'half_lost'], ['B', 1500n, 'pending']), // 75 − 100: nothing
    ]);
    expect(liability).toEqual(new Map([['B', 550n]]));
  });

  it('a ticket with a lost leg adds nothing', () => {
    expect(liabilityByEvent([open('t1', 100n, ['A', 2000n, 'lost'], ['B', 3000n, 'pending'])]).size).toBe(0);
  });

  it('names the events a new ticket would push over the limit', () => {
    const current = new Map([
      ['A', 9_000n],
      ['B', 1_000n],
    ]);
    const candidate = open('new', 1000n, ['A', 2000n, 'pending'], ['B', 1500n, 'pending']); // +2000 on each
    expect(eventsOverLiabilityLimit(current, candidate, 10_000n)).toEqual(['A']);
    expect(eventsOverLiabilityLimit(current, candidate, 11_000n)).toEqual([]);
  });
});
