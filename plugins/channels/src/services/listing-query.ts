import type { ChannelVideosQuery, FetchAllQuery } from '@vidkeep/contracts';

/** Pages needed for `total` items; an empty list still has its one (empty) page. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The page a full fetch answers with: newest first, filtered only by what the fetch request can
 * say (downloaded or not).
 */
export function firstPageQuery(q: FetchAllQuery): ChannelVideosQuery {
  return {
    page: q.page,
    pageSize: q.pageSize,
    downloadedFilter: q.downloadedFilter,
    ignoredFilter: 'off',
    watchedFilter: 'off',
    watchedState: 'any',
    protectedFilter: 'off',
    missingFilter: 'off',
    sortBy: 'date',
    sortOrder: 'desc',
    tabType: q.tabType,
  };
}
