import {
  collectionSchema,
  errorBodySchema,
  gameSchema,
  paginationMetaSchema,
  providerSchema,
  type Game,
  type PaginationMeta,
} from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seed } from '../src/seed';
import { catalogueId, loadCatalogue } from '../src/seed/games';
import { useTestServer, withOwnServer } from './fixtures';

const t = useTestServer();

/** The seeded catalogue is the expectation: tests compute what the API must return from it. */
const catalogue = loadCatalogue();
// The lobby lists every enabled game but the sportsbook (launched from the betting page).
const enabledGames = catalogue.games.filter((g) => g.isEnabled && g.type !== 'sportsbook');
const byIdentity = new Map(catalogue.games.map((g) => [g.identity, g]));
const inCollection = (identity: string) => enabledGames.filter((g) => g.collections.includes(identity));

const gamesPageSchema = z.object({ data: z.array(gameSchema), meta: paginationMetaSchema }).strict();

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.server.inject({ method: 'GET', url, headers });
}

async function getData<T extends z.ZodType>(url: string, schema: T): Promise<z.output<T>> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json<{ data: unknown }>().data);
}

async function listGames(query: string): Promise<{ data: Game[]; meta: PaginationMeta }> {
  const response = await get(`/api/game/games${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return gamesPageSchema.parse(response.json());
}

const identities = (games: Game[]) => games.map((g) => g.identity);
const sortedSet = (values: string[]) => [...values].sort();

async function expect422(url: string, field: string) {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
  const body = errorBodySchema.parse(response.json());
  expect(body.error.code).toBe(1001);
  expect(body.error.fields?.[field]?.length, `${url} names ${field}`).toBeGreaterThan(0);
}

describe('GET /api/game/collections', () => {
  it('lists the visible collections in position order with their enabled game counts', async () => {
    const collections = await getData('/api/game/collections', z.array(collectionSchema));
    const expected = catalogue.collections.filter((c) => !c.isHidden).map((c) => c.identity);
    expect(collections.map((c) => c.identity)).toEqual(expected);
    for (const collection of collections) {
      expect(collection.gameCount, collection.identity).toBe(inCollection(collection.identity).length);
      expect(collection.isHidden).toBe(false);
    }
    // The disabled game is in `slots` in the catalogue but not counted.
    expect(collections.find((c) => c.identity === 'slots')?.gameCount).toBe(
      catalogue.games.filter((g) => g.collections.includes('slots')).length - 1,
    );
  });

  it('leaves hidden collections out and shows country limits', async () => {
    const collections = await getData('/api/game/collections', z.array(collectionSchema));
    expect(collections.map((c) => c.identity)).not.toContain('recommended');
    expect(collections.find((c) => c.identity === 'brazil-favourites')?.countries).toEqual(['BR', 'PT']);
    expect(collections.find((c) => c.identity === 'popular')?.countries).toEqual([]);
    // The reference client relies on these two.
    expect(collections.map((c) => c.identity)).toContain('turbogames');
  });

  it('gives the same ids on every installation (derived from the identities)', async () => {
    const collections = await getData('/api/game/collections', z.array(collectionSchema));
    expect(collections.find((c) => c.identity === 'originals')?.id).toBe(catalogueId('collection', 'originals'));
  });

  it('is cacheable and answers a revalidation with 304', async () => {
    const first = await get('/api/game/collections');
    expect(first.headers['cache-control']).toContain('max-age=60');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const second = await get('/api/game/collections', { 'if-none-match': String(etag) });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});

describe('GET /api/game/providers', () => {
  it('returns a plain array of providers with enabled games, in catalogue order', async () => {
    const response = await get('/api/game/providers');
    expect(response.statusCode).toBe(200);
    const body = z
      .object({ data: z.array(providerSchema) })
      .strict()
      .parse(response.json());
    const expected = catalogue.providers
      .map((p) => p.identity)
      .filter((identity) => enabledGames.some((g) => g.provider === identity));
    expect(body.data.map((p) => p.identity)).toEqual(expected);
    // Lucky Anchor's only game is disabled, so it is hidden.
    expect(body.data.map((p) => p.identity)).not.toContain('lucky-anchor');
    for (const provider of body.data) {
      expect(provider.gameEnabledCount).toBe(enabledGames.filter((g) => g.provider === provider.identity).length);
      expect(provider.images['116x40']['1x']).toBe(`/images/providers/${provider.identity}.svg`);
      expect(provider.customImages).toEqual(provider.images);
    }
    expect(body.data[0]).toMatchObject({ identity: 'croupier', name: 'Croupier Originals', gameEnabledCount: 6 });
  });

  it('sorts by name and by game count, either way', async () => {
    const schema = z.array(providerSchema);
    const byName = await getData('/api/game/providers?sortBy=name', schema);
    const names = byName.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byNameDesc = await getData('/api/game/providers?sortBy=name&sortOrder=desc', schema);
    expect(byNameDesc.map((p) => p.name)).toEqual([...names].reverse());

    const byCount = await getData('/api/game/providers?sortBy=gameEnabledCount', schema);
    const counts = byCount.map((p) => p.gameEnabledCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byCountAsc = await getData('/api/game/providers?sortBy=gameEnabledCount&sortOrder=asc', schema);
    expect(byCountAsc.map((p) => p.gameEnabledCount)).toEqual([...counts].sort((a, b) => a - b));
  });

  it('searches names case-insensitively', async () => {
    const schema = z.array(providerSchema);
    expect((await getData('/api/game/providers?name=KOI', schema)).map((p) => p.identity)).toEqual(['golden-koi']);
    expect((await getData('/api/game/providers?name=studios', schema)).map((p) => p.identity)).toEqual([
      'golden-koi',
      'sunspire',
    ]);
    expect(await getData('/api/game/providers?name=%25', schema)).toEqual([]);
    expect(await getData('/api/game/providers?name=nobody', schema)).toEqual([]);
  });

  it('slices the list only when perPage is given', async () => {
    const all = await getData('/api/game/providers', z.array(providerSchema));
    const second = await getData('/api/game/providers?page=2&perPage=3', z.array(providerSchema));
    expect(second.map((p) => p.identity)).toEqual(all.slice(3, 6).map((p) => p.identity));
  });

  it('refuses bad sorts and sizes with 422', async () => {
    await expect422('/api/game/providers?sortBy=bogus', 'sortBy');
    await expect422('/api/game/providers?sortOrder=sideways', 'sortOrder');
    await expect422('/api/game/providers?perPage=0', 'perPage');
  });
});

describe('GET /api/game/providers/{id}', () => {
  it('finds a provider by id or by identity', async () => {
    const byIdentity = await getData('/api/game/providers/golden-koi', providerSchema);
    expect(byIdentity).toMatchObject({ identity: 'golden-koi', name: 'Golden Koi Studios', gameEnabledCount: 8 });
    const byId = await getData(`/api/game/providers/${byIdentity.id}`, providerSchema);
    expect(byId).toEqual(byIdentity);
    const byUpperCaseId = await getData(`/api/game/providers/${byIdentity.id.toUpperCase()}`, providerSchema);
    expect(byUpperCaseId.id).toBe(byIdentity.id);
  });

  it('finds an enabled provider whose games are not live yet', async () => {
    expect(await getData('/api/game/providers/lucky-anchor', providerSchema)).toMatchObject({ gameEnabledCount: 0 });
  });

  it('answers 404 with the catalogue code for an unknown provider', async () => {
    for (const ref of ['nobody', '00000000-0000-4000-8000-000000000000']) {
      const response = await get(`/api/game/providers/${ref}`);
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json()).error.code).toBe(1004);
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });
});

describe('GET /api/game/games: paging', () => {
  it('pages enabled games 24 at a time by default, in lobby order', async () => {
    const first = await listGames('');
    expect(first.meta).toEqual({ page: 1, perPage: 24, totalRows: enabledGames.length, totalPages: 3 });
    expect(identities(first.data)).toEqual(enabledGames.slice(0, 24).map((g) => g.identity));
    expect(first.data[0]?.identity).toBe('dice');
  });

  it('gives a partial last page and an empty page beyond it', async () => {
    const last = await listGames('page=3');
    expect(last.meta).toMatchObject({ page: 3, totalPages: 3 });
    expect(last.data).toHaveLength(enabledGames.length - 48);
    const beyond = await listGames('page=4');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toEqual({ page: 4, perPage: 24, totalRows: enabledGames.length, totalPages: 3 });
    const farBeyond = await listGames('page=900719925474099&perPage=100');
    expect(farBeyond.data).toEqual([]);
  });

  it('walks every game exactly once across pages', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 7; page++) {
      const { data, meta } = await listGames(`perPage=10&page=${page}&sortBy=score`);
      expect(meta.totalPages).toBe(7);
      seen.push(...identities(data));
    }
    expect(sortedSet(seen)).toEqual(sortedSet(enabledGames.map((g) => g.identity)));
  });

  it('never lists a disabled game', async () => {
    const all = await listGames('perPage=100');
    expect(identities(all.data)).not.toContain('anchors-away');
    expect(all.data).toHaveLength(enabledGames.length);
  });
});

describe('GET /api/game/games: filters', () => {
  it('filters by collection identity as a scalar, in the collection order', async () => {
    const { data, meta } = await listGames('collectionId=originals');
    expect(identities(data)).toEqual(['dice', 'limbo', 'mines', 'plinko', 'roulette', 'fruit-fiesta']);
    expect(meta.totalRows).toBe(6);
    expect(data.every((g) => g.provider.identity === 'croupier')).toBe(true);
  });

  it('filters by collection id as a bracket array, and by several collections', async () => {
    const live = catalogueId('collection', 'live');
    const byId = await listGames(`collectionId[]=${live}`);
    expect(sortedSet(identities(byId.data))).toEqual(sortedSet(inCollection('live').map((g) => g.identity)));

    const both = await listGames(`collectionId[]=${live}&collectionId[]=table-games&perPage=100`);
    const expected = enabledGames.filter(
      (g) => g.collections.includes('live') || g.collections.includes('table-games'),
    );
    expect(sortedSet(identities(both.data))).toEqual(sortedSet(expected.map((g) => g.identity)));
  });

  it('orders a single collection by its own positions (popular: by popularity)', async () => {
    const { data } = await listGames('collectionId[]=popular&perPage=100');
    const expected = [...inCollection('popular')].sort((a, b) => b.score - a.score).map((g) => g.identity);
    expect(identities(data)).toEqual(expected);
  });

  it('lets a hidden collection be queried by identity', async () => {
    const { meta } = await listGames('collectionId=recommended');
    expect(meta.totalRows).toBe(inCollection('recommended').length);
  });

  it('gives an empty page for an unknown collection or provider', async () => {
    for (const query of ['collectionId=nothing', 'providerId[]=nobody', 'collectionId[]=', 'identity=no-such-game']) {
      const { data, meta } = await listGames(query);
      expect(data, query).toEqual([]);
      expect(meta, query).toEqual({ page: 1, perPage: 24, totalRows: 0, totalPages: 0 });
    }
  });

  it('filters by provider id or identity, scalar or array', async () => {
    const expected = sortedSet(enabledGames.filter((g) => g.provider === 'sunspire').map((g) => g.identity));
    const byIdentity = await listGames('providerId=sunspire');
    expect(sortedSet(identities(byIdentity.data))).toEqual(expected);
    const byId = await listGames(`providerId[]=${catalogueId('provider', 'sunspire')}`);
    expect(sortedSet(identities(byId.data))).toEqual(expected);

    const mixed = await listGames(`providerId[]=${catalogueId('provider', 'croupier')}&providerId[]=nebula-forge`);
    expect(mixed.meta.totalRows).toBe(
      enabledGames.filter((g) => g.provider === 'croupier' || g.provider === 'nebula-forge').length,
    );
  });

  it('filters by game ids, scalar or array', async () => {
    const dice = catalogueId('game', 'dice');
    const mines = catalogueId('game', 'mines');
    expect(identities((await listGames(`gameId=${dice}`)).data)).toEqual(['dice']);
    expect(sortedSet(identities((await listGames(`gameId[]=${mines}&gameId[]=${dice}`)).data))).toEqual([
      'dice',
      'mines',
    ]);
    // A value that is not a UUID cannot be an id: it matches nothing and is no error.
    expect((await listGames('gameId[]=not-a-uuid')).data).toEqual([]);
    // The disabled game cannot be reached by id either.
    expect((await listGames(`gameId=${catalogueId('game', 'anchors-away')}`)).data).toEqual([]);
  });

  it('keeps the order of identity[] as given, and accepts a scalar', async () => {
    const order = ['rocket-rush', 'dice', 'candy-cascade', 'roulette-royale-live', 'mines'];
    const { data } = await listGames(order.map((i) => `identity[]=${i}`).join('&'));
    expect(identities(data)).toEqual(order);
    expect(identities((await listGames('identity=plinko')).data)).toEqual(['plinko']);
    // An explicit sort wins over the given order.
    const byName = await listGames(`${order.map((i) => `identity[]=${i}`).join('&')}&sortBy=name`);
    expect(identities(byName.data)).toEqual(['candy-cascade', 'dice', 'mines', 'rocket-rush', 'roulette-royale-live']);
  });

  it('searches names case-insensitively as a substring', async () => {
    const { data } = await listGames('name=FORTUNE&perPage=100');
    const expected = enabledGames.filter((g) => g.name.toLowerCase().includes('fortune')).map((g) => g.identity);
    expect(expected.length).toBeGreaterThan(3);
    expect(sortedSet(identities(data))).toEqual(sortedSet(expected));
    expect(identities((await listGames('name=%20hold%20%26%20win')).data)).toEqual(['lucky-horseshoe']);
    expect(identities((await listGames("name=pirate's")).data)).toEqual(['pirates-plunder']);
  });

  it('takes % and _ in a search literally', async () => {
    // Unescaped, "a%b" and "_" would match most of the catalogue.
    for (const name of ['a%25b', '%25', '_', '__', '%5C', 'o_d']) {
      const { data, meta } = await listGames(`name=${name}`);
      expect(data, name).toEqual([]);
      expect(meta.totalRows, name).toBe(0);
    }
  });

  it("drops games restricted in the visitor's country", async () => {
    const restrictedInDe = enabledGames.filter((g) => g.restrictedCountries.includes('DE')).map((g) => g.identity);
    expect(restrictedInDe).toEqual(['polar-fortune-jackpot', 'dragon-pearl-jackpot']);
    const inGermany = await listGames('countries[]=DE&perPage=100');
    expect(inGermany.meta.totalRows).toBe(enabledGames.length - 2);
    for (const identity of restrictedInDe) expect(identities(inGermany.data)).not.toContain(identity);
    // A lower-case scalar works the same.
    expect((await listGames('countries=de&perPage=100')).meta.totalRows).toBe(enabledGames.length - 2);
    const canada = await listGames('countries[]=CA&collectionId=live');
    expect(identities(canada.data)).not.toContain('speed-baccarat-live');
    expect(canada.meta.totalRows).toBe(inCollection('live').length - 1);
  });

  it('shows a country-limited collection only to visitors from its countries', async () => {
    const members = inCollection('brazil-favourites').length;
    expect(members).toBeGreaterThan(3);
    expect((await listGames('collectionId=brazil-favourites&countries[]=BR')).meta.totalRows).toBe(members);
    expect((await listGames('collectionId=brazil-favourites&countries[]=PT')).meta.totalRows).toBe(members);
    expect((await listGames('collectionId=brazil-favourites&countries[]=DE&countries[]=PT')).meta.totalRows).toBe(
      members,
    );
    expect((await listGames('collectionId=brazil-favourites&countries[]=DE')).data).toEqual([]);
    // Without a country the client decides (it has the collection's countries).
    expect((await listGames('collectionId=brazil-favourites')).meta.totalRows).toBe(members);
    // Other collections are unaffected by the limit of one among them.
    const both = await listGames('collectionId[]=brazil-favourites&collectionId[]=originals&countries[]=DE');
    expect(sortedSet(identities(both.data))).toEqual(sortedSet(inCollection('originals').map((g) => g.identity)));
  });

  it('combines filters', async () => {
    const { data } = await listGames('collectionId=slots&providerId=golden-koi&name=dragon&countries[]=BR');
    expect(identities(data)).toEqual(['jade-dragon-megaways', 'dragon-pearl-jackpot']);
  });
});

describe('GET /api/game/games: sorting', () => {
  it('sorts by popularity, most popular first unless asked otherwise', async () => {
    const desc = (await listGames('sortBy=score&perPage=100')).data.map((g) => byIdentity.get(g.identity)?.score ?? -1);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect((await listGames('sortBy=score')).data[0]?.identity).toBe('rocket-rush');
    const asc = (await listGames('sortBy=score&sortOrder=asc&perPage=100')).data.map(
      (g) => byIdentity.get(g.identity)?.score ?? -1,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
  });

  it('sorts by name, A to Z unless asked otherwise', async () => {
    const names = (await listGames('sortBy=name&perPage=100')).data.map((g) => g.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const reversed = (await listGames('sortBy=name&sortOrder=desc&perPage=100')).data.map((g) => g.name.toLowerCase());
    expect(reversed).toEqual([...names].reverse());
  });

  it('sorts by release date, newest first', async () => {
    const { data } = await listGames('sortBy=newest&perPage=100');
    const dates = data.map((g) => byIdentity.get(g.identity)?.releasedAt ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data[0]?.identity).toBe('samba-spins');
    const oldest = await listGames('sortBy=newest&sortOrder=asc&perPage=1');
    expect(oldest.data[0]?.identity).toBe('lucky-sevens-deluxe');
  });

  it('reverses the lobby order with sortOrder=desc', async () => {
    const { data } = await listGames('sortOrder=desc&perPage=3');
    expect(identities(data)).toEqual(
      enabledGames
        .slice(-3)
        .reverse()
        .map((g) => g.identity),
    );
  });
});

describe('GET /api/game/games: bad queries', () => {
  it('refuses out-of-range paging and unknown sorts with 422 and field errors', async () => {
    await expect422('/api/game/games?perPage=0', 'perPage');
    await expect422('/api/game/games?perPage=1000', 'perPage');
    await expect422('/api/game/games?perPage=2.5', 'perPage');
    await expect422('/api/game/games?page=-1', 'page');
    await expect422('/api/game/games?page=0', 'page');
    await expect422('/api/game/games?page=abc', 'page');
    await expect422('/api/game/games?sortBy=bogus', 'sortBy');
    await expect422('/api/game/games?sortOrder=up', 'sortOrder');
    await expect422('/api/game/games?countries[]=USA', 'countries.0');
    await expect422(`/api/game/games?name=${'x'.repeat(101)}`, 'name');
  });

  it('treats a bare key as no value', async () => {
    const { meta } = await listGames('collectionId&name&page=1');
    expect(meta.totalRows).toBe(enabledGames.length);
  });
});

describe('GET /api/game/games/{idOrIdentity}', () => {
  it('returns a game by identity with its provider, artwork, labels and collections', async () => {
    const game = await getData('/api/game/games/thunder-of-olympia', gameSchema);
    const seeded = byIdentity.get('thunder-of-olympia');
    expect(game).toMatchObject({
      id: catalogueId('game', 'thunder-of-olympia'),
      name: 'Thunder of Olympia',
      description: seeded?.description,
      isDemoMode: true,
      type: 'slots',
      volatility: 'very-high',
      rtp: 96.5,
      platforms: [1, 2],
      restrictedCountries: [],
      provider: { identity: 'sunspire', name: 'Sunspire Studios' },
      images: {
        '200x200': { '1x': '/images/games/thunder-of-olympia-200x200.svg' },
        '200x300': { '1x': '/images/games/thunder-of-olympia-200x300.svg' },
      },
    });
    expect(game.customImages).toEqual(game.images);
    expect(game.labels.map((l) => l.name)).toEqual(['new', 'hot']);
    expect(new Date(game.labels[0]?.createdAt ?? '').getTime()).not.toBeNaN();
    // Collections in their lobby order, hidden ones included (flagged).
    expect(game.collections.map((c) => c.identity)).toEqual(['popular', 'new', 'slots', 'recommended']);
    expect(game.collections.find((c) => c.identity === 'recommended')?.isHidden).toBe(true);
  });

  it('returns the same game by id, by upper-case id and by upper-case identity', async () => {
    const byIdentity = await getData('/api/game/games/dice', gameSchema);
    expect(await getData(`/api/game/games/${byIdentity.id}`, gameSchema)).toEqual(byIdentity);
    expect(await getData(`/api/game/games/${byIdentity.id.toUpperCase()}`, gameSchema)).toEqual(byIdentity);
    expect(await getData('/api/game/games/DICE', gameSchema)).toEqual(byIdentity);
  });

  it('has the six in-house originals', async () => {
    for (const identity of ['dice', 'limbo', 'mines', 'plinko', 'roulette', 'fruit-fiesta']) {
      const game = await getData(`/api/game/games/${identity}`, gameSchema);
      expect(game.provider.identity).toBe('croupier');
      expect(game.collections.map((c) => c.identity)).toContain('originals');
    }
  });

  it('describes live games as having no demo and restricted games with their countries', async () => {
    expect(await getData('/api/game/games/speed-baccarat-live', gameSchema)).toMatchObject({
      type: 'live',
      isDemoMode: false,
      isBonusWagering: false,
      restrictedCountries: ['CA', 'ES'],
      screenWidthRatio: 16,
      screenHeightRatio: 9,
    });
    expect((await getData('/api/game/games/classic-blackjack', gameSchema)).minimumBonusWagerMultiplier).toBe(5);
  });

  it('answers 404 for an unknown or disabled game, whatever the reference looks like', async () => {
    for (const ref of ['no-such-game', 'anchors-away', catalogueId('game', 'anchors-away'), '%25', 'a_b']) {
      const response = await get(`/api/game/games/${ref}`);
      expect(response.statusCode, ref).toBe(404);
      expect(errorBodySchema.parse(response.json()).error.code).toBe(1004);
    }
    const longest = await get(`/api/game/games/${'x'.repeat(100)}`);
    expect(longest.statusCode).toBe(404);
  });
});

describe('catalogue over real HTTP', () => {
  it('accepts percent-encoded bracket arrays and compresses large lists', async () => {
    const base = await t.app.server.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(
      `${base}/api/game/games?collectionId%5B%5D=turbogames&providerId%5B%5D=nebula-forge&perPage=5&sortBy=name`,
      { headers: { 'accept-encoding': 'gzip' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('max-age=30');
    const body = gamesPageSchema.parse(await response.json());
    const expected = enabledGames
      .filter((g) => g.provider === 'nebula-forge' && g.collections.includes('turbogames'))
      .map((g) => g.name)
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(body.data.map((g) => g.name)).toEqual(expected.slice(0, 5));
    expect(body.meta).toMatchObject({ perPage: 5, totalRows: expected.length, totalPages: 2 });

    const providers = await fetch(`${base}/api/game/providers`, { headers: { 'accept-encoding': 'br' } });
    expect(providers.headers.get('content-encoding')).toBe('br');
    expect(z.object({ data: z.array(providerSchema) }).parse(await providers.json()).data.length).toBeGreaterThan(5);
  });
});

describe('the games seed', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('games')
            .select((eb) => eb.fn.countAll<bigint>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seed(t.db);
    expect(await count()).toBe(before);
    expect(before).toBe(catalogue.games.length);
  });

  it('keeps a game out of the lobby when its provider is disabled', async () => {
    // The service caches the catalogue briefly, so the change is made on a server of its own.
    await withOwnServer(async (fresh) => {
      // No service disables a provider (the back office will): the row is written here.
      await fresh.db
        .updateTable('game_providers')
        .set({ is_enabled: false })
        .where('identity', '=', 'tidewater')
        .execute();
      const providers = await fresh.app.server.inject({ url: '/api/game/providers' });
      const listed = z.object({ data: z.array(providerSchema) }).parse(providers.json()).data;
      expect(listed.map((p) => p.identity)).not.toContain('tidewater');
      const page = gamesPageSchema.parse(
        (await fresh.app.server.inject({ url: '/api/game/games?perPage=100' })).json(),
      );
      expect(page.data.some((g) => g.provider.identity === 'tidewater')).toBe(false);
      expect((await fresh.app.server.inject({ url: '/api/game/games/coral-cove' })).statusCode).toBe(404);
      expect((await fresh.app.server.inject({ url: '/api/game/providers/tidewater' })).statusCode).toBe(404);
      const collections = z
        .object({ data: z.array(collectionSchema) })
        .parse((await fresh.app.server.inject({ url: '/api/game/collections' })).json()).data;
      expect(collections.find((c) => c.identity === 'jackpots')?.gameCount).toBe(
        inCollection('jackpots').filter((g) => g.provider !== 'tidewater').length,
      );
    });
  });

  it('refuses rows that break the catalogue rules at the database', async () => {
    const id = catalogueId('game', 'dice');
    // Rows no service would write: the database's own checks refuse them.
    await expect(t.db.updateTable('games').set({ rtp: 120 }).where('id', '=', id).execute()).rejects.toThrow();
    await expect(
      t.db
        .updateTable('games')
        .set({ platforms: [3] })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .updateTable('games')
        .set({ restricted_countries: ['de'] })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db.updateTable('game_collections').set({ identity: 'Not A Slug' }).where('identity', '=', 'new').execute(),
    ).rejects.toThrow();
  });
});
