import { describe, expect, it } from 'vitest';
import type { TextOf } from '../content/text';
import { formatLine, outcomeName, selectionTexts } from './selection-names';

const sides = { home: 'Arsenal', away: 'Chelsea' };

describe('outcome names and lines', () => {
  it('signs handicap lines and gives the away side the negation', () => {
    expect(formatLine(2.5)).toBe('2.5');
    expect(formatLine(-2.5)).toBe('−2.5');
    expect(formatLine(0.75, true)).toBe('+0.75');
    expect(formatLine(-0.25, true)).toBe('−0.25');
    expect(formatLine(0, true)).toBe('0');
    const handicap = { type: 'asian_handicap' as const, line: -0.75 };
    expect(outcomeName('home', handicap, sides)).toEqual({ kind: 'name', name: 'Arsenal', line: '−0.75' });
    expect(outcomeName('away', handicap, sides)).toEqual({ kind: 'name', name: 'Chelsea', line: '+0.75' });
  });

  it('names competitors, labels with the total line, and shows a correct score as it is', () => {
    expect(outcomeName('home', { type: 'match_result', line: null }, sides)).toEqual({ kind: 'name', name: 'Arsenal' });
    expect(outcomeName('draw', { type: 'match_result', line: null }, sides)).toEqual({ kind: 'label', label: 'draw' });
    expect(outcomeName('over', { type: 'total', line: 2.5 }, sides)).toEqual({
      kind: 'label',
      label: 'over',
      line: '2.5',
    });
    expect(outcomeName('home_or_draw', { type: 'double_chance', line: null }, sides)).toEqual({
      kind: 'label',
      label: 'home_or_draw',
    });
    expect(outcomeName('2-1', { type: 'correct_score', line: null }, sides)).toEqual({ kind: 'text', text: '2-1' });
  });
});

describe('selection texts', () => {
  // A content reading that shows which key and values were asked for.
  const text: TextOf = (key, values) => {
    const last = key.split('.').at(-1) ?? key;
    return values ? `${last}(${Object.values(values).join(',')})` : last.toUpperCase();
  };
  const texts = selectionTexts(text);
  const ref = { ...sides, number: null, line: null };

  it('names the market with its period or line (a handicap keeps its line on the side)', () => {
    expect(texts.market({ marketType: 'total', line: 2.5, number: null })).toBe('TOTAL 2.5');
    expect(texts.market({ marketType: 'set_winner', line: null, number: 2 })).toBe('SET_WINNER · set(2)');
    expect(texts.market({ marketType: 'map_winner', line: null, number: 1 })).toBe('MAP_WINNER · map(1)');
    expect(texts.market({ marketType: 'asian_handicap', line: -0.25, number: null })).toBe('ASIAN_HANDICAP');
  });

  it('names the outcome and the event', () => {
    expect(texts.outcome({ ...ref, marketType: 'total', line: 2.5, outcomeKey: 'under' })).toBe('UNDER 2.5');
    expect(texts.outcome({ ...ref, marketType: 'asian_handicap', line: -0.25, outcomeKey: 'away' })).toBe(
      'Chelsea +0.25',
    );
    expect(texts.outcome({ ...ref, marketType: 'correct_score', outcomeKey: '1-0' })).toBe('1-0');
    expect(texts.event(sides)).toBe('eventTitle(Arsenal,Chelsea)');
  });
});
