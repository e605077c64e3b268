import { gameSchema, paginationMetaSchema } from '@croupier/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { catalogueId } from '../src/seed/games';
import { startTestServer, type TestServer } from './harness';

/**
 * Catalogue reads are answered from cached bytes (ARCHITECTURE.md, "Catalogue reads"):
 * a page of games per query, kept with the catalogue, with a strong ETag from its bytes.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const gamesPageSchema = z.object({ data: z.array(gameSchema), meta: paginationMetaSchema }).strict();
const popular = catalogueId('collection', 'popular');

async function get(server: TestServer, url: string, headers: Record<string, string> = {}) {
  return server.app.server.inject({ method: 'GET', url, headers });
}

describe('GET /api/game/games: cached pages', () => {
  it('answers the same bytes with a strong ETag and the list cache policy', async () => {
    const url = `/api/game/games?perPage=18&collectionId[]=${popular}&countries[]=DE`;
    const first = await get(t, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const page = gamesPageSchema.parse(first.json());
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.meta.perPage).toBe(18);
    // The meta's keys in the schema's order, as the response serialiser writes them.
    expect(Object.keys(page.meta)).toEqual(Object.keys(paginationMetaSchema.shape));
    expect(first.body).toBe(JSON.stringify(page));

    const second = await get(t, url);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
  });

  it('answers a revalidation with a matching ETag with 304 and no body', async () => {
    const url = '/api/game/games?sortBy=name';
    const etag = String((await get(t, url)).headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await get(t, url, { 'if-none-match': ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toContain('max-age=30');
    }
    const stale = await get(t, url, { 'if-none-match': '"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(etag);
  });

  it('gives other queries other bytes and tags, and one query one tag however it is spelt', async () => {
    const byName = await get(t, '/api/game/games?sortBy=name&perPage=5');
    const byScore = await get(t, '/api/game/games?sortBy=score&perPage=5');
    expect(byName.headers.etag).not.toBe(byScore.headers.etag);
    expect(byName.body).not.toBe(byScore.body);
    // A scalar and a one-element bracket array are the same query once parsed.
    const scalar = await get(t, `/api/game/games?collectionId=${popular}&perPage=7`);
    const bracket = await get(t, `/api/game/games?collectionId[]=${popular}&perPage=7`);
    expect(bracket.headers.etag).toBe(scalar.headers.etag);
    expect(bracket.body).toBe(scalar.body);
  });

  it('compresses the cached bytes once per encoding and keeps the tag of the JSON', async () => {
    const url = '/api/game/games?perPage=40';
    const plain = await get(t, url);
    const brotli = await get(t, url, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gzip = await get(t, url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((await get(t, url, { 'accept-encoding': 'br' })).rawPayload.equals(brotli.rawPayload)).toBe(true);
  });
});

describe('catalogue changes', () => {
  it('show with a fresh ETag once the cached catalogue expires (30 s)', async () => {
    // A server of its own: the change must not reach the shared one's pages.
    const fresh = await startTestServer();
    try {
      const url = '/api/game/games?perPage=100';
      const before = await get(fresh, url);
      const etag = String(before.headers.etag);
      expect(gamesPageSchema.parse(before.json()).data.map((g) => g.identity)).toContain('dice');
      const collectionsEtag = String((await get(fresh, '/api/game/collections')).headers.etag);

      await fresh.db.updateTable('games').set({ is_enabled: false }).where('identity', '=', 'dice').execute();
      // Within the catalogue's lifetime the cached page still answers (as browsers may keep it 30 s).
      expect((await get(fresh, url, { 'if-none-match': etag })).statusCode).toBe(304);

      const realNow = Date.now.bind(Date);
      vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 31_000);
      const after = await get(fresh, url, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      const page = gamesPageSchema.parse(after.json());
      expect(page.data.map((g) => g.identity)).not.toContain('dice');
      expect(page.meta.totalRows).toBe(gamesPageSchema.parse(before.json()).meta.totalRows - 1);
      // The collections' counts changed with it: their tag too.
      const collections = await get(fresh, '/api/game/collections', { 'if-none-match': collectionsEtag });
      expect(collections.statusCode).toBe(200);
      expect(collections.headers.etag).not.toBe(collectionsEtag);
      // The new tag revalidates.
      expect((await get(fresh, url, { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);
    } finally {
      await fresh.close();
    }
  });
});
