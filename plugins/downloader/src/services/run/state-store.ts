import type { AutoRetry, Diagnosis, DownloadProgress, JobAuxData, JobVideoState, LiveHub } from '@vidkeep/contracts';
import type { DownloaderJob, DownloaderJobVideo } from '../../entities.js';
import { toDiagnosis, type Classified } from '../../ytdlp/failures.js';
import type { ActivityTracker } from '../activity.js';
import { emptyAux, type JobStore } from '../job-store.js';
import type { MetadataService } from '../metadata.js';
import type { ExitSettlement, JobOutcome } from './outcome.js';
import { progressOfDone } from './progress.js';

/** One video of a running job, as it is now. */
export interface VideoRun {
  readonly row: DownloaderJobVideo;
  state: JobVideoState;
  progress: DownloadProgress | null;
  diagnosis: Diagnosis | null;
}

export interface StateStoreDeps {
  store: JobStore;
  activity: ActivityTracker;
  hub: LiveHub | undefined;
  /** Forgets a video's info once it no longer downloads. */
  metadata?: Pick<MetadataService, 'abandon'>;
  /** Called with the job's id after each state change worth showing. */
  onJobChanged: (jobId: string) => void;
}

const TERMINAL: readonly JobVideoState[] = ['completed', 'failed', 'skipped', 'cancelled', 'interrupted'];
export const isSettled = (state: JobVideoState): boolean => TERMINAL.includes(state);

/**
 * The state of one running job and its videos: the only writer of their rows, of the video
 * activity and of live progress pushes, so every change is saved and shown the same way.
 */
export class RunStateStore {
  private readonly byId = new Map<string, VideoRun>();
  private readonly aux: JobAuxData;
  /** The platform asked for a bot check: the job's error code says so. */
  private botChecked = false;

  constructor(
    private readonly deps: StateStoreDeps,
    private readonly job: DownloaderJob,
    rows: DownloaderJobVideo[],
  ) {
    this.aux = { ...emptyAux(), ...(job.auxData ?? {}) };
    for (const row of rows)
      this.byId.set(row.sourceId, { row, state: row.state, progress: null, diagnosis: row.diagnosis });
  }

  video(sourceId: string | null): VideoRun | undefined {
    return sourceId ? this.byId.get(sourceId) : undefined;
  }

  videos(): VideoRun[] {
    return [...this.byId.values()];
  }

  get botCheck(): boolean {
    return this.botChecked;
  }

  async markRunning(): Promise<void> {
    await this.deps.store.update(this.job.id, { status: 'running', startedAt: this.job.startedAt ?? new Date() });
    this.deps.onJobChanged(this.job.id);
  }

  /** Shows new progress; the first progress of a queued video makes it downloading. */
  showProgress(v: VideoRun, progress: DownloadProgress | null, startsDownload = false): void {
    v.progress = progress;
    if (startsDownload && v.state === 'queued') void this.setState(v, 'downloading');
    else this.pushProgress(v);
  }

  async setState(v: VideoRun, state: JobVideoState, extra: Partial<DownloaderJobVideo> = {}): Promise<void> {
    if (isSettled(v.state) && state !== 'completed') return;
    v.state = state;
    const now = new Date();
    const patch: Partial<DownloaderJobVideo> = { state, ...extra };
    if (state === 'downloading' && !v.row.startedAt) patch.startedAt = v.row.startedAt = now;
    if (isSettled(state)) patch.finishedAt = now;
    await this.deps.store.updateVideo(this.job.id, v.row.sourceId, patch);
    if (state === 'downloading') this.deps.activity.set(v.row.sourceId, this.job.id, 'downloading');
    if (isSettled(state)) {
      this.deps.activity.remove(v.row.sourceId, this.job.id);
      this.deps.metadata?.abandon(v.row.sourceId);
    }
    this.pushProgress(v);
    this.deps.onJobChanged(this.job.id);
  }

  private pushProgress(v: VideoRun): void {
    this.deps.hub?.broadcast(
      {
        type: 'jobProgress',
        jobId: this.job.id,
        sourceId: v.row.sourceId,
        state: v.state,
        progress: v.progress,
        diagnosis: v.diagnosis,
      },
      { coalesceKey: `progress:${this.job.id}:${v.row.sourceId}` },
    );
  }

  countSkip(reason: keyof JobAuxData['skipCounts']): void {
    this.aux.skipCounts[reason] += 1;
  }

  /** A failure yt-dlp reported: a bot check marks the job, a terminated channel is listed. */
  noteFailure(c: Classified, v: VideoRun | undefined, terminatedChannel: string | null): void {
    if (terminatedChannel && !this.aux.terminatedChannels.includes(terminatedChannel))
      this.aux.terminatedChannels.push(terminatedChannel);
    if (c.kind === 'bot_check') this.botChecked = true;
    this.recordDiagnosis(c, v);
  }

  /** Keeps a failure in the job's snapshot (once per kind and video). */
  private recordDiagnosis(c: Classified, v: VideoRun | undefined): void {
    const d = toDiagnosis(c, v?.row.sourceId ?? c.sourceId);
    if (!this.aux.diagnoses.some((x) => x.kind === d.kind && x.sourceId === d.sourceId)) this.aux.diagnoses.push(d);
    if (!c.expectedSkip && v) {
      this.aux.failedVideos = this.aux.failedVideos.filter((f) => f.sourceId !== v.row.sourceId);
      this.aux.failedVideos.push({ sourceId: v.row.sourceId, error: d.cause, kind: d.kind });
    }
    void this.deps.store.update(this.job.id, { auxData: this.aux });
  }

  /** Ends a video that has not ended yet. */
  async settle(v: VideoRun, state: JobVideoState, diagnosis: Diagnosis | Classified): Promise<void> {
    if (isSettled(v.state)) return;
    v.diagnosis = toDiagnosis(diagnosis, v.row.sourceId);
    await this.setState(v, state, { diagnosis: v.diagnosis });
  }

  private async settleForce(v: VideoRun, state: JobVideoState, d: Classified): Promise<void> {
    v.diagnosis = toDiagnosis(d);
    await this.setState(v, state, { diagnosis: v.diagnosis });
  }

  /** A downloaded video is in the library. */
  async complete(v: VideoRun, saved: { videoId: number; title: string; duration: number | null }): Promise<void> {
    v.progress = progressOfDone(v.progress);
    v.diagnosis = null;
    await this.setState(v, 'completed', { ...saved, diagnosis: null });
  }

  /** Finishing a downloaded video's files failed. */
  async failFinishing(v: VideoRun, d: Classified): Promise<void> {
    this.recordDiagnosis(d, v);
    v.state = 'processing';
    await this.settleForce(v, 'failed', d);
  }

  /** Titles yt-dlp reported before the files are finished. */
  async learn(v: VideoRun, patch: Pick<DownloaderJobVideo, 'title' | 'duration' | 'thumbnail'>): Promise<void> {
    Object.assign(v.row, patch);
    await this.deps.store.updateVideo(this.job.id, v.row.sourceId, patch);
    this.deps.onJobChanged(this.job.id);
  }

  /** The job's automatic-retry records so far. */
  autoRetries(): AutoRetry[] {
    return this.aux.autoRetries ?? [];
  }

  /**
   * Puts failed videos back in the queue for an automatic retry (they keep their diagnosis, so
   * the job says why they wait) and keeps the job's retry records. They are no longer failed.
   */
  async requeueForRetry(sourceIds: readonly string[], records: AutoRetry[]): Promise<void> {
    this.aux.autoRetries = records;
    const again = new Set(sourceIds);
    this.aux.failedVideos = this.aux.failedVideos.filter((f) => !again.has(f.sourceId));
    for (const id of sourceIds) {
      const v = this.byId.get(id);
      if (!v) continue;
      v.state = 'queued';
      v.progress = null;
      await this.deps.store.updateVideo(this.job.id, id, { state: 'queued', startedAt: null, finishedAt: null });
      this.pushProgress(v);
    }
  }

  /** Keeps the retry records of a run that retries nothing (successes, give-ups, cancels). */
  setAutoRetries(records: AutoRetry[]): void {
    if (records.length > 0 || this.aux.autoRetries) this.aux.autoRetries = records;
  }

  /** Ends the videos yt-dlp did not finish (a shutdown queues them for the next start). */
  async settleRemaining(exit: ExitSettlement): Promise<void> {
    if (exit.settle === 'queued') {
      // Back into the queue: one statement, so a 5,000-video job pauses (or yields) at once.
      for (const v of this.byId.values()) {
        if (isSettled(v.state)) continue;
        v.state = 'queued';
        v.progress = null;
      }
      await this.deps.store.settleVideos(this.job.id, ['queued', 'downloading', 'processing'], 'queued', null);
      return;
    }
    for (const v of this.byId.values()) {
      if (isSettled(v.state)) continue;
      const d = { ...exit.diagnosis, ...(exit.cause ? { cause: exit.cause } : {}), sourceId: v.row.sourceId };
      if (exit.settle === 'failed') this.recordDiagnosis(d, v);
      await this.settleForce(v, exit.settle, d);
    }
  }

  /**
   * Saves how the job ended and updates the activity snapshot. A job queued again for an
   * automatic retry starts no earlier than `retryAt`.
   */
  async save(outcome: JobOutcome, retryAt: Date | null = null): Promise<void> {
    const requeued = outcome.status === 'queued';
    await this.deps.store.update(this.job.id, {
      status: outcome.status,
      message: outcome.message,
      errorCode: outcome.errorCode,
      auxData: this.aux,
      finishedAt: requeued ? null : new Date(),
      retryAt: requeued ? retryAt : null,
      ...(requeued ? { startedAt: null } : {}),
    });
    const { activity } = this.deps;
    if (!requeued) activity.removeJob(this.job.id);
    else
      activity.setMany(
        this.videos()
          .filter((v) => v.state === 'queued')
          .map((v) => v.row.sourceId),
        this.job.id,
        'queued',
      );
    this.deps.onJobChanged(this.job.id);
  }
}
