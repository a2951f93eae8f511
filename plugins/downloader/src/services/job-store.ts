import { randomUUID } from 'node:crypto';
import type {
  Diagnosis,
  JobAuxData,
  JobCounts,
  JobLane,
  JobOptions,
  JobStatus,
  JobSummary,
  JobVideoState,
} from '@vidkeep/contracts';
import { readDate, type Orm } from '@vidkeep/plugin-kit';
import type { DownloaderJob, DownloaderJobVideo } from '../entities.js';

export const emptyAux = (): JobAuxData => ({
  failedVideos: [],
  diagnoses: [],
  skipCounts: { archived: 0, membersOnly: 0, upcoming: 0, filtered: 0 },
  terminatedChannels: [],
});

export interface NewJobVideo {
  sourceId: string;
  url: string;
  title?: string | null;
  thumbnail?: string | null;
  duration?: number | null;
}

const FINISHED: JobStatus[] = ['completed', 'completed_with_errors', 'failed', 'cancelled', 'interrupted'];
const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Persistence of jobs and their per-video rows. Only the downloader plugin writes these tables. */
export class JobStore {
  constructor(private readonly orm: Orm) {}

  private em = () => this.orm.em.fork();

  async create(input: {
    type: string;
    label: string;
    options: JobOptions;
    requestedBy: string | null;
    videos: NewJobVideo[];
  }): Promise<DownloaderJob> {
    const em = this.em();
    const now = new Date();
    const job: DownloaderJob = {
      id: randomUUID(),
      type: input.type,
      label: input.label,
      status: 'queued',
      options: input.options,
      auxData: emptyAux(),
      message: null,
      errorCode: null,
      requestedBy: input.requestedBy,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      retryAt: null,
      updatedAt: now,
      lane: laneOf(input.type),
      pausedAt: null,
      frontAt: null,
      turnAt: now,
    };
    await em.transactional(async (tx) => {
      tx.create('DownloaderJob', job);
      input.videos.forEach((v, position) => {
        tx.create('DownloaderJobVideo', {
          jobId: job.id,
          sourceId: v.sourceId,
          url: v.url,
          position,
          state: 'queued',
          title: v.title ?? null,
          thumbnail: v.thumbnail ?? null,
          duration: v.duration ?? null,
          diagnosis: null,
          videoId: null,
          startedAt: null,
          finishedAt: null,
        });
      });
    });
    return job;
  }

  async get(id: string): Promise<DownloaderJob | null> {
    return this.em().findOne<DownloaderJob>('DownloaderJob', { id });
  }

  async videos(jobId: string): Promise<DownloaderJobVideo[]> {
    return this.em().find<DownloaderJobVideo>('DownloaderJobVideo', { jobId }, { orderBy: { position: 'asc' } });
  }

  async update(id: string, patch: Partial<Omit<DownloaderJob, 'id'>>): Promise<void> {
    await this.em().nativeUpdate<DownloaderJob>('DownloaderJob', { id }, { ...patch, updatedAt: new Date() });
  }

  async updateVideo(
    jobId: string,
    sourceId: string,
    patch: Partial<Omit<DownloaderJobVideo, 'id' | 'jobId' | 'sourceId'>>,
  ): Promise<void> {
    await this.em().nativeUpdate<DownloaderJobVideo>('DownloaderJobVideo', { jobId, sourceId }, patch);
  }

  /** Moves every video of the job still in one of `from` to `to` (`queued`: not started, else finished now). */
  async settleVideos(jobId: string, from: JobVideoState[], to: JobVideoState, diagnosis: Diagnosis | null) {
    const when = to === 'queued' ? { startedAt: null } : { finishedAt: new Date() };
    const patch = { state: to, ...when, ...(diagnosis ? { diagnosis } : {}) };
    return this.em().nativeUpdate<DownloaderJobVideo>('DownloaderJobVideo', { jobId, state: { $in: from } }, patch);
  }

  /**
   * Queued jobs in the order they start: moved to the front (the latest moved first), then a
   * person's requests (`manual`), then automatic work, each in the order they joined the queue
   * (a job that yielded its slot joined again when it did). Paused jobs are left
   * out; with `now`, so are jobs still waiting out a retry's back-off.
   */
  async queuedInOrder(options: { excluding?: Set<string>; now?: Date; limit?: number } = {}): Promise<DownloaderJob[]> {
    const { excluding, now, limit } = options;
    return this.em().find<DownloaderJob>(
      'DownloaderJob',
      {
        status: 'queued',
        pausedAt: null,
        ...(now ? { $or: [{ retryAt: null }, { retryAt: { $lte: now } }] } : {}),
        ...(excluding?.size ? { id: { $nin: [...excluding] } } : {}),
      },
      {
        // `manual` sorts after `automatic`, so the lane goes descending.
        orderBy: [{ frontAt: 'desc nulls last' }, { lane: 'desc' }, { turnAt: 'asc' }, { createdAt: 'asc' }] as never,
        ...(limit ? { limit } : {}),
      },
    );
  }

  /** The queued job that may start next (not paused, not waiting out a retry's back-off). */
  async nextQueued(excluding: Set<string>, now = new Date()): Promise<DownloaderJob | null> {
    return (await this.queuedInOrder({ excluding, now, limit: 1 }))[0] ?? null;
  }

  /** The earliest `retryAt` of a queued job (due or not; null: no queued job waits for a retry). */
  async nextRetryAt(): Promise<Date | null> {
    const rows = await this.em()
      .getConnection()
      .execute<{ at: unknown }[]>(
        `select min(retry_at) as at from downloader_jobs where status = 'queued' and retry_at is not null`,
      );
    return readDate(rows[0]?.at);
  }

  /** How many queued jobs start before this one (paused ones never start, so they do not count). */
  async queuedBefore(jobId: string): Promise<number> {
    const ids = (await this.queuedInOrder()).map((j) => j.id);
    return ids.indexOf(jobId) >= 0 ? ids.indexOf(jobId) : ids.length;
  }

  /** Queued jobs, and those of them paused on their own. */
  async queueCounts(): Promise<{ queued: number; paused: number }> {
    const sql = `select count(*) as queued, count(paused_at) as paused from downloader_jobs where status = 'queued'`;
    const [row] = await this.em().getConnection().execute<{ queued: number; paused: number }[]>(sql);
    return { queued: Number(row?.queued ?? 0), paused: Number(row?.paused ?? 0) };
  }

  async byStatus(statuses: JobStatus[]): Promise<DownloaderJob[]> {
    return this.em().find<DownloaderJob>(
      'DownloaderJob',
      { status: { $in: statuses } },
      { orderBy: { createdAt: 'asc' } },
    );
  }

  /** Video rows of queued and running jobs (for the activity snapshot and dedupe). */
  async activeVideoRows(): Promise<{ jobId: string; sourceId: string; state: JobVideoState }[]> {
    return this.em()
      .getConnection()
      .execute(
        `select v.job_id as "jobId", v.source_id as "sourceId", v.state as "state"
           from downloader_job_videos v join downloader_jobs j on j.id = v.job_id
          where j.status in ('queued', 'running') and v.state in ('queued', 'downloading', 'processing')`,
      );
  }

  async counts(jobIds: string[]): Promise<Map<string, JobCounts>> {
    const result = new Map<string, JobCounts>();
    if (jobIds.length === 0) return result;
    const rows = await this.em()
      .getConnection()
      .execute<{ job_id: string; state: JobVideoState; n: number }[]>(
        `select job_id, state, count(*) as n from downloader_job_videos where job_id in (${jobIds.map(() => '?').join(',')}) group by job_id, state`,
        jobIds,
      );
    for (const id of jobIds)
      result.set(id, { total: 0, queued: 0, active: 0, completed: 0, failed: 0, skipped: 0, cancelled: 0 });
    for (const r of rows) {
      const c = result.get(r.job_id)!;
      const n = Number(r.n);
      c.total += n;
      if (r.state === 'queued') c.queued += n;
      else if (r.state === 'downloading' || r.state === 'processing') c.active += n;
      else if (r.state === 'completed') c.completed += n;
      else if (r.state === 'failed') c.failed += n;
      else if (r.state === 'skipped') c.skipped += n;
      else c.cancelled += n; // cancelled, interrupted
    }
    return result;
  }

  async list(
    page: number,
    pageSize: number,
    status?: JobStatus | 'active' | 'finished',
  ): Promise<{ jobs: DownloaderJob[]; total: number }> {
    const where =
      status === 'active'
        ? { status: { $in: ['queued', 'running'] } }
        : status === 'finished'
          ? { status: { $in: FINISHED } }
          : status
            ? { status }
            : {};
    const [jobs, total] = await this.em().findAndCount<DownloaderJob>('DownloaderJob', where as never, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { jobs, total };
  }

  async summaries(jobs: DownloaderJob[]): Promise<JobSummary[]> {
    const counts = await this.counts(jobs.map((j) => j.id));
    return jobs.map((j) => toSummary(j, counts.get(j.id)!));
  }

  /**
   * Removes finished jobs older than `days` and beyond the newest `max`; returns how many. Runs
   * after every job: it reads only the ids to remove (usually none), never the whole history.
   */
  async prune(days: number, max: number): Promise<number> {
    const em = this.em();
    const cutoff = new Date(Date.now() - days * 86_400_000);
    const finished = { status: { $in: FINISHED } };
    const old = await em.find<DownloaderJob>('DownloaderJob', { ...finished, createdAt: { $lt: cutoff } } as never, {
      fields: ['id'] as never,
    });
    const total = await em.count<DownloaderJob>('DownloaderJob', finished as never);
    const beyond =
      total > max
        ? await em.find<DownloaderJob>('DownloaderJob', finished as never, {
            fields: ['id'] as never,
            orderBy: { createdAt: 'desc' },
            limit: total - max,
            offset: max,
          })
        : [];
    const ids = [...new Set([...old, ...beyond].map((j) => j.id))];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await em.nativeDelete<DownloaderJobVideo>('DownloaderJobVideo', { jobId: { $in: chunk } });
      await em.nativeDelete<DownloaderJob>('DownloaderJob', { id: { $in: chunk } });
    }
    return ids.length;
  }
}

export function toSummary(j: DownloaderJob, counts: JobCounts): JobSummary {
  return {
    id: j.id,
    type: j.type,
    label: j.label,
    status: j.status,
    options: j.options ?? {},
    counts,
    message: j.message,
    errorCode: j.errorCode,
    requestedBy: j.requestedBy,
    createdAt: j.createdAt.toISOString(),
    startedAt: iso(j.startedAt),
    finishedAt: iso(j.finishedAt),
    retryAt: j.status === 'queued' ? iso(j.retryAt ?? null) : null,
    paused: (j.status === 'queued' || j.status === 'running') && !!j.pausedAt,
    lane: j.lane ?? laneOf(j.type),
    queuedAt: (j.turnAt ?? j.createdAt).toISOString(),
    movedToFrontAt: iso(j.frontAt),
  };
}

/** A person's request (`manual`: the UI, an API key, the bookmarklet) or automatic work (the rest). */
export const laneOf = (type: string): JobLane => (type === 'manual' ? 'manual' : 'automatic');
