/** A followed playlist: its id, limits, the record every endpoint returns, its list and its detail with sync state. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, pageQueryFields, pathParams, platformId } from '../common.js';
import { SourceId } from '../downloader/videos.js';
import { settingFields } from './setting-fields.js';

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

export const PlaylistId = platformId({ minLength: 2, description: 'Platform playlist id (`PL…`, `UU…`, `OLAK…`)' });
export const PlaylistIdParams = pathParams({ playlistId: PlaylistId });
export const PlaylistVideoParams = pathParams({ playlistId: PlaylistId, sourceId: SourceId });

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
    ...pageQueryFields({ pageSizeMax: 100 }),
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
