import { describe, expect, it } from 'vitest';
import { createManualClock, createRandom } from './clock';
import {
  basketballFair,
  esportsDistribution,
  fairProbabilities,
  footballDistribution,
  gameWinProbability,
  mapWinProbability,
  normalCdf,
  oddsWithMargin,
  tennisDistribution,
  tiebreakWinProbability,
} from './pricing';
import { FootballSim, outcomeKeys } from './sports';
import type { MarketSpec } from './types';

const sum = (values: Iterable<number | null>) => [...values].reduce<number>((total, p) => total + (p ?? 0), 0);

describe('feed pricing models', () => {
  it('football: the score distribution sums to 1 and every two-way line market is fair', () => {
    const distribution = footballDistribution({ home: 1, away: 0 }, 0.8, 0.6);
    expect(sum(distribution.map((state) => state.probability))).toBeCloseTo(1, 9);
    const specs: MarketSpec[] = [
      { type: 'match_result' },
      { type: 'draw_no_bet' },
      { type: 'total', line: 2.25 },
      { type: 'total', line: 2 },
      { type: 'asian_handicap', line: -0.75 },
      { type: 'asian_handicap', line: 0 },
      { type: 'both_teams_to_score' },
    ];
    for (const spec of specs) {
      const fair = fairProbabilities(spec, outcomeKeys(spec, 'football', null), distribution);
      expect(sum(fair.values())).toBeCloseTo(1, 9);
    }
    // Double chance covers every result twice.
    const doubleChance = fairProbabilities(
      { type: 'double_chance' },
      outcomeKeys({ type: 'double_chance' }, 'football', null),
      distribution,
    );
    expect(sum(doubleChance.values())).toBeCloseTo(2, 9);
    // A score already passed cannot win.
    const correct = fairProbabilities({ type: 'correct_score' }, ['0-0', '1-0'], distribution);
    expect(correct.get('0-0')).toBeNull();
    expect(correct.get('1-0')).toBeGreaterThan(0);
  });

  it('football: the 1X2 favourite is the favourite on handicap 0 and draw no bet, at any state', () => {
    const random = createRandom(3);
    for (let run = 0; run < 200; run++) {
      const home = Math.floor(random() * 3);
      const away = Math.floor(random() * 3);
      const distribution = footballDistribution({ home, away }, random() * 2, random() * 2);
      const threeWay = fairProbabilities({ type: 'match_result' }, ['home', 'draw', 'away'], distribution);
      const levelBall = fairProbabilities({ type: 'asian_handicap', line: 0 }, ['home', 'away'], distribution);
      const drawNoBet = fairProbabilities({ type: 'draw_no_bet' }, ['home', 'away'], distribution);
      const homeFavourite = threeWay.get('home')! > threeWay.get('away')!;
      expect(levelBall.get('home')! > 0.5).toBe(homeFavourite);
      expect(drawNoBet.get('home')! > 0.5).toBe(homeFavourite);
    }
  });

  it('football: the main handicap line sits on the favourite', () => {
    const random = createRandom(11);
    for (let run = 0; run < 30; run++) {
      const sim = new FootballSim(random);
      const threeWay = sim.fair({ type: 'match_result' });
      const handicap = sim.specs().find((spec) => spec.type === 'asian_handicap')!;
      const line = handicap.type === 'asian_handicap' ? handicap.line : NaN;
      if (threeWay.get('home')! > threeWay.get('away')!) expect(line).toBeLessThanOrEqual(0);
      else expect(line).toBeGreaterThanOrEqual(0);
    }
  });

  it('tennis: an even game, tie-break and match are even; a stronger server wins more', () => {
    expect(gameWinProbability(0.5, 0, 0)).toBeCloseTo(0.5, 12);
    expect(gameWinProbability(0.62, 0, 0)).toBeCloseTo(0.7759, 3);
    expect(gameWinProbability(0.6, 3, 0)).toBeGreaterThan(gameWinProbability(0.6, 0, 0));
    expect(tiebreakWinProbability(0.5, 0, 0)).toBeCloseTo(0.5, 12);
    const even = tennisDistribution(
      { homeServe: 0.63, awayServe: 0.63 },
      { sets: [{ home: 0, away: 0 }], game: { home: 0, away: 0 }, server: 'home' },
    );
    expect(sum(even.map((state) => state.probability))).toBeCloseTo(1, 9);
    const winner = fairProbabilities({ type: 'match_winner' }, ['home', 'away'], even);
    expect(winner.get('home')).toBeCloseTo(0.5, 6);
    const stronger = tennisDistribution(
      { homeServe: 0.66, awayServe: 0.6 },
      { sets: [{ home: 0, away: 0 }], game: { home: 0, away: 0 }, server: 'away' },
    );
    expect(fairProbabilities({ type: 'match_winner' }, ['home', 'away'], stronger).get('home')).toBeGreaterThan(0.6);
  });

  it('tennis: from a set and a break up the leader is a heavy favourite; finished sets are fixed', () => {
    const state = tennisDistribution(
      { homeServe: 0.63, awayServe: 0.63 },
      {
        sets: [
          { home: 6, away: 4 },
          { home: 3, away: 1 },
        ],
        game: { home: 0, away: 0 },
        server: 'away',
      },
    );
    const firstSet = fairProbabilities({ type: 'set_winner', set: 1 }, ['home', 'away'], state);
    expect(firstSet.get('home')).toBeCloseTo(1, 9);
    expect(firstSet.get('away')).toBeNull();
    expect(fairProbabilities({ type: 'match_winner' }, ['home', 'away'], state).get('home')).toBeGreaterThan(0.85);
  });

  it('esports: maps from rounds; a best of three has two or three maps', () => {
    expect(mapWinProbability(0.5, 0, 0)).toBeCloseTo(0.5, 12);
    expect(mapWinProbability(0.5, 12, 0)).toBeGreaterThan(0.99);
    const distribution = esportsDistribution(0.55, 3, [], { home: 0, away: 0 });
    expect(sum(distribution.map((state) => state.probability))).toBeCloseTo(1, 9);
    expect(distribution.every((state) => state.score.kind === 'maps' && [2, 3].includes(state.score.maps.length))).toBe(
      true,
    );
    const total = fairProbabilities({ type: 'total_maps', line: 2.5 }, ['over', 'under'], distribution);
    expect(sum(total.values())).toBeCloseTo(1, 9);
  });

  it('basketball: normal approximation, with a draw for regulation and none for the winner', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    const outlook = { difference: { mean: 4, sd: 12 }, total: { mean: 215, sd: 17 }, inOvertime: false };
    const threeWay = basketballFair({ type: 'match_result' }, outlook);
    expect(sum(threeWay.values())).toBeCloseTo(1, 6);
    expect(threeWay.get('draw')).toBeGreaterThan(0.01);
    expect(threeWay.get('draw')).toBeLessThan(0.05);
    const winner = basketballFair({ type: 'match_winner' }, outlook);
    expect(sum(winner.values())).toBeCloseTo(1, 9);
    expect(winner.get('home')).toBeGreaterThan(0.6);
    expect(basketballFair({ type: 'total', line: 215.5 }, outlook).get('over')).toBeLessThan(0.5);
    expect(basketballFair({ type: 'asian_handicap', line: -3.5 }, outlook).get('home')).toBeGreaterThan(0.5);
  });

  it('odds carry the margin, are rounded to the thousandth and stay within 1.01…1000', () => {
    expect(oddsWithMargin(0.5, 500)).toBe(1905n);
    expect(oddsWithMargin(0.5, 0)).toBe(2000n);
    expect(oddsWithMargin(0.999, 500)).toBe(1010n);
    expect(oddsWithMargin(1e-7, 500)).toBe(1_000_000n);
  });
});

describe('manual clock', () => {
  it('runs interval timers in time order while advancing, and cancels them', () => {
    const clock = createManualClock(1000);
    const calls: string[] = [];
    const cancelFast = clock.every(300, () => calls.push(`fast@${clock.now()}`));
    clock.every(500, () => calls.push(`slow@${clock.now()}`));
    clock.advance(1000);
    expect(calls).toEqual(['fast@1300', 'slow@1500', 'fast@1600', 'fast@1900', 'slow@2000']);
    expect(clock.now()).toBe(2000);
    cancelFast();
    clock.advance(500);
    expect(calls.at(-1)).toBe('slow@2500');
    expect(calls).toHaveLength(6);
  });
});
