import path from 'node:path';
import { CONTENT_GROUPS, PAGE_TYPES, SERVER_CONTENT_GROUPS, type ContentValue } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths';
import { loadContentStore } from './store';

/**
 * The site's locales must be complete: every text that exists in English exists in
 * every other locale, with the same placeholders. This test keeps it so as texts grow.
 */
const store = loadContentStore(path.join(serverRoot, 'content'));
const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr'];
const GROUPS = [...CONTENT_GROUPS, ...SERVER_CONTENT_GROUPS];

/** Flattens a tree to `path → leaf`. */
function leaves(value: ContentValue, prefix = ''): Map<string, ContentValue> {
  const out = new Map<string, ContentValue>();
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries)
      for (const [p, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(p, leaf);
  } else out.set(prefix, value);
  return out;
}

const placeholders = (text: ContentValue) =>
  typeof text === 'string' ? [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : [];

describe('content files', () => {
  it('exist for every site locale and every group and page type', () => {
    for (const locale of LOCALES) {
      const content = store.get(locale);
      expect(content, locale).toBeDefined();
      for (const group of GROUPS) expect(content?.groups[group], `${locale}/${group}`).toBeDefined();
      for (const type of PAGE_TYPES) expect(content?.pages[type]?.length, `${locale}/pages/${type}`).toBeGreaterThan(0);
    }
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every English text, with the same placeholders, and nothing extra`, () => {
      const en = store.get('en');
      const other = store.get(locale);
      for (const group of GROUPS) {
        const english = leaves(en?.groups[group] ?? {});
        const translated = leaves(other?.groups[group] ?? {});
        expect([...translated.keys()].sort(), `${locale}/${group} keys`).toEqual([...english.keys()].sort());
        for (const [key, text] of english) {
          expect(placeholders(translated.get(key) ?? null), `${locale}/${group}:${key}`).toEqual(placeholders(text));
        }
      }
      for (const type of PAGE_TYPES) {
        const englishPages = en?.pages[type] ?? [];
        const pages = other?.pages[type] ?? [];
        expect(
          pages.map((p) => p.identity),
          `${locale}/pages/${type}`,
        ).toEqual(englishPages.map((p) => p.identity));
        pages.forEach((page, index) => {
          expect(
            page.items.map((i) => i.id),
            `${locale}/pages/${type}/${page.identity}`,
          ).toEqual(englishPages[index]?.items.map((i) => i.id));
        });
      }
    });
  }
});
