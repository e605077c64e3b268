import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/seeded-random';
import { decodeMember, encodeMember, scoreOf } from './leaderboard';

/** A seeded generator: the property runs the same inputs every time. */
const random = (seed: number): (() => number) => seededRandom(seed).next;

interface Entry {
  points: bigint;
  reachedUs: bigint;
  playerId: string;
}

const hex = (next: () => number, length: number): string =>
  Array.from({ length }, () => '0123456789abcdef'.charAt(Math.floor(next() * 16))).join('');

const uuid = (next: () => number): string =>
  `${hex(next, 8)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 4)}-${hex(next, 12)}`;

/** SQL's order: points desc, reached_at asc, player_id asc (uuids compare as their hex). */
function sqlOrder(a: Entry, b: Entry): number {
  if (a.points !== b.points) return a.points > b.points ? -1 : 1;
  if (a.reachedUs !== b.reachedUs) return a.reachedUs < b.reachedUs ? -1 : 1;
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
}

/** ZREVRANGE's order: score desc, then member bytes desc. */
function redisOrder(a: Entry, b: Entry): number {
  if (a.points !== b.points) return a.points > b.points ? -1 : 1;
  const ma = encodeMember(a.reachedUs, a.playerId);
  const mb = encodeMember(b.reachedUs, b.playerId);
  return ma > mb ? -1 : ma < mb ? 1 : 0;
}

describe('leaderboard member encoding', () => {
  it('has a fixed width and decodes back', () => {
    const next = random(7);
    for (let i = 0; i < 200; i++) {
      const playerId = uuid(next);
      const reachedUs = BigInt(Math.floor(next() * 2_000_000_000)) * 1_000_000n + BigInt(Math.floor(next() * 1e6));
      const member = encodeMember(reachedUs, playerId);
      expect(member).toHaveLength(49);
      expect(decodeMember(member)).toEqual({ reachedUs, playerId });
    }
  });

  it('orders like SQL over random entries full of ties', () => {
    for (let round = 0; round < 50; round++) {
      const next = random(round + 1);
      // Few distinct points and times, so that both tie-breaks are exercised.
      const times = Array.from({ length: 4 }, () => 1_764_000_000_000_000n + BigInt(Math.floor(next() * 1_000)));
      const ids = Array.from({ length: 6 }, () => uuid(next));
      const entries: Entry[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const playerId = ids[Math.floor(next() * ids.length)] ?? ids[0] ?? uuid(next);
        const reachedUs = times[Math.floor(next() * times.length)] ?? 0n;
        const points = BigInt(Math.floor(next() * 3) * 100);
        const key = `${playerId}:${reachedUs}:${points}`;
        if (seen.has(key)) continue;
        seen.add(key);
        entries.push({ points, reachedUs, playerId });
      }
      expect([...entries].sort(redisOrder)).toEqual([...entries].sort(sqlOrder));
    }
  });

  it('orders the time before the player id, microseconds included', () => {
    const low = '00000000-0000-0000-0000-000000000001';
    const high = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
    // Earlier (by one microsecond) wins over a smaller id: a greater member.
    expect(encodeMember(1n, high) > encodeMember(2n, low)).toBe(true);
    // Same time: the smaller id has the greater member.
    expect(encodeMember(5n, low) > encodeMember(5n, high)).toBe(true);
  });

  it('refuses what it cannot keep exact', () => {
    expect(() => encodeMember(-1n, '00000000-0000-0000-0000-000000000001')).toThrow();
    expect(() => encodeMember(10n ** 17n, '00000000-0000-0000-0000-000000000001')).toThrow();
    expect(() => encodeMember(1n, 'not-a-uuid')).toThrow();
    expect(scoreOf(2n ** 53n - 1n)).toBe('9007199254740991');
    expect(() => scoreOf(2n ** 53n)).toThrow();
  });
});
