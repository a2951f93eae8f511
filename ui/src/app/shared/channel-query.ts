import type { ChannelListQuery, ChannelVideosQuery, TabType } from '@vidkeep/contracts';

export type ChannelSort = 'title' | 'createdAt' | 'updatedAt';
import type { SortOrder } from './paged-list';
import { isTriState, triStateChoices, type TriStateChoice } from './tri-state';
export type { SortOrder };
export type TriState = ChannelVideosQuery['downloadedFilter'];
export type VideoSort = ChannelVideosQuery['sortBy'];

/** `DOWNLOAD_BATCH_MAX` of the contracts: URLs per `POST /api/videos/download`. */
export const DOWNLOAD_BATCH_MAX = 50;
/** `CHANNEL_SEARCH_COUNTS` of the contracts. */
export const SEARCH_COUNTS = [10, 25, 50, 100] as const;
export type SearchCount = (typeof SEARCH_COUNTS)[number];
export const SEARCH_QUERY_MAX = 200;

export const CHANNEL_SORT_CHOICES: readonly { value: ChannelSort; label: string; asc: string; desc: string }[] = [
  { value: 'title', label: 'Name', asc: 'A to Z', desc: 'Z to A' },
  { value: 'createdAt', label: 'Date added', asc: 'Oldest first', desc: 'Newest first' },
  { value: 'updatedAt', label: 'Last changed', asc: 'Oldest first', desc: 'Newest first' },
];

export const VIDEO_SORT_CHOICES: readonly { value: VideoSort; label: string; asc: string; desc: string }[] = [
  { value: 'date', label: 'Date published', asc: 'Oldest first', desc: 'Newest first' },
  { value: 'title', label: 'Title', asc: 'A to Z', desc: 'Z to A' },
  { value: 'duration', label: 'Length', asc: 'Shortest first', desc: 'Longest first' },
];

/** The words of each tri-state filter, per filter ("Only downloaded", "Not downloaded"). */
export const TRI_STATE_CHOICES: Readonly<
  Record<'downloaded' | 'ignored' | 'watched' | 'protected' | 'missing', readonly TriStateChoice[]>
> = {
  protected: triStateChoices('Only protected', 'Not protected'),
  missing: triStateChoices('Only missing on disk', 'Not missing'),
  downloaded: triStateChoices('Only downloaded', 'Not downloaded'),
  ignored: triStateChoices('Only ignored', 'Not ignored'),
  watched: triStateChoices('Only watched', 'Not watched'),
};

export { isTriState };

export interface ChannelListState {
  pageIndex: number;
  pageSize: number;
  search: string;
  sortBy: ChannelSort;
  sortOrder: SortOrder;
  /** '' = every subfolder; `__default__` = channels without one. */
  subFolder: string;
}

/** The query of `GET /getchannels` (empty values are left out). */
export function channelListQuery(s: ChannelListState): Partial<ChannelListQuery> {
  const search = s.search.trim().slice(0, 200);
  return {
    page: s.pageIndex + 1,
    pageSize: Math.min(100, Math.max(1, s.pageSize)),
    sortBy: s.sortBy,
    sortOrder: s.sortOrder,
    ...(search ? { search } : {}),
    ...(s.subFolder ? { subFolder: s.subFolder } : {}),
  };
}

export interface VideoListState {
  tabType: TabType;
  pageIndex: number;
  pageSize: number;
  search: string;
  downloaded: TriState;
  ignored: TriState;
  watched: TriState;
  /** Absent = off (the query leaves them out). */
  protected?: TriState;
  missing?: TriState;
  /** Duration and publication bounds (`rangeQuery` fields). */
  ranges?: Record<string, string | number>;
  sortBy: VideoSort;
  sortOrder: SortOrder;
}

export const DEFAULT_VIDEO_STATE: Omit<VideoListState, 'tabType'> = {
  pageIndex: 0,
  pageSize: 50,
  search: '',
  downloaded: 'off',
  ignored: 'off',
  watched: 'off',
  sortBy: 'date',
  sortOrder: 'desc',
};

/** The query of `GET /getchannelvideos/{id}`: every parameter, the search only when there is one. */
export function channelVideosQuery(s: VideoListState): Partial<ChannelVideosQuery> {
  const searchQuery = s.search.trim().slice(0, 200);
  return {
    tabType: s.tabType,
    page: s.pageIndex + 1,
    pageSize: Math.min(200, Math.max(1, s.pageSize)),
    ...(searchQuery ? { searchQuery } : {}),
    downloadedFilter: s.downloaded,
    ignoredFilter: s.ignored,
    watchedFilter: s.watched,
    ...(s.protected && s.protected !== 'off' ? { protectedFilter: s.protected } : {}),
    ...(s.missing && s.missing !== 'off' ? { missingFilter: s.missing } : {}),
    ...s.ranges,
    sortBy: s.sortBy,
    sortOrder: s.sortOrder,
  };
}

/** Splits a list into batches of at most `size` (`POST /api/videos/download` takes 50 URLs). */
export function chunk<T>(items: readonly T[], size = DOWNLOAD_BATCH_MAX): T[][] {
  if (size < 1) throw new RangeError('size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Why a channel search query cannot be sent (the server's rule: 1-200 characters after trimming, no control characters); null when fine. */
export function searchQueryProblem(query: string): string | null {
  const q = query.trim();
  if (!q) return 'Enter what to search for';
  if (q.length > SEARCH_QUERY_MAX) return `At most ${SEARCH_QUERY_MAX} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(q)) return 'The query must not contain control characters';
  return null;
}

/** The link to a channel page of this UI. */
export const channelLink = (channelId: string): string[] => ['/channels', channelId];
