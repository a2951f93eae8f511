import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  SchedulerErrorCodes,
  UnavailableError,
  type SchedulerConfigSection,
  type SchedulerService,
  type TaskDefinition,
  type TaskRunSummary,
  type TaskScheduleOverride,
  type TaskTrigger,
} from '@vidkeep/contracts';
import { BreeWorkers, type WorkerPool } from './bree-adapter.js';
import { nextRun, onCron, scheduleProblem, taskKeyProblem } from './cron.js';
import { effectiveSchedule, withChange, type EffectiveSchedule, type ScheduleChange } from './overrides.js';
import { isWorkerTask, mayOverlap } from './run-state.js';
import { RunTracker, type RunTrackerDeps } from './run-tracker.js';

const STARTUP_DELAY_MS = 2000;

export interface SchedulerDeps extends RunTrackerDeps {
  config: () => SchedulerConfigSection;
  /** Whether a plugin is switched on; a switched-off plugin's tasks do not run (default: all on). */
  pluginActive?: (pluginId: string) => boolean;
  saveOverrides: (schedules: Record<string, TaskScheduleOverride>) => Promise<void>;
}

/**
 * Runs registered tasks on their cron schedules: the registry, the timers and the user's
 * overrides. Timing uses later (the cron engine inside Bree); worker tasks run in worker threads
 * (`bree-adapter.ts`), main-thread tasks as plain async functions; `run-tracker.ts` runs them and
 * keeps their history.
 */
export class TaskScheduler implements SchedulerService {
  private readonly tasks = new Map<string, TaskDefinition>();
  /** Former key -> current key (`formerKeys`). */
  private readonly renamed = new Map<string, string>();
  private readonly timers = new Map<string, { clear(): void }>();
  private readonly workers: WorkerPool;
  private readonly runs: RunTracker;
  private started = false;
  private stopping = false;
  private startupTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SchedulerDeps) {
    // The tracker is created next; worker events only arrive once runs have started.
    this.workers = new BreeWorkers(deps.logger, {
      message: (name, message) => this.runs.onWorkerMessage(name, message),
      error: (name, err) => this.runs.onWorkerError(name, err),
    });
    this.runs = new RunTracker(deps, this.workers);
  }

  register(task: TaskDefinition): void {
    const keyProblem = taskKeyProblem(task.key);
    if (keyProblem) throw new Error(keyProblem);
    if (this.tasks.has(task.key)) throw new Error(`Task "${task.key}" is registered twice`);
    const problem = scheduleProblem(task.defaultSchedule);
    if (problem) throw new Error(`Task "${task.key}": ${problem}`);
    this.tasks.set(task.key, task);
    for (const former of task.formerKeys ?? []) this.renamed.set(former, task.key);
    if (this.started) void this.addWorker(task).then(() => this.schedule(task.key));
  }

  keys(): string[] {
    return [...this.tasks.keys()].sort();
  }

  /** The key a task is registered under now, for a key it had before (`formerKeys`); else `key`. */
  canonicalKey(key: string): string {
    return this.tasks.has(key) ? key : (this.renamed.get(key) ?? key);
  }

  /** The task with this key (or a former key of it), or a NotFoundError. */
  get(key: string): TaskDefinition {
    const task = this.tasks.get(this.canonicalKey(key));
    if (!task) throw new NotFoundError(SchedulerErrorCodes.taskNotFound, `No scheduled task "${key}"`);
    return task;
  }

  isRunning(key: string): boolean {
    return this.runs.isRunning(this.canonicalKey(key));
  }

  effective(key: string): EffectiveSchedule {
    const task = this.get(key);
    const saved = this.deps.config().schedules ?? {};
    const former = (task.formerKeys ?? []).map((k) => saved[k]).find((o) => o !== undefined);
    return effectiveSchedule(task, saved[task.key] ?? former);
  }

  nextRunAt(key: string): Date | null {
    const e = this.effective(key);
    return e.enabled ? nextRun(e.cron) : null;
  }

  /** Marks rows of a dead process interrupted, prepares the workers, starts the timers. */
  async start(): Promise<void> {
    const n = await this.deps.store.interruptRunning('The server stopped while this task was running');
    if (n > 0) this.deps.logger.warn({ runs: n }, 'Scheduled task runs were interrupted by the last shutdown');
    await this.workers.init();
    for (const task of this.tasks.values()) await this.addWorker(task);
    this.started = true;
    this.rescheduleAll();
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

  private async addWorker(task: TaskDefinition): Promise<void> {
    if (isWorkerTask(task)) await this.workers.add(task.key, task.worker);
  }

  /** (Re)arms the timer of one task from its effective schedule. */
  schedule(key: string): void {
    this.timers.get(key)?.clear();
    this.timers.delete(key);
    if (this.stopping) return;
    const { cron, enabled } = this.effective(key);
    if (enabled)
      this.timers.set(
        key,
        onCron(cron, () => this.tick(key)),
      );
  }

  rescheduleAll(): void {
    for (const key of this.tasks.keys()) this.schedule(key);
  }

  /** Changes a task's schedule (`cron: null` restores the default) or enables/disables it. */
  async update(requested: string, change: ScheduleChange): Promise<void> {
    const task = this.get(requested);
    const key = task.key;
    if (typeof change.cron === 'string') {
      const problem = scheduleProblem(change.cron);
      if (problem) throw new InvalidInputError(SchedulerErrorCodes.invalidSchedule, problem);
    }
    // The change starts from what applies now; a schedule saved under a former key is replaced.
    const saved = { ...(this.deps.config().schedules ?? {}) };
    const former = (task.formerKeys ?? []).find((k) => saved[k] !== undefined);
    if (former && saved[key] === undefined) saved[key] = saved[former]!;
    for (const k of task.formerKeys ?? []) delete saved[k];
    await this.deps.saveOverrides(withChange(saved, key, change));
    this.schedule(key);
  }

  /** Tasks are keyed `<plugin>.<task>`: the owner is the part before the dot. */
  private ownerActive(key: string): boolean {
    return this.deps.pluginActive?.(key.split('.')[0]!) ?? true;
  }

  private tick(key: string): void {
    if (this.stopping) return;
    const task = this.tasks.get(key);
    if (!task || !this.ownerActive(key)) return;
    if (this.runs.isRunning(key) && !mayOverlap(task)) {
      this.runs
        .recordOverlap(key)
        .catch((err: unknown) => this.deps.logger.error({ err, task: key }, 'Recording a skipped run failed'));
      return;
    }
    this.runNow(key, 'scheduled').catch((err: unknown) =>
      this.deps.logger.error({ err, task: key }, 'Starting a scheduled run failed'),
    );
  }

  async runNow(
    requested: string,
    trigger: TaskTrigger = 'manual',
  ): Promise<{ run: TaskRunSummary; finished: Promise<TaskRunSummary> }> {
    const task = this.get(requested);
    const key = task.key;
    if (this.stopping) throw new UnavailableError(SchedulerErrorCodes.stopping, 'The server is shutting down');
    if (!this.ownerActive(key)) {
      throw new ConflictError(
        SchedulerErrorCodes.pluginSwitchedOff,
        `"${task.title}" belongs to the "${key.split('.')[0]}" plugin, which is switched off`,
      );
    }
    if (this.runs.isRunning(key) && !mayOverlap(task)) {
      throw new ConflictError(
        SchedulerErrorCodes.taskRunning,
        `"${task.title}" is already running; it does not run twice at once`,
      );
    }
    return this.runs.start(task, trigger);
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
    await this.runs.stop(waitMs);
  }
}
