import { CONTENT_GROUPS, PAGE_TYPES, pageSchema, pageSummarySchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestServer } from './fixtures';

const t = useTestServer();

const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr'];

describe('GET /api/content/groups', () => {
  it('returns every group in one call, in the requested locale', async () => {
    const response = await t.app.server.inject({ url: '/api/content/groups?locale=de' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { locale: string; groups: Record<string, Record<string, unknown>> } }>();
    expect(data.locale).toBe('de');
    expect(Object.keys(data.groups).sort()).toEqual([...CONTENT_GROUPS].sort());
    const english = (await t.app.server.inject({ url: '/api/content/groups?locale=en' })).json<{
      data: { groups: Record<string, Record<string, unknown>> };
    }>();
    expect(data.groups['global-components']).not.toEqual(english.data.groups['global-components']);
  });

  it('takes bracket-array group filters and matches the locale case-insensitively', async () => {
    const response = await t.app.server.inject({
      url: '/api/content/groups?locale=pt-br&groups[]=alerts&groups[]=modals',
    });
    const { data } = response.json<{ data: { locale: string; groups: Record<string, unknown> } }>();
    expect(data.locale).toBe('pt-BR');
    expect(Object.keys(data.groups).sort()).toEqual(['alerts', 'modals']);
  });

  it('serves the default locale for an unknown locale', async () => {
    const response = await t.app.server.inject({ url: '/api/content/groups?locale=it&groups=layout' });
    expect(response.json<{ data: { locale: string } }>().data.locale).toBe('en');
  });

  it('refuses a malformed locale or an unknown group with 422', async () => {
    const badLocale = await t.app.server.inject({ url: '/api/content/groups?locale=../../etc' });
    expect(badLocale.statusCode).toBe(422);
    expect(badLocale.json<{ error: { fields: Record<string, string[]> } }>().error.fields).toHaveProperty('locale');
    const badGroup = await t.app.server.inject({ url: '/api/content/groups?groups[]=secrets' });
    expect(badGroup.statusCode).toBe(422);
  });
});

describe('GET /api/content/groups/{group}', () => {
  it('has the error-page texts in English', async () => {
    const response = await t.app.server.inject({ url: '/api/content/groups/global-components?locale=en' });
    const { data } = response.json<{ data: { errorPage: Record<string, string> } }>();
    expect(data.errorPage.title).toBe('Something went wrong');
    expect(data.errorPage.description).toBe(
      'The page you are trying to access does not exist or has been moved. Try going back to our homepage.',
    );
  });

  it('refuses an unknown group with 422', async () => {
    expect((await t.app.server.inject({ url: '/api/content/groups/unknown' })).statusCode).toBe(422);
  });
});

describe('pages', () => {
  it('lists and serves pages of every type in every locale', async () => {
    for (const locale of LOCALES) {
      for (const type of PAGE_TYPES) {
        const list = await t.app.server.inject({ url: `/api/content/pages/${type}?locale=${locale}` });
        expect(list.statusCode).toBe(200);
        const pages = z.array(pageSummarySchema).parse(list.json<{ data: unknown }>().data);
        expect(pages.length, `${locale} ${type}`).toBeGreaterThan(0);
        const first = pages[0];
        if (!first) continue;
        const page = await t.app.server.inject({
          url: `/api/content/pages/${type}/${first.identity}?locale=${locale}`,
        });
        const parsed = pageSchema.parse(page.json<{ data: unknown }>().data);
        expect(parsed.locale).toBe(locale);
        expect(parsed.body.length + parsed.items.length).toBeGreaterThan(0);
      }
    }
  });

  it('serves FAQ items on question pages', async () => {
    const list = z
      .array(pageSummarySchema)
      .parse((await t.app.server.inject({ url: '/api/content/pages/questions' })).json<{ data: unknown }>().data);
    const page = pageSchema.parse(
      (await t.app.server.inject({ url: `/api/content/pages/questions/${list[0]?.identity}` })).json<{
        data: unknown;
      }>().data,
    );
    expect(page.items.length).toBeGreaterThanOrEqual(5);
  });

  it('answers 404 for a missing page and 422 for a malformed identity or type', async () => {
    const missing = await t.app.server.inject({ url: '/api/content/pages/static/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 1004, message: 'Page not found.' } });
    expect((await t.app.server.inject({ url: '/api/content/pages/static/..%2Fsecret' })).statusCode).toBe(422);
    expect((await t.app.server.inject({ url: '/api/content/pages/blog' })).statusCode).toBe(422);
  });
});
