import { afterEach, describe, expect, it } from 'vitest';
import {
  ConflictError,
  InvalidInputError,
  isDomainError,
  NotFoundError,
  SchedulerErrorCodes,
  UnavailableError,
  type MainThreadTask,
  type TaskScheduleOverride,
} from '@vidkeep/contracts';
import { statusOf } from '@vidkeep/plugin-kit';
import type { SchedulerTaskRun } from '../entities.js';
import { errorStatuses } from '../routes/errors.js';
import { runningRow, type RunHistory } from './run-store.js';
import { TaskScheduler } from './scheduler.js';
import { silentLogger } from './testing.js';

/** The run history in memory: enough for the facade's rules, which never read it back. */
function memoryHistory(): RunHistory {
  const rows = new Map<number, SchedulerTaskRun>();
  const history: RunHistory = {
    async start(taskKey, triggerType) {
      const row: SchedulerTaskRun = { id: rows.size + 1, ...runningRow(taskKey, triggerType) };
      rows.set(row.id, row);
      return row;
    },
    async finish(id, status, result) {
      const row = rows.get(id)!;
      Object.assign(row, { status, outcome: result.outcome ?? null, message: result.message ?? null });
      return { ...row, finishedAt: new Date() };
    },
    async record(taskKey, trigger, status, result) {
      return history.finish((await history.start(taskKey, trigger)).id, status, result);
    },
    setDetails: async () => undefined,
    interrupt: async () => undefined,
    interruptRunning: async () => 0,
    prune: async () => 0,
  };
  return history;
}

const schedulers: TaskScheduler[] = [];
afterEach(async () => {
  for (const s of schedulers.splice(0)) await s.stop(0);
});

function setup() {
  let schedules: Record<string, TaskScheduleOverride> = {};
  const scheduler = new TaskScheduler({
    store: memoryHistory(),
    logger: silentLogger,
    config: () => ({ schedules, schedulerShutdownWaitSeconds: 1 }),
    saveOverrides: async (next) => {
      schedules = next;
    },
    hub: () => undefined,
  });
  schedulers.push(scheduler);
  let release: () => void = () => undefined;
  const task = (key: string, extra: Partial<MainThreadTask> = {}): MainThreadTask => ({
    key,
    title: 'Slow',
    defaultSchedule: '0 3 * * *',
    run: () => new Promise<void>((resolve) => (release = resolve)),
    ...extra,
  });
  scheduler.register(task('fixture.slow'));
  scheduler.register(task('fixture.overlap', { allowOverlap: true, run: async () => undefined }));
  return { scheduler, schedules: () => schedules, release: () => release() };
}

/** The error an action throws, with the status the plugin's routes answer it with. */
async function failure(action: () => unknown) {
  try {
    await action();
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return { type: err.constructor, code: err.code, message: err.message, status: statusOf(err, errorStatuses) };
  }
  throw new Error('expected a failure');
}

describe('TaskScheduler domain errors (statuses, codes and messages the API has always answered)', () => {
  it('an unknown task is NotFoundError, 404', async () => {
    const { scheduler } = setup();
    const expected = {
      type: NotFoundError,
      code: SchedulerErrorCodes.taskNotFound,
      message: 'No scheduled task "fixture.nope"',
      status: 404,
    };
    expect(await failure(() => scheduler.runNow('fixture.nope'))).toEqual(expected);
    expect(await failure(() => scheduler.update('fixture.nope', { enabled: false }))).toEqual(expected);
    expect(await failure(() => scheduler.get('fixture.nope'))).toEqual(expected);
  });

  it('a schedule that never runs is InvalidInputError, 400, and saves nothing', async () => {
    const { scheduler, schedules } = setup();
    expect(await failure(() => scheduler.update('fixture.slow', { cron: '0 0 31 2 *' }))).toEqual({
      type: InvalidInputError,
      code: SchedulerErrorCodes.invalidSchedule,
      message: 'Invalid schedule "0 0 31 2 *": it never runs',
      status: 400,
    });
    expect(schedules()).toEqual({});
    await scheduler.update('fixture.slow', { cron: '30  5 * * *' });
    expect(schedules()).toEqual({ 'fixture.slow': { cron: '30 5 * * *' } });
    expect(scheduler.effective('fixture.slow')).toEqual({ cron: '30 5 * * *', enabled: true, overridden: true });
  });

  it('a second run of a running task is ConflictError, 409, unless the task allows overlap', async () => {
    const { scheduler, release } = setup();
    const first = await scheduler.runNow('fixture.slow');
    expect(scheduler.isRunning('fixture.slow')).toBe(true);
    expect(await failure(() => scheduler.runNow('fixture.slow'))).toEqual({
      type: ConflictError,
      code: SchedulerErrorCodes.taskRunning,
      message: '"Slow" is already running; it does not run twice at once',
      status: 409,
    });
    release();
    expect(await first.finished).toMatchObject({ status: 'success' });
    expect(scheduler.isRunning('fixture.slow')).toBe(false);
    await Promise.all([scheduler.runNow('fixture.overlap'), scheduler.runNow('fixture.overlap')]);
  });

  it('a run asked for during shutdown is UnavailableError, 503', async () => {
    const { scheduler } = setup();
    await scheduler.stop(0);
    expect(await failure(() => scheduler.runNow('fixture.slow'))).toEqual({
      type: UnavailableError,
      code: SchedulerErrorCodes.stopping,
      message: 'The server is shutting down',
      status: 503,
    });
  });
});

describe('TaskScheduler.register', () => {
  it.each([
    ['Bad Key', '0 3 * * *', 'Task key "Bad Key" must look like "<plugin>.<task>" in lower-case words joined by "-"'],
    ['fixture.slow', '0 3 * * *', 'Task "fixture.slow" is registered twice'],
    ['fixture.never', '0 0 31 2 *', 'Task "fixture.never": Invalid schedule "0 0 31 2 *": it never runs'],
  ])('refuses %s on %s', (key, defaultSchedule, message) => {
    const { scheduler } = setup();
    expect(() => scheduler.register({ key, title: 'X', defaultSchedule, run: async () => undefined })).toThrow(message);
  });

  it('lists tasks by key', () => {
    expect(setup().scheduler.keys()).toEqual(['fixture.overlap', 'fixture.slow']);
  });
});
