import {
  DeleteVideoResponse,
  ErrorEnvelope,
  errorResponses,
  SourceIdParams,
  ThumbnailQuery,
  Type,
  Video,
  VideoFileQuery,
  VideoList,
  VideoListQuery,
  VideoProtectedRequest,
  VideoProtectedResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import type { DownloaderRouteDeps } from './deps.js';
import { sendFile } from './send-file.js';

const errors = errorResponses(400, 401, 403, 404);

export const videoRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (app, { library }) => {
  app.get(
    '/api/videos',
    {
      schema: {
        tags: ['videos'],
        summary: 'Downloaded videos with paging, search and sort',
        description:
          'Each video carries `watched` (null = unknown: no media server reported on it) and `watched_by`. `watchedState` filters before paging, so `total` counts the filtered videos: `watched` (under `watchStatusWatchedRule`), `unwatched` (a server knows it and nobody under the rule watched it), `unknown` (no server reported on it; every video while no watch-status plugin runs), `any` (default).',
        querystring: VideoListQuery,
        response: { 200: VideoList, ...errors },
      },
    },
    async (request) => library.list(request.query),
  );

  app.get(
    '/api/videos/:sourceId',
    {
      schema: {
        tags: ['videos'],
        summary: 'One downloaded video',
        params: SourceIdParams,
        response: { 200: Video, ...errors },
      },
    },
    async (request) => library.get(request.params.sourceId),
  );

  app.get(
    '/api/videos/:sourceId/file',
    {
      config: { queryToken: true },
      schema: {
        tags: ['videos'],
        summary: 'Stream (with range requests) or download the video or audio file',
        params: SourceIdParams,
        querystring: VideoFileQuery,
        response: { 200: Type.Any(), 206: Type.Any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await library.mediaFile(request.params.sourceId, request.query.kind);
      return sendFile(request, reply, file, request.query.download);
    },
  );

  app.get(
    '/api/videos/:sourceId/thumbnail',
    {
      config: { queryToken: true },
      schema: {
        tags: ['videos'],
        summary: 'The video thumbnail (JPEG)',
        params: SourceIdParams,
        querystring: ThumbnailQuery,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) => {
      const path = await library.thumbnailPath(request.params.sourceId);
      // Set before the file is checked, so a poster gone from disk answers as it always has.
      reply.header('cache-control', 'private, max-age=86400');
      return sendFile(request, reply, await library.onDisk(path), false);
    },
  );

  app.delete(
    '/api/videos/:sourceId',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete the files of a downloaded video and mark it removed',
        description:
          'Nested layout: the per-video folder goes whole; flat layout: only the files of the channel folder whose names contain `[<id>]` or ` - <id>`. Then the channel folder goes when only ignorable files are left (channel artwork, `tvshow.nfo`, its `.m3u`), and an emptied `__<subfolder>` folder. The record stays, marked `removed`, so it still counts as downloaded and is never fetched again by itself. Protection does not stop a manual delete. 409 `DOWNLOAD_UNSAFE_PATH`, with nothing deleted, when a stored path is outside the output directory or does not contain the video id.',
        params: SourceIdParams,
        response: { 200: DeleteVideoResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request) => library.deleteVideo(request.params.sourceId),
  );

  app.patch(
    '/api/videos/:sourceId/protected',
    {
      schema: {
        tags: ['videos'],
        summary: 'Protect a video from automatic removal, or lift the protection',
        description:
          'A protected video is never removed by retention (automatic removal); a manual delete still removes it. Works on removed videos too (the flag stays with the record).',
        params: SourceIdParams,
        body: VideoProtectedRequest,
        response: { 200: VideoProtectedResponse, ...errors },
      },
    },
    async (request) => library.setProtected(request.params.sourceId, request.body.protected),
  );
};
