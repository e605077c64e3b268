import type { OriginalsFreespin, OriginalsFreespinAfter } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { afterFreeSpin, noticeKey, withoutGrant } from './freespins';

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
