import type { OriginalsFreespin, OriginalsFreespinAfter } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import {
  afterFreeSpin,
  choiceAfterRemoval,
  chosenGrant,
  FREESPIN_CHOICE_STORAGE_KEY,
  freespinReducer,
  initialFreespinState,
  noticeKey,
  readFreespinChoice,
  withoutGrant,
  writeFreespinChoice,
  type FreespinState,
} from './freespins';

const grant = (id: string, usedCount: number, won: number): OriginalsFreespin => ({
  id,
  name: '20 free spins on Fruit Fiesta',
  count: 20,
  usedCount,
  remaining: 20 - usedCount,
  betAmount: 0.2,
  won,
  expiresAt: null,
});

const after = (id: string, usedCount: number, won: number, end: Partial<OriginalsFreespinAfter> = {}) => ({
  ...grant(id, usedCount, won),
  finished: false,
  result: 1,
  winningsBonus: null,
  ...end,
});

describe('free spins in the frame', () => {
  it('updates the spun grant and leaves the others', () => {
    const next = afterFreeSpin([grant('a', 5, 1), grant('b', 0, 0)], after('a', 6, 1.4));
    expect(next.notice).toBeNull();
    expect(next.grants.map((g) => [g.id, g.remaining, g.won])).toEqual([
      ['a', 14, 1.4],
      ['b', 20, 0],
    ]);
  });

  it('drops a finished grant and says what its winnings became', () => {
    const won = afterFreeSpin(
      [grant('a', 19, 2)],
      after('a', 20, 2.6, { finished: true, result: 2, winningsBonus: { id: 'pb', amount: 2.6, activated: true } }),
    );
    expect(won.grants).toEqual([]);
    expect(won.notice).toEqual({ kind: 'bonus', amount: 2.6, activated: true });
    expect(noticeKey(won.notice ?? { kind: 'nothing' })).toBe('play.freespins.ended.bonusActive');

    const waiting = afterFreeSpin(
      [grant('a', 19, 2), grant('b', 0, 0)],
      after('a', 20, 2, { finished: true, result: 2, winningsBonus: { id: 'pb', amount: 2, activated: false } }),
    );
    expect(waiting.grants.map((g) => g.id)).toEqual(['b']);
    expect(noticeKey(waiting.notice ?? { kind: 'nothing' })).toBe('play.freespins.ended.bonusWaiting');

    const nothing = afterFreeSpin([grant('a', 19, 0)], after('a', 20, 0, { finished: true, result: 2 }));
    expect(nothing.notice).toEqual({ kind: 'nothing' });
    expect(noticeKey({ kind: 'nothing' })).toBe('play.freespins.ended.nothing');
  });

  it('forgets a grant the server no longer plays', () => {
    expect(withoutGrant([grant('a', 1, 0), grant('b', 0, 0)], 'a').map((g) => g.id)).toEqual(['b']);
    expect(noticeKey({ kind: 'unavailable' })).toBe('play.freespins.unavailable');
  });
});

describe('choosing between grants', () => {
  const a = grant('a', 0, 0);
  const b = { ...grant('b', 2, 0.4), count: 10, remaining: 8, betAmount: 0.5, expiresAt: '2026-12-03T10:00:00.000Z' };
  const c = grant('c', 0, 0);

  it('offers the chosen grant while it is listed, else the first', () => {
    expect(chosenGrant([a, b, c], 'b')).toBe(b);
    expect(chosenGrant([a, b, c], null)).toBe(a);
    expect(chosenGrant([a, c], 'b')).toBe(a);
    expect(chosenGrant([], 'b')).toBeUndefined();
  });

  it('offers the next grant once the chosen one has gone, wrapping to the first', () => {
    expect(choiceAfterRemoval([a, b, c], 'b', 'b')).toBe('c');
    expect(choiceAfterRemoval([a, b, c], 'c', 'c')).toBe('a');
    // Nothing chosen yet: the first was offered, so the one after it comes next.
    expect(choiceAfterRemoval([a, b, c], 'a', null)).toBe('b');
    // Another grant left: the choice stays.
    expect(choiceAfterRemoval([a, b, c], 'a', 'c')).toBe('c');
    expect(choiceAfterRemoval([b], 'b', 'b')).toBeNull();
  });

  it('starts from a remembered choice only when that grant is still open', () => {
    expect(initialFreespinState([a, b], 'b')).toEqual({ grants: [a, b], chosenId: 'b', using: false, notice: null });
    expect(initialFreespinState([a, b], 'gone').chosenId).toBeNull();
    expect(initialFreespinState([a, b], null).chosenId).toBeNull();
  });

  it('plays the chosen grant, keeps the choice after each spin and moves on when it ends', () => {
    let state: FreespinState = initialFreespinState([a, b, c], null);
    state = freespinReducer(state, { type: 'choose', id: 'b' });
    state = freespinReducer(state, { type: 'toggle' });
    expect(state).toMatchObject({ chosenId: 'b', using: true, notice: null });
    expect(chosenGrant(state.grants, state.chosenId)?.betAmount).toBe(0.5);

    state = freespinReducer(state, { type: 'spun', after: { ...after('b', 3, 0.4), count: 10, remaining: 7 } });
    expect(state.chosenId).toBe('b');
    expect(chosenGrant(state.grants, state.chosenId)?.remaining).toBe(7);

    state = freespinReducer(state, {
      type: 'spun',
      after: { ...after('b', 10, 0.4), count: 10, remaining: 0, finished: true, result: 2 },
    });
    expect(state.grants.map((g) => g.id)).toEqual(['a', 'c']);
    // Still playing free spins, now the next grant's.
    expect(state).toMatchObject({ chosenId: 'c', using: true, notice: { kind: 'nothing' } });
  });

  it('ignores a grant that is not listed; leaves free spins once none is left', () => {
    const start = initialFreespinState([a], null);
    expect(freespinReducer(start, { type: 'choose', id: 'zz' })).toBe(start);
    const playing = freespinReducer(start, { type: 'toggle' });
    const gone = freespinReducer(playing, { type: 'gone', id: 'a' });
    expect(gone).toEqual({ grants: [], chosenId: null, using: false, notice: { kind: 'unavailable' } });
    const chosenAgain = freespinReducer(
      freespinReducer(initialFreespinState([a, b], null), { type: 'gone', id: 'a' }),
      { type: 'choose', id: 'b' },
    );
    // Choosing clears the last notice.
    expect(chosenAgain.notice).toBeNull();
  });

  it('keeps the choice in storage, and survives a storage that refuses', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    };
    writeFreespinChoice(storage, 'b');
    expect(values.get(FREESPIN_CHOICE_STORAGE_KEY)).toBe('b');
    expect(readFreespinChoice(storage)).toBe('b');
    writeFreespinChoice(storage, null);
    expect(readFreespinChoice(storage)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readFreespinChoice(refusing)).toBeNull();
    expect(() => writeFreespinChoice(refusing, 'b')).not.toThrow();
    expect(readFreespinChoice(undefined)).toBeNull();
  });
});
