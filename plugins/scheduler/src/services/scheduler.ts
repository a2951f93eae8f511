import Bree from 'bree';
import later from '@breejs/later';
import type {
  LiveHub,
  PluginLogger,
  SchedulerConfigSection,
  SchedulerService,
  TaskDefinition,
  TaskResult,
  TaskRunContext,
  TaskRunStatus,
  TaskRunSummary,
  TaskScheduleOverride,
  TaskTrigger,
  WorkerMessage,
  WorkerTask,
} from '@vidkeep/contracts';
import { cronProblem } from '@vidkeep/contracts';
import { HttpError } from '@vidkeep/core/plugin-api';
import type { SchedulerTaskRun } from '../entities.js';
import { toSummary, type RunStore } from './run-store.js';

later.date.localTime();

const KEY_PATTERN = /^[a-z0-9-]+\.[a-z0-9-]+$/;
const STARTUP_DELAY_MS = 2000;
/** Progress details are written to the run row at most this often. */
const PROGRESS_WRITE_MS = 1000;

interface RunState {
  key: string;
  id: number;
  trigger: TaskTrigger;
  abort: AbortController;
  result: TaskResult | null;
  error: string | null;
  details: Record<string, unknown> | null;
  lastDetailsWrite: number;
  /** `onData` handlers of a worker run, in order. */
  pending: Promise<void>;
  finished: Promise<TaskRunSummary> | null;
}

export interface SchedulerDeps {
  store: RunStore;
  logger: PluginLogger;
  config: () => SchedulerConfigSection;
  saveOverrides: (schedules: Record<string, TaskScheduleOverride>) => Promise<void>;
  hub: () => LiveHub | undefined;
}

/**
 * Worker threads run compiled JavaScript, so they drop the parent's `--conditions` flags (tests
 * and `npm run dev` resolve workspace packages to TypeScript sources with `--conditions=source`).
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const a = parent[i]!;
    if (a === '--conditions' || a === '-C') i += 1;
    else if (!a.startsWith('--conditions=')) out.push(a);
  }
  return out;
}

const isWorkerTask = (t: TaskDefinition): t is WorkerTask => typeof (t as WorkerTask).worker === 'string';

/** The next time a cron expression fires after `from`, or null if it never does (e.g. 31 February). */
export function nextRun(cron: string, from = new Date()): Date | null {
  if (cronProblem(cron)) return null;
  const sched = later.parse.cron(cron);
  if (sched.error !== -1 && sched.error !== undefined) return null;
  const next = later.schedule(sched).next(1, new Date(from.getTime() + 1000));
  if (!(next instanceof Date)) return null;
  // later answers centuries ahead for impossible dates; five years is "never" for a schedule.
  return next.getTime() - from.getTime() > 5 * 366 * 86_400_000 ? null : next;
}

/** Why a cron expression cannot be used as a schedule, or null. */
export function scheduleProblem(cron: string): string | null {
  const problem = cronProblem(cron);
  if (problem) return `Invalid schedule "${cron}": ${problem}`;
  if (!nextRun(cron)) return `Invalid schedule "${cron}": it never runs`;
  return null;
}

/**
 * Runs registered tasks on their cron schedules. Timing uses later (the cron engine inside
 * Bree); worker tasks run in Bree worker threads, main-thread tasks as plain async functions.
 * Every run gets a history row written on the main thread before it starts and when it ends.
 */
export class TaskScheduler implements SchedulerService {
  private readonly tasks = new Map<string, TaskDefinition>();
  private readonly timers = new Map<string, { clear(): void }>();
  private readonly running = new Map<string, Set<RunState>>();
  private readonly workerDone = new Map<string, () => void>();
  private readonly bree: Bree;
  private started = false;
  private stopping = false;
  private startupTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SchedulerDeps) {
    const log = deps.logger;
    this.bree = new Bree({
      root: false,
      doRootCheck: false,
      jobs: [],
      worker: { execArgv: workerExecArgv() },
      // Bree is chatty at info level (every worker start and exit); the run history says it all.
      logger: {
        info: () => undefined,
        warn: (msg: unknown, meta?: unknown) => log.warn({ meta }, String(msg)),
        error: (msg: unknown, meta?: unknown) => log.debug({ meta }, String(msg)),
      } as never,
      errorHandler: (err: unknown, meta: { name: string }) =>
        this.onWorkerError(meta.name, err instanceof Error ? err : new Error(String(err))),
      workerMessageHandler: (meta: { name: string; message: unknown }) => this.onWorkerMessage(meta.name, meta.message),
    });
    this.bree.on('worker deleted', (name: string) => {
      const done = this.workerDone.get(name);
      this.workerDone.delete(name);
      done?.();
    });
  }

  register(task: TaskDefinition): void {
    if (!KEY_PATTERN.test(task.key) || task.key.length > 100) {
      throw new Error(`Task key "${task.key}" must look like "<plugin>.<task>" in lower-case words joined by "-"`);
    }
    if (this.tasks.has(task.key)) throw new Error(`Task "${task.key}" is registered twice`);
    const problem = scheduleProblem(task.defaultSchedule);
    if (problem) throw new Error(`Task "${task.key}": ${problem}`);
    this.tasks.set(task.key, task);
    if (this.started) void this.addToBree(task).then(() => this.schedule(task.key));
  }

  keys(): string[] {
    return [...this.tasks.keys()].sort();
  }

  task(key: string): TaskDefinition | undefined {
    return this.tasks.get(key);
  }

  isRunning(key: string): boolean {
    return (this.running.get(key)?.size ?? 0) > 0;
  }

  effective(key: string): { cron: string; enabled: boolean; overridden: boolean } {
    const task = this.tasks.get(key)!;
    const o = this.deps.config().schedules?.[key];
    const usable = o?.cron && !scheduleProblem(o.cron) ? o.cron : null;
    return {
      cron: usable ?? task.defaultSchedule,
      enabled: o?.enabled ?? task.enabledByDefault ?? true,
      overridden: Boolean(usable),
    };
  }

  nextRunAt(key: string): Date | null {
    const e = this.effective(key);
    return e.enabled ? nextRun(e.cron) : null;
  }

  /** Marks rows of a dead process interrupted, prepares the workers, starts the timers. */
  async start(): Promise<void> {
    const n = await this.deps.store.interruptRunning('The server stopped while this task was running');
    if (n > 0) this.deps.logger.warn({ runs: n }, 'Scheduled task runs were interrupted by the last shutdown');
    // `init` exists since Bree 9 but is missing from its type declarations.
    await (this.bree as unknown as { init(): Promise<void> }).init();
    for (const task of this.tasks.values()) await this.addToBree(task);
    this.started = true;
    for (const key of this.tasks.keys()) this.schedule(key);
    const startup = [...this.tasks.values()].filter((t) => t.runOnStartup);
    if (startup.length) {
      this.startupTimer = setTimeout(() => {
        for (const t of startup) {
          if (this.effective(t.key).enabled) this.runNow(t.key, 'startup').catch(() => undefined);
        }
      }, STARTUP_DELAY_MS);
      this.startupTimer.unref();
    }
  }

  private async addToBree(task: TaskDefinition): Promise<void> {
    if (!isWorkerTask(task)) return;
    await this.bree.add({ name: task.key, path: task.worker, worker: { workerData: {} } });
  }

  /** (Re)arms the timer of one task from its effective schedule. */
  schedule(key: string): void {
    this.timers.get(key)?.clear();
    this.timers.delete(key);
    if (this.stopping) return;
    const { cron, enabled } = this.effective(key);
    if (!enabled) return;
    this.timers.set(
      key,
      later.setInterval(() => this.tick(key), later.parse.cron(cron), 'local'),
    );
  }

  rescheduleAll(): void {
    for (const key of this.tasks.keys()) this.schedule(key);
  }

  /** Changes a task's schedule (null restores the default) or enables/disables it. */
  async update(key: string, change: { cron?: string | null; enabled?: boolean }): Promise<void> {
    if (!this.tasks.has(key)) throw new HttpError(404, 'SCHEDULER_TASK_NOT_FOUND', `No scheduled task "${key}"`);
    if (typeof change.cron === 'string') {
      const problem = scheduleProblem(change.cron);
      if (problem) throw new HttpError(400, 'SCHEDULER_INVALID_SCHEDULE', problem);
    }
    const all = { ...(this.deps.config().schedules ?? {}) };
    const next: TaskScheduleOverride = { ...(all[key] ?? {}) };
    if (change.cron === null) delete next.cron;
    else if (change.cron !== undefined) next.cron = change.cron.trim().split(/\s+/).join(' ');
    if (change.enabled !== undefined) next.enabled = change.enabled;
    if (Object.keys(next).length === 0) delete all[key];
    else all[key] = next;
    await this.deps.saveOverrides(all);
    this.schedule(key);
  }

  private tick(key: string): void {
    if (this.stopping) return;
    const task = this.tasks.get(key);
    if (!task) return;
    if (this.isRunning(key) && !this.mayOverlap(task)) {
      void this.deps.store
        .record(key, 'scheduled', 'skipped', { outcome: 'overlap', message: 'The previous run was still running' })
        .then((row) => this.afterFinish(row))
        .catch((err: unknown) => this.deps.logger.error({ err, task: key }, 'Recording a skipped run failed'));
      return;
    }
    this.runNow(key, 'scheduled').catch((err: unknown) =>
      this.deps.logger.error({ err, task: key }, 'Starting a scheduled run failed'),
    );
  }

  private mayOverlap(task: TaskDefinition): boolean {
    return !isWorkerTask(task) && task.allowOverlap === true;
  }

  async runNow(
    key: string,
    trigger: TaskTrigger = 'manual',
  ): Promise<{ run: TaskRunSummary; finished: Promise<TaskRunSummary> }> {
    const task = this.tasks.get(key);
    if (!task) throw new HttpError(404, 'SCHEDULER_TASK_NOT_FOUND', `No scheduled task "${key}"`);
    if (this.stopping) throw new HttpError(503, 'SCHEDULER_STOPPING', 'The server is shutting down');
    if (this.isRunning(key) && !this.mayOverlap(task)) {
      throw new HttpError(
        409,
        'SCHEDULER_TASK_RUNNING',
        `"${task.title}" is already running; it does not run twice at once`,
      );
    }
    // Reserve the slot before the first await so two requests cannot both start it.
    const state: RunState = {
      key,
      id: 0,
      trigger,
      abort: new AbortController(),
      result: null,
      error: null,
      details: null,
      lastDetailsWrite: 0,
      pending: Promise.resolve(),
      finished: null,
    };
    const set = this.running.get(key) ?? new Set<RunState>();
    set.add(state);
    this.running.set(key, set);
    let row: SchedulerTaskRun;
    try {
      row = await this.deps.store.start(key, trigger);
    } catch (err) {
      set.delete(state);
      throw err;
    }
    state.id = row.id;
    this.broadcast(toSummary(row));
    const ctx: TaskRunContext = {
      runId: row.id,
      trigger,
      logger: this.deps.logger.child({ task: key, runId: row.id }),
      signal: state.abort.signal,
    };
    state.finished = this.execute(task, state, ctx).finally(() => {
      set.delete(state);
      if (set.size === 0) this.running.delete(key);
    });
    return { run: toSummary(row), finished: state.finished };
  }

  private async execute(task: TaskDefinition, state: RunState, ctx: TaskRunContext): Promise<TaskRunSummary> {
    let status: TaskRunStatus;
    let result: TaskResult;
    try {
      if (isWorkerTask(task)) ({ status, result } = await this.runWorker(task, state, ctx));
      else {
        result = (await task.run(ctx)) ?? {};
        status = result.status ?? 'success';
      }
    } catch (err) {
      status = 'error';
      result = { message: err instanceof Error ? err.message : String(err) };
    }
    if (status === 'error') ctx.logger.warn({ message: result.message }, `Scheduled task "${task.title}" failed`);
    try {
      const row = await this.deps.store.finish(state.id, status, {
        ...result,
        details: result.details ?? state.details,
      });
      await this.afterFinish(row);
      return toSummary(row);
    } catch (err) {
      // The database is gone (shutdown); the next start marks the row interrupted.
      ctx.logger.debug({ err }, 'Could not record the end of a task run');
      return {
        id: state.id,
        taskKey: state.key,
        triggerType: state.trigger,
        status,
        outcome: result.outcome ?? null,
        message: result.message ?? null,
        details: null,
        startedAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
      };
    }
  }

  private async runWorker(
    task: WorkerTask,
    state: RunState,
    ctx: TaskRunContext,
  ): Promise<{ status: TaskRunStatus; result: TaskResult }> {
    const prepared = task.prepare ? await task.prepare(ctx) : {};
    if ('skip' in prepared) return { status: 'skipped', result: { outcome: 'skipped', message: prepared.skip } };
    const job = this.bree.config.jobs.find((j: { name: string }) => j.name === task.key) as
      { worker?: { workerData?: unknown } } | undefined;
    if (job) job.worker = { workerData: { vidkeep: prepared.workerData ?? null } };
    const exited = new Promise<void>((resolve) => this.workerDone.set(task.key, resolve));
    let timer: NodeJS.Timeout | null = null;
    let timedOut = false;
    if (task.timeoutMs) {
      timer = setTimeout(() => {
        timedOut = true;
        state.error = `The task took longer than ${Math.round(task.timeoutMs! / 1000)} seconds and was stopped`;
        void this.bree.workers.get(task.key)?.terminate();
      }, task.timeoutMs);
      timer.unref();
    }
    await this.bree.run(task.key);
    await exited;
    if (timer) clearTimeout(timer);
    await state.pending;
    if (timedOut)
      return { status: 'error', result: { ...(state.result ?? {}), status: 'error', message: state.error } };
    // A result the worker reported wins over how its thread ended.
    if (state.result) return { status: state.result.status ?? 'success', result: state.result };
    if (state.error) return { status: 'error', result: { message: state.error } };
    return { status: 'success', result: { message: 'The worker finished without reporting a result' } };
  }

  private workerState(name: string): RunState | undefined {
    const set = this.running.get(name);
    return set ? [...set][0] : undefined;
  }

  private onWorkerMessage(name: string, raw: unknown): void {
    const state = this.workerState(name);
    const task = this.tasks.get(name);
    if (!state || !task || !isWorkerTask(task) || typeof raw !== 'object' || raw === null) return;
    const message = raw as WorkerMessage;
    if (message.type === 'result') state.result = message.result ?? {};
    else if (message.type === 'progress' && message.details && typeof message.details === 'object') {
      state.details = message.details;
      const now = Date.now();
      if (now - state.lastDetailsWrite >= PROGRESS_WRITE_MS) {
        state.lastDetailsWrite = now;
        void this.deps.store.setDetails(state.id, message.details).catch(() => undefined);
      }
    } else if (message.type === 'data' && task.onData) {
      const ctx: TaskRunContext = {
        runId: state.id,
        trigger: state.trigger,
        logger: this.deps.logger.child({ task: name, runId: state.id }),
        signal: state.abort.signal,
      };
      state.pending = state.pending.then(async () => {
        try {
          await task.onData!(message.payload, ctx);
        } catch (err) {
          state.error ??= `Handling the worker's data failed: ${err instanceof Error ? err.message : String(err)}`;
        }
      });
    }
  }

  private onWorkerError(name: string, err: Error): void {
    const state = this.workerState(name);
    if (state) state.error ??= err.message.replace(/^Worker for job "[^"]+" /, 'The worker ');
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
   * Stops the timers, asks running work to stop, waits up to `waitMs`, then terminates what is
   * left and marks those runs interrupted.
   */
  async stop(waitMs: number): Promise<void> {
    this.stopping = true;
    if (this.startupTimer) clearTimeout(this.startupTimer);
    for (const t of this.timers.values()) t.clear();
    this.timers.clear();
    const states = [...this.running.values()].flatMap((s) => [...s]);
    for (const s of states) s.abort.abort();
    for (const [name, worker] of this.bree.workers as Map<string, { postMessage(m: unknown): void }>) {
      if (this.running.has(name)) worker.postMessage('cancel');
    }
    const all = Promise.allSettled(states.map((s) => s.finished ?? Promise.resolve()));
    await Promise.race([all, new Promise((r) => setTimeout(r, waitMs).unref())]);
    const left = [...this.running.values()].flatMap((s) => [...s]);
    if (left.length) {
      this.deps.logger.warn(
        { tasks: left.map((s) => s.key) },
        'Scheduled tasks still running at shutdown were interrupted',
      );
      await this.deps.store
        .interrupt(
          left.map((s) => s.id).filter((id) => id > 0),
          'The server shut down before the task finished',
        )
        .catch(() => undefined);
    }
    for (const worker of (this.bree.workers as Map<string, { terminate(): Promise<number> }>).values())
      await worker.terminate().catch(() => 0);
  }
}
