import {
  AutoDownloadRunResponse,
  ChannelIdParams,
  DownloadAllPreviewQuery,
  DownloadAllPreviewResponse,
  DownloadAllRequest,
  DownloadAllResponse,
  ErrorEnvelope,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

/** Queuing a channel's videos: download-all, and the automatic-download sweep on request. */
export const downloadRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { downloadAll, sweep }) => {
  app.post(
    '/api/channels/auto-download',
    {
      schema: {
        tags,
        summary: 'Run the automatic-download sweep now',
        description:
          'Starts the same sweep the hourly task runs (recorded in its run history when the scheduler plugin is loaded). 202 at once; 409 while it runs.',
        response: { 202: AutoDownloadRunResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (_request, reply) => reply.code(202).send(await sweep.start()),
  );

  app.get(
    '/api/channels/:channelId/download-all/preview',
    {
      schema: {
        tags,
        summary: 'What download-all would queue, its length and about how much space it takes',
        description:
          "`estimatedBytes` is the videos' known durations at a typical bitrate of the platform for the resolution the job would use (the channel's quality, else `preferredResolution`; or `resolution`) and the channel's audio format (`sizeBasis`): 360p 0.5, 480p 1, 720p 2, 1080p 3.5, 1440p 8, 2160p 16 Mbit/s of video, plus 130 kbit/s of audio and 192 kbit/s for an mp3. `listingComplete` false: videos not known here yet are not counted (Load all first).",
        params: ChannelIdParams,
        querystring: DownloadAllPreviewQuery,
        response: { 200: DownloadAllPreviewResponse, ...errors },
      },
    },
    async (request) => downloadAll.preview(request.params.channelId, request.query.tabType, request.query.resolution),
  );

  app.post(
    '/api/channels/:channelId/download-all',
    {
      // The body is optional: a bare POST means the videos tab with the channel's settings.
      preValidation: async (request) => {
        request.body ??= { tabType: 'videos' };
      },
      schema: {
        tags,
        summary: 'Queue every known, never-downloaded video of a tab as one job',
        description:
          'One job, exempt from the runtime cap, cancellable (completed videos stay). Videos downloaded before (also deleted ones), ignored, members-only and not-yet-live ones are excluded. `allowRedownload` is ignored. Run a full fetch first so every video is known.',
        params: ChannelIdParams,
        body: DownloadAllRequest,
        response: { 202: DownloadAllResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request, reply) => reply.code(202).send(await downloadAll.queue(request.params.channelId, request.body)),
  );
};
