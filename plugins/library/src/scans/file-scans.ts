import { relative } from 'node:path';
import {
  ConflictError,
  DownloaderErrorCodes,
  FILE_SCAN_PROBLEMS_MAX,
  type FileScanCounts,
  type FileScanOperation,
  type FileScanPhase,
  type FileScanProblem,
  type FileScanProgress,
  type FileScanRun,
  type FileScanStatus,
  type FileScanTrigger,
  type LiveHub,
  type PluginLogger,
  type RescanStatus,
} from '@vidkeep/contracts';
import { emptyCounts, type FileScanStore } from './scan-store.js';

/** What a run's work sees: its counts, problems, progress and the stop signal. */
export interface ScanRun {
  readonly id: number;
  readonly trigger: FileScanTrigger;
  readonly counts: FileScanCounts;
  readonly signal: AbortSignal;
  /** Records a file or folder that could not be handled (counted in `errors` unless `count: false`). */
  problem(path: string, message: string, options?: { count?: boolean }): void;
  progress(phase: FileScanPhase, done: number, total: number | null): void;
}

/** What a run's work reports at the end. */
export interface ScanOutcome {
  message: string;
}

interface Current {
  id: number;
  operation: FileScanOperation;
  trigger: FileScanTrigger;
  startedAt: Date;
  progress: FileScanProgress;
  done: Promise<FileScanRun>;
}

export interface FileScansDeps {
  store: FileScanStore;
  hub: LiveHub | undefined;
  logger: PluginLogger;
  outputDir: string;
}

/**
 * Runs the filesystem rescan and library imports one at a time (both write the library's file
 * columns): a second start while one runs is a ConflictError (409). Each run is saved when it
 * starts and ends (`library_file_scans`) and reported on the WebSocket as `rescanStatus`.
 */
export class FileScans {
  private current: Current | null = null;
  /** Set synchronously by `begin`, before anything is awaited, so two starts can never both pass. */
  private reserved = false;
  private readonly shutdown = new AbortController();

  constructor(private readonly deps: FileScansDeps) {}

  isRunning(): boolean {
    return this.reserved;
  }

  /** Starts a run in the background; resolves once its row is saved, with a promise of the finished run. */
  async begin(
    input: { operation: FileScanOperation; trigger: FileScanTrigger; path: string | null; move: boolean },
    work: (run: ScanRun) => Promise<ScanOutcome>,
  ): Promise<{ run: FileScanRun; finished: Promise<FileScanRun> }> {
    if (this.reserved) {
      const what = this.current?.operation === 'import' ? 'A library import' : 'A file rescan';
      throw new ConflictError(
        DownloaderErrorCodes.fileScanRunning,
        `${this.current ? what : 'A file rescan or import'} is already running; try again when it finishes`,
      );
    }
    if (this.shutdown.signal.aborted) {
      throw new ConflictError(DownloaderErrorCodes.fileScanRunning, 'The server is shutting down');
    }
    this.reserved = true;
    let row;
    try {
      row = await this.deps.store.start({ ...input, startedAt: new Date() });
    } catch (err) {
      this.reserved = false;
      throw err;
    }
    const counts = emptyCounts();
    const problems: FileScanProblem[] = [];
    const { hub, outputDir } = this.deps;
    // Every message of a run shares one coalescing key, so the last one sent (the end) is the
    // last one delivered: a progress message can never arrive after the run ended.
    const broadcast = (running: boolean, progress: FileScanProgress | null, lastRun: FileScanRun | null) =>
      hub?.broadcast(
        {
          type: 'rescanStatus',
          running,
          runId: row.id,
          operation: input.operation,
          trigger: input.trigger,
          progress,
          lastRun,
        },
        { coalesceKey: `rescanStatus:${row.id}` },
      );
    const current: Current = {
      id: row.id,
      operation: input.operation,
      trigger: input.trigger,
      startedAt: row.startedAt,
      progress: { phase: 'walking', done: 0, total: null },
      done: Promise.resolve(null as never),
    };
    const run: ScanRun = {
      id: row.id,
      trigger: input.trigger,
      counts,
      signal: this.shutdown.signal,
      problem: (path, message, options) => {
        if (options?.count !== false) counts.errors++;
        if (problems.length < FILE_SCAN_PROBLEMS_MAX)
          problems.push({ path: relative(outputDir, path) || '.', message });
      },
      progress: (phase, done, total) => {
        current.progress = { phase, done, total };
        broadcast(true, current.progress, null);
      },
    };
    this.current = current;
    broadcast(true, null, null);
    const finished = (async (): Promise<FileScanRun> => {
      let status: FileScanStatus;
      let message: string;
      try {
        const outcome = await work(run);
        status = counts.errors > 0 ? 'completed_with_errors' : 'completed';
        message = outcome.message;
      } catch (err) {
        status = this.shutdown.signal.aborted ? 'interrupted' : 'failed';
        message = this.shutdown.signal.aborted
          ? 'The server stopped during this run; what it saved before stays saved'
          : (err as Error).message;
        this.deps.logger.error({ err, runId: row.id, operation: input.operation }, 'A file scan failed');
      }
      try {
        const unsaved = (): FileScanRun => ({
          ...toPlainRun(row.id, input, row.startedAt),
          finishedAt: new Date().toISOString(),
          status,
          counts,
          problems,
          message,
        });
        // Never a rejection nobody waits for: a result that cannot be saved is still reported.
        const saved = await this.deps.store
          .finish(row.id, { status, counts, problems, message })
          .catch((err: unknown) => {
            this.deps.logger.error({ err, runId: row.id }, 'The result of a file scan could not be saved');
            return null;
          });
        const last = saved ?? unsaved();
        broadcast(false, null, last);
        this.deps.logger.info({ runId: row.id, operation: input.operation, status, ...counts }, message);
        return last;
      } finally {
        this.current = null;
        this.reserved = false;
      }
    })();
    current.done = finished;
    return {
      run: { ...toPlainRun(row.id, input, row.startedAt), status: 'running', counts, problems, message: null },
      finished,
    };
  }

  async status(): Promise<RescanStatus> {
    const c = this.current;
    const [lastRun, lastImport] = await Promise.all([this.deps.store.last('rescan'), this.deps.store.last('import')]);
    return {
      running: this.reserved,
      current: c
        ? {
            id: c.id,
            operation: c.operation,
            trigger: c.trigger,
            startedAt: c.startedAt.toISOString(),
            progress: c.progress,
          }
        : null,
      lastRun,
      lastImport,
    };
  }

  /** At start: a run the previous process left `running` is recorded as interrupted. */
  async recover(): Promise<void> {
    const n = await this.deps.store.markInterrupted();
    if (n > 0) this.deps.logger.warn({ runs: n }, 'A file rescan or import was cut short by the last stop');
  }

  /** At shutdown: asks the running work to stop and waits for it (a few seconds at most). */
  async stop(): Promise<void> {
    this.shutdown.abort(new Error('The server is shutting down'));
    const c = this.current;
    if (!c) return;
    await Promise.race([c.done.catch(() => undefined), new Promise((r) => setTimeout(r, 5000).unref())]);
  }
}

function toPlainRun(
  id: number,
  input: { operation: FileScanOperation; trigger: FileScanTrigger; path: string | null; move: boolean },
  startedAt: Date,
): Omit<FileScanRun, 'status' | 'counts' | 'problems' | 'message'> {
  return {
    id,
    operation: input.operation,
    trigger: input.trigger,
    path: input.path,
    move: input.move,
    startedAt: startedAt.toISOString(),
    finishedAt: null,
  };
}

/** Throws the signal's reason once it is aborted (checked between batches of work). */
export function checkStop(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Stopped');
}
