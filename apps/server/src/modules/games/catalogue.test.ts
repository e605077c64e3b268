import type { Provider } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import {
  collectionShownTo,
  gameOrder,
  isUuid,
  likeContains,
  matchesRef,
  nameContains,
  resolveRefs,
  sortProviders,
  splitGameRefs,
} from './catalogue';

const ID = '9c6df735-cde1-55ce-a43c-12c698e07b03';

describe('references', () => {
  it('recognises UUIDs in either case and nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid('dice')).toBe(false);
    expect(isUuid(`${ID}0`)).toBe(false);
    expect(isUuid('9c6df735cde155cea43c12c698e07b03')).toBe(false);
  });

  it('matches an item by id (any case) or identity (lower-cased)', () => {
    const item = { id: ID, identity: 'dice' };
    expect(matchesRef(item, ID)).toBe(true);
    expect(matchesRef(item, ID.toUpperCase())).toBe(true);
    expect(matchesRef(item, 'dice')).toBe(true);
    expect(matchesRef(item, 'DICE')).toBe(true);
    expect(matchesRef(item, 'dic')).toBe(false);
    expect(matchesRef(item, '')).toBe(false);
  });

  it("resolves references in the items' order, each item once", () => {
    const items = [
      { id: 'a1', identity: 'alpha' },
      { id: 'b2', identity: 'beta' },
      { id: 'c3', identity: 'gamma' },
    ];
    expect(resolveRefs(items, ['gamma', 'a1', 'alpha', 'nope']).map((i) => i.identity)).toEqual(['alpha', 'gamma']);
    expect(resolveRefs(items, [])).toEqual([]);
  });

  it('splits game references so that only UUIDs are compared with ids', () => {
    expect(splitGameRefs(['dice', ID.toUpperCase(), 'dice'])).toEqual({ ids: [ID], identities: ['dice', ID] });
    expect(splitGameRefs(['not-a-uuid'])).toEqual({ ids: [], identities: ['not-a-uuid'] });
  });
});

describe('likeContains', () => {
  it('wraps the text for a substring match', () => {
    expect(likeContains('koi')).toBe('%koi%');
  });

  it("escapes LIKE's wildcards and its escape character", () => {
    expect(likeContains('50%')).toBe('%50\\%%');
    expect(likeContains('a_b')).toBe('%a\\_b%');
    expect(likeContains('back\\slash')).toBe('%back\\\\slash%');
    expect(likeContains('%_\\')).toBe('%\\%\\_\\\\%');
  });

  it('leaves other characters alone', () => {
    expect(likeContains("Pirate's [1]")).toBe("%Pirate's [1]%");
  });
});

describe('collectionShownTo', () => {
  it('shows an unlimited collection everywhere and a limited one only to its countries', () => {
    expect(collectionShownTo({ countries: [] }, ['DE'])).toBe(true);
    expect(collectionShownTo({ countries: ['BR', 'PT'] }, ['PT'])).toBe(true);
    expect(collectionShownTo({ countries: ['BR', 'PT'] }, ['DE', 'BR'])).toBe(true);
    expect(collectionShownTo({ countries: ['BR', 'PT'] }, ['DE'])).toBe(false);
    expect(collectionShownTo({ countries: ['BR'] }, [])).toBe(false);
  });
});

describe('gameOrder', () => {
  it('gives each sort its natural direction, which sortOrder overrides', () => {
    expect(gameOrder({ sortBy: 'score' })).toEqual({ by: 'score', direction: 'desc' });
    expect(gameOrder({ sortBy: 'newest' })).toEqual({ by: 'newest', direction: 'desc' });
    expect(gameOrder({ sortBy: 'name' })).toEqual({ by: 'name', direction: 'asc' });
    expect(gameOrder({ sortBy: 'name', sortOrder: 'desc' })).toEqual({ by: 'name', direction: 'desc' });
    expect(gameOrder({ sortBy: 'score', sortOrder: 'asc' })).toEqual({ by: 'score', direction: 'asc' });
  });

  it('keeps the given identities, else the one collection, else the lobby order', () => {
    expect(gameOrder({ sortBy: 'default', identities: ['b', 'a'], collectionIds: ['c1'] })).toEqual({
      by: 'identities',
      identities: ['b', 'a'],
      direction: 'asc',
    });
    expect(gameOrder({ sortBy: 'default', collectionIds: ['c1'] })).toEqual({
      by: 'collection',
      collectionId: 'c1',
      direction: 'asc',
    });
    expect(gameOrder({ sortBy: 'default', collectionIds: ['c1', 'c2'] })).toEqual({ by: 'position', direction: 'asc' });
    expect(gameOrder({ sortBy: 'default', identities: [] })).toEqual({ by: 'position', direction: 'asc' });
    expect(gameOrder({ sortBy: 'default', sortOrder: 'desc' })).toEqual({ by: 'position', direction: 'desc' });
  });

  it('lets an explicit sort win over the given identities', () => {
    expect(gameOrder({ sortBy: 'name', identities: ['b', 'a'] })).toEqual({ by: 'name', direction: 'asc' });
  });
});

describe('providers', () => {
  const provider = (identity: string, name: string, gameEnabledCount: number): Provider => {
    const logo = { '116x40': { '1x': `/images/providers/${identity}.svg` } };
    return { id: identity, identity, name, gameEnabledCount, images: logo, customImages: logo };
  };
  const providers = [provider('c', 'croupier', 6), provider('n', 'Nebula', 9), provider('a', 'Alpha', 6)];

  it('keeps the catalogue order by default and reverses it on request', () => {
    expect(sortProviders(providers, 'default').map((p) => p.identity)).toEqual(['c', 'n', 'a']);
    expect(sortProviders(providers, 'default', 'desc').map((p) => p.identity)).toEqual(['a', 'n', 'c']);
  });

  it('sorts names case-insensitively', () => {
    expect(sortProviders(providers, 'name').map((p) => p.name)).toEqual(['Alpha', 'croupier', 'Nebula']);
    expect(sortProviders(providers, 'name', 'desc').map((p) => p.name)).toEqual(['Nebula', 'croupier', 'Alpha']);
  });

  it('puts the most games first, ties in catalogue order', () => {
    expect(sortProviders(providers, 'gameEnabledCount').map((p) => p.identity)).toEqual(['n', 'c', 'a']);
    expect(sortProviders(providers, 'gameEnabledCount', 'asc').map((p) => p.identity)).toEqual(['c', 'a', 'n']);
  });

  it('does not reorder the array it is given', () => {
    sortProviders(providers, 'name');
    expect(providers.map((p) => p.identity)).toEqual(['c', 'n', 'a']);
  });

  it('matches names as case-insensitive substrings', () => {
    expect(nameContains('Golden Koi Studios', 'koi')).toBe(true);
    expect(nameContains('Golden Koi Studios', 'KOI S')).toBe(true);
    expect(nameContains('Golden Koi Studios', 'carp')).toBe(false);
  });
});
