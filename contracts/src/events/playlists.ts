import { Type, type Static } from '../typebox.js';

/**
 * Syncing a playlist to a media server failed (the server refused or could not be reached). One
 * event per playlist and server; subscribers that tell people coalesce them.
 */
export const MediaServerSyncFailedPayload = Type.Object({
  playlistId: Type.String(),
  playlistTitle: Type.String(),
  /** The media-server kind (`plex`, `jellyfin`, `emby`, or a plugin's own). */
  server: Type.String(),
  error: Type.String(),
});
export type MediaServerSyncFailedPayload = Static<typeof MediaServerSyncFailedPayload>;

export const PlaylistsEvents = {
  videosDiscovered: 'playlists.videos.discovered',
  mediaServerSyncFailed: 'playlists.mediaServerSync.failed',
} as const;
