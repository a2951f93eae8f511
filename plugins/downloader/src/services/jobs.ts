import {
  DownloaderErrorCodes,
  NotFoundError,
  type CancelJobResponse,
  type JobDetail,
  type JobList,
  type JobListQuery,
} from '@vidkeep/contracts';
import type { JobStore } from './job-store.js';
import type { DownloadQueue } from './queue.js';

const notFound = (jobId: string) => new NotFoundError(DownloaderErrorCodes.jobNotFound, `No job with id ${jobId}`);

/** Download jobs as users see them: the list, one job with live progress, cancelling. */
export class JobService {
  constructor(private readonly deps: { queue: DownloadQueue; store: JobStore }) {}

  async list({ page, pageSize, status }: JobListQuery): Promise<JobList> {
    const { store } = this.deps;
    const { jobs, total } = await store.list(page, pageSize, status);
    return { jobs: await store.summaries(jobs), total, page, pageSize };
  }

  async detail(jobId: string): Promise<JobDetail> {
    const { store, queue } = this.deps;
    const job = await store.get(jobId);
    if (!job) throw notFound(jobId);
    const [summary] = await store.summaries([job]);
    const progressOf = queue.liveProgress(jobId);
    const rows = await store.videos(jobId);
    return {
      ...summary!,
      auxData: job.auxData,
      videos: rows.map((v) => ({
        sourceId: v.sourceId,
        url: v.url,
        position: v.position,
        state: v.state,
        title: v.title,
        thumbnail: v.thumbnail,
        duration: v.duration,
        progress: progressOf(v.sourceId),
        diagnosis: v.diagnosis,
        videoId: v.videoId,
        startedAt: v.startedAt?.toISOString() ?? null,
        finishedAt: v.finishedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Cancels a queued or running job; a finished job stays as it is (`success: false`). */
  async cancel(jobId: string): Promise<CancelJobResponse> {
    const { queue } = this.deps;
    const before = await queue.summary(jobId);
    if (!before) throw notFound(jobId);
    if (before.status !== 'queued' && before.status !== 'running')
      return { success: false, message: `The job is already ${before.status.replace(/_/g, ' ')}`, job: before };
    const job = await queue.cancelJob(jobId);
    if (!job) throw notFound(jobId);
    const n = job.counts.completed;
    const kept =
      n === 0
        ? 'nothing had been downloaded yet'
        : n === 1
          ? 'the video already downloaded stays'
          : `the ${n} videos already downloaded stay`;
    return { success: true, message: `Cancelled; ${kept}`, job };
  }
}
