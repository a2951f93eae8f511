import type { Diagnosis, JobDetail } from './api-types';

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
}

/**
 * Every diagnosis of a job, once: the videos' own diagnoses first (with their titles), then
 * those of the job's `auxData` that no video carries (for example a missing yt-dlp).
 */
export function explainFailures(job: Pick<JobDetail, 'videos' | 'auxData'>): ExplainedFailure[] {
  const out: ExplainedFailure[] = [];
  const seen = new Set<string>();
  const titles = new Map(job.videos.map((v) => [v.sourceId, v.title ?? v.sourceId]));
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
