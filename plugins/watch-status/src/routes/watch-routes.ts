import {
  errorResponses,
  SourceIdParams,
  VideoWatchStatus,
  WatchStatusOverview,
  WatchSyncStarted,
  type WatchStatusRun,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { WatchStatusState } from '../services/state.js';

/** Routes of reference 1.11 and the per-video view of 1.7, with vidkeep's names. */
export const watchRoutes: FastifyPluginAsyncTypebox<{ state: WatchStatusState }> = async (app, { state }) => {
  app.get(
    '/api/mediaservers/watch-status',
    {
      schema: {
        tags: ['watch-status'],
        summary: 'Whether a watch-status sync runs, and the last run per media server',
        response: { 200: WatchStatusOverview, ...errorResponses(401, 403) },
      },
    },
    async () => state.overview(),
  );

  app.post(
    '/api/mediaservers/watch-status/sync',
    {
      schema: {
        tags: ['watch-status'],
        summary: 'Start a watch-status sync now',
        description:
          'Answers 202 once the run has started (its result appears in `GET /api/mediaservers/watch-status` and the schedule run history); 409 `WATCH_STATUS_SYNC_RUNNING` while one runs.',
        response: { 202: WatchSyncStarted, ...errorResponses(401, 403, 409) },
      },
    },
    async (_request, reply) => {
      await state.startManual();
      return reply.code(202).send({ started: true as const });
    },
  );

  app.get(
    '/api/videos/:sourceId/watch-status',
    {
      schema: {
        tags: ['watch-status'],
        summary: 'Every media server and user with their state of a video',
        description:
          'An empty `statuses` with `watched: null` means no server reported on the video (unknown, not unwatched).',
        params: SourceIdParams,
        response: { 200: VideoWatchStatus, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const last: WatchStatusRun | null = await state.lastRun();
      const completed = last?.completedAt ? new Date(last.completedAt) : null;
      return state.service.videoStatus(request.params.sourceId, (kind) =>
        completed && last && 'updated' in (last.servers[kind] ?? {}) ? completed : null,
      );
    },
  );
};
