import type { TaskResult, TaskRunStatus, TaskRunSummary, TaskTrigger } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/plugin-kit';
import type { SchedulerTaskRun } from '../entities.js';

/** Runs kept per task besides the running ones and the newest of each status and outcome. */
export const KEEP_RUNS_PER_TASK = 20;
const ENTITY = 'SchedulerTaskRun';
const MAX_MESSAGE = 2000;
const MAX_OUTCOME = 100;

export function toSummary(r: SchedulerTaskRun): TaskRunSummary {
  return {
    id: r.id,
    taskKey: r.taskKey,
    triggerType: r.triggerType,
    status: r.status,
    outcome: r.outcome,
    message: r.message,
    details: r.details,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

/** A run's row as it starts, before the database gives it an id. */
export function runningRow(taskKey: string, trigger: TaskTrigger, now = new Date()): Omit<SchedulerTaskRun, 'id'> {
  return {
    taskKey,
    triggerType: trigger,
    status: 'running',
    outcome: null,
    message: null,
    details: null,
    startedAt: now,
    finishedAt: null,
  };
}

/** The run history table (spec 2.13). Every write happens on the main thread. */
export class RunStore {
  constructor(private readonly orm: Orm) {}

  private em() {
    return this.orm.em.fork();
  }

  async start(taskKey: string, trigger: TaskTrigger): Promise<SchedulerTaskRun> {
    const em = this.em();
    const row = em.create<SchedulerTaskRun>(ENTITY, runningRow(taskKey, trigger) as SchedulerTaskRun);
    await em.flush();
    return row;
  }

  /** Records a run that never started its work (`skipped` before the worker, for example). */
  async record(
    taskKey: string,
    trigger: TaskTrigger,
    status: TaskRunStatus,
    result: TaskResult,
  ): Promise<SchedulerTaskRun> {
    const row = await this.start(taskKey, trigger);
    return this.finish(row.id, status, result);
  }

  async finish(id: number, status: TaskRunStatus, result: TaskResult): Promise<SchedulerTaskRun> {
    const em = this.em();
    const row = await em.findOneOrFail<SchedulerTaskRun>(ENTITY, { id });
    row.status = status;
    row.outcome = result.outcome ? String(result.outcome).slice(0, MAX_OUTCOME) : null;
    row.message = result.message ? String(result.message).slice(0, MAX_MESSAGE) : null;
    row.details = result.details ?? row.details;
    row.finishedAt = new Date();
    await em.flush();
    return row;
  }

  async setDetails(id: number, details: Record<string, unknown>): Promise<void> {
    await this.em().nativeUpdate<SchedulerTaskRun>(ENTITY, { id }, { details });
  }

  /** Rows left `running` by a process that died become `interrupted` (spec 3). */
  async interruptRunning(message: string): Promise<number> {
    return this.em().nativeUpdate<SchedulerTaskRun>(
      ENTITY,
      { status: 'running' },
      { status: 'interrupted', message, finishedAt: new Date() },
    );
  }

  async interrupt(ids: number[], message: string): Promise<void> {
    if (ids.length === 0) return;
    await this.em().nativeUpdate<SchedulerTaskRun>(
      ENTITY,
      { id: { $in: ids }, status: 'running' },
      { status: 'interrupted', message, finishedAt: new Date() },
    );
  }

  async get(id: number): Promise<SchedulerTaskRun | null> {
    return this.em().findOne<SchedulerTaskRun>(ENTITY, { id });
  }

  async latest(taskKeys: string[]): Promise<Map<string, SchedulerTaskRun>> {
    const out = new Map<string, SchedulerTaskRun>();
    if (taskKeys.length === 0) return out;
    // One indexed lookup per task: a handful of tasks, and it stays portable SQL.
    const em = this.em();
    for (const key of taskKeys) {
      const row = await em.findOne<SchedulerTaskRun>(
        ENTITY,
        { taskKey: key },
        { orderBy: { startedAt: 'desc', id: 'desc' } },
      );
      if (row) out.set(key, row);
    }
    return out;
  }

  async list(
    taskKey: string,
    page: number,
    pageSize: number,
    status?: TaskRunStatus,
  ): Promise<{ runs: SchedulerTaskRun[]; total: number }> {
    const where: Record<string, unknown> = { taskKey };
    if (status) where.status = status;
    const [runs, total] = await this.em().findAndCount<SchedulerTaskRun>(ENTITY, where as never, {
      orderBy: { startedAt: 'desc', id: 'desc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { runs, total };
  }

  /**
   * Keeps the newest {@link KEEP_RUNS_PER_TASK} runs of a task, every running row, and the
   * newest row of each status and of each outcome, so a rare failure stays visible after many
   * successes. Returns how many rows it deleted.
   */
  async prune(taskKey: string): Promise<number> {
    const em = this.em();
    const rows = await em.find<SchedulerTaskRun>(
      ENTITY,
      { taskKey },
      { orderBy: { startedAt: 'desc', id: 'desc' }, fields: ['id', 'status', 'outcome', 'startedAt'] as never },
    );
    if (rows.length <= KEEP_RUNS_PER_TASK) return 0;
    const keep = new Set<number>();
    const seenStatus = new Set<string>();
    const seenOutcome = new Set<string>();
    rows.forEach((r, i) => {
      if (i < KEEP_RUNS_PER_TASK || r.status === 'running') keep.add(r.id);
      if (!seenStatus.has(r.status)) {
        seenStatus.add(r.status);
        keep.add(r.id);
      }
      if (r.outcome !== null && !seenOutcome.has(r.outcome)) {
        seenOutcome.add(r.outcome);
        keep.add(r.id);
      }
    });
    const drop = rows.filter((r) => !keep.has(r.id)).map((r) => r.id);
    for (let i = 0; i < drop.length; i += 500) {
      await em.nativeDelete<SchedulerTaskRun>(ENTITY, { id: { $in: drop.slice(i, i + 500) } });
    }
    return drop.length;
  }
}

/** What the scheduler writes to the run history (this table; an in-memory one in unit tests). */
export type RunHistory = Pick<
  RunStore,
  'start' | 'record' | 'finish' | 'setDetails' | 'interrupt' | 'interruptRunning' | 'prune'
>;
