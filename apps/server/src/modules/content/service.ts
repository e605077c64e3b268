import type {
  ContentGroup,
  ContentTree,
  ContentValue,
  Page,
  PageSummary,
  PageType,
  ServerContentGroup,
} from '@croupier/contract';
import { AppError } from '../../lib/errors';
import type { ContentStore, PageEntry } from './store';

function isTree(value: ContentValue | undefined): value is { [key: string]: ContentValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge: keys of `primary` win; missing keys come from `fallback`. */
export function mergeContent(fallback: ContentTree, primary: ContentTree): ContentTree {
  const result: ContentTree = { ...fallback };
  for (const [key, value] of Object.entries(primary)) {
    const base = result[key];
    result[key] = isTree(base) && isTree(value) ? mergeContent(base, value) : value;
  }
  return result;
}

export function createContentService(options: { store: ContentStore; defaultLocale: () => Promise<string> }) {
  const { store } = options;
  const merged = new Map<string, ContentTree>();
  // Same object for the same question, so that its serialised response is reused.
  const groupSets = new Map<string, { locale: string; groups: Partial<Record<ContentGroup, ContentTree>> }>();

  /** Matches a requested locale case-insensitively (`pt-br` → `pt-BR`); unknown gives the default. */
  async function resolveLocale(requested: string | undefined): Promise<{ locale: string; fallback: string }> {
    const fallback = await options.defaultLocale();
    const match = requested
      ? [...store.keys()].find((code) => code.toLowerCase() === requested.toLowerCase())
      : undefined;
    return { locale: match ?? fallback, fallback };
  }

  function group(locale: string, fallback: string, name: ContentGroup | ServerContentGroup): ContentTree {
    const key = `${locale}|${fallback}|${name}`;
    let tree = merged.get(key);
    if (!tree) {
      const base = store.get(fallback)?.groups[name] ?? {};
      tree = locale === fallback ? base : mergeContent(base, store.get(locale)?.groups[name] ?? {});
      merged.set(key, tree);
    }
    return tree;
  }

  function pagesOf(locale: string, fallback: string, type: PageType): { entry: PageEntry; locale: string }[] {
    const own = store.get(locale)?.pages[type] ?? [];
    const base = store.get(fallback)?.pages[type] ?? [];
    const seen = new Set(own.map((p) => p.identity));
    return [
      ...own.map((entry) => ({ entry, locale })),
      ...base.filter((p) => !seen.has(p.identity)).map((entry) => ({ entry, locale: fallback })),
    ];
  }

  return {
    resolveLocale,

    async getGroups(
      requestedLocale: string | undefined,
      names: readonly ContentGroup[],
    ): Promise<{ locale: string; groups: Partial<Record<ContentGroup, ContentTree>> }> {
      const { locale, fallback } = await resolveLocale(requestedLocale);
      const key = `${locale}|${fallback}|${[...new Set(names)].sort().join(',')}`;
      let result = groupSets.get(key);
      if (!result) {
        const groups: Partial<Record<ContentGroup, ContentTree>> = {};
        for (const name of names) groups[name] = group(locale, fallback, name);
        result = { locale, groups };
        groupSets.set(key, result);
      }
      return result;
    },

    /** A server-only group (e-mail and SMS texts) in a locale, merged over the default locale. */
    async getServerGroup(
      requestedLocale: string | undefined,
      name: ServerContentGroup,
    ): Promise<{ locale: string; tree: ContentTree }> {
      const { locale, fallback } = await resolveLocale(requestedLocale);
      return { locale, tree: group(locale, fallback, name) };
    },

    async listPages(requestedLocale: string | undefined, type: PageType): Promise<PageSummary[]> {
      const { locale, fallback } = await resolveLocale(requestedLocale);
      return pagesOf(locale, fallback, type).map(({ entry }) => ({
        type,
        identity: entry.identity,
        title: entry.title,
        description: entry.description,
      }));
    },

    async getPage(requestedLocale: string | undefined, type: PageType, identity: string): Promise<Page> {
      const { locale, fallback } = await resolveLocale(requestedLocale);
      const found = pagesOf(locale, fallback, type).find(({ entry }) => entry.identity === identity);
      if (!found) throw AppError.notFound('Page not found.');
      const { entry } = found;
      return {
        type,
        identity: entry.identity,
        title: entry.title,
        description: entry.description,
        body: entry.body,
        items: entry.items,
        locale: found.locale,
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
