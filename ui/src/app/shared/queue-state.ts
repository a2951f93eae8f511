import type { JobDetail, JobStatus, JobSummary, JobVideo, LiveMessage } from '@vidkeep/contracts';
import { formatBytes, formatEta, formatPercent, formatSpeed } from './format';

export const isActiveStatus = (status: JobStatus | string): boolean => status === 'queued' || status === 'running';

/**
 * Queue order: running jobs, then queued ones in the order the server starts them (jobs moved to
 * the front, the latest moved first; then what people asked for before automatic work; each
 * in the order they joined the queue, so an automatic job that gave its turn to another channel's
 * is behind it), then the jobs that just finished (newest first), which stay a moment so their
 * outcome is seen.
 */
export function sortQueue(jobs: readonly JobDetail[]): JobDetail[] {
  const rank = (j: JobDetail) => (j.status === 'running' ? 0 : j.status === 'queued' ? 1 : 2);
  return [...jobs].sort((a, b) => {
    const r = rank(a) - rank(b);
    if (r !== 0) return r;
    if (rank(a) === 2) return (b.finishedAt ?? '').localeCompare(a.finishedAt ?? '');
    if (rank(a) === 1) {
      const front = compareFront(a.movedToFrontAt, b.movedToFrontAt);
      if (front !== 0) return front;
      const lane = (a.lane === 'automatic' ? 1 : 0) - (b.lane === 'automatic' ? 1 : 0);
      if (lane !== 0) return lane;
      // In the order they joined the queue: a job that gave its turn away joined again then.
      return (a.queuedAt ?? a.createdAt).localeCompare(b.queuedAt ?? b.createdAt);
    }
    return a.createdAt.localeCompare(b.createdAt);
  });
}

/** Moved to the front: the latest first, and any before none. */
function compareFront(a: string | null | undefined, b: string | null | undefined): number {
  if (a && b) return b.localeCompare(a);
  return (a ? 0 : 1) - (b ? 0 : 1);
}

/** Applies a `jobProgress` message. `known` is false when the job or video is not in the list (refetch it). */
export function applyProgress(
  jobs: readonly JobDetail[],
  msg: LiveMessage<'jobProgress'>,
): { jobs: JobDetail[]; known: boolean } {
  let known = false;
  const next = jobs.map((job) => {
    if (job.id !== msg.jobId) return job;
    const videos = job.videos.map((v) => {
      if (v.sourceId !== msg.sourceId) return v;
      known = true;
      return {
        ...v,
        state: msg.state,
        progress: msg.progress ?? v.progress,
        diagnosis: msg.diagnosis ?? v.diagnosis,
      };
    });
    return known ? { ...job, videos } : job;
  });
  return { jobs: known ? next : [...jobs], known };
}

/**
 * Applies a `jobUpdated` summary to a known job (its videos stay). `unknown`: the job is not in
 * the list (fetch it); `finished`: the job is no longer queued or running.
 */
export function applySummary(
  jobs: readonly JobDetail[],
  summary: JobSummary,
): { jobs: JobDetail[]; unknown: boolean; finished: boolean } {
  const finished = !isActiveStatus(summary.status);
  const index = jobs.findIndex((j) => j.id === summary.id);
  if (index < 0) return { jobs: [...jobs], unknown: true, finished };
  const next = [...jobs];
  next[index] = { ...jobs[index]!, ...summary };
  return { jobs: sortQueue(next), unknown: false, finished };
}

/** Replaces (or adds) one job's detail, in queue order. */
export function upsertDetail(jobs: readonly JobDetail[], detail: JobDetail): JobDetail[] {
  return sortQueue([...jobs.filter((j) => j.id !== detail.id), detail]);
}

/** What a queue row's progress bar shows. */
export interface VideoProgressView {
  percent: number;
  mode: 'determinate' | 'indeterminate';
  /** Short words for the stage: "downloading video", "merging", "waiting". */
  stage: string;
}

export function progressView(video: Pick<JobVideo, 'state' | 'progress'>): VideoProgressView {
  const p = video.progress;
  const percent = Math.min(100, Math.max(0, p?.percent ?? 0));
  switch (video.state) {
    case 'queued':
      return { percent: 0, mode: 'determinate', stage: 'waiting' };
    case 'processing':
      return {
        percent: 100,
        mode: 'indeterminate',
        stage: p?.stage && p.stage !== 'video' && p.stage !== 'audio' ? p.stage : 'processing',
      };
    case 'completed':
      return { percent: 100, mode: 'determinate', stage: 'done' };
    case 'downloading': {
      if (!p) return { percent: 0, mode: 'determinate', stage: 'starting' };
      const finishing = p.stage === 'merging' || p.stage === 'processing';
      return {
        percent,
        mode: finishing ? 'indeterminate' : 'determinate',
        stage: finishing ? p.stage : `downloading ${p.stage}`,
      };
    }
    default:
      return { percent, mode: 'determinate', stage: video.state };
  }
}

/** The numbers beside a downloading video: "42.3 % · 12 MB of 30 MB · 1.5 MB/s · 12 s left". */
export function progressText(video: Pick<JobVideo, 'state' | 'progress'>): string {
  const p = video.progress;
  if (!p || video.state !== 'downloading' || p.stage === 'merging' || p.stage === 'processing') return '';
  const parts = [formatPercent(p.percent)];
  const done = formatBytes(p.downloadedBytes);
  const total = formatBytes(p.totalBytes);
  if (done && total) parts.push(`${done} of ${total}`);
  else if (done && p.downloadedBytes > 0) parts.push(done);
  const speed = formatSpeed(p.speedBytesPerSecond);
  if (speed) parts.push(speed);
  const eta = formatEta(p.etaSeconds);
  if (eta) parts.push(`${eta} left`);
  // Nothing arrives: say so instead of a frozen speed and ETA, and what yt-dlp does meanwhile.
  if (p.stalledSeconds) parts.push(`no data for ${formatEta(p.stalledSeconds)}`);
  if (p.activity) parts.push(p.activity);
  return parts.join(' · ');
}
