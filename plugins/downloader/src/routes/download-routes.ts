import { stat } from 'node:fs/promises';
import {
  DownloadRequest,
  DownloadResponse,
  ErrorEnvelope,
  LocalStatusRequest,
  LocalStatusResponse,
  VideoActivity,
  type LocalStatusEntry,
} from '@vidkeep/contracts';
import { subfolderProblem } from '@vidkeep/contracts';
import { HttpError, type FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import type { ActivityTracker } from '../services/activity.js';
import type { JobStore } from '../services/job-store.js';
import type { MetadataService, VideoMetadata } from '../services/metadata.js';
import { DownloaderErrorCodes } from '@vidkeep/contracts';
import type { DownloadQueue } from '../services/queue.js';
import { toVideo, type VideoStore } from '../services/video-store.js';
import { parsePlatformUrl, videoUrl } from '../url.js';

export interface DownloadRouteDeps {
  queue: DownloadQueue;
  store: JobStore;
  videos: VideoStore;
  metadata: MetadataService;
  activity: ActivityTracker;
}

const fallbackThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
const bad = (message: string, code: string = DownloaderErrorCodes.invalidUrl) => new HttpError(400, code, message);

/**
 * The bookmarklet POSTs from the platform's pages, so this one endpoint allows any origin. That is
 * safe because nothing is ambient: the request must carry its API key or session token itself.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, x-api-key, x-access-token',
  'access-control-max-age': '86400',
};

export const downloadRoutes: FastifyPluginAsyncTypebox<DownloadRouteDeps> = async (
  app,
  { queue, store, videos, metadata, activity },
) => {
  app.options('/api/videos/download', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.headers(CORS_HEADERS).code(204).send(),
  );
  app.post(
    '/api/videos/download',
    {
      config: { auth: 'sessionOrApiKey', successFlagOnError: true },
      // Also on refusals (401, 429, 400), so the bookmarklet can show the reason.
      onSend: async (_request, reply, payload) => {
        reply.header('access-control-allow-origin', '*');
        return payload;
      },
      schema: {
        tags: ['downloads'],
        summary: 'Queue a video for download (session or API key)',
        description: [
          'Queues one video (`url`). A session may instead send `urls` (up to 50) to queue several in one job; API keys queue one video per request and cannot queue playlist or channel URLs.',
          'A video already queued or downloading is never queued again: it is listed in `alreadyActiveIds` and `queued` is 0 for it.',
          'The job is committed before the response; the download runs in the background. `video` carries the title, thumbnail and duration (looked up for up to 20 seconds; placeholders if the lookup fails). In a `urls` batch only the first video is looked up; the others show what is already known or their id until their download starts, when the job fills in their titles.',
          'While a storage limit pauses downloads the answer is 409 with an error starting `Downloads are paused:`.',
        ].join('\n\n'),
        body: DownloadRequest,
        response: {
          200: DownloadResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          409: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const isApiKey = request.auth.kind === 'apiKey';
      if (body.url !== undefined && body.urls !== undefined) throw bad('Send either url or urls, not both');
      if (isApiKey && body.urls !== undefined) {
        throw bad(
          'API keys queue one video per request: send url instead of urls',
          DownloaderErrorCodes.batchNotAllowed,
        );
      }
      const inputs = body.urls ?? (body.url !== undefined ? [body.url] : []);
      if (inputs.length === 0) throw bad('url is required');
      const ids: string[] = [];
      for (const input of inputs) {
        const parsed = parsePlatformUrl(input);
        if (parsed.kind === 'playlist' || parsed.kind === 'channel') {
          const what = parsed.kind === 'playlist' ? 'Playlist' : 'Channel';
          throw bad(
            isApiKey
              ? `${what} URLs cannot be queued with an API key; send a single video URL`
              : `${what} URLs are not single videos; subscribe to the ${what.toLowerCase()} instead, or send video URLs`,
            isApiKey ? DownloaderErrorCodes.batchNotAllowed : DownloaderErrorCodes.invalidUrl,
          );
        }
        if (parsed.kind === 'invalid')
          throw bad(inputs.length > 1 ? `${parsed.reason}: ${input.slice(0, 200)}` : parsed.reason);
        ids.push(parsed.sourceId);
      }
      if (body.subfolder) {
        const problem = subfolderProblem(body.subfolder);
        if (problem) throw bad(problem, 'CORE_VALIDATION_FAILED');
      }
      const requestedBy =
        request.auth.kind === 'apiKey'
          ? `api key "${request.auth.keyName}"`
          : 'username' in request.auth
            ? request.auth.username
            : null;
      const result = await queue.enqueue({
        sourceIds: ids,
        type: 'manual',
        label: ids.length === 1 ? `Manual download: ${ids[0]}` : `Manual download: ${ids.length} videos`,
        options: {
          ...(body.resolution ? { resolution: body.resolution } : {}),
          ...(body.subfolder !== undefined ? { subfolder: body.subfolder || null } : {}),
          ...(body.skipVideoFolder !== undefined ? { skipVideoFolder: body.skipVideoFolder } : {}),
          ...(body.audioFormat !== undefined ? { audioFormat: body.audioFormat } : {}),
        },
        requestedBy,
      });

      const unique = [...new Set(ids)];
      const metas = new Map<string, VideoMetadata | null>();
      // One lookup for the response's `video`; the other videos of a batch get their titles
      // from the download itself (yt-dlp writes each info.json before downloading), so a batch
      // neither waits for N lookups nor asks the platform about every video twice.
      for (const id of unique.slice(1)) metas.set(id, metadata.peek(id));
      const first = unique[0]!;
      const jobId = result.job?.id ?? null;
      // When the new job starts right away its yt-dlp reports the info within moments: wait for
      // that rather than run a second yt-dlp that asks the platform the same thing.
      const fromDownload =
        jobId !== null &&
        result.acceptedIds.includes(first) &&
        !metadata.peek(first) &&
        (await queue.startedWithin(jobId, 250));
      metas.set(
        first,
        fromDownload ? await metadata.fromDownload(first) : await metadata.lookup(first, videoUrl(first)),
      );
      if (jobId) {
        for (const id of result.acceptedIds) {
          const m = metas.get(id);
          if (m)
            await store.updateVideo(jobId, id, {
              title: m.title.slice(0, 500),
              duration: m.duration,
              thumbnail: m.thumbnail,
            });
        }
        const firstMeta = metas.get(result.acceptedIds[0]!);
        if (result.acceptedIds.length === 1 && firstMeta)
          await store.update(jobId, { label: `Manual download: ${firstMeta.title}`.slice(0, 300) });
      }
      const preview = (id: string) => {
        const m = metas.get(id);
        return {
          sourceId: id,
          title: m?.title ?? id,
          thumbnail: m?.thumbnail ?? fallbackThumbnail(id),
          duration: m?.duration ?? 0,
        };
      };
      const list = unique.map(preview);
      const queued = result.acceptedIds.length;
      const name = (id: string) => `"${preview(id).title}"`;
      let message: string;
      if (unique.length === 1) {
        message =
          queued === 1
            ? `Queued ${name(unique[0]!)} for download`
            : `${name(unique[0]!)} is already queued or downloading; it was not queued again`;
      } else {
        message = `Queued ${queued} of ${unique.length} videos${result.alreadyActiveIds.length ? `; ${result.alreadyActiveIds.length} already queued or downloading` : ''}`;
      }
      const { sourceId: _id, ...video } = list[0]!;
      return {
        success: true,
        message,
        video,
        videos: list,
        queued,
        acceptedIds: result.acceptedIds,
        alreadyActiveIds: result.alreadyActiveIds,
        jobId,
      };
    },
  );

  app.get(
    '/api/jobs/video-activity',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Which videos are queued or downloading (spec 2.15)',
        description:
          'Refetch after each `videoActivityUpdated` WebSocket message and after reconnecting; a changed `instanceId` means the server restarted.',
        response: { 200: VideoActivity, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async () => activity.snapshot(),
  );

  app.post(
    '/api/videos/local-status',
    {
      schema: {
        tags: ['videos'],
        summary: 'Local download status of up to 500 videos (no platform request)',
        body: LocalStatusRequest,
        response: { 200: LocalStatusResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.sourceIds)];
      const rows = new Map((await videos.bySourceIds(ids)).map((v) => [v.sourceId, v]));
      const results: LocalStatusEntry[] = await Promise.all(
        ids.map(async (sourceId) => {
          const row = rows.get(sourceId);
          const act = activity.get(sourceId);
          let status: LocalStatusEntry['status'] = 'not_downloaded';
          if (row?.removed) status = 'removed';
          else if (row) {
            const path = row.filePath ?? row.audioFilePath;
            status =
              path &&
              (await stat(path).then(
                () => true,
                () => false,
              ))
                ? 'downloaded'
                : 'missing';
          }
          return {
            sourceId,
            status,
            activity: act?.state ?? null,
            jobId: act?.jobId ?? null,
            video: row ? toVideo(row) : null,
          };
        }),
      );
      return { results };
    },
  );
};
