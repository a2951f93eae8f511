/** A channel's videos as listed on its page: the query, each video and the page of them. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Day, Nullable, pagedFields, pageQueryFields, queueActivity, TriStateFilter } from '../common.js';
import { WatchedState, watchFields } from '../watch-status.js';
import { TAB_TYPES, TabType } from './tabs.js';

export const PublishedAtSource = Type.Union(
  [Type.Literal('exact'), Type.Literal('approximate'), Type.Literal('estimated'), Type.Null()],
  {
    description:
      "`exact`: from the video's info; `approximate`: from a listing's relative date; `estimated`: ordering only, never shown (its `publishedAt` is null)",
  },
);
export type PublishedAtSource = Static<typeof PublishedAtSource>;

const TriState = TriStateFilter;
export const CHANNEL_VIDEO_SORTS = ['date', 'title', 'duration'] as const;
export const ChannelVideosQuery = Type.Object(
  {
    ...pageQueryFields({ defaultPageSize: 50 }),
    downloadedFilter: TriState,
    ignoredFilter: TriState,
    watchedFilter: TriState,
    watchedState: WatchedState,
    protectedFilter: TriState,
    missingFilter: Type.Union([Type.Literal('off'), Type.Literal('only'), Type.Literal('exclude')], {
      default: 'off',
      description: '`only`: downloaded, not deleted through the service, but its file was found gone from disk',
    }),
    minDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Seconds' })),
    maxDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Seconds' })),
    dateFrom: Type.Optional(Day),
    dateTo: Type.Optional(Day),
    searchQuery: Type.Optional(Type.String({ maxLength: 200 })),
    sortBy: Type.Enum(CHANNEL_VIDEO_SORTS, { default: 'date' }),
    sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
    tabType: Type.Enum(TAB_TYPES, { default: 'videos' }),
  },
  { additionalProperties: false },
);
export type ChannelVideosQuery = Static<typeof ChannelVideosQuery>;
export const ChannelVideo = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  thumbnail: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  publishedAt: Nullable(DateTime),
  published_at_source: PublishedAtSource,
  mediaType: Type.String(),
  liveStatus: Nullable(Type.String()),
  availability: Nullable(Type.String()),
  membersOnly: Type.Boolean(),
  ignored: Type.Boolean(),
  ignoredAt: Nullable(DateTime),
  downloaded: Type.Boolean({ description: 'Downloaded at some point (also when deleted since)' }),
  removed: Type.Boolean({ description: 'Downloaded, then deleted' }),
  protected: Type.Boolean({ description: 'The library protects it from automatic removal' }),
  missing: Type.Boolean({ description: 'Downloaded, but its file was found gone from disk' }),
  activity: queueActivity(),
  ...watchFields(),
});
export type ChannelVideo = Static<typeof ChannelVideo>;
export const ChannelVideoPage = Type.Object({
  ...pagedFields('videos', ChannelVideo),
  totalPages: Type.Integer(),
  tabType: TabType,
  lastFetched: Nullable(DateTime),
  dataSource: Type.Union([Type.Literal('cache'), Type.Literal('fresh')]),
  autoDownloadsEnabled: Type.Boolean(),
  availableTabs: Type.Array(TabType),
  oldestVideoDate: Nullable(DateTime),
  fetchError: Nullable(Type.String()),
});
export type ChannelVideoPage = Static<typeof ChannelVideoPage>;
