import {
  CancelJobResponse,
  ErrorEnvelope,
  JobDetail,
  JobIdParams,
  JobList,
  JobListQuery,
  StorageStatus,
  ToolsResponse,
} from '@vidkeep/contracts';
import { HttpError, type FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import type { JobStore } from '../services/job-store.js';
import { DownloaderErrorCodes } from '@vidkeep/contracts';
import type { DownloadQueue } from '../services/queue.js';
import type { ToolLocator } from '../services/tools.js';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

export const jobRoutes: FastifyPluginAsyncTypebox<{
  queue: DownloadQueue;
  store: JobStore;
  tools: ToolLocator;
  platformManaged: boolean;
}> = async (app, { queue, store, tools, platformManaged }) => {
  const notFound = (id: string) => new HttpError(404, DownloaderErrorCodes.jobNotFound, `No job with id ${id}`);

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
    async (request) => {
      const { page, pageSize, status } = request.query;
      const { jobs, total } = await store.list(page, pageSize, status);
      return { jobs: await store.summaries(jobs), total, page, pageSize };
    },
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
    async (request) => (await queue.detail(request.params.jobId)) ?? Promise.reject(notFound(request.params.jobId)),
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
    async (request) => {
      const before = await queue.summary(request.params.jobId);
      if (!before) throw notFound(request.params.jobId);
      if (before.status !== 'queued' && before.status !== 'running') {
        return { success: false, message: `The job is already ${before.status.replace(/_/g, ' ')}`, job: before };
      }
      const job = (await queue.cancelJob(request.params.jobId))!;
      return { success: true, message: `Cancelled; ${job.counts.completed} video(s) downloaded before are kept`, job };
    },
  );

  app.get(
    '/api/ytdlp/version',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Versions and paths of yt-dlp, ffmpeg and ffprobe',
        response: { 200: ToolsResponse, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async () => tools.report(platformManaged),
  );

  app.get(
    '/api/downloader/storage',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Storage use and whether a storage limit pauses downloads',
        response: { 200: StorageStatus, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async () => queue.storageStatus(),
  );
};
