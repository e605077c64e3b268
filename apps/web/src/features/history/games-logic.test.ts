import { describe, expect, it } from 'vitest';
import { canVerify, gamesPageFromSearch, gamesSearch, isRecallable, roundFacts, tabFromSearch } from './games-logic';

const seeds = { serverSeedHash: 'h', clientSeed: 'c', nonce: 3, serverSeed: null };

describe('history games tab', () => {
  it('reads the tab and page from the URL', () => {
    expect(tabFromSearch(new URLSearchParams('tab=games'))).toBe('games');
    expect(tabFromSearch(new URLSearchParams('type=deposit'))).toBe('transactions');
    expect(gamesPageFromSearch(new URLSearchParams('tab=games&page=3'))).toBe(3);
    expect(gamesPageFromSearch(new URLSearchParams('page=-1'))).toBe(1);
    expect(gamesPageFromSearch(new URLSearchParams('page=x'))).toBe(1);
    expect(gamesSearch(1).toString()).toBe('tab=games');
    expect(gamesSearch(2).toString()).toBe('tab=games&page=2');
  });

  it('summarises a dice round: direction, target and roll in hundredths', () => {
    const facts = roundFacts(
      {
        game: 'dice',
        params: { direction: 'under', targetHundredths: 5000 },
        outcome: { rollHundredths: 4217, win: true, multiplierBp: 19800 },
        actions: null,
      },
      'en',
    );
    expect(facts).toEqual([
      { label: 'direction', value: 'under', valueKey: true },
      { label: 'target', value: '50.00' },
      { label: 'roll', value: '42.17' },
    ]);
  });

  it('summarises limbo with multipliers and mines with the player steps', () => {
    expect(
      roundFacts(
        { game: 'limbo', params: { targetHundredths: 200 }, outcome: { resultHundredths: 153 }, actions: null },
        'de',
      ),
    ).toEqual([
      { label: 'target', value: '2,00×' },
      { label: 'result', value: '1,53×' },
    ]);
    expect(
      roundFacts(
        { game: 'mines', params: { mineCount: 3 }, outcome: {}, actions: { reveals: [1, 7], cashOut: true } },
        'en',
      ),
    ).toEqual([
      { label: 'mines', value: '3' },
      { label: 'revealed', value: '2' },
      { label: 'cashOut', value: 'yes', valueKey: true },
    ]);
  });

  it('leaves out fields of an unexpected shape', () => {
    expect(
      roundFacts(
        { game: 'dice', params: { direction: 'sideways' }, outcome: { rollHundredths: '12' }, actions: null },
        'en',
      ),
    ).toEqual([]);
  });

  it('verifies only once the server seed is revealed', () => {
    expect(canVerify({ seeds })).toBe(false);
    expect(canVerify({ seeds: { ...seeds, serverSeed: 'abc' } })).toBe(true);
  });

  it('recalls in-house rounds only (the slot by its catalogue identity)', () => {
    expect(isRecallable({ gameIdentity: 'dice' })).toBe(true);
    expect(isRecallable({ gameIdentity: 'fruit-fiesta' })).toBe(true);
    expect(isRecallable({ gameIdentity: 'aurora-wilds' })).toBe(false);
  });
});
