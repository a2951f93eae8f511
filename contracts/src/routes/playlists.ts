// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';
import type { DefaultsOptional } from './defaults.js';

/** The routes of the playlists plugin. */
export interface PlaylistsRoutes {
  'DELETE /api/playlists/:playlistId': {
    params: Static<typeof C.PlaylistIdParams>;
    response: Static<typeof C.PlaylistRemovedResponse>;
  };
  'GET /api/mediaservers/status': {
    response: Static<typeof C.MediaServerStatus>;
  };
  'GET /api/playlists': {
    query: DefaultsOptional<Static<typeof C.PlaylistListQuery>, 'page' | 'pageSize'>;
    response: Static<typeof C.PlaylistList>;
  };
  'GET /api/playlists/:playlistId': {
    params: Static<typeof C.PlaylistIdParams>;
    response: Static<typeof C.PlaylistDetail>;
  };
  'GET /api/playlists/:playlistId/settings': {
    params: Static<typeof C.PlaylistIdParams>;
    response: Static<typeof C.PlaylistSettings>;
  };
  'GET /api/playlists/:playlistId/videos': {
    params: Static<typeof C.PlaylistIdParams>;
    query: DefaultsOptional<
      Static<typeof C.PlaylistVideosQuery>,
      'page' | 'pageSize' | 'sortOrder' | 'downloadState' | 'watchedState'
    >;
    response: Static<typeof C.PlaylistVideoPage>;
  };
  'PATCH /api/playlists/:playlistId': {
    params: Static<typeof C.PlaylistIdParams>;
    body: Static<typeof C.PatchPlaylistRequest>;
    response: Static<typeof C.PlaylistResponse>;
  };
  'POST /api/playlists': {
    body: Static<typeof C.SubscribePlaylistRequest>;
    response: Static<typeof C.SubscribePlaylistResponse>;
  };
  'POST /api/playlists/:playlistId/auto-download/reset': {
    params: Static<typeof C.PlaylistIdParams>;
    response: Static<typeof C.PlaylistResetResponse>;
  };
  'POST /api/playlists/:playlistId/auto-download/select': {
    params: Static<typeof C.PlaylistIdParams>;
    body: Static<typeof C.PlaylistSelectionRequest>;
    response: Static<typeof C.PlaylistSelectionResponse>;
  };
  'POST /api/playlists/:playlistId/download': {
    params: Static<typeof C.PlaylistIdParams>;
    body: Static<typeof C.PlaylistDownloadRequest>;
    response: Static<typeof C.PlaylistDownloadResponse>;
  };
  'POST /api/playlists/:playlistId/refresh': {
    params: Static<typeof C.PlaylistIdParams>;
    response: Static<typeof C.RefreshPlaylistResponse>;
  };
  'POST /api/playlists/:playlistId/regenerate-m3u': {
    params: Static<typeof C.PlaylistIdParams>;
    response: Static<typeof C.RegenerateM3uResponse>;
  };
  'POST /api/playlists/:playlistId/sync': {
    params: Static<typeof C.PlaylistIdParams>;
    response: Static<typeof C.PlaylistSyncAccepted>;
  };
  'POST /api/playlists/:playlistId/videos/:sourceId/ignore': {
    params: Static<typeof C.PlaylistVideoParams>;
    response: Static<typeof C.PlaylistIgnoreResponse>;
  };
  'POST /api/playlists/:playlistId/videos/:sourceId/unignore': {
    params: Static<typeof C.PlaylistVideoParams>;
    response: Static<typeof C.PlaylistIgnoreResponse>;
  };
  'POST /api/playlists/addplaylistinfo': {
    body: Static<typeof C.AddPlaylistInfoRequest>;
    response: Static<typeof C.PlaylistPreview>;
  };
  'PUT /api/playlists/:playlistId/settings': {
    params: Static<typeof C.PlaylistIdParams>;
    body: Static<typeof C.PlaylistSettingsUpdate>;
    response: Static<typeof C.PlaylistSettingsResponse>;
  };
}
