import {
  DeleteVideoResponse,
  errorResponses,
  SourceIdParams,
  ThumbnailQuery,
  Type,
  Video,
  VideoFileQuery,
  VideoList,
  VideoListQuery,
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
          'Removes the media files and their companions (poster, NFO, subtitles) and an emptied per-video folder. The record stays, marked `removed`, so it still counts as downloaded.',
        params: SourceIdParams,
        response: { 200: DeleteVideoResponse, ...errors },
      },
    },
    async (request) => library.remove(request.params.sourceId),
  );
};
