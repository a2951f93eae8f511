// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { DefaultsOptional, Route } from './route.js';

/** The routes of the playlists plugin. */
export interface PlaylistsRoutes {
  'DELETE /api/playlists/:playlistId': Route<'PlaylistRemovedResponse', 'PlaylistIdParams'>;
  'GET /api/mediaservers/status': Route<'MediaServerStatus'>;
  'GET /api/playlists': Route<'PlaylistList', never, DefaultsOptional<'PlaylistListQuery', 'page' | 'pageSize'>>;
  'GET /api/playlists/:playlistId': Route<'PlaylistDetail', 'PlaylistIdParams'>;
  'GET /api/playlists/:playlistId/settings': Route<'PlaylistSettings', 'PlaylistIdParams'>;
  'GET /api/playlists/:playlistId/videos': Route<
    'PlaylistVideoPage',
    'PlaylistIdParams',
    DefaultsOptional<'PlaylistVideosQuery', 'page' | 'pageSize' | 'sortOrder' | 'downloadState' | 'watchedState'>
  >;
  'PATCH /api/playlists/:playlistId': Route<'PlaylistResponse', 'PlaylistIdParams', never, 'PatchPlaylistRequest'>;
  'POST /api/playlists': Route<'SubscribePlaylistResponse', never, never, 'SubscribePlaylistRequest'>;
  'POST /api/playlists/:playlistId/auto-download/reset': Route<'PlaylistResetResponse', 'PlaylistIdParams'>;
  'POST /api/playlists/:playlistId/auto-download/select': Route<
    'PlaylistSelectionResponse',
    'PlaylistIdParams',
    never,
    'PlaylistSelectionRequest'
  >;
  'POST /api/playlists/:playlistId/download': Route<
    'PlaylistDownloadResponse',
    'PlaylistIdParams',
    never,
    'PlaylistDownloadRequest'
  >;
  'POST /api/playlists/:playlistId/refresh': Route<'RefreshPlaylistResponse', 'PlaylistIdParams'>;
  'POST /api/playlists/:playlistId/regenerate-m3u': Route<'RegenerateM3uResponse', 'PlaylistIdParams'>;
  'POST /api/playlists/:playlistId/sync': Route<'PlaylistSyncAccepted', 'PlaylistIdParams'>;
  'POST /api/playlists/:playlistId/videos/:sourceId/ignore': Route<'PlaylistIgnoreResponse', 'PlaylistVideoParams'>;
  'POST /api/playlists/:playlistId/videos/:sourceId/unignore': Route<'PlaylistIgnoreResponse', 'PlaylistVideoParams'>;
  'POST /api/playlists/addplaylistinfo': Route<'PlaylistPreview', never, never, 'AddPlaylistInfoRequest'>;
  'PUT /api/playlists/:playlistId/settings': Route<
    'PlaylistSettingsResponse',
    'PlaylistIdParams',
    never,
    'PlaylistSettingsUpdate'
  >;
}
