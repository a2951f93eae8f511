import {
  errorResponses,
  ScheduleList,
  ScheduleUpdated,
  TaskKeyParams,
  TaskRunList,
  TaskRunListQuery,
  TaskRunStarted,
  UpdateScheduleBody,
  type ScheduleEntry,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { toSummary, type RunStore } from '../services/run-store.js';
import type { TaskScheduler } from '../services/scheduler.js';

const errors = errorResponses(400, 401, 403, 404);
/** The server's time zone, looked up on the first request: ICU's time zone data stays unloaded until then. */
const timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const scheduleRoutes: FastifyPluginAsyncTypebox<{ scheduler: TaskScheduler; store: RunStore }> = async (
  app,
  { scheduler, store },
) => {
  async function entries(keys: string[]): Promise<ScheduleEntry[]> {
    const last = await store.latest(keys);
    return keys.map((key) => {
      const task = scheduler.get(key);
      const e = scheduler.effective(key);
      const next = scheduler.nextRunAt(key);
      const run = last.get(key);
      const isWorker = 'worker' in task;
      return {
        key,
        title: task.title,
        description: task.description ?? null,
        plugin: key.split('.')[0]!,
        kind: isWorker ? 'worker' : 'main-thread',
        schedule: e.cron,
        defaultSchedule: task.configuredSchedule?.().cron ?? task.defaultSchedule,
        enabled: e.enabled,
        allowOverlap: !isWorker && task.allowOverlap === true,
        running: scheduler.isRunning(key),
        nextRunAt: next ? next.toISOString() : null,
        lastRun: run ? toSummary(run) : null,
      };
    });
  }

  app.get(
    '/api/schedules',
    {
      schema: {
        tags: ['schedules'],
        summary: 'Every scheduled task with its schedule, next run and last run',
        description: `Schedules are five-field cron expressions in the server's time zone (given as \`timezone\`). Tasks belong to plugins; a disabled plugin's tasks are absent.`,
        response: { 200: ScheduleList, ...errors },
      },
    },
    async () => ({ schedules: await entries(scheduler.keys()), timezone: timezone() }),
  );

  app.patch(
    '/api/schedules/:key',
    {
      schema: {
        tags: ['schedules'],
        summary: "Change a task's schedule, or enable or disable it",
        description:
          '`cron` null restores the default schedule. The change is saved in `config.json` under `schedules` and takes effect at once. 400 for a cron expression that is invalid or never fires.',
        params: TaskKeyParams,
        body: UpdateScheduleBody,
        response: { 200: ScheduleUpdated, ...errors },
      },
    },
    async (request) => {
      await scheduler.update(request.params.key, request.body);
      const [schedule] = await entries([request.params.key]);
      return { success: true, schedule: schedule! };
    },
  );

  app.post(
    '/api/schedules/:key/run',
    {
      schema: {
        tags: ['schedules'],
        summary: 'Run a task now',
        description:
          'Answers 202 as soon as the run has started (its history row is `running`); follow it in the run history or by the `scheduleRunUpdated` WebSocket message. 409 while the task is running and may not overlap itself.',
        params: TaskKeyParams,
        response: { 202: TaskRunStarted, ...errorResponses(409, 503), ...errors },
      },
    },
    async (request, reply) => {
      const task = scheduler.get(request.params.key);
      const { run } = await scheduler.runNow(request.params.key, 'manual');
      return reply.code(202).send({ success: true, message: `Started "${task.title}"`, run });
    },
  );

  app.get(
    '/api/schedules/:key/runs',
    {
      schema: {
        tags: ['schedules'],
        summary: 'Run history of a task, newest first',
        description:
          'Kept per task: the last 20 runs, every running run, and the newest run of each status and of each outcome.',
        params: TaskKeyParams,
        querystring: TaskRunListQuery,
        response: { 200: TaskRunList, ...errors },
      },
    },
    async (request) => {
      scheduler.get(request.params.key); // 404 for an unknown task, not an empty history
      const { page, pageSize, status } = request.query;
      const { runs, total } = await store.list(scheduler.canonicalKey(request.params.key), page, pageSize, status);
      return { runs: runs.map(toSummary), total, page, pageSize };
    },
  );
};
