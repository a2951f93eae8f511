import {
  ConflictError,
  DownloaderErrorCodes,
  NotFoundError,
  type DownloaderConfigSection,
  type JobSummary,
  type LiveHub,
  type QueueState,
} from '@vidkeep/contracts';
import type { JobStore } from './job-store.js';
import type { PlatformGate } from './polite/gate.js';
import type { DownloadQueue } from './queue.js';

const notFound = (jobId: string) => new NotFoundError(DownloaderErrorCodes.jobNotFound, `No job with id ${jobId}`);

/**
 * Pausing and resuming the whole queue (persisted in `downloadQueuePaused`: a paused queue stays
 * paused after a restart) or one job, and moving a job to the front. A paused download keeps its
 * partial files and resumes where it stopped. Jobs stay `queued`/`running` in the spec's terms;
 * pausing is the `paused` flag beside them.
 */
export class QueueControl {
  constructor(
    private readonly deps: {
      queue: Pick<DownloadQueue, 'pump' | 'stopRun' | 'runningIds' | 'summary' | 'runningCount'>;
      store: Pick<JobStore, 'get' | 'update' | 'queueCounts'>;
      config: () => DownloaderConfigSection;
      setQueuePaused: (paused: boolean) => Promise<void>;
      gate: Pick<PlatformGate, 'state'>;
      hub: LiveHub | undefined;
      onJobChanged: (jobId: string) => void;
    },
  ) {}

  async state(): Promise<QueueState> {
    const { queued, paused } = await this.deps.store.queueCounts();
    return {
      paused: this.deps.config().downloadQueuePaused,
      running: this.deps.queue.runningCount(),
      queued,
      pausedJobs: paused,
      platform: this.deps.gate.state(),
    };
  }

  /** Pauses the queue: nothing starts, and running downloads stop, back in the queue with their partial files. */
  async pauseQueue(): Promise<QueueState> {
    const { queue } = this.deps;
    if (!this.deps.config().downloadQueuePaused) {
      await this.deps.setQueuePaused(true);
      this.deps.hub?.broadcast({ type: 'queueUpdated', paused: true });
    }
    await Promise.all(queue.runningIds().map((id) => queue.stopRun(id, 'paused')));
    return this.state();
  }

  async resumeQueue(): Promise<QueueState> {
    if (this.deps.config().downloadQueuePaused) {
      await this.deps.setQueuePaused(false);
      this.deps.hub?.broadcast({ type: 'queueUpdated', paused: false });
    }
    this.deps.queue.pump();
    return this.state();
  }

  /** Pauses one queued or running job (a running one stops and keeps its partial file). */
  async pauseJob(jobId: string): Promise<JobSummary> {
    const job = await this.active(jobId, ['queued', 'running'], 'Only a queued or running job can be paused');
    if (!job.pausedAt) await this.deps.store.update(jobId, { pausedAt: new Date() });
    // Stops it when it runs (nothing otherwise).
    await this.deps.queue.stopRun(jobId, 'paused');
    return this.changed(jobId);
  }

  async resumeJob(jobId: string): Promise<JobSummary> {
    const job = await this.active(jobId, ['queued', 'running'], 'Only a queued or running job can be resumed');
    if (job.pausedAt) await this.deps.store.update(jobId, { pausedAt: null });
    this.deps.queue.pump();
    return this.changed(jobId);
  }

  /** Moves a queued job to the front: it starts next (a running automatic job yields its slot). */
  async moveToFront(jobId: string): Promise<JobSummary> {
    await this.active(jobId, ['queued'], 'Only a queued job can be moved to the front');
    await this.deps.store.update(jobId, { frontAt: new Date() });
    this.deps.queue.pump();
    return this.changed(jobId);
  }

  private async active(jobId: string, statuses: string[], refusal: string) {
    const job = await this.deps.store.get(jobId);
    if (!job) throw notFound(jobId);
    if (!statuses.includes(job.status))
      throw new ConflictError(
        DownloaderErrorCodes.jobNotActive,
        `${refusal}; this one is ${job.status.replace(/_/g, ' ')}`,
      );
    return job;
  }

  private async changed(jobId: string): Promise<JobSummary> {
    this.deps.onJobChanged(jobId);
    const summary = await this.deps.queue.summary(jobId);
    if (!summary) throw notFound(jobId);
    return summary;
  }
}
