import { LOYALTY_PERKS, loyaltyLevelSchema, paginationMetaSchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loyaltyLevelId, retentionSeeder } from '../src/seed/retention';
import { useTestServer, withOwnServer } from './fixtures';

const levelsPage = z.object({ data: z.array(loyaltyLevelSchema.strict()), meta: paginationMetaSchema });
type ErrorResponse = { error: { code: number; message: string; fields?: Record<string, string[]> } };

const t = useTestServer();

async function levels(query = '') {
  const response = await t.app.server.inject({ url: `/api/retention/levels${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return levelsPage.parse(response.json());
}

const LADDER = [
  ['bronze', 'Bronze', 0],
  ['silver', 'Silver', 500],
  ['gold', 'Gold', 2_000],
  ['platinum', 'Platinum', 7_500],
  ['diamond', 'Diamond', 20_000],
  ['elite', 'Elite', 50_000],
  ['legend', 'Legend', 150_000],
] as const;

describe('GET /api/retention/levels', () => {
  it('lists the seeded ladder by order, as the reference client asks for it', async () => {
    const page = await levels('?sortBy=order&sortOrder=asc');
    expect(page.meta).toEqual({ page: 1, perPage: 10, totalPages: 1, totalRows: 7 });
    expect(page.data.map((l) => [l.identity, l.name, l.points])).toEqual(LADDER.map((l) => [...l]));
    expect(page.data.map((l) => l.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const level of page.data) {
      expect(level.id).toBe(loyaltyLevelId(level.identity));
      expect(level.image).toBe(`/images/loyalty/${level.identity}.svg`);
      expect(level.perks.length).toBeGreaterThan(0);
      for (const perk of level.perks) expect(LOYALTY_PERKS).toContain(perk);
    }
    // Each level keeps the perks of the one below, except that cashback rises.
    const cashbackless = page.data.map((l) => l.perks.filter((p) => !p.startsWith('weeklyCashback')));
    for (let i = 1; i < cashbackless.length; i += 1) {
      expect(cashbackless[i]).toEqual(expect.arrayContaining(cashbackless[i - 1] ?? []));
    }
  });

  it('defaults to order ascending', async () => {
    expect((await levels()).data.map((l) => l.identity)).toEqual(LADDER.map(([identity]) => identity));
  });

  it('sorts by points or order, either way', async () => {
    const reversed = LADDER.map(([identity]) => identity).reverse();
    expect((await levels('?sortBy=points&sortOrder=desc')).data.map((l) => l.identity)).toEqual(reversed);
    expect((await levels('?sortBy=order&sortOrder=desc')).data.map((l) => l.identity)).toEqual(reversed);
    expect((await levels('?sortBy=points')).data.map((l) => l.points)).toEqual(LADDER.map(([, , points]) => points));
  });

  it('pages with page and perPage', async () => {
    const second = await levels('?page=2&perPage=3');
    expect(second.meta).toEqual({ page: 2, perPage: 3, totalPages: 3, totalRows: 7 });
    expect(second.data.map((l) => l.identity)).toEqual(['platinum', 'diamond', 'elite']);
    expect((await levels('?page=3&perPage=3')).data.map((l) => l.identity)).toEqual(['legend']);
    const beyond = await levels('?page=9&perPage=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.totalRows).toBe(7);
    expect((await levels('?sortBy=points&sortOrder=desc&perPage=1')).data.map((l) => l.identity)).toEqual(['legend']);
  });

  it('refuses bad queries with 422 and field errors, never 500', async () => {
    for (const [query, field] of [
      ['sortBy=name', 'sortBy'],
      ['sortBy=order;drop table loyalty_levels', 'sortBy'],
      ['sortOrder=up', 'sortOrder'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['perPage=0', 'perPage'],
      ['perPage=101', 'perPage'],
      ['perPage=-1', 'perPage'],
      ['sortBy[]=order&sortBy[]=points', 'sortBy'],
    ] as const) {
      const response = await t.app.server.inject({ url: `/api/retention/levels?${query}` });
      expect(response.statusCode, query).toBe(422);
      const error = response.json<ErrorResponse>().error;
      expect(error.code, query).toBe(1001);
      expect(Object.keys(error.fields ?? {}), query).toEqual([field]);
    }
  });

  it('may be cached briefly by browsers and CDNs', async () => {
    const response = await t.app.server.inject({ url: '/api/retention/levels' });
    expect(response.headers['cache-control']).toContain('max-age=60');
  });
});

describe('loyalty levels seed', () => {
  it('is idempotent and keeps an operator’s edits', async () => {
    expect(await retentionSeeder.isEmpty(t.db)).toBe(false);
    // An operator's edit: no service edits levels yet (the back office will).
    await t.db.updateTable('loyalty_levels').set({ name: 'Golden' }).where('identity', '=', 'gold').execute();
    await retentionSeeder.run(t.db);
    const rows = await t.db.selectFrom('loyalty_levels').select(['identity', 'name']).orderBy('order').execute();
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.identity === 'gold')?.name).toBe('Golden');
    await t.db.updateTable('loyalty_levels').set({ name: 'Gold' }).where('identity', '=', 'gold').execute();
  });

  it('fills an empty table again, with the same ids', async () => {
    await withOwnServer(async (own) => {
      const before = await own.db.selectFrom('loyalty_levels').select('id').orderBy('order').execute();
      // An empty table, as before the first seed: no service removes levels.
      await own.db.deleteFrom('loyalty_levels').execute();
      expect(await retentionSeeder.isEmpty(own.db)).toBe(true);
      await retentionSeeder.run(own.db);
      expect(await own.db.selectFrom('loyalty_levels').select('id').orderBy('order').execute()).toEqual(before);
    });
  });

  it('refuses negative thresholds and duplicate ranks at the database', async () => {
    // Rows no service would write: the database's own checks refuse them.
    const row = { identity: 'x', name: 'X', image: '/x.svg', perks: [] };
    await expect(
      t.db
        .insertInto('loyalty_levels')
        .values({ ...row, id: loyaltyLevelId('x'), order: 99, points: -1 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('loyalty_levels')
        .values({ ...row, id: loyaltyLevelId('x'), order: 1, points: 99_999 })
        .execute(),
    ).rejects.toThrow();
  });
});
