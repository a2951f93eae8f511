import type {
  LiveHub,
  PluginLogger,
  TaskDefinition,
  TaskRunContext,
  TaskRunSummary,
  TaskTrigger,
  WorkerTask,
} from '@vidkeep/contracts';
import type { SchedulerTaskRun } from '../entities.js';
import type { WorkerPool } from './bree-adapter.js';
import { toSummary, type RunHistory } from './run-store.js';
import {
  applyWorkerMessage,
  errorText,
  isWorkerTask,
  newRunState,
  unrecordedSummary,
  workerErrorText,
  workerOutcome,
  type RunOutcome,
  type RunState,
} from './run-state.js';

export interface RunTrackerDeps {
  store: RunHistory;
  logger: PluginLogger;
  hub: () => LiveHub | undefined;
}

/**
 * Runs tasks and keeps track of them: a history row written on the main thread before each run
 * starts and when it ends, the runs going on per task, and what their workers report.
 */
export class RunTracker {
  private readonly running = new Map<string, Set<RunState>>();

  constructor(
    private readonly deps: RunTrackerDeps,
    private readonly workers: WorkerPool,
  ) {}

  isRunning(key: string): boolean {
    return (this.running.get(key)?.size ?? 0) > 0;
  }

  /** Starts a run (the caller checked it may): resolves once its `running` row is saved. */
  async start(
    task: TaskDefinition,
    trigger: TaskTrigger,
  ): Promise<{ run: TaskRunSummary; finished: Promise<TaskRunSummary> }> {
    // Reserve the slot before the first await so two requests cannot both start it.
    const state = newRunState(task, trigger);
    const set = this.running.get(task.key) ?? new Set<RunState>();
    set.add(state);
    this.running.set(task.key, set);
    let row: SchedulerTaskRun;
    try {
      row = await this.deps.store.start(task.key, trigger);
    } catch (err) {
      set.delete(state);
      throw err;
    }
    state.id = row.id;
    this.broadcast(toSummary(row));
    const release = () => {
      set.delete(state);
      if (set.size === 0 && this.running.get(task.key) === set) this.running.delete(task.key);
    };
    state.finished = this.execute(state, this.context(state), release).finally(release);
    return { run: toSummary(row), finished: state.finished };
  }

  /** Records a scheduled time that found the previous run still going. */
  async recordOverlap(key: string): Promise<void> {
    const row = await this.deps.store.record(key, 'scheduled', 'skipped', {
      outcome: 'overlap',
      message: 'The previous run was still running',
    });
    await this.afterFinish(row);
  }

  private context(state: RunState): TaskRunContext {
    return {
      runId: state.id,
      trigger: state.trigger,
      logger: this.deps.logger.child({ task: state.task.key, runId: state.id }),
      signal: state.abort.signal,
    };
  }

  /**
   * Runs the task and records its end. The slot is released as soon as the end is recorded, so a
   * client that sees the finished row may start the task again at once (no 409 while old runs
   * are pruned).
   */
  private async execute(state: RunState, ctx: TaskRunContext, release: () => void): Promise<TaskRunSummary> {
    const { task } = state;
    let outcome: RunOutcome;
    try {
      if (isWorkerTask(task)) outcome = await this.runWorker(task, state, ctx);
      else {
        const result = (await task.run(ctx)) ?? {};
        outcome = { status: result.status ?? 'success', result };
      }
    } catch (err) {
      outcome = { status: 'error', result: { message: errorText(err) } };
    }
    const { status, result } = outcome;
    if (status === 'error') ctx.logger.warn({ message: result.message }, `Scheduled task "${task.title}" failed`);
    try {
      const row = await this.deps.store.finish(state.id, status, {
        ...result,
        details: result.details ?? state.details,
      });
      release();
      await this.afterFinish(row);
      return toSummary(row);
    } catch (err) {
      // The database is gone (shutdown); the next start marks the row interrupted.
      ctx.logger.debug({ err }, 'Could not record the end of a task run');
      return unrecordedSummary(state, outcome);
    }
  }

  private async runWorker(task: WorkerTask, state: RunState, ctx: TaskRunContext): Promise<RunOutcome> {
    const prepared = task.prepare ? await task.prepare(ctx) : {};
    if ('skip' in prepared) return { status: 'skipped', result: { outcome: 'skipped', message: prepared.skip } };
    let timer: NodeJS.Timeout | null = null;
    let timedOut = false;
    if (task.timeoutMs) {
      const limitMs = task.timeoutMs;
      timer = setTimeout(() => {
        timedOut = true;
        state.error = `The task took longer than ${Math.round(limitMs / 1000)} seconds and was stopped`;
        this.workers.terminate(task.key);
      }, limitMs);
      timer.unref();
    }
    // `vidkeep` is the envelope `runTask` of the plugin API's worker module unwraps.
    await this.workers.run(task.key, { vidkeep: prepared.workerData ?? null });
    if (timer) clearTimeout(timer);
    await state.pending;
    return workerOutcome(state, timedOut);
  }

  /** A worker task runs once at a time, so its name finds its one run. */
  private workerRun(name: string): RunState | undefined {
    const set = this.running.get(name);
    return set ? [...set][0] : undefined;
  }

  onWorkerMessage(name: string, raw: unknown): void {
    const state = this.workerRun(name);
    const next = state ? applyWorkerMessage(state, raw, Date.now()) : null;
    if (!state || !next) return;
    if (next.kind === 'write-details') {
      void this.deps.store.setDetails(state.id, next.details).catch(() => undefined);
      return;
    }
    const ctx = this.context(state);
    state.pending = state.pending.then(async () => {
      try {
        await next.onData(next.payload, ctx);
      } catch (err) {
        state.error ??= `Handling the worker's data failed: ${errorText(err)}`;
      }
    });
  }

  onWorkerError(name: string, err: Error): void {
    const state = this.workerRun(name);
    if (state) state.error ??= workerErrorText(err);
  }

  private async afterFinish(row: SchedulerTaskRun): Promise<void> {
    this.broadcast(toSummary(row));
    const removed = await this.deps.store.prune(row.taskKey);
    if (removed > 0) this.deps.logger.debug({ task: row.taskKey, removed }, 'Pruned old task runs');
  }

  private broadcast(run: TaskRunSummary): void {
    this.deps.hub()?.broadcast({ type: 'scheduleRunUpdated', run }, { coalesceKey: `schedule:${run.id}` });
  }

  /**
   * Asks running work to stop, waits up to `waitMs`, then terminates what is left and marks those
   * runs interrupted.
   */
  async stop(waitMs: number): Promise<void> {
    const states = [...this.running.values()].flatMap((s) => [...s]);
    for (const s of states) s.abort.abort();
    this.workers.cancel(this.running.keys());
    const all = Promise.allSettled(states.map((s) => s.finished ?? Promise.resolve()));
    await Promise.race([all, new Promise((r) => setTimeout(r, waitMs).unref())]);
    const left = [...this.running.values()].flatMap((s) => [...s]);
    if (left.length) {
      this.deps.logger.warn(
        { tasks: left.map((s) => s.task.key) },
        'Scheduled tasks still running at shutdown were interrupted',
      );
      await this.deps.store
        .interrupt(
          left.map((s) => s.id).filter((id) => id > 0),
          'The server shut down before the task finished',
        )
        .catch(() => undefined);
    }
    await this.workers.terminateAll();
  }
}
