import {
  AddPlaylistInfoRequest,
  errorResponses,
  PatchPlaylistRequest,
  PlaylistDetail,
  PlaylistIdParams,
  PlaylistList,
  PlaylistListQuery,
  PlaylistPreview,
  PlaylistRemovedResponse,
  PlaylistResponse,
  PlaylistSettings,
  PlaylistSettingsResponse,
  PlaylistSettingsUpdate,
  SubscribePlaylistRequest,
  SubscribePlaylistResponse,
} from '@vidkeep/contracts';
import { mapDomainErrors, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { settingsOf } from '../services/settings.js';
import type { PlaylistRouteDeps } from './deps.js';
import { errorStatuses } from './errors.js';

const tags = ['playlists'];

/** The playlists themselves: list, preview, follow, show, change, remove, settings. */
export const playlistRoutes: FastifyPluginAsyncTypebox<PlaylistRouteDeps> = async (app, { subscriptions }) => {
  mapDomainErrors(app, errorStatuses);

  app.get(
    '/api/playlists',
    {
      schema: {
        tags,
        summary: 'Followed playlists, most recently updated first',
        querystring: PlaylistListQuery,
        response: { 200: PlaylistList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => subscriptions.list(request.query.page, request.query.pageSize),
  );

  app.post(
    '/api/playlists/addplaylistinfo',
    {
      schema: {
        tags,
        summary: 'Look a playlist up on the platform without following it',
        description:
          'Only public and unlisted playlists can be followed: a private one answers 400 (when the platform says so) or 404 (the platform shows private playlists as missing). 403 when the platform wants cookies, 503 when it cannot be reached.',
        body: AddPlaylistInfoRequest,
        response: { 200: PlaylistPreview, ...errorResponses(400, 401, 403, 404, 503, 504) },
      },
    },
    async (request) => subscriptions.preview(request.body.url),
  );

  app.post(
    '/api/playlists',
    {
      schema: {
        tags,
        summary: 'Follow a playlist (or restore a removed one with its settings and history)',
        description:
          'Lists the whole playlist (up to 5,000 entries, progress as `playlistFetchProgress` on the WebSocket) before answering, then writes its `.m3u` and syncs it to the connected media servers in the background. `settings` apply only to a playlist followed for the first time. With `auto_download`, downloads wait until a complete listing saved a starting point; `warning` says why they wait.',
        body: SubscribePlaylistRequest,
        response: { 201: SubscribePlaylistResponse, ...errorResponses(400, 401, 403, 404, 409, 503, 504) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return subscriptions.subscribe(request.body);
    },
  );

  app.get(
    '/api/playlists/:playlistId',
    {
      schema: {
        tags,
        summary: 'A followed playlist with its counts and its sync state on every media server',
        params: PlaylistIdParams,
        response: { 200: PlaylistDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => subscriptions.detail(request.params.playlistId),
  );

  app.patch(
    '/api/playlists/:playlistId',
    {
      schema: {
        tags,
        summary: 'Switch automatic downloads, media-server targets and visibility',
        description:
          'Turning `auto_download` on saves a starting point from the last listing when it was complete; otherwise `auto_download_setup_error` says why downloads wait. `enabled: false` removes the playlist like DELETE.',
        params: PlaylistIdParams,
        body: PatchPlaylistRequest,
        response: { 200: PlaylistResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ playlist: await subscriptions.patch(request.params.playlistId, request.body) }),
  );

  app.delete(
    '/api/playlists/:playlistId',
    {
      schema: {
        tags,
        summary: 'Stop following a playlist (soft delete: restorable by adding it again)',
        description:
          'Automatic downloads and syncs stop and the playlist disappears from every list. No video, no `.m3u` file and no media-server playlist is deleted.',
        params: PlaylistIdParams,
        response: { 200: PlaylistRemovedResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await subscriptions.remove(request.params.playlistId);
      return {
        success: true as const,
        message: 'Playlist removed. Its videos, .m3u file and media-server playlists are kept.',
      };
    },
  );

  app.get(
    '/api/playlists/:playlistId/settings',
    {
      schema: {
        tags,
        summary: "A playlist's eight settings",
        description: 'The eight keys at the top level, as the reference answers them (`PUT` answers `{settings}`).',
        params: PlaylistIdParams,
        response: { 200: PlaylistSettings, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => settingsOf(await subscriptions.require(request.params.playlistId)),
  );

  app.put(
    '/api/playlists/:playlistId/settings',
    {
      schema: {
        tags,
        summary: "Change a playlist's settings",
        description:
          'Any subset of the eight keys; every problem is listed (400) and nothing changes then. `title_filter_regex` must compile (JavaScript, case-insensitive); `default_sub_folder` follows the channel subfolder rules (`__playlists__` is reserved); `default_rating` is a content rating or NR. A new `sort_order` shows in the `.m3u` and on servers at the next sync or rebuild.',
        params: PlaylistIdParams,
        body: PlaylistSettingsUpdate,
        response: { 200: PlaylistSettingsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      settings: settingsOf(await subscriptions.updateSettings(request.params.playlistId, request.body)),
    }),
  );
};
