import {
  errorResponses,
  PlaylistDownloadRequest,
  PlaylistDownloadResponse,
  PlaylistIdParams,
  PlaylistIgnoreResponse,
  PlaylistResetResponse,
  PlaylistSelectionRequest,
  PlaylistSelectionResponse,
  PlaylistVideoPage,
  PlaylistVideoParams,
  PlaylistVideosQuery,
} from '@vidkeep/contracts';
import { mapDomainErrors, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { PlaylistRouteDeps } from './deps.js';
import { errorStatuses } from './errors.js';

const tags = ['playlists'];

/** The entries of a playlist: the list, ignore flags, downloads and automatic-download requests. */
export const videoRoutes: FastifyPluginAsyncTypebox<PlaylistRouteDeps> = async (
  app,
  { subscriptions, videos, following },
) => {
  mapDomainErrors(app, errorStatuses);
  const playlist = (playlistId: string) => subscriptions.require(playlistId);

  app.get(
    '/api/playlists/:playlistId/videos',
    {
      schema: {
        tags,
        summary: "A playlist's entries: position order, newest first seen, or reversed",
        description:
          'Unavailable (private or deleted) entries keep their place and are flagged. `downloaded` means the file is in the library now; `previously_downloaded` that it was deleted since. `watched` (null = unknown: no media server reported on it) and `watched_by` come from the media servers; `watchedState` (`any`, `watched`, `unwatched` = known and not watched, `unknown`) filters before paging.',
        params: PlaylistIdParams,
        querystring: PlaylistVideosQuery,
        response: { 200: PlaylistVideoPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => videos.page(await playlist(request.params.playlistId), request.query),
  );

  for (const [action, ignored] of [
    ['ignore', true],
    ['unignore', false],
  ] as const) {
    app.post(
      `/api/playlists/:playlistId/videos/:sourceId/${action}`,
      {
        schema: {
          tags,
          summary: ignored
            ? 'Ignore an entry: "Download new" and automatic downloads skip it'
            : 'Stop ignoring an entry',
          params: PlaylistVideoParams,
          response: { 200: PlaylistIgnoreResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await videos.setIgnored(await playlist(request.params.playlistId), request.params.sourceId, ignored);
        return { success: true as const };
      },
    );
  }

  app.post(
    '/api/playlists/:playlistId/download',
    {
      schema: {
        tags,
        summary: 'Download selected entries, or every new one',
        description:
          'With `videoIds` (1 to 1,000): exactly those, also ignored ones. Without: every available entry the library never had and nobody ignored ("Download new"). Files go to each uploader\'s channel folder; uploaders nobody subscribed to become hidden channels. `overrideSettings` follows the rules of a channel\'s download-all (400 listing every problem). 409 while a storage limit pauses downloads.',
        params: PlaylistIdParams,
        body: PlaylistDownloadRequest,
        response: { 202: PlaylistDownloadResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await playlist(request.params.playlistId);
      const r = await videos.download(
        row,
        request.body,
        request.auth.kind === 'session' ? request.auth.username : 'api',
      );
      reply.code(202);
      return {
        status: 'accepted' as const,
        message: r.queued
          ? `${r.queued} video${r.queued === 1 ? '' : 's'} queued in ${r.jobIds.length} job${r.jobIds.length === 1 ? '' : 's'}`
          : 'Nothing to download: every selected entry is downloaded, queued, ignored or unavailable',
        queued: r.queued,
        jobIds: r.jobIds,
      };
    },
  );

  app.post(
    '/api/playlists/:playlistId/auto-download/select',
    {
      schema: {
        tags,
        summary: 'Select existing entries for automatic download ("select existing videos")',
        description:
          'Entries from before the starting point are otherwise only downloaded by hand. Selected ones are queued by the next scheduled runs (up to the per-run limit each, retried until they succeed). 409 unless automatic downloads are on and have a starting point.',
        params: PlaylistIdParams,
        body: PlaylistSelectionRequest,
        response: { 200: PlaylistSelectionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await following.select(await playlist(request.params.playlistId), request.body.videoIds)),
    }),
  );

  app.post(
    '/api/playlists/:playlistId/auto-download/reset',
    {
      schema: {
        tags,
        summary: 'Reset the starting point of automatic downloads',
        description:
          'Clears the selected entries still pending and takes the last listing (when complete) as the new starting point: only entries added after now download automatically. Whether automatic downloads are on or off stays as it is.',
        params: PlaylistIdParams,
        response: { 200: PlaylistResetResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const r = await following.reset(await playlist(request.params.playlistId));
      return { success: true as const, cleared: r.cleared, playlist: await subscriptions.toPlaylist(r.playlist) };
    },
  );
};
