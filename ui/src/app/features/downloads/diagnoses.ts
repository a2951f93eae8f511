import type { AutoRetry, Diagnosis, JobDetail } from './api-types';

/** Where the fixes that advise cookies send the user (Settings → Cookies). */
export const COOKIES_LINK = { path: '/settings', fragment: 'cookies' } as const;

/** Whether a fix tells the user to upload (or upload again) cookies: it then links the Cookies card. */
export function advisesCookies(fix: string): boolean {
  return /Settings → Cookies/.test(fix);
}

/** One explained failure of a job: which video, what happened, what to do. */
export interface ExplainedFailure {
  key: string;
  /** The video's title (or id); null for a failure of the whole job. */
  video: string | null;
  sourceId: string | null;
  kind: Diagnosis['kind'];
  cause: string;
  fix: string;
  detail: string | null;
  /** Skips (members-only, upcoming) are expected, not errors. */
  skipped: boolean;
  /** A passing failure an automatic retry got past: the video downloaded in the end. */
  recovered: boolean;
  /** What the automatic retries of this video did, in words (null when it was not retried). */
  retry: string | null;
}

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/**
 * An automatic retry record in words ("Tried 3 times with automatic retries, then gave up.").
 * `jobWaits`: whether its job still waits to run it (a job interrupted meanwhile does not).
 */
export function retryText(r: AutoRetry, jobWaits = true): string {
  switch (r.outcome) {
    case 'waiting':
      if (!jobWaits) return `Tried ${times(r.attempts)}; the retries stopped when the job ended.`;
      return `Tried ${times(r.attempts)}; downloading again automatically${r.nextAttemptAt ? ` at ${clock(r.nextAttemptAt)}` : ''} (attempt ${r.attempts + 1} of ${r.maxAttempts}).`;
    case 'succeeded':
      return `Downloaded on attempt ${r.attempts} of ${r.maxAttempts}, after this passing failure.`;
    case 'failed':
      return r.attempts >= r.maxAttempts && (r.kind === 'http_403' || r.kind === 'network')
        ? `Tried ${times(r.attempts)} with automatic retries, then gave up.`
        : `Tried ${times(r.attempts)}; the last attempt failed for a reason a retry cannot fix.`;
    case 'cancelled':
      return `Tried ${times(r.attempts)}; the retries stopped when the job was cancelled.`;
  }
}

/**
 * Every diagnosis of a job, once: the videos' own diagnoses first (with their titles), then
 * those of the job's `auxData` that no video carries (for example a missing yt-dlp).
 */
export function explainFailures(
  job: Pick<JobDetail, 'videos' | 'auxData'> & { status?: JobDetail['status'] },
): ExplainedFailure[] {
  const out: ExplainedFailure[] = [];
  const seen = new Set<string>();
  const titles = new Map(job.videos.map((v) => [v.sourceId, v.title ?? v.sourceId]));
  const completed = new Set(job.videos.filter((v) => v.state === 'completed').map((v) => v.sourceId));
  const retries = new Map((job.auxData?.autoRetries ?? []).map((r) => [r.sourceId, r]));
  const add = (d: Diagnosis, sourceId: string | null, skipped: boolean) => {
    const key = `${sourceId ?? ''}|${d.kind}|${d.cause}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      key,
      video: sourceId ? (titles.get(sourceId) ?? sourceId) : null,
      sourceId,
      kind: d.kind,
      cause: d.cause,
      fix: d.fix,
      detail: d.detail,
      skipped,
      recovered: sourceId !== null && completed.has(sourceId),
      retry:
        sourceId && retries.has(sourceId)
          ? retryText(retries.get(sourceId)!, job.status === undefined || job.status === 'queued')
          : null,
    });
  };
  for (const v of job.videos) {
    if (v.diagnosis && v.state !== 'completed') add(v.diagnosis, v.sourceId, v.state === 'skipped');
  }
  for (const d of job.auxData?.diagnoses ?? []) {
    const v = d.sourceId ? job.videos.find((x) => x.sourceId === d.sourceId) : undefined;
    add(d, d.sourceId, v?.state === 'skipped');
  }
  return out;
}

/** Whether a finished job has anything to explain. */
export function hasProblems(job: {
  status: string;
  counts: { failed: number; skipped: number; cancelled: number };
}): boolean {
  return job.status !== 'completed' || job.counts.failed > 0 || job.counts.skipped > 0 || job.counts.cancelled > 0;
}
