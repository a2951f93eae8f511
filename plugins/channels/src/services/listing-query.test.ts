import { describe, expect, it } from 'vitest';
import { firstPageQuery, pageCount } from './listing-query.js';

describe('page count', () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [5000, 50, 100],
  ])('%i items by %i: %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});

describe('the page a full fetch answers with', () => {
  it('keeps page, size, tab and download filter; newest first, nothing else filtered', () => {
    expect(firstPageQuery({ page: 2, pageSize: 25, downloadedFilter: 'exclude', tabType: 'shorts' })).toEqual({
      page: 2,
      pageSize: 25,
      downloadedFilter: 'exclude',
      ignoredFilter: 'off',
      watchedFilter: 'off',
      watchedState: 'any',
      protectedFilter: 'off',
      missingFilter: 'off',
      sortBy: 'date',
      sortOrder: 'desc',
      tabType: 'shorts',
    });
  });
});
