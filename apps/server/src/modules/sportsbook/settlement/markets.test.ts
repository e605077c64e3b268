import { describe, expect, it } from 'vitest';
import { isValidOutcome, resolveOutcome, type EventResult, type FinalScore, type Market } from './markets';
import { lineKind, resolveAgainstLine, SettlementInputError, type Resolution } from './resolution';

const finished = (score: FinalScore): EventResult => ({ status: 'finished', score });
const goals = (home: number, away: number) => finished({ kind: 'goals', home, away });
const points = (home: number, away: number, overtime = false) => finished({ kind: 'points', home, away, overtime });
const sets = (...games: [number, number][]) =>
  finished({ kind: 'sets', sets: games.map(([home, away]) => ({ home, away })) });
const maps = (...winners: ('home' | 'away')[]) => finished({ kind: 'maps', maps: winners });

type Row = [string, Market, string, EventResult, Resolution];
const table = (rows: Row[]) => rows;

describe('line kinds', () => {
  it.each([
    [2.5, 'half'],
    [-0.5, 'half'],
    [2, 'whole'],
    [0, 'whole'],
    [-1, 'whole'],
    [2.25, 'quarter'],
    [2.75, 'quarter'],
    [-0.25, 'quarter'],
    [-1.75, 'quarter'],
  ] as const)('%s is a %s line', (line, kind) => {
    expect(lineKind(line)).toBe(kind);
  });

  it('refuses lines off the quarter grid', () => {
    expect(() => lineKind(2.3)).toThrow(SettlementInputError);
  });

  it('a quarter line never wins on one half and loses on the other', () => {
    for (let value = -40; value <= 40; value += 4) {
      for (let line = -21; line <= 21; line += 2) {
        expect(['won', 'lost', 'half_won', 'half_lost']).toContain(resolveAgainstLine(value, line));
      }
    }
  });
});

describe('match result (1X2)', () => {
  const market: Market = { type: 'match_result' };
  it.each(
    table([
      ['home win', market, 'home', goals(2, 1), 'won'],
      ['home on a draw', market, 'home', goals(1, 1), 'lost'],
      ['draw on a draw', market, 'draw', goals(0, 0), 'won'],
      ['draw on an away win', market, 'draw', goals(0, 1), 'lost'],
      ['away win', market, 'away', goals(0, 3), 'won'],
      ['basketball: overtime is a draw', market, 'draw', points(110, 104, true), 'won'],
      ['basketball: overtime loses home', market, 'home', points(110, 104, true), 'lost'],
      ['basketball: regulation win', market, 'home', points(99, 97), 'won'],
      ['esports best of two level', market, 'draw', maps('home', 'away'), 'won'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });
});

describe('match winner (two-way)', () => {
  const market: Market = { type: 'match_winner' };
  it.each(
    table([
      ['basketball incl. overtime', market, 'home', points(110, 104, true), 'won'],
      ['basketball away in overtime', market, 'away', points(110, 104, true), 'lost'],
      ['tennis by sets', market, 'away', sets([6, 4], [3, 6], [4, 6]), 'won'],
      ['tennis loser', market, 'home', sets([6, 4], [3, 6], [4, 6]), 'lost'],
      ['esports by maps', market, 'home', maps('home', 'away', 'home'), 'won'],
      ['football draw voids', market, 'home', goals(1, 1), 'void'],
      ['football win', market, 'away', goals(1, 2), 'won'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });
});

describe('double chance', () => {
  const market: Market = { type: 'double_chance' };
  it.each(
    table([
      ['1X on home', market, 'home_or_draw', goals(2, 0), 'won'],
      ['1X on draw', market, 'home_or_draw', goals(2, 2), 'won'],
      ['1X on away', market, 'home_or_draw', goals(0, 1), 'lost'],
      ['12 on draw', market, 'home_or_away', goals(1, 1), 'lost'],
      ['12 on away', market, 'home_or_away', goals(1, 2), 'won'],
      ['X2 on away', market, 'draw_or_away', goals(0, 1), 'won'],
      ['X2 on home', market, 'draw_or_away', goals(3, 1), 'lost'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });
});

describe('draw no bet', () => {
  const market: Market = { type: 'draw_no_bet' };
  it.each(
    table([
      ['home wins', market, 'home', goals(1, 0), 'won'],
      ['home loses', market, 'home', goals(0, 1), 'lost'],
      ['draw voids home', market, 'home', goals(2, 2), 'void'],
      ['draw voids away', market, 'away', goals(0, 0), 'void'],
      ['away wins', market, 'away', goals(1, 4), 'won'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });
});

describe('over/under totals', () => {
  const total = (line: number): Market => ({ type: 'total', line });
  it.each(
    table([
      // half line
      ['over 2.5 on 3', total(2.5), 'over', goals(2, 1), 'won'],
      ['over 2.5 on 2', total(2.5), 'over', goals(1, 1), 'lost'],
      ['under 2.5 on 2', total(2.5), 'under', goals(2, 0), 'won'],
      ['under 2.5 on 3', total(2.5), 'under', goals(3, 0), 'lost'],
      // whole line: void on exact
      ['over 2 on 3', total(2), 'over', goals(2, 1), 'won'],
      ['over 2 on 2', total(2), 'over', goals(1, 1), 'void'],
      ['under 2 on 2', total(2), 'under', goals(1, 1), 'void'],
      ['under 2 on 1', total(2), 'under', goals(1, 0), 'won'],
      ['over 2 on 1', total(2), 'over', goals(0, 1), 'lost'],
      // quarter line 2.25 = 2 and 2.5
      ['over 2.25 on 2', total(2.25), 'over', goals(1, 1), 'half_lost'],
      ['under 2.25 on 2', total(2.25), 'under', goals(1, 1), 'half_won'],
      ['over 2.25 on 3', total(2.25), 'over', goals(3, 0), 'won'],
      ['under 2.25 on 3', total(2.25), 'under', goals(3, 0), 'lost'],
      ['over 2.25 on 1', total(2.25), 'over', goals(0, 1), 'lost'],
      ['under 2.25 on 1', total(2.25), 'under', goals(0, 1), 'won'],
      // quarter line 2.75 = 2.5 and 3
      ['over 2.75 on 3', total(2.75), 'over', goals(2, 1), 'half_won'],
      ['under 2.75 on 3', total(2.75), 'under', goals(2, 1), 'half_lost'],
      ['over 2.75 on 4', total(2.75), 'over', goals(2, 2), 'won'],
      ['over 2.75 on 2', total(2.75), 'over', goals(2, 0), 'lost'],
      ['under 2.75 on 2', total(2.75), 'under', goals(2, 0), 'won'],
      // other sports: points incl. overtime, tennis games, esports maps
      ['basketball over 210.5 via overtime', total(210.5), 'over', points(106, 105, true), 'won'],
      ['basketball under 211 exact', total(211), 'under', points(106, 105), 'void'],
      ['tennis games over 22.5', total(22.5), 'over', sets([6, 4], [7, 6]), 'won'],
      ['esports maps under 2.5', total(2.5), 'under', maps('home', 'home'), 'won'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });

  it('refuses a non-positive total line', () => {
    expect(() => resolveOutcome(total(0), 'over', goals(1, 0))).toThrow(SettlementInputError);
  });
});

describe('Asian handicap (line on home, away takes the negation)', () => {
  const ah = (line: number): Market => ({ type: 'asian_handicap', line });
  it.each(
    table([
      // level ball (0)
      ['0 home wins', ah(0), 'home', goals(1, 0), 'won'],
      ['0 draw pushes home', ah(0), 'home', goals(1, 1), 'void'],
      ['0 draw pushes away', ah(0), 'away', goals(1, 1), 'void'],
      ['0 away wins', ah(0), 'away', goals(0, 2), 'won'],
      // ±0.5
      ['-0.5 home wins by 1', ah(-0.5), 'home', goals(1, 0), 'won'],
      ['-0.5 home on a draw', ah(-0.5), 'home', goals(1, 1), 'lost'],
      ['-0.5 away (+0.5) on a draw', ah(-0.5), 'away', goals(1, 1), 'won'],
      ['+0.5 home on a draw', ah(0.5), 'home', goals(0, 0), 'won'],
      ['+0.5 home loses by 1', ah(0.5), 'home', goals(0, 1), 'lost'],
      ['+0.5 away (-0.5) wins by 1', ah(0.5), 'away', goals(0, 1), 'won'],
      // ±1 whole: push on a one-goal margin
      ['-1 home wins by 1: push', ah(-1), 'home', goals(2, 1), 'void'],
      ['-1 away (+1) on a one-goal defeat: push', ah(-1), 'away', goals(2, 1), 'void'],
      ['-1 home wins by 2', ah(-1), 'home', goals(2, 0), 'won'],
      ['-1 home on a draw', ah(-1), 'home', goals(0, 0), 'lost'],
      ['+1 home loses by 1: push', ah(1), 'home', goals(0, 1), 'void'],
      ['+1 home on a draw', ah(1), 'home', goals(1, 1), 'won'],
      ['+1 home loses by 2', ah(1), 'home', goals(0, 2), 'lost'],
      ['+1 away (-1) wins by 2', ah(1), 'away', goals(0, 2), 'won'],
      // ±0.25 = 0 and ±0.5
      ['-0.25 home on a draw', ah(-0.25), 'home', goals(1, 1), 'half_lost'],
      ['-0.25 away (+0.25) on a draw', ah(-0.25), 'away', goals(1, 1), 'half_won'],
      ['-0.25 home wins', ah(-0.25), 'home', goals(1, 0), 'won'],
      ['+0.25 home on a draw', ah(0.25), 'home', goals(2, 2), 'half_won'],
      ['+0.25 home loses', ah(0.25), 'home', goals(2, 3), 'lost'],
      ['+0.25 away (-0.25) on a draw', ah(0.25), 'away', goals(2, 2), 'half_lost'],
      // ±0.75 = ±0.5 and ±1
      ['-0.75 home wins by 1', ah(-0.75), 'home', goals(1, 0), 'half_won'],
      ['-0.75 away (+0.75) loses by 1', ah(-0.75), 'away', goals(1, 0), 'half_lost'],
      ['-0.75 home wins by 2', ah(-0.75), 'home', goals(2, 0), 'won'],
      ['-0.75 home on a draw', ah(-0.75), 'home', goals(0, 0), 'lost'],
      ['+0.75 home loses by 1', ah(0.75), 'home', goals(0, 1), 'half_lost'],
      ['+0.75 home on a draw', ah(0.75), 'home', goals(0, 0), 'won'],
      ['+0.75 away (-0.75) wins by 1', ah(0.75), 'away', goals(0, 1), 'half_won'],
      // larger quarter lines and other sports
      ['-1.25 home wins by 1', ah(-1.25), 'home', goals(1, 0), 'half_lost'],
      ['-1.75 home wins by 2', ah(-1.75), 'home', goals(2, 0), 'half_won'],
      ['basketball -5.5 by 6', ah(-5.5), 'home', points(100, 94), 'won'],
      ['tennis games -3 by exactly 3', ah(-3), 'home', sets([6, 4], [6, 5]), 'void'],
      ['esports maps +1.5', ah(1.5), 'home', maps('away', 'home', 'away'), 'won'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });

  it('home and away resolve as mirror images on every line and margin', () => {
    const mirror: Record<Resolution, Resolution> = {
      won: 'lost',
      lost: 'won',
      void: 'void',
      half_won: 'half_lost',
      half_lost: 'half_won',
    };
    for (let line = -3; line <= 3; line += 0.25) {
      for (let home = 0; home <= 5; home++) {
        const result = goals(home, 2);
        expect(resolveOutcome(ah(line), 'away', result)).toBe(mirror[resolveOutcome(ah(line), 'home', result)]);
      }
    }
  });
});

describe('both teams to score', () => {
  const market: Market = { type: 'both_teams_to_score' };
  it.each(
    table([
      ['yes on 1-1', market, 'yes', goals(1, 1), 'won'],
      ['yes on 2-0', market, 'yes', goals(2, 0), 'lost'],
      ['no on 0-0', market, 'no', goals(0, 0), 'won'],
      ['no on 3-2', market, 'no', goals(3, 2), 'lost'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });

  it('needs a football score', () => {
    expect(() => resolveOutcome(market, 'yes', points(1, 1))).toThrow(SettlementInputError);
  });
});

describe('correct score', () => {
  const market: Market = { type: 'correct_score' };
  it.each(
    table([
      ['2-1 on 2-1', market, '2-1', goals(2, 1), 'won'],
      ['2-1 on 1-2', market, '2-1', goals(1, 2), 'lost'],
      ['0-0 on 0-0', market, '0-0', goals(0, 0), 'won'],
      ['tennis sets 2-1', market, '2-1', sets([6, 3], [4, 6], [7, 5]), 'won'],
      ['esports maps 0-2', market, '0-2', maps('away', 'away'), 'won'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });

  it('refuses malformed scores', () => {
    expect(isValidOutcome(market, '2:1')).toBe(false);
    expect(() => resolveOutcome(market, 'home', goals(1, 0))).toThrow(SettlementInputError);
  });
});

describe('tennis', () => {
  const match = sets([6, 4], [6, 7], [7, 5]);
  it.each(
    table([
      ['set 1 home', { type: 'set_winner', set: 1 }, 'home', match, 'won'],
      ['set 2 home (tie-break lost)', { type: 'set_winner', set: 2 }, 'home', match, 'lost'],
      ['set 2 away', { type: 'set_winner', set: 2 }, 'away', match, 'won'],
      ['set 3 home', { type: 'set_winner', set: 3 }, 'home', match, 'won'],
      ['set 3 not played: void', { type: 'set_winner', set: 3 }, 'home', sets([6, 1], [6, 2]), 'void'],
      ['total games over 34.5 (35)', { type: 'total_games', line: 34.5 }, 'over', match, 'won'],
      ['total games under 35 exact', { type: 'total_games', line: 35 }, 'under', match, 'void'],
      ['total games under 35.25 (35)', { type: 'total_games', line: 35.25 }, 'under', match, 'half_won'],
      ['total games over 34.75 (35)', { type: 'total_games', line: 34.75 }, 'over', match, 'half_won'],
      [
        'total games over 22.5 in straight sets',
        { type: 'total_games', line: 22.5 },
        'over',
        sets([6, 1], [6, 2]),
        'lost',
      ],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });

  it('refuses a level set and a football score', () => {
    expect(() => resolveOutcome({ type: 'set_winner', set: 1 }, 'home', sets([6, 6]))).toThrow(SettlementInputError);
    expect(() => resolveOutcome({ type: 'total_games', line: 20.5 }, 'over', goals(1, 0))).toThrow(
      SettlementInputError,
    );
  });
});

describe('esports', () => {
  const series = maps('home', 'away', 'away');
  it.each(
    table([
      ['map 1 home', { type: 'map_winner', map: 1 }, 'home', series, 'won'],
      ['map 2 home', { type: 'map_winner', map: 2 }, 'home', series, 'lost'],
      ['map 3 away', { type: 'map_winner', map: 3 }, 'away', series, 'won'],
      ['map 3 not played: void', { type: 'map_winner', map: 3 }, 'away', maps('home', 'home'), 'void'],
      ['total maps over 2.5 (3)', { type: 'total_maps', line: 2.5 }, 'over', series, 'won'],
      ['total maps under 2.5 (3)', { type: 'total_maps', line: 2.5 }, 'under', series, 'lost'],
      ['total maps under 2.5 (2)', { type: 'total_maps', line: 2.5 }, 'under', maps('away', 'away'), 'won'],
      ['total maps over 2 (2): void', { type: 'total_maps', line: 2 }, 'over', maps('away', 'away'), 'void'],
    ]),
  )('%s', (_name, m, outcome, result, expected) => {
    expect(resolveOutcome(m, outcome, result)).toBe(expected);
  });
});

describe('cancelled and abandoned events', () => {
  const markets: [Market, string][] = [
    [{ type: 'match_result' }, 'home'],
    [{ type: 'match_winner' }, 'away'],
    [{ type: 'double_chance' }, 'home_or_draw'],
    [{ type: 'draw_no_bet' }, 'home'],
    [{ type: 'total', line: 2.25 }, 'over'],
    [{ type: 'asian_handicap', line: -0.75 }, 'home'],
    [{ type: 'both_teams_to_score' }, 'yes'],
    [{ type: 'correct_score' }, '1-0'],
    [{ type: 'set_winner', set: 1 }, 'home'],
    [{ type: 'total_games', line: 21.5 }, 'under'],
    [{ type: 'map_winner', map: 2 }, 'away'],
    [{ type: 'total_maps', line: 2.5 }, 'over'],
  ];
  it.each(markets)('%o voids', (market, outcome) => {
    expect(resolveOutcome(market, outcome, { status: 'cancelled' })).toBe('void');
    expect(resolveOutcome(market, outcome, { status: 'abandoned' })).toBe('void');
  });

  it('refuses an outcome that is not the market’s', () => {
    expect(() => resolveOutcome({ type: 'match_result' }, 'over', goals(1, 0))).toThrow(SettlementInputError);
    expect(() => resolveOutcome({ type: 'total', line: 2.3 }, 'over', goals(1, 0))).toThrow(SettlementInputError);
    expect(() => resolveOutcome({ type: 'set_winner', set: 0 }, 'home', sets([6, 0]))).toThrow(SettlementInputError);
  });
});
