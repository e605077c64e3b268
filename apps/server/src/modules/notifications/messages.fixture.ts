import fs from 'node:fs';
import path from 'node:path';
import type { ContentTree, ContentValue } from '@croupier/contract';
import { serverRoot } from '../../paths';
import type { MessageContent } from './messages';

/**
 * For unit tests: the real `messages.json` files read like the content service reads them
 * (a locale's tree over the default locale's, unknown locales give the default), without
 * reaching into the content module. `edit` changes a locale's tree before use.
 */
export function fileMessageContent(
  edit: (locale: string, tree: ContentTree) => ContentTree = (_locale, tree) => tree,
): MessageContent {
  const dir = path.join(serverRoot, 'content');
  const trees = new Map<string, ContentTree>();
  for (const locale of fs.readdirSync(dir)) {
    const file = path.join(dir, locale, 'messages.json');
    if (fs.existsSync(file)) trees.set(locale, edit(locale, JSON.parse(fs.readFileSync(file, 'utf8')) as ContentTree));
  }
  const isTree = (value: ContentValue | undefined): value is ContentTree =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const merge = (base: ContentTree, own: ContentTree): ContentTree => {
    const out: ContentTree = { ...base };
    for (const [key, value] of Object.entries(own)) {
      const under = out[key];
      out[key] = isTree(under) && isTree(value) ? merge(under, value) : value;
    }
    return out;
  };
  const resolveLocale = (requested: string | undefined) => {
    const match = [...trees.keys()].find((code) => code.toLowerCase() === requested?.toLowerCase());
    return Promise.resolve({ locale: match ?? 'en', fallback: 'en' });
  };
  return {
    resolveLocale,
    async getServerGroup(requested) {
      const { locale } = await resolveLocale(requested);
      return { locale, tree: merge(trees.get('en') ?? {}, trees.get(locale) ?? {}) };
    },
  };
}
