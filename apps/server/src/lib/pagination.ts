import type { PaginationMeta } from '@croupier/contract';

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** The `meta` of a paged list; an empty list has 0 pages. */
export function pageMeta(options: { page: number; perPage: number; totalRows: number }): PaginationMeta {
  const { page, perPage, totalRows } = options;
  return { page, perPage, totalRows, totalPages: Math.ceil(totalRows / perPage) };
}
