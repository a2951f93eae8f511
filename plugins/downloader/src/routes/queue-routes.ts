import { errorResponses, JobIdParams, JobSummary, QueueState } from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { DownloaderRouteDeps } from './deps.js';

const TAGS = ['downloads'];

/** Queue control: pause and resume the queue or one job, move a job to the front. */
export const queueRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (app, { queueControl }) => {
  app.get(
    '/api/queue',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the download queue is paused, and what runs and waits in it',
        response: { 200: QueueState, ...errorResponses(401, 403) },
      },
    },
    () => queueControl.state(),
  );

  app.post(
    '/api/queue/pause',
    {
      schema: {
        tags: TAGS,
        summary: 'Pause the whole queue',
        description:
          'No job starts until the queue is resumed, also after a restart (`downloadQueuePaused`). Running downloads stop and go back into the queue with their partial files; they resume where they stopped. Requests are still accepted and queued. The WebSocket announces `queueUpdated`.',
        response: { 200: QueueState, ...errorResponses(401, 403) },
      },
    },
    () => queueControl.pauseQueue(),
  );

  app.post(
    '/api/queue/resume',
    {
      schema: {
        tags: TAGS,
        summary: 'Resume the queue',
        response: { 200: QueueState, ...errorResponses(401, 403) },
      },
    },
    () => queueControl.resumeQueue(),
  );

  const jobAction = (path: string, summary: string, description: string, act: (jobId: string) => Promise<JobSummary>) =>
    app.post(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          description,
          params: JobIdParams,
          response: { 200: JobSummary, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) => act(request.params.jobId),
    );

  jobAction(
    '/api/jobs/:jobId/pause',
    'Pause one queued or running job',
    'A paused job stays `queued` with `paused: true` and does not start until resumed; a running one stops and keeps its partial file, and resumes where it stopped. 409 `DOWNLOAD_JOB_NOT_ACTIVE` for a finished job.',
    (id) => queueControl.pauseJob(id),
  );
  jobAction(
    '/api/jobs/:jobId/resume',
    'Resume a paused job',
    'It starts again in its place in the queue. 409 `DOWNLOAD_JOB_NOT_ACTIVE` for a finished job.',
    (id) => queueControl.resumeJob(id),
  );
  jobAction(
    '/api/jobs/:jobId/move-to-front',
    'Move a queued job to the front of the queue',
    'It starts next, before requests and automatic work queued earlier; when no slot is free, a running automatic job yields (it resumes later where it stopped). 409 `DOWNLOAD_JOB_NOT_ACTIVE` unless the job is queued.',
    (id) => queueControl.moveToFront(id),
  );
};
