/** The entries of a playlist as its page lists them. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, pageQueryFields } from '../common.js';
import { WatchedState, watchFields } from '../watch-status.js';

export const PLAYLIST_VIDEO_SORTS = ['asc', 'desc', 'recent'] as const;
export const PLAYLIST_DOWNLOAD_STATES = ['all', 'downloaded', 'not_downloaded'] as const;
export const PlaylistVideosQuery = Type.Object(
  {
    ...pageQueryFields({ defaultPageSize: 50 }),
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
