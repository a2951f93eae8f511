import type {
  TaskDefinition,
  TaskResult,
  TaskRunStatus,
  TaskRunSummary,
  TaskTrigger,
  WorkerMessage,
  WorkerTask,
} from '@vidkeep/contracts';

/** Progress details are written to the run row at most this often. */
export const PROGRESS_WRITE_MS = 1000;

/** What the scheduler knows about one run while it is going on. */
export interface RunState {
  task: TaskDefinition;
  /** The id of its history row (0 until the row is written). */
  id: number;
  trigger: TaskTrigger;
  abort: AbortController;
  /** The result a worker reported. */
  result: TaskResult | null;
  /** Why a worker run failed (crash, time limit, failing `onData`), first reason only. */
  error: string | null;
  details: Record<string, unknown> | null;
  lastDetailsWrite: number;
  /** `onData` handlers of a worker run, in order. */
  pending: Promise<void>;
  finished: Promise<TaskRunSummary> | null;
}

export interface RunOutcome {
  status: TaskRunStatus;
  result: TaskResult;
}

export function newRunState(task: TaskDefinition, trigger: TaskTrigger): RunState {
  return {
    task,
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
}

export const isWorkerTask = (t: TaskDefinition): t is WorkerTask => 'worker' in t && typeof t.worker === 'string';

/** Worker tasks never overlap themselves; a main-thread task may when it says so. */
export const mayOverlap = (task: TaskDefinition): boolean => !isWorkerTask(task) && task.allowOverlap === true;

export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Bree names its own job in worker errors; the run history speaks of "the worker". */
export const workerErrorText = (err: Error): string => err.message.replace(/^Worker for job "[^"]+" /, 'The worker ');

/** How a worker run ended: a time limit first, then the result the worker reported, then how its thread ended. */
export function workerOutcome(state: Pick<RunState, 'result' | 'error'>, timedOut: boolean): RunOutcome {
  if (timedOut) return { status: 'error', result: { ...(state.result ?? {}), status: 'error', message: state.error } };
  if (state.result) return { status: state.result.status ?? 'success', result: state.result };
  if (state.error) return { status: 'error', result: { message: state.error } };
  return { status: 'success', result: { message: 'The worker finished without reporting a result' } };
}

/** What a run's end looks like when its row could not be written (the database is gone at shutdown). */
export function unrecordedSummary(
  state: Pick<RunState, 'id' | 'task' | 'trigger'>,
  { status, result }: RunOutcome,
  now = new Date(),
): TaskRunSummary {
  return {
    id: state.id,
    taskKey: state.task.key,
    triggerType: state.trigger,
    status,
    outcome: result.outcome ?? null,
    message: result.message ?? null,
    details: null,
    startedAt: now.toISOString(),
    finishedAt: now.toISOString(),
  };
}

/** What the main thread still has to do with a worker's message once it is in the run's state. */
export type WorkerFollowUp =
  | { kind: 'write-details'; details: Record<string, unknown> }
  | { kind: 'data'; payload: unknown; onData: NonNullable<WorkerTask['onData']> }
  | null;

const isWorkerMessage = (raw: unknown): raw is WorkerMessage =>
  typeof raw === 'object' && raw !== null && 'type' in raw;

/**
 * Takes a message of the run's worker: a result is kept for the end of the run, progress details
 * are kept and written at most every {@link PROGRESS_WRITE_MS}, data goes to the task's `onData`.
 */
export function applyWorkerMessage(state: RunState, raw: unknown, now: number): WorkerFollowUp {
  const task = state.task;
  if (!isWorkerTask(task) || !isWorkerMessage(raw)) return null;
  if (raw.type === 'result') state.result = raw.result ?? {};
  else if (raw.type === 'progress' && raw.details && typeof raw.details === 'object') {
    state.details = raw.details;
    if (now - state.lastDetailsWrite < PROGRESS_WRITE_MS) return null;
    state.lastDetailsWrite = now;
    return { kind: 'write-details', details: raw.details };
  } else if (raw.type === 'data' && task.onData) {
    return { kind: 'data', payload: raw.payload, onData: task.onData.bind(task) };
  }
  return null;
}
