import { hasControlChars } from '../text.js';
import { Type, type Static } from '../typebox.js';
import { AudioFormat, Resolution, RESOLUTIONS } from '../config/downloader.js';
import { DateTime, Day, Nullable, PAGE_SIZE_MAX, RatingInput, TriStateFilter } from './common.js';
import { SourceId } from './downloader.js';
import { WatchedState, watchFields } from './watch-status.js';

/** Channel tabs as they appear in paths and parameters. */
export const TAB_TYPES = ['videos', 'shorts', 'streams'] as const;
export const TabType = Type.Enum(TAB_TYPES, { description: '`videos`, `shorts` or `streams`' });
export type TabType = Static<typeof TabType>;

/** Media types of `auto_download_enabled_tabs`, one per tab. */
export const MEDIA_TYPES = ['video', 'short', 'livestream'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const TAB_MEDIA_TYPE: Readonly<Record<TabType, MediaType>> = {
  videos: 'video',
  shorts: 'short',
  streams: 'livestream',
};
export const MEDIA_TYPE_TAB: Readonly<Record<MediaType, TabType>> = {
  video: 'videos',
  short: 'shorts',
  livestream: 'streams',
};

/** The subfolder name the playlists' `.m3u` files use; no channel may take it. */
export const RESERVED_SUBFOLDER = '__playlists__';
/** Why a subfolder name cannot be used (one safe folder name, not the reserved one); null when fine. */
export function subfolderProblem(name: string): string | null {
  if (name.length > 100) return 'subfolder must be at most 100 characters';
  if (/[/\\\0]/.test(name) || hasControlChars(name))
    return 'subfolder must be a single folder name (no slashes or control characters)';
  if (name.startsWith('.')) return 'subfolder must not start with a dot';
  if (name === RESERVED_SUBFOLDER) return `subfolder name ${RESERVED_SUBFOLDER} is reserved`;
  // Subfolder X is stored in the folder `__X`: names that would land on (or look like) the
  // playlists folder are refused too, as the reference product refuses `playlists` and `__…`.
  if (name.startsWith('__')) return 'subfolder must not start with __ (the folder gets that prefix itself)';
  if (`__${name}`.toLowerCase() === RESERVED_SUBFOLDER || name.toLowerCase() === 'playlists')
    return `subfolder name ${name} is reserved for ${RESERVED_SUBFOLDER}`;
  return null;
}

export const ADDITIONAL_TAGS_MAX = 1000;
/** A channel's duration limits are whole seconds up to a day (reference 1.4). */
export const CHANNEL_DURATION_MAX = 86_400;
export const TITLE_FILTER_MAX = 500;
export const CHANNEL_SEARCH_COUNTS = [10, 25, 50, 100] as const;

export const ChannelId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Platform channel id (`UC` + 22 characters)',
});
export const ChannelIdParams = Type.Object({ channelId: ChannelId }, { additionalProperties: false });
export const ChannelTabParams = Type.Object(
  { channelId: ChannelId, tabType: TabType },
  { additionalProperties: false },
);
export const ChannelVideoParams = Type.Object(
  { channelId: ChannelId, sourceId: SourceId },
  { additionalProperties: false },
);

export const PublishedAtSource = Type.Union(
  [Type.Literal('exact'), Type.Literal('approximate'), Type.Literal('estimated'), Type.Null()],
  {
    description:
      "`exact`: from the video's info; `approximate`: from a listing's relative date; `estimated`: ordering only, never shown (its `publishedAt` is null)",
  },
);
export type PublishedAtSource = Static<typeof PublishedAtSource>;

export const TabCount = Type.Object({
  total: Nullable(Type.Integer()),
  fetchedAt: Nullable(DateTime),
  source: Type.Optional(
    Type.Union([Type.Literal('platform'), Type.Literal('listing')], {
      description:
        "`platform`: the tab's playlist count; `listing`: the public entries of a complete Load all of the tab",
    }),
  ),
});
export type TabCount = Static<typeof TabCount>;

export const M3uSortOrder = Type.Union([Type.Literal('oldest_first'), Type.Literal('newest_first')]);

/** The settings of a channel, shared by the channel object and the settings endpoint. */
const channelSettingFields = {
  title_filter_regex: Nullable(Type.String()),
  additional_tags: Nullable(Type.String()),
  m3u_enabled: Type.Boolean(),
  m3u_sort_order: M3uSortOrder,
  auto_removal_protected: Type.Boolean(),
  auto_removal_keep_recent_count: Nullable(Type.Integer()),
  auto_download_enabled_tabs: Type.String({
    description: 'Comma-separated `video`, `short`, `livestream`; empty = off',
  }),
  video_quality: Nullable(Resolution),
  audio_format: Nullable(AudioFormat),
  skip_video_folder: Nullable(Type.Boolean({ description: 'null = the global `defaultSkipVideoFolder`' })),
  min_duration: Nullable(
    Type.Integer({
      description: 'Seconds; automatic downloads and download-all skip shorter videos (null: no limit)',
    }),
  ),
  max_duration: Nullable(
    Type.Integer({
      description: 'Seconds; automatic downloads and download-all skip longer videos (null: no limit)',
    }),
  ),
  available_tabs: Type.Array(TabType, { description: 'Detected tabs minus hidden ones' }),
  hidden_tabs: Type.Array(TabType),
  default_rating: Nullable(
    Type.String({
      description:
        'Content rating given to new downloads of the channel unless a download says otherwise (reference 8.9); null = none (the platform age limit decides)',
    }),
  ),
};

/** A subscription (channel row) as every channel endpoint returns it. */
export const Channel = Type.Object({
  id: Type.Integer(),
  channel_id: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  url: Type.String({ description: 'The channel page on the platform' }),
  handle: Nullable(Type.String()),
  uploader: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  enabled: Type.Boolean({ description: 'true = active subscription; false = new or soft-removed (restorable)' }),
  sub_folder: Nullable(Type.String()),
  ...channelSettingFields,
  tab_video_counts: Nullable(Type.Record(Type.String(), TabCount)),
  tab_counts_attempted_at: Nullable(DateTime),
  terminated_at: Nullable(DateTime),
  created_at: DateTime,
  updated_at: DateTime,
});
export type Channel = Static<typeof Channel>;

// ---------------------------------------------------------------------------------------------
// Search

export const ChannelSearchRequest = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: '1 to 200 characters after trimming; no control characters',
    }),
    count: Type.Union(
      CHANNEL_SEARCH_COUNTS.map((n) => Type.Literal(n)),
      { default: 25, description: 'One of 10, 25, 50, 100' },
    ),
  },
  { additionalProperties: false },
);
export const ChannelSearchResult = Type.Object({
  channelId: Type.String(),
  name: Type.String(),
  handle: Nullable(Type.String()),
  url: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  subscriberCount: Nullable(Type.Integer()),
  videoCount: Nullable(Type.Integer({ description: 'Only on the Data API path; null on the yt-dlp fallback' })),
  description: Nullable(Type.String()),
  subscribed: Type.Boolean({ description: 'An enabled local channel with this id exists' }),
});
export type ChannelSearchResult = Static<typeof ChannelSearchResult>;
export const ChannelSearchResponse = Type.Object({ results: Type.Array(ChannelSearchResult) });

// ---------------------------------------------------------------------------------------------
// List, add, remove

export const CHANNEL_SORTS = ['title', 'name', 'uploader', 'createdAt', 'updatedAt'] as const;
export const ChannelListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Matches title, handle or URL (case-insensitive)' }),
    ),
    sortBy: Type.Enum(CHANNEL_SORTS, { default: 'title', description: '`name` and `uploader` are aliases of `title`' }),
    sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
    subFolder: Type.Optional(
      Type.String({ maxLength: 100, description: 'Only this subfolder; `__default__` = channels without one' }),
    ),
  },
  { additionalProperties: false },
);
export type ChannelListQuery = Static<typeof ChannelListQuery>;
export const ChannelList = Type.Object({
  channels: Type.Array(Channel),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalPages: Type.Integer(),
  subFolders: Type.Array(Type.String(), {
    description: 'Subfolders of enabled channels, `__default__` first when some have none',
  }),
});

export const ChannelAddSettings = Type.Object(
  {
    auto_download_enabled_tabs: Type.Optional(
      Type.String({ maxLength: 40, pattern: '^$|^(video|short|livestream)(,(video|short|livestream)){0,2}$' }),
    ),
    video_quality: Type.Optional(Nullable(Resolution)),
    audio_format: Type.Optional(Nullable(AudioFormat)),
    sub_folder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export type ChannelAddSettings = Static<typeof ChannelAddSettings>;
const ChannelRef = Type.String({ minLength: 1, maxLength: 2048, description: 'Channel URL, @handle or channel id' });
export const ChannelAddItem = Type.Union([
  ChannelRef,
  Type.Object(
    { url: ChannelRef, channel_id: Type.Optional(ChannelId), settings: Type.Optional(ChannelAddSettings) },
    { additionalProperties: false },
  ),
]);
export const UpdateChannelsRequest = Type.Union([
  Type.Array(Type.Object({ url: ChannelRef, enabled: Type.Boolean() }, { additionalProperties: false }), {
    minItems: 1,
    maxItems: 1000,
  }),
  Type.Object(
    {
      add: Type.Optional(Type.Array(ChannelAddItem, { maxItems: 1000 })),
      remove: Type.Optional(Type.Array(ChannelRef, { maxItems: 1000 })),
    },
    { additionalProperties: false },
  ),
]);
export type UpdateChannelsRequest = Static<typeof UpdateChannelsRequest>;
export const UpdateChannelsResponse = Type.Object({
  status: Type.Literal('success'),
  added: Type.Array(Type.String(), { description: 'Channel ids enabled (new or restored)' }),
  removed: Type.Array(Type.String(), { description: 'Channel ids disabled (soft removal)' }),
});

export const AddChannelInfoRequest = Type.Object(
  { url: Type.String({ maxLength: 2048 }) },
  { additionalProperties: false },
);
export const ChannelInfo = Type.Object({
  id: Type.String(),
  channel_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean({ description: 'true only for an already active subscription' }),
  existing: Type.Boolean({ description: 'true when the channel row already existed' }),
  url: Type.String(),
  handle: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  availableTabs: Type.Array(TabType),
});
export type ChannelInfo = Static<typeof ChannelInfo>;
export const AddChannelInfoResponse = Type.Object({ status: Type.Literal('success'), channelInfo: ChannelInfo });

// ---------------------------------------------------------------------------------------------
// Tabs

export const ChannelTabsResponse = Type.Object({ availableTabs: Type.Array(TabType) });
export const TabStats = Type.Object({
  total: Nullable(Type.Integer({ description: 'Public videos of the tab on the platform' })),
  fetchedAt: Nullable(DateTime),
  downloaded: Type.Integer({ description: 'Known videos ever downloaded (also when deleted since)' }),
  ignored: Type.Integer(),
  loaded: Type.Integer({ description: 'Videos of the tab known locally' }),
  percent: Nullable(Type.Integer()),
  complete: Type.Boolean({
    description:
      'Every video of the tab is known here: the total is known and `loaded` reaches it (after a complete Load all, for one). False while Load all would still find more.',
  }),
});
export type TabStats = Static<typeof TabStats>;
export const TabStatsResponse = Type.Object({ channelId: Type.String(), tabs: Type.Record(Type.String(), TabStats) });
export const TabAutoDownloadRequest = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export const TabAutoDownloadResponse = Type.Object({ success: Type.Boolean(), autoDownloadEnabledTabs: Type.String() });
export const RedetectTabsResponse = Type.Object({
  availableTabs: Type.Array(TabType),
  detectedTabs: Type.Array(TabType),
  hiddenTabs: Type.Array(TabType),
  autoDownloadEnabledTabs: Type.String(),
});

// ---------------------------------------------------------------------------------------------
// Settings

export const ChannelSettings = Type.Object({
  channel_id: Type.String(),
  title: Type.String(),
  enabled: Type.Boolean(),
  subfolder: Nullable(Type.String()),
  sub_folder: Nullable(Type.String({ description: 'Same as `subfolder`' })),
  ...channelSettingFields,
  detected_tabs: Type.Array(TabType),
});
export type ChannelSettings = Static<typeof ChannelSettings>;
export const ChannelSettingsUpdate = Type.Object(
  {
    subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    title_filter_regex: Type.Optional(Nullable(Type.String({ maxLength: TITLE_FILTER_MAX }))),
    additional_tags: Type.Optional(Nullable(Type.String({ maxLength: ADDITIONAL_TAGS_MAX }))),
    m3u_enabled: Type.Optional(Type.Boolean()),
    m3u_sort_order: Type.Optional(M3uSortOrder),
    auto_removal_protected: Type.Optional(Type.Boolean()),
    auto_removal_keep_recent_count: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100000 }))),
    video_quality: Type.Optional(Nullable(Resolution)),
    audio_format: Type.Optional(Nullable(AudioFormat)),
    skip_video_folder: Type.Optional(Nullable(Type.Boolean())),
    min_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: CHANNEL_DURATION_MAX }))),
    max_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: CHANNEL_DURATION_MAX }))),
    hidden_tabs: Type.Optional(Type.Array(TabType, { uniqueItems: true, maxItems: 3 })),
    auto_download_enabled_tabs: Type.Optional(
      Type.String({ maxLength: 40, pattern: '^$|^(video|short|livestream)(,(video|short|livestream)){0,2}$' }),
    ),
    default_rating: Type.Optional(RatingInput()),
  },
  { additionalProperties: false },
);
export type ChannelSettingsUpdate = Static<typeof ChannelSettingsUpdate>;
export const ChannelSettingsResponse = Type.Object({ settings: ChannelSettings });
export const ChannelFolderMoveResult = Type.Object({
  folders: Type.Array(Type.Object({ from: Type.String(), to: Type.String() }), {
    description: 'Channel folders moved (absolute paths)',
  }),
  videos: Type.Integer({ description: 'Library records whose paths changed' }),
});
/** What `DownloaderService.moveChannelFolder` moved (none when the channel has no files there). */
export type ChannelFolderMoveResult = Static<typeof ChannelFolderMoveResult>;
export const ChannelSettingsUpdateResponse = Type.Object({
  settings: ChannelSettings,
  folderMoved: Type.Boolean({ description: "True when the subfolder changed and the channel's folder moved with it" }),
  moveResult: Nullable(ChannelFolderMoveResult, {
    description: 'What moved when the subfolder changed (null otherwise)',
  }),
});
export type ChannelSettingsUpdateResponse = Static<typeof ChannelSettingsUpdateResponse>;

export const CountResponse = Type.Object({ count: Type.Integer() });
export const GlobalFileStructureResponse = Type.Object({
  count: Type.Integer(),
  channelNames: Type.Array(Type.String(), { maxItems: 10 }),
});

export const FilterPreviewQuery = Type.Object(
  { title_filter_regex: Type.String({ maxLength: TITLE_FILTER_MAX, default: '' }) },
  { additionalProperties: false },
);
export const FilterPreviewResponse = Type.Object({
  videos: Type.Array(
    Type.Object({
      sourceId: Type.String(),
      title: Type.String(),
      publishedAt: Nullable(DateTime),
      matches: Type.Boolean(),
    }),
  ),
  totalCount: Type.Integer(),
  matchCount: Type.Integer(),
});

// ---------------------------------------------------------------------------------------------
// Channel videos

const TriState = TriStateFilter;
export const CHANNEL_VIDEO_SORTS = ['date', 'title', 'duration'] as const;
export const ChannelVideosQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 50 }),
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
  activity: Nullable(Type.Union([Type.Literal('queued'), Type.Literal('downloading')])),
  ...watchFields(),
});
export type ChannelVideo = Static<typeof ChannelVideo>;
export const ChannelVideoPage = Type.Object({
  videos: Type.Array(ChannelVideo),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
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

export const FetchAllQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 50 }),
    downloadedFilter: TriState,
    tabType: Type.Enum(TAB_TYPES, { default: 'videos' }),
  },
  { additionalProperties: false },
);
export type FetchAllQuery = Static<typeof FetchAllQuery>;
/**
 * How a Load all ended: `complete` (the whole tab was read), `limit` (stopped at 5,000 entries,
 * the tab has more), `cancelled` (stopped on request; what was read is kept), `failed`.
 */
export const FetchOutcome = Type.Union([
  Type.Literal('complete'),
  Type.Literal('limit'),
  Type.Literal('cancelled'),
  Type.Literal('failed'),
]);
export type FetchOutcome = Static<typeof FetchOutcome>;
export const FetchAllResponse = Type.Object({
  success: Type.Boolean(),
  videosFound: Type.Integer({ description: 'Entries read and saved (until the cancel, when cancelled)' }),
  elapsedSeconds: Type.Number(),
  outcome: Type.Union([Type.Literal('complete'), Type.Literal('limit'), Type.Literal('cancelled')]),
  cancelled: Type.Boolean(),
  pagesRead: Type.Integer({ description: 'Pages of the listing read (the platform sends about 30 entries a page)' }),
  ...ChannelVideoPage.properties,
});
export const FetchStatusQuery = Type.Object({ tabType: Type.Optional(TabType) }, { additionalProperties: false });
export const FetchStatusResponse = Type.Object({
  isFetching: Type.Boolean(),
  startTime: Type.Optional(DateTime),
  type: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('refresh')])),
  tabType: Type.Optional(TabType),
  progress: Type.Optional(
    Type.Object({
      itemsFetched: Type.Integer(),
      stage: Type.Union([Type.Literal('listing'), Type.Literal('saving')]),
      pagesRead: Type.Integer({
        description: 'Pages of the listing read so far (the platform sends about 30 entries a page)',
      }),
      expectedTotal: Nullable(
        Type.Integer({
          description:
            "Entries the listing should reach: the tab's total (tab-stats), at most 5,000; null when unknown",
        }),
      ),
      etaSeconds: Nullable(
        Type.Integer({
          description: 'About how many seconds the listing needs still, from its pace so far; null without a total',
        }),
      ),
      sleepRequests: Type.Number({
        description: 'Seconds yt-dlp waits before each page request (the `sleepRequests` setting); 0 = not paced',
      }),
      cancelling: Type.Boolean({ description: 'A cancel was asked for; the listing is stopping' }),
    }),
  ),
  lastFetch: Type.Optional(
    Type.Object(
      {
        tabType: TabType,
        outcome: FetchOutcome,
        startTime: DateTime,
        endTime: DateTime,
        itemsFetched: Type.Integer(),
        pagesRead: Type.Integer(),
        error: Nullable(Type.String()),
      },
      { description: 'How the last Load all of the tab ended (since the server started); only with `tabType`' },
    ),
  ),
});
export type FetchStatusResponse = Static<typeof FetchStatusResponse>;
export const FetchCancelResponse = Type.Object({
  status: Type.Literal('cancelling'),
  tabType: TabType,
  itemsFetched: Type.Integer({ description: 'Entries read so far: they are kept' }),
});

export const TabQuery = Type.Object(
  { tabType: Type.Enum(TAB_TYPES, { default: 'videos' }) },
  { additionalProperties: false },
);
/** Videos an automatic choice left out, counted by the reason in words ("shorter than 1:00, …"). */
export const SkippedByReason = Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() }), {
  description: "Videos left out by the channel's duration limits (`min_duration`, `max_duration`), by reason",
});
export const DownloadAllPreviewQuery = Type.Object(
  {
    tabType: Type.Enum(TAB_TYPES, { default: 'videos' }),
    resolution: Type.Optional(
      Type.Enum(RESOLUTIONS, {
        description: "Estimate the size at this resolution (default: the channel's, else `preferredResolution`)",
      }),
    ),
  },
  { additionalProperties: false },
);
export const DownloadAllPreviewResponse = Type.Object({
  count: Type.Integer(),
  totalDurationSeconds: Type.Integer(),
  missingDurations: Type.Integer(),
  skipped: SkippedByReason,
  estimatedBytes: Type.Integer({
    description:
      'About how much the videos take on disk: their known durations at `sizeBasis.kilobitsPerSecond` (videos without a known length not counted)',
  }),
  sizeBasis: Type.Object({
    resolution: Nullable(
      Type.Enum(RESOLUTIONS, { description: 'The resolution estimated for; null = audio only (mp3)' }),
    ),
    audioFormat: Nullable(AudioFormat),
    kilobitsPerSecond: Type.Integer({
      description: 'Typical bitrate of the platform at that resolution, audio included',
    }),
  }),
  listingComplete: Type.Boolean({
    description:
      'Every video of the tab is known here (as tab-stats `complete`); false: Load all first to count them all',
  }),
});
export const DownloadAllRequest = Type.Object(
  {
    tabType: Type.Enum(TAB_TYPES, { default: 'videos' }),
    overrideSettings: Type.Optional(
      Type.Object(
        {
          resolution: Type.Optional(Resolution),
          skipVideoFolder: Type.Optional(Type.Boolean()),
          subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
          audioFormat: Type.Optional(Nullable(AudioFormat)),
          rating: Type.Optional(RatingInput('A content rating for these downloads; `NR` or null = not rated')),
          allowRedownload: Type.Optional(Type.Boolean({ description: 'Accepted and ignored' })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DownloadAllRequest = Static<typeof DownloadAllRequest>;
export const DownloadAllResponse = Type.Object({
  status: Type.String(),
  queued: Type.Integer(),
  jobId: Nullable(Type.String()),
  skipped: SkippedByReason,
});

export const BulkIgnoreRequest = Type.Object(
  { sourceIds: Type.Array(SourceId, { minItems: 1, maxItems: 5000 }) },
  { additionalProperties: false },
);
export const IgnoreResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export const BulkIgnoreResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  results: Type.Array(
    Type.Object({ sourceId: Type.String(), success: Type.Boolean(), reason: Type.Optional(Type.String()) }),
  ),
});

export const AutoDownloadRunResponse = Type.Object({
  status: Type.String(),
  runId: Nullable(
    Type.Integer({ description: 'The scheduler run recording it (GET /api/schedules/channels.auto-download/runs)' }),
  ),
});
