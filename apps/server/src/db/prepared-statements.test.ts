import { describe, expect, it } from 'vitest';
import { MAX_PREPARED_TEXTS, StatementNames } from './prepared-statements';

describe('StatementNames', () => {
  it('gives a text the same name every time and different texts different names', () => {
    const names = new StatementNames();
    const first = names.nameFor('select $1');
    expect(first).toBeDefined();
    expect(names.nameFor('select $1')).toBe(first);
    expect(names.nameFor('select $1, $2')).not.toBe(first);
    expect(names.size).toBe(2);
  });

  it('names no new text past the cap, and keeps the names it gave', () => {
    const names = new StatementNames();
    const kept = names.nameFor('select 0 + $1');
    for (let i = 1; i < MAX_PREPARED_TEXTS; i += 1) names.nameFor(`select ${i} + $1`);
    expect(names.size).toBe(MAX_PREPARED_TEXTS);
    expect(names.nameFor('select -1 + $1')).toBeUndefined();
    expect(names.nameFor('select 0 + $1')).toBe(kept);
    expect(names.size).toBe(MAX_PREPARED_TEXTS);
  });
});
