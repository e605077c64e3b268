import { describe, expect, it } from 'vitest';
import { createContentService, mergeContent } from './service';
import type { ContentStore, LocaleContent } from './store';

describe('mergeContent', () => {
  it('fills missing keys from the fallback at any depth, and the primary wins', () => {
    const fallback = { a: 'A', nested: { x: 'X', y: 'Y' }, list: ['1', '2'] };
    const primary = { nested: { x: 'x!' }, list: ['only'], extra: true };
    expect(mergeContent(fallback, primary)).toEqual({
      a: 'A',
      nested: { x: 'x!', y: 'Y' },
      list: ['only'],
      extra: true,
    });
  });
});

describe('content service', () => {
  const store: ContentStore = new Map<string, LocaleContent>([
    [
      'en',
      {
        groups: { layout: { title: 'Home', footer: { text: 'Footer' } } },
        pages: {
          static: [
            { identity: 'terms', title: 'Terms', description: 'T', body: '# Terms', items: [] },
            { identity: 'privacy', title: 'Privacy', description: 'P', body: '# Privacy', items: [] },
          ],
        },
      },
    ],
    [
      'pt-BR',
      {
        groups: { layout: { title: 'Início' } },
        pages: { static: [{ identity: 'terms', title: 'Termos', description: 'T', body: '# Termos', items: [] }] },
      },
    ],
  ]);
  const service = createContentService({ store, defaultLocale: async () => 'en' });

  it('matches locales case-insensitively and falls back to the default for unknown ones', async () => {
    expect(await service.resolveLocale('pt-br')).toEqual({ locale: 'pt-BR', fallback: 'en' });
    expect(await service.resolveLocale('xx')).toEqual({ locale: 'en', fallback: 'en' });
    expect(await service.resolveLocale(undefined)).toEqual({ locale: 'en', fallback: 'en' });
  });

  it('fills a locale group from the default locale', async () => {
    const { groups } = await service.getGroups('pt-BR', ['layout', 'alerts']);
    expect(groups.layout).toEqual({ title: 'Início', footer: { text: 'Footer' } });
    expect(groups.alerts).toEqual({});
  });

  it('serves a page in the locale, or from the default locale, or 404', async () => {
    expect(await service.getPage('pt-BR', 'static', 'terms')).toMatchObject({ title: 'Termos', locale: 'pt-BR' });
    expect(await service.getPage('pt-BR', 'static', 'privacy')).toMatchObject({ title: 'Privacy', locale: 'en' });
    await expect(service.getPage('pt-BR', 'static', 'missing')).rejects.toMatchObject({ status: 404, code: 1004 });
    expect((await service.listPages('pt-BR', 'static')).map((p) => p.identity)).toEqual(['terms', 'privacy']);
  });
});
