/**
 * The API types of the playlists pages, from the contracts (type-only: nothing is bundled).
 * Schemas that the contracts only export as values are turned into types with `Static`.
 */
import type {
  RefreshPlaylistResponse as RefreshPlaylistResponseSchema,
  Static,
  SubscribePlaylistResponse as SubscribePlaylistResponseSchema,
} from '@vidkeep/contracts';

export type {
  AudioFormat,
  PatchPlaylistRequest,
  Playlist,
  PlaylistDetail,
  PlaylistDownloadRequest,
  PlaylistPreview,
  PlaylistSettings,
  PlaylistSettingsUpdate,
  PlaylistSetupError,
  PlaylistSortOrder,
  PlaylistSyncState,
  PlaylistVideo,
  PlaylistVideoPage,
  PlaylistVideosQuery,
  Resolution,
  SubscribePlaylistRequest,
} from '@vidkeep/contracts';

export type SubscribePlaylistResponse = Static<typeof SubscribePlaylistResponseSchema>;
export type RefreshPlaylistResponse = Static<typeof RefreshPlaylistResponseSchema>;
