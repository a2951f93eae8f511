import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ConflictError,
  DownloaderErrorCodes,
  type ChannelDownload,
  type DownloaderConfigSection,
  type DownloaderService,
  type EnqueueRequest,
  type EnqueueResult,
  type DownloadProgress,
  type JobSummary,
  type LibraryVideo,
  type LiveHub,
  type PluginLogger,
  type StorageStatus,
} from '@vidkeep/contracts';
import { diagnose, toDiagnosis } from '../ytdlp/failures.js';
import { videoUrl } from '../url.js';
import type { ActivityTracker } from './activity.js';
import { emptyAux, toSummary, type JobStore } from './job-store.js';
import type { JobRunDeps } from './run/deps.js';
import { JobRun } from './run/job-run.js';
import type { StorageGuard } from './storage.js';
import type { VideoStore } from './video-store.js';

const UUID_DIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PAUSE_RECHECK_MS = 60_000;
const SHUTDOWN_WAIT_MS = 10_000;

/**
 * The persistent job queue. Jobs and their per-video rows live in SQLite; the queue starts the
 * oldest queued job whenever fewer than `concurrentJobs` run. States:
 *   queued -> running -> completed | completed_with_errors | failed | cancelled
 *   queued -> cancelled;  running -> queued (graceful shutdown, resumes after restart)
 *   running -> interrupted (found running at start: the process died)
 */
export class DownloadQueue implements DownloaderService {
  private readonly running = new Map<string, JobRun>();
  private lock: Promise<unknown> = Promise.resolve();
  private pauseTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  private pumping = false;
  private repump = false;

  constructor(
    private readonly deps: JobRunDeps & {
      storage: StorageGuard;
      videoStore: VideoStore;
      hub: LiveHub | undefined;
      logger: PluginLogger;
    },
    private readonly activity: ActivityTracker,
    private readonly store: JobStore,
  ) {}

  private get config(): DownloaderConfigSection {
    return this.deps.config();
  }

  /** Serialises enqueue decisions so two requests never queue the same video. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.lock.then(fn, fn);
    this.lock = next.catch(() => undefined);
    return next;
  }

  /** Recovers after a crash or restart, then starts work. */
  async start(): Promise<void> {
    const log = this.deps.logger;
    const crashed = await this.store.byStatus(['running']);
    for (const job of crashed) {
      const diagnosis = toDiagnosis(diagnose('interrupted'));
      const aux = { ...emptyAux(), ...(job.auxData ?? {}) };
      const stopped = await this.store.videos(job.id);
      for (const v of stopped) {
        if (!['queued', 'downloading', 'processing'].includes(v.state)) continue;
        aux.failedVideos.push({ sourceId: v.sourceId, error: diagnosis.cause, kind: 'interrupted' });
      }
      aux.diagnoses.push({ ...diagnosis, sourceId: null });
      await this.store.settleVideos(job.id, ['queued', 'downloading', 'processing'], 'interrupted', {
        ...diagnosis,
        sourceId: null,
      });
      const counts = (await this.store.counts([job.id])).get(job.id)!;
      await this.store.update(job.id, {
        status: 'interrupted',
        auxData: aux,
        finishedAt: new Date(),
        errorCode: 'DOWNLOAD_INTERRUPTED',
        message: `Interrupted: the server stopped while this job ran. ${counts.completed} downloaded before that are kept; queue the rest again.`,
      });
      log.warn({ jobId: job.id }, 'Job was running when the server stopped; marked interrupted');
    }
    await this.cleanStaging();
    for (const row of await this.store.activeVideoRows()) this.activity.set(row.sourceId, row.jobId, 'queued');
    const pruned = await this.store.prune(this.config.jobHistoryDays, this.config.jobHistoryMax);
    if (pruned > 0) log.info({ pruned }, 'Removed old finished jobs');
    this.pump();
  }

  /** Removes leftovers of jobs that are not running (only job-id folders: the base may be shared). */
  private async cleanStaging(): Promise<void> {
    const base = this.deps.paths.stagingBase;
    await mkdir(base, { recursive: true }).catch(() => undefined);
    const entries = await readdir(base).catch(() => [] as string[]);
    for (const name of entries) {
      if (UUID_DIR.test(name) && !this.running.has(name)) await rm(join(base, name), { recursive: true, force: true });
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.pauseTimer) clearTimeout(this.pauseTimer);
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
  private readonly startWaiters = new Map<string, (() => void)[]>();

  /** True when the job is running now or starts within `ms` (false if it waits behind others). */
  startedWithin(jobId: string, ms: number): Promise<boolean> {
    if (this.running.has(jobId)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.startWaiters.set(
          jobId,
          (this.startWaiters.get(jobId) ?? []).filter((w) => w !== started),
        );
        resolve(false);
      }, ms);
      const started = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.startWaiters.set(jobId, [...(this.startWaiters.get(jobId) ?? []), started]);
    });
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
          while (!this.stopping && this.downloading.size < this.config.concurrentJobs) {
            const next = await this.store.oldestQueued(new Set(this.running.keys()));
            if (!next) break;
            const storage = await this.deps.storage.status();
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
            for (const w of this.startWaiters.get(next.id) ?? []) w();
            this.startWaiters.delete(next.id);
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
        } while (this.repump);
      } catch (err) {
        this.deps.logger.error({ err }, 'Starting the next download job failed');
      } finally {
        this.pumping = false;
      }
    })();
  }

  async assertNotPaused(): Promise<void> {
    const s = await this.deps.storage.status();
    if (s.paused) throw new ConflictError(DownloaderErrorCodes.paused, `Downloads are paused: ${s.reason}`);
  }

  enqueue(request: EnqueueRequest): Promise<EnqueueResult> {
    return this.exclusive(async () => {
      await this.assertNotPaused();
      const seen = new Set<string>();
      const accepted: string[] = [];
      const alreadyActive: string[] = [];
      for (const id of request.sourceIds) {
        if (seen.has(id)) continue;
        seen.add(id);
        if (this.activity.get(id)) alreadyActive.push(id);
        else accepted.push(id);
      }
      if (accepted.length === 0) return { job: null, acceptedIds: [], alreadyActiveIds: alreadyActive };
      const job = await this.store.create({
        type: request.type,
        label: request.label,
        options: request.options ?? {},
        requestedBy: request.requestedBy ?? null,
        videos: accepted.map((sourceId) => ({
          sourceId,
          url: videoUrl(sourceId),
          title: request.metadata?.[sourceId]?.title ?? null,
          duration: request.metadata?.[sourceId]?.duration ?? null,
          thumbnail: request.metadata?.[sourceId]?.thumbnail ?? null,
        })),
      });
      this.activity.setMany(accepted, job.id, 'queued');
      const summary = toSummary(job, {
        total: accepted.length,
        queued: accepted.length,
        active: 0,
        completed: 0,
        failed: 0,
        skipped: 0,
        cancelled: 0,
      });
      this.deps.hub?.broadcast({ type: 'jobUpdated', job: summary });
      this.pump();
      return { job: summary, acceptedIds: accepted, alreadyActiveIds: alreadyActive };
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
        await this.store.settleVideos(jobId, ['queued'], 'cancelled', toDiagnosis(diagnose('cancelled'), null));
        await this.store.update(jobId, {
          status: 'cancelled',
          finishedAt: new Date(),
          message: 'Cancelled before it started',
        });
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

  activeVideos() {
    return this.activity.entries();
  }

  async hasActiveDownloadsForChannel(channelId: string): Promise<boolean> {
    const active = await this.store.byStatus(['queued', 'running']);
    if (active.some((j) => j.options.ownerChannelId === channelId)) return true;
    const ids = [...this.activity.entries().keys()];
    const known = await this.deps.videoStore.bySourceIds(ids);
    return known.some((v) => v.channelId === channelId);
  }

  async downloadedSourceIds(sourceIds: string[]): Promise<Set<string>> {
    const rows = await this.deps.videoStore.bySourceIds(sourceIds);
    return new Set(rows.map((r) => r.sourceId));
  }

  libraryVideos(sourceIds: string[]): Promise<LibraryVideo[]> {
    return this.deps.videoStore.library(sourceIds);
  }

  async channelVideos(channelId: string): Promise<ChannelDownload[]> {
    const rows = await this.deps.videoStore.byChannel(channelId);
    return rows.map((r) => ({
      sourceId: r.sourceId,
      title: r.title,
      duration: r.duration,
      uploadDate: r.uploadDate,
      filePath: r.filePath,
      audioFilePath: r.audioFilePath,
      subfolder: r.subfolder,
      removed: r.removed,
      downloadedAt: r.downloadedAt,
    }));
  }

  storageStatus(): Promise<StorageStatus> {
    return this.deps.storage.status();
  }

  registerSubfolders(names: string[]): Promise<void> {
    return this.deps.videoStore.registerSubfolders(names);
  }

  listSubfolders(): Promise<string[]> {
    return this.deps.videoStore.subfolders();
  }
}
