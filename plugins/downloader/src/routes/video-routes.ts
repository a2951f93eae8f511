import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import {
  DeleteVideoResponse,
  ErrorEnvelope,
  SourceIdParams,
  ThumbnailQuery,
  Type,
  Video,
  VideoFileQuery,
  VideoList,
  VideoListQuery,
  type EventBus,
} from '@vidkeep/contracts';
import {
  HttpError,
  type FastifyPluginAsyncTypebox,
  type FastifyReply,
  type FastifyRequest,
} from '@vidkeep/core/plugin-api';
import { isInside } from '../files/move.js';
import { DownloaderErrorCodes } from '@vidkeep/contracts';
import { toVideo, type VideoStore } from '../services/video-store.js';

const MIME: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.jpg': 'image/jpeg',
};

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** Sends a file with HTTP range support (seeking in the browser's player). */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  asAttachment: boolean,
): Promise<FastifyReply> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new HttpError(404, DownloaderErrorCodes.fileMissing, 'The file is no longer on disk');
  const size = info.size;
  reply.header('accept-ranges', 'bytes').type(MIME[extname(path).toLowerCase()] ?? 'application/octet-stream');
  if (asAttachment)
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(basename(path))}`);
  const range = request.headers.range;
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (range && m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : size - Number(m[2]);
    let end = m[1] && m[2] ? Number(m[2]) : size - 1;
    if (!m[1]) start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1);
    return reply.send(createReadStream(path, { start, end }));
  }
  reply.header('content-length', size);
  return reply.send(createReadStream(path));
}

export const videoRoutes: FastifyPluginAsyncTypebox<{
  videos: VideoStore;
  outputDir: string;
  imagesDir: string;
  events: EventBus;
}> = async (app, { videos, outputDir, imagesDir, events }) => {
  const find = async (sourceId: string) => {
    const row = await videos.bySourceId(sourceId);
    if (!row) throw new HttpError(404, DownloaderErrorCodes.videoNotFound, `No downloaded video ${sourceId}`);
    return row;
  };

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
    async (request) => {
      const q = request.query;
      const { videos: rows, total } = await videos.list(q);
      return { videos: rows.map(toVideo), total, page: q.page, pageSize: q.pageSize };
    },
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
    async (request) => toVideo(await find(request.params.sourceId)),
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
      const row = await find(request.params.sourceId);
      const path = request.query.kind === 'audio' ? row.audioFilePath : (row.filePath ?? row.audioFilePath);
      if (row.removed || !path)
        throw new HttpError(404, DownloaderErrorCodes.fileMissing, `No ${request.query.kind} file for ${row.sourceId}`);
      if (!isInside(outputDir, path))
        throw new HttpError(404, DownloaderErrorCodes.fileMissing, 'The file is outside the output directory');
      return sendFile(request, reply, path, request.query.download);
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
      const row = await find(request.params.sourceId);
      if (!row.thumbnailPath || !isInside(imagesDir, row.thumbnailPath))
        throw new HttpError(404, DownloaderErrorCodes.fileMissing, 'No thumbnail');
      reply.header('cache-control', 'private, max-age=86400');
      return sendFile(request, reply, row.thumbnailPath, false);
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
    async (request) => {
      const row = await find(request.params.sourceId);
      const deleted: string[] = [];
      const dirs = new Set<string>();
      for (const media of [row.filePath, row.audioFilePath]) {
        if (!media || !isInside(outputDir, media)) continue;
        const dir = dirname(media);
        const stem = basename(media, extname(media));
        dirs.add(dir);
        const siblings = await readdir(dir).catch(() => [] as string[]);
        for (const name of siblings) {
          if (name === basename(media) || name.startsWith(`${stem}.`)) {
            const p = join(dir, name);
            await rm(p, { force: true });
            if (!deleted.includes(p)) deleted.push(p);
          }
        }
      }
      for (const dir of dirs)
        if (dir !== outputDir && isInside(outputDir, dir)) await rmdir(dir).catch(() => undefined);
      if (row.thumbnailPath && isInside(imagesDir, row.thumbnailPath)) await rm(row.thumbnailPath, { force: true });
      await videos.markRemoved(row.id);
      events.publish('downloader.video.removed', { videoId: row.id, sourceId: row.sourceId });
      return { success: true, message: `Deleted ${deleted.length} file(s) of "${row.title}"`, deletedFiles: deleted };
    },
  );
};
