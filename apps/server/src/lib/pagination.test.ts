import { describe, expect, it } from 'vitest';
import { pageMeta, pageOffset } from './pagination';

describe('pagination', () => {
  it('skips whole pages', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
  });

  it('counts pages, rounding a partial last page up', () => {
    expect(pageMeta({ page: 1, perPage: 10, totalRows: 0 })).toEqual({
      page: 1,
      perPage: 10,
      totalRows: 0,
      totalPages: 0,
    });
    expect(pageMeta({ page: 2, perPage: 3, totalRows: 7 }).totalPages).toBe(3);
    expect(pageMeta({ page: 1, perPage: 7, totalRows: 7 }).totalPages).toBe(1);
  });
});
