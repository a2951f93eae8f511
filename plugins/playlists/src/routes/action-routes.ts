import {
  errorResponses,
  PlaylistIdParams,
  PlaylistSyncAccepted,
  RefreshPlaylistResponse,
  RegenerateM3uResponse,
} from '@vidkeep/contracts';
import { mapDomainErrors, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { PlaylistRouteDeps } from './deps.js';
import { errorStatuses } from './errors.js';

const tags = ['playlists'];

/** What a user runs on a playlist: Refresh, Sync now, Rebuild .m3u. */
export const actionRoutes: FastifyPluginAsyncTypebox<PlaylistRouteDeps> = async (
  app,
  { subscriptions, publisher, servers },
) => {
  mapDomainErrors(app, errorStatuses);

  app.post(
    '/api/playlists/:playlistId/refresh',
    {
      schema: {
        tags,
        summary: 'List the playlist again now',
        description:
          'Reads the whole playlist (up to 5,000 entries), then rewrites its `.m3u` and syncs it in the background. Entries that left the playlist are removed only when the listing was verified complete. 409 while a listing of this playlist runs.',
        params: PlaylistIdParams,
        response: { 200: RefreshPlaylistResponse, ...errorResponses(400, 401, 403, 404, 409, 503, 504) },
      },
    },
    async (request) => subscriptions.refresh(request.params.playlistId),
  );

  app.post(
    '/api/playlists/:playlistId/sync',
    {
      schema: {
        tags,
        summary: 'Sync now: publish the playlist to every connected media server',
        description:
          'Answers at once (202); the outcome per server shows in `sync_state` of `GET /api/playlists/{playlistId}` and a `playlistUpdated` message follows on the WebSocket. A sync requested while one runs causes exactly one more run.',
        params: PlaylistIdParams,
        response: { 202: PlaylistSyncAccepted, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await subscriptions.require(request.params.playlistId);
      const connected = servers()
        .filter((s) => s.connected)
        .map((s) => s.label);
      void publisher.request(row.id, { m3u: false, sync: true });
      reply.code(202);
      return {
        success: true as const,
        message: connected.length
          ? `Syncing to ${connected.join(', ')}`
          : 'No media server is connected, so there is nothing to sync; the .m3u file is written regardless',
      };
    },
  );

  app.post(
    '/api/playlists/:playlistId/regenerate-m3u',
    {
      schema: {
        tags,
        summary: 'Rebuild the .m3u file now',
        params: PlaylistIdParams,
        response: { 200: RegenerateM3uResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await subscriptions.require(request.params.playlistId);
      const result = await publisher.rebuildM3u(row.id);
      return { success: result !== null, path: result?.path ?? null, entries: result?.entries ?? 0 };
    },
  );
};
