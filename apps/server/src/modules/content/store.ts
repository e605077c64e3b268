import fs from 'node:fs';
import path from 'node:path';
import {
  CONTENT_GROUPS,
  PAGE_TYPES,
  SERVER_CONTENT_GROUPS,
  contentTreeSchema,
  faqItemSchema,
  type ContentGroup,
  type ContentTree,
  type PageType,
  type ServerContentGroup,
} from '@croupier/contract';
import { z } from 'zod';

/**
 * Content is a set of JSON files in the repository: `<dir>/<locale>/<group>.json` and
 * `<dir>/<locale>/pages/<type>.json`. They are read once at start and validated, so a
 * broken file stops the server instead of breaking a page later.
 */

const pageFileSchema = z.object({
  pages: z.array(
    z.object({
      identity: z.string().regex(/^[a-z0-9-]+$/),
      title: z.string().min(1),
      description: z.string(),
      body: z.string(),
      items: z.array(faqItemSchema),
    }),
  ),
});
export type PageEntry = z.infer<typeof pageFileSchema>['pages'][number];

export interface LocaleContent {
  groups: Partial<Record<ContentGroup | ServerContentGroup, ContentTree>>;
  pages: Partial<Record<PageType, PageEntry[]>>;
}

export type ContentStore = Map<string, LocaleContent>;

export class ContentFileError extends Error {}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new ContentFileError(`Cannot read content file ${file}: ${(error as Error).message}`);
  }
}

export function loadContentStore(dir: string): ContentStore {
  const store: ContentStore = new Map();
  if (!fs.existsSync(dir)) throw new ContentFileError(`Content directory ${dir} does not exist`);
  for (const locale of fs.readdirSync(dir).sort()) {
    const localeDir = path.join(dir, locale);
    if (!fs.statSync(localeDir).isDirectory()) continue;
    const content: LocaleContent = { groups: {}, pages: {} };
    for (const group of [...CONTENT_GROUPS, ...SERVER_CONTENT_GROUPS]) {
      const file = path.join(localeDir, `${group}.json`);
      if (!fs.existsSync(file)) continue;
      const parsed = contentTreeSchema.safeParse(readJson(file));
      if (!parsed.success) throw new ContentFileError(`Invalid content file ${file}: ${parsed.error.message}`);
      content.groups[group] = parsed.data;
    }
    for (const type of PAGE_TYPES) {
      const file = path.join(localeDir, 'pages', `${type}.json`);
      if (!fs.existsSync(file)) continue;
      const parsed = pageFileSchema.safeParse(readJson(file));
      if (!parsed.success) throw new ContentFileError(`Invalid content file ${file}: ${parsed.error.message}`);
      content.pages[type] = parsed.data.pages;
    }
    store.set(locale, content);
  }
  return store;
}
