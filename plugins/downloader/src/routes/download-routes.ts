import { DownloadRequest, DownloadResponse, errorResponses, VideoActivity } from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { DownloaderRouteDeps } from './deps.js';

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

export const downloadRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (app, { downloads, activity }) => {
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
        response: { 200: DownloadResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => downloads.request(request.body, request.auth),
  );

  app.get(
    '/api/jobs/video-activity',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Which videos are queued or downloading (spec 2.15)',
        description:
          'Refetch after each `videoActivityUpdated` WebSocket message and after reconnecting; a changed `instanceId` means the server restarted.',
        response: { 200: VideoActivity, ...errorResponses(401, 403) },
      },
    },
    async () => activity.snapshot(),
  );
};
