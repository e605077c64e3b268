import { describe, expect, it } from 'vitest';
import { multiplierOf, spinReels, SYMBOLS, type Reels } from './paytable';

describe('sandbox provider paytable', () => {
  it('returns 215 of every 216 stakes over all outcomes', () => {
    let returned = 0n;
    let outcomes = 0;
    for (const a of SYMBOLS)
      for (const b of SYMBOLS)
        for (const c of SYMBOLS) {
          returned += multiplierOf([a, b, c]);
          outcomes += 1;
        }
    expect(outcomes).toBe(216);
    expect(returned).toBe(215n);
  });

  it('pays triples, two cherries and one cherry', () => {
    expect(multiplierOf(['Diamond', 'Diamond', 'Diamond'])).toBe(50n);
    expect(multiplierOf(['Cherry', 'Cherry', 'Cherry'])).toBe(5n);
    expect(multiplierOf(['Cherry', 'Bell', 'Cherry'])).toBe(2n);
    expect(multiplierOf(['Lemon', 'Cherry', 'Bell'])).toBe(1n);
    expect(multiplierOf(['Lemon', 'Star', 'Bell'])).toBe(0n);
  });

  it('stops each reel on the symbol the random source picks', () => {
    const picks = [5, 0, 3];
    const reels: Reels = spinReels(() => picks.shift() ?? 0);
    expect(reels).toEqual(['Diamond', 'Cherry', 'Star']);
    for (let i = 0; i < 50; i += 1) for (const symbol of spinReels()) expect(SYMBOLS).toContain(symbol);
  });
});
