import {
  CancelJobResponse,
  errorResponses,
  JobDetail,
  JobIdParams,
  JobList,
  JobListQuery,
  ToolsQuery,
  StorageStatus,
  ToolsResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { DownloaderRouteDeps } from './deps.js';

const errors = errorResponses(400, 401, 403, 404);

export const jobRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (
  app,
  { jobs, storage, tools, platformManaged, privateYtDlp },
) => {
  app.get(
    '/api/jobs',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Download jobs, newest first',
        description:
          'Finished jobs are kept for `jobHistoryDays` (default 90) and at most `jobHistoryMax` (default 1000) are kept; older ones are removed after each job and at start. Downloaded files are never removed with them.',
        querystring: JobListQuery,
        response: { 200: JobList, ...errors },
      },
    },
    async (request) => jobs.list(request.query),
  );

  app.get(
    '/api/jobs/:jobId',
    {
      schema: {
        tags: ['downloads'],
        summary: 'One job with its videos, live progress and diagnoses',
        params: JobIdParams,
        response: { 200: JobDetail, ...errors },
      },
    },
    async (request) => jobs.detail(request.params.jobId),
  );

  app.post(
    '/api/jobs/:jobId/cancel',
    {
      schema: {
        tags: ['downloads'],
        summary: 'Cancel a queued or running job',
        description:
          'Videos already downloaded stay; the video being downloaded and the ones still queued become `cancelled`. Cancelling a finished job changes nothing.',
        params: JobIdParams,
        response: { 200: CancelJobResponse, ...errors },
      },
    },
    async (request) => jobs.cancel(request.params.jobId),
  );

  app.get(
    '/api/ytdlp/version',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Versions and paths of yt-dlp, ffmpeg and ffprobe',
        description:
          'The tools are checked (each runs with `--version`) at start, after an update and when `refresh` is true; otherwise the last check is reported. For yt-dlp also: where it comes from, its release age, whether it is stale, how it is updated and the last update attempt.',
        querystring: ToolsQuery,
        response: { 200: ToolsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => tools.report(platformManaged, await privateYtDlp.lastAttempt(), request.query.refresh),
  );

  app.get(
    '/api/downloader/storage',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Storage use and whether a storage limit pauses downloads',
        response: { 200: StorageStatus, ...errorResponses(401, 403) },
      },
    },
    async () => storage.status(),
  );
};
