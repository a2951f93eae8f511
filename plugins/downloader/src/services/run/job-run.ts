import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadProgress } from '@vidkeep/contracts';
import type { DownloaderJob, DownloaderJobVideo } from '../../entities.js';
import type { CookieLease } from '../cookies.js';
import { diagnose } from '../../ytdlp/failures.js';
import type { StopReason, ToolProcess } from '../../ytdlp/process.js';
import { RunTurn } from '../polite/run-turn.js';
import { planRetries, retryPolicyOf } from './auto-retry.js';
import { ChannelSettingsCache } from './channel-settings.js';
import type { JobRunDeps } from './deps.js';
import { FileFinisher } from './finisher.js';
import { LineReader, type RunEvent } from './line-reader.js';
import { exitSettlement, jobOutcome } from './outcome.js';
import { inactivityMsOf, prepareDownload, startDownload } from './process.js';
import {
  progressOfActivity,
  progressOfDestination,
  progressOfPostprocessing,
  progressOfStall,
  progressOfTick,
} from './progress.js';
import { STALL_NOTICE_MS, StallWatch } from './stall-watch.js';
import { isSettled, RunStateStore } from './state-store.js';

/** One job: one yt-dlp process over the job's videos, finishing each video's files as it completes. */
export class JobRun {
  private proc: ToolProcess | null = null;
  private readonly state: RunStateStore;
  private readonly channels: ChannelSettingsCache;
  /** Finishing work in arrival order, so a video's info is read before its files move. */
  private post: Promise<void> = Promise.resolve();
  private stopRequested: StopReason | null = null;
  /** Its side of the platform gate: what it spends, and when it gives its slot up. */
  readonly turn: RunTurn;
  /** Ended back in the queue (paused, yielded, a shutdown): its staging folder is kept. */
  private requeued = false;
  private freeSlot!: () => void;
  /** Videos yt-dlp has finished with (it printed their done line): their files are ours now. */
  private readonly handedOver = new Set<string>();
  /**
   * Resolves when yt-dlp is done with every video of the job (it printed the last done line, or
   * exited): the job still finishes its last files, and its yt-dlp may still be shutting down
   * (Python takes a tenth of a second or more to exit), but the queue may start the next
   * download meanwhile, so neither holds up downloading.
   */
  readonly downloadFinished = new Promise<void>((resolve) => (this.freeSlot = resolve));
  /** Says so when a download receives nothing for a while (speed and ETA go, the seconds show). */
  private readonly stalls: StallWatch;

  constructor(
    private readonly deps: JobRunDeps,
    readonly job: DownloaderJob,
    rows: DownloaderJobVideo[],
  ) {
    this.state = new RunStateStore(deps, job, rows);
    this.channels = new ChannelSettingsCache(deps.channelSettings);
    this.turn = new RunTurn(deps.gate, job.lane);
    this.stalls = new StallWatch(deps.stallNoticeMs ?? STALL_NOTICE_MS, (sourceId, seconds) => {
      const v = this.state.video(sourceId);
      if (v?.state === 'downloading') this.state.showProgress(v, progressOfStall(v.progress, seconds));
      else this.stalls.forget(sourceId);
    });
  }

  /** Live progress of the job's videos (merged into job details). */
  progressOf(sourceId: string): DownloadProgress | null {
    return this.state.video(sourceId)?.progress ?? null;
  }

  /**
   * What yt-dlp still has to download: the videos not yet downloaded, and how many seconds the
   * current one says it needs (null when it has not said).
   */
  downloadsLeft(): { videos: number; etaSeconds: number | null } {
    const left = this.state.videos().filter((v) => v.state === 'queued' || v.state === 'downloading');
    const current = left.find((v) => v.state === 'downloading');
    return { videos: left.length, etaSeconds: current?.progress?.etaSeconds ?? null };
  }

  stop(reason: StopReason, note?: string): void {
    if (reason === 'yielded' && !this.stopRequested) this.turn.note = note ?? null;
    this.stopRequested ??= reason;
    this.proc?.stop(reason);
  }

  async run(): Promise<void> {
    const { job, state, deps } = this;
    const config = deps.config();
    const pending = state.videos().filter((v) => v.state === 'queued');
    await state.markRunning();
    const stagingDir = join(deps.paths.stagingBase, job.id);
    let cookies: CookieLease | null = null;
    try {
      const prepared = await prepareDownload(deps, {
        job,
        stagingDir,
        config,
        channels: this.channels,
        urls: pending.map((v) => v.row.url),
      });
      if (!prepared.ok) {
        await state.settleRemaining({ settle: 'failed', diagnosis: prepared.problem });
        return await this.finish(prepared.message);
      }
      cookies = prepared.cookies;
      if (pending.length === 0 || this.stopRequested) return await this.finish(null);
      const { resolution, audioFormat } = prepared;
      deps.logger.info({ jobId: job.id, videos: pending.length, resolution, audioFormat }, 'Download job started');
      const finisher = new FileFinisher(deps, { job, state, channels: this.channels, stagingDir, config });
      const reader = new LineReader({
        stagingDir,
        sourceIds: new Set(state.videos().map((v) => v.row.sourceId)),
        cookiesEnabled: config.cookiesEnabled,
        ytdlpOutdated: prepared.outdated,
      });
      const inactivityMs = inactivityMsOf(config);
      const handle = (event: RunEvent) => this.handle(event, finisher, inactivityMs);
      const proc = startDownload(deps, {
        job,
        binary: prepared.binary,
        args: prepared.args,
        stagingDir,
        config,
        inactivityMs,
        onLine: (line) => reader.read(line).forEach(handle),
      });
      this.proc = proc;
      if (this.stopRequested) proc.stop(this.stopRequested);
      this.stalls.start();
      const result = await proc.done;
      this.stalls.stop();
      this.freeSlot();
      reader.end().forEach(handle);
      await this.post;
      await state.settleRemaining(
        exitSettlement(result, {
          ytdlpPath: prepared.binary,
          ytdlpOutdated: prepared.outdated,
          inactivityMs,
          maxJobRuntimeHours: config.maxJobRuntimeHours,
        }),
      );
      await this.finish(null);
    } finally {
      this.stalls.stop();
      this.freeSlot();
      await cookies?.release();
      // A job back in the queue (paused, or the server stopping) keeps its partial files: yt-dlp
      // continues them when it runs again.
      if (!this.requeued) await rm(stagingDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Applies what a line of output meant; file work queues behind earlier file work. */
  private handle(event: RunEvent, finisher: FileFinisher, inactivityMs: number): void {
    const { state } = this;
    const v = state.video(event.sourceId);
    switch (event.type) {
      case 'started':
        this.turn.videoStarted();
        this.proc?.setInactivityMs(inactivityMs);
        if (v && v.state === 'queued') void state.setState(v, 'downloading');
        return;
      case 'progress':
        if (v) {
          this.stalls.bytes(v.row.sourceId, event.tick.downloadedBytes);
          state.showProgress(v, progressOfTick(v.progress, event.tick), true);
        }
        return;
      case 'activity':
        if (v) state.showProgress(v, progressOfActivity(v.progress, event.text));
        return;
      case 'destination':
        if (!v) return;
        this.stalls.forget(v.row.sourceId); // its next file (the audio after the video) counts from zero
        state.showProgress(v, progressOfDestination(v.progress, event.stage));
        return;
      case 'postprocessing': {
        // ffmpeg may be quiet for a long time while it merges or converts.
        this.proc?.setInactivityMs(inactivityMs * 2);
        const progress = progressOfPostprocessing(v?.progress ?? null, event.stage);
        if (v) this.stalls.forget(v.row.sourceId);
        if (v && progress) state.showProgress(v, progress);
        return;
      }
      case 'done':
        if (v) this.stalls.forget(v.row.sourceId);
        if (v && !isSettled(v.state)) {
          this.handedOver.add(v.row.sourceId);
          this.post = this.post.then(() => finisher.finish(v));
          this.freeSlotWhenDone();
          const yieldNote = this.turn.videoDone(v.progress);
          if (yieldNote && state.videos().some((x) => x.state === 'queued')) this.stop('yielded', yieldNote);
        }
        return;
      case 'infoWritten':
        if (v) this.post = this.post.then(() => finisher.learnInfo(v, event.path));
        return;
      case 'archived':
        state.countSkip('archived');
        if (v)
          void state.settle(v, 'skipped', {
            ...diagnose('unknown', { sourceId: v.row.sourceId }),
            cause: 'Already downloaded (recorded in the download archive)',
            fix: 'Nothing to do',
          });
        return;
      case 'filtered':
        state.countSkip('filtered');
        if (v)
          void state.settle(
            v,
            'skipped',
            diagnose('upcoming', {
              sourceId: v.row.sourceId,
              detail: 'members-only, live or upcoming: skipped by the match filter',
            }),
          );
        return;
      case 'failure': {
        const c = event.classified;
        // The platform said "slow down": the video waits for the cool-down with the rest.
        if (this.turn.slowedDown(c.kind) && v) return this.stop('yielded', 'the platform asked us to slow down (429)');
        state.noteFailure(c, v, event.terminatedChannel);
        if (!v) return;
        if (c.expectedSkip) state.countSkip(c.kind === 'members_only' ? 'membersOnly' : 'upcoming');
        void state.settle(v, c.expectedSkip ? 'skipped' : 'failed', c);
        return;
      }
    }
  }

  /** yt-dlp has nothing left to download for this job: the next job may start. */
  private freeSlotWhenDone(): void {
    if (this.state.videos().every((v) => isSettled(v.state) || this.handedOver.has(v.row.sourceId))) this.freeSlot();
  }

  private async finish(message: string | null): Promise<void> {
    const { job, state, deps } = this;
    const videos = state.videos();
    // Videos that failed for a passing reason go back into this job (persisted, so a restart
    // keeps them), which then waits out the back-off; what completed stays completed.
    const plan = planRetries({
      videos: videos.map((v) => ({ sourceId: v.row.sourceId, state: v.state, diagnosis: v.diagnosis })),
      previous: state.autoRetries(),
      policy: retryPolicyOf(deps.config()),
      stopped:
        this.stopRequested === 'cancelled' ? 'cancelled' : this.stopRequested || message !== null ? 'other' : null,
      now: new Date(),
    });
    let retrying: Parameters<typeof jobOutcome>[0]['retrying'] = null;
    if (plan.retry.length > 0) {
      await state.requeueForRetry(plan.retry, plan.records);
      const first = plan.records.find((r) => r.sourceId === plan.retry[0])!;
      retrying = {
        count: plan.retry.length,
        attempt: first.attempts + 1,
        maxAttempts: first.maxAttempts,
        cause: first.lastError,
      };
      deps.logger.warn(
        { jobId: job.id, sourceIds: plan.retry, retryAt: plan.retryAt, attempt: retrying.attempt },
        'Videos failed for a passing reason; they are downloaded again automatically',
      );
    } else state.setAutoRetries(plan.records);
    const outcome = jobOutcome({
      videos: state.videos(),
      stopRequested: this.stopRequested,
      botCheck: state.botCheck,
      message,
      retrying,
      yieldNote: this.turn.note,
    });
    this.requeued = outcome.status === 'queued' && plan.retry.length === 0;
    // The staging folder goes before the job is announced finished, so whoever reads the output
    // directory after "completed" finds only the library (the run's finally removes it too).
    if (!this.requeued)
      await rm(join(deps.paths.stagingBase, job.id), { recursive: true, force: true }).catch(() => undefined);
    await state.save(outcome, plan.retryAt);
    // Yielded: it joins the queue again at the back of its lane.
    if (this.requeued && this.stopRequested === 'yielded') await deps.store.update(job.id, { turnAt: new Date() });
    if (outcome.status === 'queued') return;
    const completed = state.videos().filter((v) => v.state === 'completed');
    const failed = state.videos().filter((v) => v.state === 'failed');
    deps.events.publish('downloader.job.finished', {
      jobId: job.id,
      jobType: job.type,
      status: outcome.status,
      ownerChannelId: job.options.ownerChannelId ?? null,
      completedSourceIds: completed.map((v) => v.row.sourceId),
      failedSourceIds: failed.map((v) => v.row.sourceId),
      label: job.label,
      message: outcome.message,
      completed: completed.map((v) => ({ sourceId: v.row.sourceId, title: v.row.title })),
      failures: failed.map((v) => ({ sourceId: v.row.sourceId, title: v.row.title, diagnosis: v.diagnosis })),
    });
    deps.logger.info({ jobId: job.id, status: outcome.status, ...outcome.counts }, 'Download job finished');
  }
}
