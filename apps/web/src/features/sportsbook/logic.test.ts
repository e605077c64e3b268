import { describe, expect, it } from 'vitest';
import {
  clockTime,
  defaultStatus,
  displayOdds,
  groupByCompetition,
  groupMarketsByType,
  parseOddsFormat,
  periodKey,
  scoreBySide,
} from './logic';
import { eventOf, marketOf } from './sportsbook.testutil';

const sport = (key: 'football' | 'tennis', liveEvents: number) => ({
  id: key,
  key,
  name: key,
  liveEvents,
  upcomingEvents: 3,
});

describe('odds display', () => {
  it('reads the stored format, defaulting to decimal', () => {
    expect(parseOddsFormat('american')).toBe('american');
    expect(parseOddsFormat('fractional')).toBe('fractional');
    expect(parseOddsFormat(null)).toBe('decimal');
    expect(parseOddsFormat('hongkong')).toBe('decimal');
  });

  it('formats the API price with the contract formatter in each format, a dash below the minimum', () => {
    expect(displayOdds(1850, 'decimal')).toBe('1.85');
    expect(displayOdds(1850, 'fractional')).toBe('17/20');
    expect(displayOdds(1850, 'american')).toBe('-118');
    expect(displayOdds(2500, 'american')).toBe('+150');
    expect(displayOdds(1000, 'decimal')).toBe('—');
  });
});

describe('list logic', () => {
  it('opens on live when the chosen sport (or any) is in play', () => {
    const sports = [sport('football', 2), sport('tennis', 0)];
    expect(defaultStatus(sports, null)).toBe('live');
    expect(defaultStatus(sports, 'football')).toBe('live');
    expect(defaultStatus(sports, 'tennis')).toBe('upcoming');
    expect(defaultStatus(undefined, null)).toBe('upcoming');
  });

  it('groups events by competition in the order of their first event', () => {
    const laLiga = { id: 'c2', name: 'La Liga', region: 'Spain' };
    const events = [eventOf({ id: 'a' }), eventOf({ id: 'b', competition: laLiga }), eventOf({ id: 'c' })];
    const groups = groupByCompetition(events);
    expect(groups.map((group) => [group.name, group.events.map((event) => event.id)])).toEqual([
      ['Premier League', ['a', 'c']],
      ['La Liga', ['b']],
    ]);
  });

  it('groups markets by type, keeping the API order', () => {
    const markets = [
      marketOf({ id: '1' }),
      marketOf({ id: '2', type: 'total', line: 1.5 }),
      marketOf({ id: '3', type: 'total', line: 2.5 }),
      marketOf({ id: '4', type: 'correct_score' }),
    ];
    expect(groupMarketsByType(markets).map((group) => [group.type, group.markets.map((m) => m.id)])).toEqual([
      ['match_result', ['1']],
      ['total', ['2', '3']],
      ['correct_score', ['4']],
    ]);
  });
});

describe('live score and clock', () => {
  it('gives each side its score by how the sport counts', () => {
    expect(scoreBySide({ kind: 'goals', home: 2, away: 1, periods: [] })).toEqual({ home: '2', away: '1' });
    expect(
      scoreBySide({
        kind: 'sets',
        sets: [
          { home: 6, away: 4 },
          { home: 2, away: 3 },
        ],
        game: { home: 30, away: 15 },
        server: 'home',
      }),
    ).toEqual({ home: '6 2 30', away: '4 3 15' });
    expect(
      scoreBySide({
        kind: 'maps',
        maps: [
          { rounds: { home: 13, away: 9 }, winner: 'home' },
          { rounds: { home: 4, away: 7 }, winner: null },
        ],
      }),
    ).toEqual({ home: '1 4', away: '0 7' });
  });

  it("shows football's minute, basketball's period clock, and names periods by sport", () => {
    expect(clockTime('football', 0)).toBe("1'");
    expect(clockTime('football', 67 * 60 + 5)).toBe("68'");
    expect(clockTime('basketball', 432)).toBe('07:12');
    expect(clockTime('tennis', null)).toBeNull();
    expect(periodKey('football', 2)).toBe('half');
    expect(periodKey('basketball', 4)).toBe('quarter');
    expect(periodKey('basketball', 5)).toBe('overtime');
    expect(periodKey('tennis', 3)).toBe('set');
    expect(periodKey('esports', 1)).toBe('map');
  });
});
