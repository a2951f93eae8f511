/**
 * The API types of the playlists pages, from the contracts (type-only: nothing is bundled).
 * Schemas that the contracts only export as values are turned into types with `Static`.
 */
import type {
  PlaylistDownloadResponse as PlaylistDownloadResponseSchema,
  PlaylistList as PlaylistListSchema,
  PlaylistRemovedResponse as PlaylistRemovedResponseSchema,
  PlaylistResetResponse as PlaylistResetResponseSchema,
  PlaylistResponse as PlaylistResponseSchema,
  PlaylistSelectionResponse as PlaylistSelectionResponseSchema,
  PlaylistSettingsResponse as PlaylistSettingsResponseSchema,
  PlaylistSyncAccepted as PlaylistSyncAcceptedSchema,
  RefreshPlaylistResponse as RefreshPlaylistResponseSchema,
  RegenerateM3uResponse as RegenerateM3uResponseSchema,
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

export type PlaylistList = Static<typeof PlaylistListSchema>;
export type SubscribePlaylistResponse = Static<typeof SubscribePlaylistResponseSchema>;
export type PlaylistResponse = Static<typeof PlaylistResponseSchema>;
export type PlaylistRemovedResponse = Static<typeof PlaylistRemovedResponseSchema>;
export type PlaylistSettingsResponse = Static<typeof PlaylistSettingsResponseSchema>;
export type RefreshPlaylistResponse = Static<typeof RefreshPlaylistResponseSchema>;
export type PlaylistDownloadResponse = Static<typeof PlaylistDownloadResponseSchema>;
export type PlaylistSelectionResponse = Static<typeof PlaylistSelectionResponseSchema>;
export type PlaylistResetResponse = Static<typeof PlaylistResetResponseSchema>;
export type PlaylistSyncAccepted = Static<typeof PlaylistSyncAcceptedSchema>;
export type RegenerateM3uResponse = Static<typeof RegenerateM3uResponseSchema>;
