import {
  ConflictError,
  DownloaderErrorCodes,
  type DownloaderConfigSection,
  type EnqueueRequest,
  type EnqueueResult,
  type DownloadProgress,
  type JobSummary,
} from '@vidkeep/contracts';
import type { ActivityTracker } from './activity.js';
import { createJob } from './enqueue.js';
import type { JobStore } from './job-store.js';
import { cancelQueued, cleanStaging, markInterrupted } from './recovery.js';
import type { JobRunDeps } from './run/deps.js';
import { JobRun } from './run/job-run.js';
import { StartSignals } from './start-signals.js';
import type { StorageGuard } from './storage.js';
import { fairYield, slotFor } from './lanes.js';
import type { StopReason } from '../ytdlp/process.js';

const PAUSE_RECHECK_MS = 60_000;
const SHUTDOWN_WAIT_MS = 10_000;

/**
 * The persistent job queue. Jobs and their per-video rows live in SQLite; the queue starts the
 * oldest queued job whenever fewer than `concurrentJobs` run. States:
 *   queued -> running -> completed | completed_with_errors | failed | cancelled
 *   queued -> cancelled;  running -> queued (graceful shutdown, resumes after restart)
 *   running -> interrupted (found running at start: the process died)
 */
export class DownloadQueue {
  private readonly running = new Map<string, JobRun>();
  private lock: Promise<unknown> = Promise.resolve();
  private pauseTimer: NodeJS.Timeout | null = null;
  /** Wakes the queue when the next job waiting out a retry's back-off may start. */
  private retryTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  private pumping = false;
  private repump = false;

  constructor(
    private readonly deps: JobRunDeps & { storage: StorageGuard },
    private readonly activity: ActivityTracker,
    private readonly store: JobStore,
  ) {
    // A cool-down stops everything that talks to the platform; its end (or room in the budget) starts work again.
    deps.gate?.onChange((change) => (change === 'cooling' ? this.coolDown() : this.pump()));
  }

  /** The platform pushed back: running jobs go back into the queue with their partial files. */
  private coolDown(): void {
    for (const run of this.running.values())
      run.stop('yielded', 'the platform asked us to slow down; it goes on after the cool-down');
  }

  private get config(): DownloaderConfigSection {
    return this.deps.config();
  }

  /** Serialises enqueue decisions so two requests never queue the same video. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.lock.then(fn, fn);
    this.lock = next.catch(() => undefined);
    return next;
  }

  /** Runs `work` while nothing can be queued (the lock of enqueue decisions). */
  whileNothingQueues<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(work);
  }

  /** Recovers after a crash or restart, then starts work. */
  async start(): Promise<void> {
    await markInterrupted(this.store, this.deps.logger);
    // Queued jobs keep their partial files (paused, or stopped by the last shutdown).
    const queued = new Set((await this.store.byStatus(['queued'])).map((j) => j.id));
    await cleanStaging(this.deps.paths.stagingBase, (jobId) => this.running.has(jobId) || queued.has(jobId));
    for (const row of await this.store.activeVideoRows()) this.activity.set(row.sourceId, row.jobId, 'queued');
    const pruned = await this.store.prune(this.config.jobHistoryDays, this.config.jobHistoryMax);
    if (pruned > 0) this.deps.logger.info({ pruned }, 'Removed old finished jobs');
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const runs = [...this.running.values()];
    for (const run of runs) run.stop('shutdown');
    await Promise.race([
      Promise.allSettled(runs.map((r) => this.finished.get(r.job.id))),
      new Promise((r) => setTimeout(r, SHUTDOWN_WAIT_MS).unref()),
    ]);
  }

  private readonly finished = new Map<string, Promise<void>>();

  /** Jobs running in this process now. */
  runningCount(): number {
    return this.running.size;
  }
  /** Jobs whose yt-dlp still runs: these count against `concurrentJobs`. */
  private readonly downloading = new Set<string>();
  private readonly starts = new StartSignals();

  /** True when the job is running now or starts within `ms` (false if it waits behind others). */
  startedWithin(jobId: string, ms: number): Promise<boolean> {
    return this.running.has(jobId) ? Promise.resolve(true) : this.starts.wait(jobId, ms);
  }

  /**
   * True when the job is next in line and its start is near: no older job waits, and every job
   * holding a download slot is on its last video, which (when yt-dlp says) ends within `ms`.
   */
  async startsSoon(jobId: string, ms: number): Promise<boolean> {
    if (this.stopping) return false;
    for (const id of this.downloading) {
      const left = this.running.get(id)?.downloadsLeft();
      if (!left || left.videos > 1 || (left.etaSeconds ?? 0) * 1000 > ms) return false;
    }
    return (await this.store.queuedBefore(jobId)) === 0;
  }

  /** Starts queued jobs while there is room. */
  pump(): void {
    if (this.stopping) return;
    if (this.pumping) {
      this.repump = true;
      return;
    }
    this.pumping = true;
    void (async () => {
      try {
        do {
          this.repump = false;
          while (!this.stopping && !this.config.downloadQueuePaused) {
            const next = await this.store.nextQueued(new Set(this.running.keys()));
            if (!next) break;
            const holding = [...this.downloading].map((id) => this.running.get(id)!.job);
            const slot = slotFor(next, holding, this.config.concurrentJobs);
            if (slot.yielding) void this.stopRun(slot.yielding, 'paused');
            if (!slot.start) {
              const turn = fairYield(next, holding);
              if (turn)
                this.running.get(turn)?.turn.yieldAfterCurrentVideo(`its turn is over: "${next.label}" goes next`);
              break;
            }
            // Nothing goes to the platform during a cool-down or (automatic work) with the budget spent.
            if (this.deps.gate && !this.deps.gate.admit(next.lane, { askedAt: next.createdAt }).ok) break;
            const storage = await this.deps.storage.pause();
            if (storage.paused) {
              this.deps.logger.warn({ reason: storage.reason }, 'Downloads are paused by a storage limit');
              this.pauseTimer ??= setTimeout(() => {
                this.pauseTimer = null;
                this.pump();
              }, PAUSE_RECHECK_MS).unref();
              break;
            }
            const run = new JobRun(this.deps, next, await this.store.videos(next.id));
            this.running.set(next.id, run);
            this.downloading.add(next.id);
            void run.downloadFinished.then(() => {
              this.downloading.delete(next.id);
              this.pump();
            });
            this.starts.started(next.id);
            const done = run
              .run()
              .catch((err) => this.deps.logger.error({ err, jobId: next.id }, 'Download job crashed'))
              .finally(() => {
                this.running.delete(next.id);
                this.downloading.delete(next.id);
                this.finished.delete(next.id);
                void this.store.prune(this.config.jobHistoryDays, this.config.jobHistoryMax).catch(() => undefined);
                this.pump();
              });
            this.finished.set(next.id, done);
          }
          // Inside the loop: a pump asked for meanwhile must see the timer's decision too.
          await this.wakeForRetries();
        } while (this.repump);
      } catch (err) {
        this.deps.logger.error({ err }, 'Starting the next download job failed');
      } finally {
        this.pumping = false;
      }
    })();
  }

  /** Stops a running job (it settles as the reason says); resolves when it has. */
  stopRun(jobId: string, reason: StopReason): Promise<void> {
    this.running.get(jobId)?.stop(reason);
    return this.finished.get(jobId) ?? Promise.resolve();
  }

  /** The jobs running in this process now. */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Sets the one timer that starts the next job whose retry back-off ends (persisted: a restart
   * finds it too). A job already due but not started yet (a job slot was busy) is looked at again
   * in 50 ms; it starts as soon as the loop above finds room.
   */
  private async wakeForRetries(): Promise<void> {
    if (this.stopping) return;
    const at = await this.store.nextRetryAt();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!at) return;
    const wait = at.getTime() - Date.now();
    // A due job waiting for a free slot starts when a download ends (that pumps the queue).
    if (wait <= 0 && this.downloading.size >= this.config.concurrentJobs) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.pump();
      },
      // At least 50 ms, so a due job that a run still holds for a moment is not polled in a spin.
      Math.max(50, wait),
    ).unref();
  }

  /**
   * Space was freed (a video deleted by hand or by retention): a pause by a storage limit is
   * checked again now instead of at the next minute's re-check, so queued jobs start at once.
   */
  storageFreed(): void {
    if (this.pauseTimer) {
      clearTimeout(this.pauseTimer);
      this.pauseTimer = null;
    }
    this.pump();
  }

  async assertNotPaused(): Promise<void> {
    const s = await this.deps.storage.pause();
    if (s.paused) throw new ConflictError(DownloaderErrorCodes.paused, `Downloads are paused: ${s.reason}`);
  }

  enqueue(request: EnqueueRequest): Promise<EnqueueResult> {
    return this.exclusive(async () => {
      await this.assertNotPaused();
      const result = await createJob({ activity: this.activity, store: this.store, hub: this.deps.hub }, request);
      if (result.job) this.pump();
      return result;
    });
  }

  async cancelJob(jobId: string): Promise<JobSummary | null> {
    const job = await this.store.get(jobId);
    if (!job) return null;
    const run = this.running.get(jobId);
    if (run) {
      run.stop('cancelled');
      await this.finished.get(jobId);
    } else if (job.status === 'queued') {
      await this.exclusive(async () => {
        await cancelQueued(this.store, job);
        this.activity.removeJob(jobId);
      });
      this.deps.onJobChanged(jobId);
    }
    return this.summary(jobId);
  }

  async summary(jobId: string): Promise<JobSummary | null> {
    const job = await this.store.get(jobId);
    if (!job) return null;
    return (await this.store.summaries([job]))[0]!;
  }

  /** The live progress of a job's videos while it runs (null for each video otherwise). */
  liveProgress(jobId: string): (sourceId: string) => DownloadProgress | null {
    const run = this.running.get(jobId);
    return (sourceId) => run?.progressOf(sourceId) ?? null;
  }
}
