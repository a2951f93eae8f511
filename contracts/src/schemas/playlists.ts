import { Type, type Static } from '../typebox.js';
import { AudioFormat, Resolution } from '../config/downloader.js';
import { CONTENT_RATINGS, DateTime, Nullable, RatingInput } from './common.js';
import { SourceId } from './downloader.js';
import { WatchedState, watchFields } from './watch-status.js';

/**
 * Playlists: the reference product's routes and fields (so its clients and scripts work) with
 * the spec's additions (automatic following with a verified starting snapshot, explicit
 * requests, per-server sync state). Field names stay as the reference spells them, with `source`
 * where the platform's name stood (`source_id`, `source_removed`).
 */

/** Automatic following covers playlists of up to this many entries (spec 1.1, 8). */
export const PLAYLIST_AUTO_FOLLOW_MAX = 5000;
/** Entries selected or downloaded in one request. */
export const PLAYLIST_SELECTION_MAX = 1000;

/** Why automatic following waits (spec 2.6); cleared when a starting snapshot is saved. */
export const PLAYLIST_SETUP_ERRORS = ['PLAYLIST_TOO_LARGE', 'PLAYLIST_REFRESH_INCOMPLETE'] as const;
export const PlaylistSetupError = Type.Enum(PLAYLIST_SETUP_ERRORS, {
  description:
    '`PLAYLIST_TOO_LARGE`: more than 5,000 entries; `PLAYLIST_REFRESH_INCOMPLETE`: the listing could not be verified as complete',
});
export type PlaylistSetupError = Static<typeof PlaylistSetupError>;

export const PlaylistSortOrder = Type.Union([Type.Literal('default'), Type.Literal('reversed')], {
  description: "`default`: the playlist's own order; `reversed`: the owner's current list reversed (not a date sort)",
});
export type PlaylistSortOrder = Static<typeof PlaylistSortOrder>;

export const PlaylistId = Type.String({
  minLength: 2,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Platform playlist id (`PL…`, `UU…`, `OLAK…`)',
});
export const PlaylistIdParams = Type.Object({ playlistId: PlaylistId }, { additionalProperties: false });
export const PlaylistVideoParams = Type.Object(
  { playlistId: PlaylistId, sourceId: SourceId },
  { additionalProperties: false },
);

/** The eight settings of a playlist (`GET/PUT …/settings`). */
const settingFields = {
  default_sub_folder: Nullable(
    Type.String({ description: 'Subfolder for videos whose channel is not subscribed; null = the global default' }),
  ),
  video_quality: Nullable(Resolution),
  min_duration: Nullable(
    Type.Integer({ minimum: 0, description: 'Seconds; shorter videos are not downloaded automatically' }),
  ),
  max_duration: Nullable(
    Type.Integer({ minimum: 0, description: 'Seconds; longer videos are not downloaded automatically' }),
  ),
  title_filter_regex: Nullable(
    Type.String({ description: 'JavaScript regular expression, case-insensitive; only matching titles auto-download' }),
  ),
  audio_format: Nullable(AudioFormat),
  default_rating: Nullable(Type.String({ description: `One of ${CONTENT_RATINGS.join(', ')}; null = none` })),
  sort_order: PlaylistSortOrder,
};
export const PlaylistSettings = Type.Object(settingFields);
export type PlaylistSettings = Static<typeof PlaylistSettings>;

export const PlaylistSettingsUpdate = Type.Object(
  {
    default_sub_folder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    video_quality: Type.Optional(Nullable(Resolution)),
    min_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    max_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    title_filter_regex: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    audio_format: Type.Optional(Nullable(AudioFormat)),
    default_rating: Type.Optional(RatingInput()),
    sort_order: Type.Optional(PlaylistSortOrder),
  },
  { additionalProperties: false },
);
export type PlaylistSettingsUpdate = Static<typeof PlaylistSettingsUpdate>;
export const PlaylistSettingsResponse = Type.Object({ settings: PlaylistSettings });

/** A followed playlist as every playlist endpoint returns it. */
export const Playlist = Type.Object({
  id: Type.Integer(),
  playlist_id: Type.String(),
  title: Type.String(),
  url: Type.String(),
  description: Nullable(Type.String()),
  uploader: Nullable(Type.String({ description: "The playlist owner's name" })),
  uploader_id: Nullable(Type.String({ description: "The playlist owner's channel id" })),
  thumbnail: Nullable(Type.String()),
  availability: Nullable(Type.String({ description: '`public` or `unlisted` (as the platform said)' })),
  video_count: Type.Integer({ description: 'Available entries tracked locally' }),
  reported_count: Nullable(Type.Integer({ description: 'Entries the platform reported at the last listing' })),
  enabled: Type.Boolean({ description: 'false = removed (soft delete, restorable by adding it again)' }),
  auto_download: Type.Boolean(),
  sync_to_plex: Type.Boolean(),
  sync_to_jellyfin: Type.Boolean(),
  sync_to_emby: Type.Boolean(),
  sync_targets: Type.Record(Type.String(), Type.Boolean(), {
    description: 'Per media-server kind whether to sync (kinds not listed: yes); the `sync_to_*` fields mirror it',
  }),
  public_on_servers: Type.Boolean(),
  ...settingFields,
  lastFetched: Nullable(DateTime),
  last_listing_complete: Type.Boolean({ description: 'The last listing was verified complete' }),
  auto_download_baseline_at: Nullable(DateTime),
  auto_download_baseline_id: Nullable(Type.Integer()),
  auto_download_setup_error: Nullable(PlaylistSetupError),
  m3u_path: Nullable(Type.String({ description: 'The `.m3u` file, relative to the output directory' })),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Playlist = Static<typeof Playlist>;

export const PlaylistListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  },
  { additionalProperties: false },
);
export const PlaylistList = Type.Object({ total: Type.Integer(), playlists: Type.Array(Playlist) });

/** Per (playlist, media server): spec 2.8, plus what the user needs to see why a sync failed. */
export const PlaylistSyncState = Type.Object({
  server: Type.String({ description: 'Media-server kind' }),
  label: Type.String(),
  connected: Type.Boolean({ description: 'The server is configured and its plugin enabled' }),
  sync_enabled: Type.Boolean({ description: "This playlist's `sync_to_<kind>`" }),
  server_playlist_id: Nullable(Type.String()),
  media_type: Nullable(Type.Union([Type.Literal('video'), Type.Literal('audio')])),
  last_synced_at: Nullable(DateTime),
  last_attempt_at: Nullable(DateTime),
  last_error: Nullable(Type.String()),
  items_synced: Nullable(Type.Integer()),
  items_skipped: Nullable(Type.Integer({ description: 'Items the server did not know (not indexed yet)' })),
});
export type PlaylistSyncState = Static<typeof PlaylistSyncState>;

export const PlaylistDetail = Type.Object({
  playlist: Playlist,
  not_downloaded_count: Type.Integer(),
  unsyncable_count: Type.Integer({
    description: 'Downloaded items without a file of the type the playlist syncs as (kept in the .m3u)',
  }),
  requested_count: Type.Integer({ description: 'Existing videos selected for automatic download, still pending' }),
  sync_state: Type.Array(PlaylistSyncState),
  sync_running: Type.Boolean(),
  fetching: Type.Boolean({ description: 'A listing of this playlist is running' }),
});
export type PlaylistDetail = Static<typeof PlaylistDetail>;

// ---------------------------------------------------------------------------------------------
// Follow, preview, change, remove

const PlaylistUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'A playlist URL (`…/playlist?list=…` or a watch URL with `list=`) or a bare playlist id',
});
export const AddPlaylistInfoRequest = Type.Object({ url: PlaylistUrl }, { additionalProperties: false });
export const PlaylistPreview = Type.Object({
  playlist_id: Type.String(),
  title: Type.String(),
  uploader: Nullable(Type.String()),
  description: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  video_count: Nullable(Type.Integer({ description: 'Entries the platform reports' })),
  url: Type.String(),
  availability: Nullable(Type.String()),
  following: Type.Boolean({ description: 'Already followed (enabled)' }),
  auto_follow_possible: Type.Boolean({ description: 'At most 5,000 entries: automatic following can be set up' }),
});
export type PlaylistPreview = Static<typeof PlaylistPreview>;

export const SubscribePlaylistSettings = Type.Object(
  {
    ...PlaylistSettingsUpdate.properties,
    auto_download: Type.Optional(Type.Boolean()),
    public_on_servers: Type.Optional(Type.Boolean()),
    sync_to_plex: Type.Optional(Type.Boolean()),
    sync_to_jellyfin: Type.Optional(Type.Boolean()),
    sync_to_emby: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const SubscribePlaylistRequest = Type.Object(
  {
    url: PlaylistUrl,
    settings: Type.Optional(SubscribePlaylistSettings),
  },
  { additionalProperties: false },
);
export type SubscribePlaylistRequest = Static<typeof SubscribePlaylistRequest>;
export const SubscribePlaylistResponse = Type.Object({
  playlist: Playlist,
  restored: Type.Boolean({ description: 'A removed playlist came back with its settings and history' }),
  fetched: Type.Integer({ description: 'Entries read by the listing' }),
  warning: Nullable(Type.String({ description: 'Why automatic following waits, in plain words' })),
});

export const PatchPlaylistRequest = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'false removes the playlist (soft delete)' })),
    auto_download: Type.Optional(Type.Boolean()),
    public_on_servers: Type.Optional(Type.Boolean()),
    sync_to_plex: Type.Optional(Type.Boolean()),
    sync_to_jellyfin: Type.Optional(Type.Boolean()),
    sync_to_emby: Type.Optional(Type.Boolean()),
    sync_targets: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }), Type.Boolean(), {
        description: 'Per media-server kind (also kinds of third-party plugins)',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchPlaylistRequest = Static<typeof PatchPlaylistRequest>;
export const PlaylistResponse = Type.Object({ playlist: Playlist });
export const PlaylistRemovedResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });

// ---------------------------------------------------------------------------------------------
// Videos of a playlist

export const PLAYLIST_VIDEO_SORTS = ['asc', 'desc', 'recent'] as const;
export const PLAYLIST_DOWNLOAD_STATES = ['all', 'downloaded', 'not_downloaded'] as const;
export const PlaylistVideosQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    sortOrder: Type.Enum(PLAYLIST_VIDEO_SORTS, {
      default: 'asc',
      description: '`asc`/`desc`: by position; `recent`: first seen, newest first',
    }),
    downloadState: Type.Enum(PLAYLIST_DOWNLOAD_STATES, { default: 'all' }),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Title or channel name contains (any case)' })),
    watchedState: WatchedState,
  },
  { additionalProperties: false },
);
export type PlaylistVideosQuery = Static<typeof PlaylistVideosQuery>;

export const PlaylistVideo = Type.Object({
  id: Type.Integer(),
  playlist_id: Type.String(),
  source_id: Type.String(),
  position: Type.Integer({ description: "1-based place in the playlist's own order" }),
  added_at: DateTime,
  first_seen_at: DateTime,
  channel_id: Nullable(Type.String({ description: "The uploader's channel id" })),
  channel_name: Nullable(Type.String()),
  title: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  published_at: Nullable(DateTime),
  thumbnail: Nullable(Type.String()),
  ignored: Type.Boolean(),
  ignored_at: Nullable(DateTime),
  unavailable: Type.Boolean({ description: 'Private or deleted on the platform: never downloaded' }),
  source_removed: Type.Boolean({ description: 'Same as `unavailable` (the reference name)' }),
  downloaded: Type.Boolean({ description: 'A downloaded file is in the library' }),
  previously_downloaded: Type.Boolean({ description: 'Downloaded once, deleted since' }),
  downloaded_at: Nullable(DateTime),
  active: Nullable(Type.Union([Type.Literal('queued'), Type.Literal('downloading')])),
  auto_download_requested: Type.Boolean(),
  auto_download_last_attempt_at: Nullable(DateTime),
  video_id: Nullable(Type.Integer({ description: 'The library record' })),
  file_path: Nullable(Type.String()),
  file_size: Nullable(Type.Integer()),
  audio_file_path: Nullable(Type.String()),
  audio_file_size: Nullable(Type.Integer()),
  ...watchFields(),
});
export type PlaylistVideo = Static<typeof PlaylistVideo>;
export const PlaylistVideoPage = Type.Object({ total: Type.Integer(), videos: Type.Array(PlaylistVideo) });
export type PlaylistVideoPage = Static<typeof PlaylistVideoPage>;

// ---------------------------------------------------------------------------------------------
// Actions

export const RefreshPlaylistResponse = Type.Object({
  fetched: Type.Integer(),
  complete: Type.Boolean({ description: 'The listing was verified complete (rows missing from it were removed)' }),
  warning: Nullable(Type.String()),
});

/** Download overrides, checked by the same rules as a channel's download-all. */
export const PlaylistOverrideSettings = Type.Object(
  {
    resolution: Type.Optional(Resolution),
    allowRedownload: Type.Optional(Type.Boolean({ description: 'Download again what was downloaded before' })),
    skipVideoFolder: Type.Optional(Type.Boolean()),
    subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    audioFormat: Type.Optional(Nullable(AudioFormat)),
    rating: Type.Optional(RatingInput('A content rating for this download; `NR` or null = not rated')),
  },
  { additionalProperties: false },
);
export type PlaylistOverrideSettings = Static<typeof PlaylistOverrideSettings>;
export const PlaylistDownloadRequest = Type.Object(
  {
    videoIds: Type.Optional(
      Type.Array(SourceId, {
        minItems: 1,
        maxItems: PLAYLIST_SELECTION_MAX,
        uniqueItems: true,
        description: 'Exactly these entries (also ignored ones); without it: every new entry ("Download new")',
      }),
    ),
    overrideSettings: Type.Optional(PlaylistOverrideSettings),
  },
  { additionalProperties: false },
);
export type PlaylistDownloadRequest = Static<typeof PlaylistDownloadRequest>;
export const PlaylistDownloadResponse = Type.Object({
  status: Type.Literal('accepted'),
  message: Type.String(),
  queued: Type.Integer(),
  jobIds: Type.Array(Type.String()),
});

export const PlaylistSelectionRequest = Type.Object(
  { videoIds: Type.Array(SourceId, { minItems: 1, maxItems: PLAYLIST_SELECTION_MAX, uniqueItems: true }) },
  { additionalProperties: false },
);
export const PlaylistSelectionResponse = Type.Object({
  success: Type.Literal(true),
  requested: Type.Integer({ description: 'Entries now waiting for an automatic download' }),
  skipped: Type.Array(Type.Object({ sourceId: Type.String(), reason: Type.String() }), {
    description: 'Entries not requested, with why (downloaded, unavailable, not in the playlist)',
  }),
});
export const PlaylistResetResponse = Type.Object({
  success: Type.Literal(true),
  cleared: Type.Integer({ description: 'Pending requests cleared' }),
  playlist: Playlist,
});
export const PlaylistSyncAccepted = Type.Object({ success: Type.Literal(true), message: Type.String() });
export const RegenerateM3uResponse = Type.Object({
  success: Type.Boolean(),
  path: Nullable(Type.String({ description: 'Relative to the output directory' })),
  entries: Type.Integer(),
});
export const PlaylistIgnoreResponse = Type.Object({ success: Type.Literal(true) });

// ---------------------------------------------------------------------------------------------
// Media servers as the playlists plugin sees them

export const MediaServerStatus = Type.Object(
  {
    plex: Type.Boolean(),
    jellyfin: Type.Boolean(),
    emby: Type.Boolean(),
    servers: Type.Array(
      Type.Object({
        kind: Type.String(),
        label: Type.String(),
        connected: Type.Boolean({ description: 'Configured, and its plugin switched on' }),
      }),
      { description: 'Every media-server provider whose plugin is on (also third-party kinds)' },
    ),
  },
  { description: '`plex`/`jellyfin`/`emby`: configured and switched on (the reference shape)' },
);
export type MediaServerStatus = Static<typeof MediaServerStatus>;
