import { z } from 'zod';

import { CONTENT_GROUPS, PAGE_TYPES } from './groups';

/** A content group is a tree of texts and settings; leaves are strings, numbers or booleans. */
export type ContentValue = string | number | boolean | null | ContentValue[] | { [key: string]: ContentValue };
export const contentValueSchema: z.ZodType<ContentValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(contentValueSchema),
    z.record(z.string(), contentValueSchema),
  ]),
);
export const contentTreeSchema = z.record(z.string(), contentValueSchema);
export type ContentTree = z.infer<typeof contentTreeSchema>;

export const localeQuerySchema = z.object({
  locale: z
    .string()
    .regex(/^[a-zA-Z]{2}(-[a-zA-Z]{2})?$/, 'locale must look like "en" or "pt-BR"')
    .optional(),
});

export const contentGroupsQuerySchema = localeQuerySchema.extend({
  groups: z
    .preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(z.enum(CONTENT_GROUPS)),
    )
    .optional(),
});

export const faqItemSchema = z.object({ id: z.string(), question: z.string(), answer: z.string() });

export const pageSummarySchema = z.object({
  type: z.enum(PAGE_TYPES),
  identity: z.string(),
  title: z.string(),
  description: z.string(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageSchema = pageSummarySchema.extend({
  /** Markdown body (headings, paragraphs, lists, links, emphasis). */
  body: z.string(),
  /** Question-and-answer items (FAQ pages). */
  items: z.array(faqItemSchema),
  /** Locale the page was served in (the default locale when it fell back). */
  locale: z.string(),
});
export type Page = z.infer<typeof pageSchema>;
