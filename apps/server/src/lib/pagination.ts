import type { PaginationMeta } from '@croupier/contract';

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/**
 * The `meta` of a paged list; an empty list has 0 pages. Keys in the schema's order, so
 * that a page serialised as it is (cached bytes) reads as the response serialiser writes it.
 */
export function pageMeta(options: { page: number; perPage: number; totalRows: number }): PaginationMeta {
  const { page, perPage, totalRows } = options;
  return { page, perPage, totalPages: Math.ceil(totalRows / perPage), totalRows };
}
