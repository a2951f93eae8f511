import type { TaskRun, TaskTrigger } from '../schemas/scheduler.js';
import type { PluginLogger } from './logger.js';
import { serviceRef } from './ref.js';

/** What a task reports when it ends. A task that throws is recorded as `error` with its message. */
export interface TaskResult {
  /** Default `success`. `skipped` means the task decided there was nothing it may do now. */
  status?: 'success' | 'skipped' | 'error';
  /** A short task-specific outcome word, e.g. `updated`, `up-to-date`, `removed-3`. */
  outcome?: string | null;
  message?: string | null;
  /** JSON details shown in the run history. */
  details?: Record<string, unknown> | null;
}

export interface TaskRunContext {
  runId: number;
  trigger: TaskTrigger;
  logger: PluginLogger;
  /** Aborted when the server shuts down; a long task should stop soon after. */
  signal: AbortSignal;
}

/** A message a worker posts with `parentPort.postMessage()` (see `@vidkeep/plugin-scheduler/worker`). */
export type WorkerMessage =
  | { type: 'progress'; details: Record<string, unknown> }
  | { type: 'result'; result: TaskResult }
  | { type: 'data'; payload: unknown };

interface TaskBase {
  /** `<plugin>.<task>`, lower-case words joined by `-`, e.g. `auth.session-cleanup`. */
  key: string;
  /**
   * Keys this task had before (it moved to another plugin): the API still answers to them, and a
   * schedule the user saved under one still applies until it is changed under the new key.
   */
  formerKeys?: string[];
  title: string;
  description?: string;
  /** Five-field cron in server local time, e.g. `0 3 * * *`. Users may change it. */
  defaultSchedule: string;
  /** Default true. Users may disable or enable it. */
  enabledByDefault?: boolean;
  /** Also run once shortly after the server starts (trigger `startup`). */
  runOnStartup?: boolean;
  /**
   * A schedule that follows the plugin's own config keys (e.g. `watchStatusSyncFrequency` and
   * `watchStatusSyncEnabled`), read again after every config change; it replaces
   * `defaultSchedule`/`enabledByDefault`. A change made on the Schedules page still wins.
   */
  configuredSchedule?: () => { cron: string; enabled: boolean };
}

/** A task that runs on the main thread (short work, database writes through services). */
export interface MainThreadTask extends TaskBase {
  run(ctx: TaskRunContext): Promise<TaskResult | void>;
  /** Whether a second run may start while one is running (default false). */
  allowOverlap?: boolean;
}

/**
 * A task whose work runs in a worker thread (Bree). The worker posts typed messages back;
 * anything that writes to the database happens in `onData` on the main thread. Worker tasks
 * never overlap themselves.
 */
export interface WorkerTask extends TaskBase {
  /** Absolute path of the worker file (an ES module). */
  worker: string;
  /**
   * Runs on the main thread before the worker starts: return `{ skip: reason }` to record a
   * skipped run without starting it, or `{ workerData }` to hand data to the worker.
   */
  prepare?(ctx: TaskRunContext): Promise<{ skip: string } | { workerData?: unknown }>;
  /** Receives each `{ type: 'data' }` message on the main thread. */
  onData?(payload: unknown, ctx: TaskRunContext): Promise<void> | void;
  /** Longest a run may take before the worker is terminated and the run recorded as error. */
  timeoutMs?: number;
}

export type TaskDefinition = MainThreadTask | WorkerTask;

/** One row of the run history, as the API returns it (schema `TaskRun`). */
export type TaskRunSummary = TaskRun;

/** Provided by the scheduler plugin. Plugins register their tasks during `register(ctx)`. */
export interface SchedulerService {
  register(task: TaskDefinition): void;
  /**
   * Starts a run now: resolves once its `running` row is saved, with a promise of the finished
   * row. Throws a ConflictError when the task is running and may not overlap, a NotFoundError
   * for an unknown key and an UnavailableError while the server shuts down.
   */
  runNow(key: string, trigger?: TaskTrigger): Promise<{ run: TaskRunSummary; finished: Promise<TaskRunSummary> }>;
  isRunning(key: string): boolean;
  /** When the task runs next (null while it is switched off or unknown); optional since plugin API 1.5.0. */
  nextRunAt?(key: string): Date | null;
}

export const schedulerServiceRef = serviceRef<SchedulerService>('scheduler.service');
