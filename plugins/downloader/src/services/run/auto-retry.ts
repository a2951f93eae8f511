import type { AutoRetry, Diagnosis, DownloaderConfigSection, JobVideoState } from '@vidkeep/contracts';
import { isTransient } from '../../ytdlp/failures.js';

/** How many times and how soon a video that failed for a passing reason is tried again. */
export interface RetryPolicy {
  /** Automatic retries after the first attempt (`downloadAutoRetryCount`). */
  retries: number;
  /** Wait before the first retry; each further one waits twice as long as the one before. */
  baseDelayMs: number;
}

export const retryPolicyOf = (
  c: Pick<DownloaderConfigSection, 'downloadAutoRetryCount' | 'downloadAutoRetryDelaySeconds'>,
): RetryPolicy => ({
  retries: c.downloadAutoRetryCount,
  baseDelayMs: Math.round(c.downloadAutoRetryDelaySeconds * 1000),
});

/** The back-off before attempt `attempts + 1`: base, then twice that, four times, ... */
export const backoffMs = (policy: RetryPolicy, attempts: number): number =>
  policy.baseDelayMs * 2 ** Math.max(0, attempts - 1);

export interface RetryInput {
  /** Every video of the job as its run left it. */
  videos: readonly { sourceId: string; state: JobVideoState; diagnosis: Diagnosis | null }[];
  /** The job's records so far (`auxData.autoRetries`). */
  previous: readonly AutoRetry[];
  policy: RetryPolicy;
  /** The run was stopped on purpose: nothing is retried (`cancelled` closes waiting records). */
  stopped: 'cancelled' | 'other' | null;
  now: Date;
}

export interface RetryPlan {
  /** Videos to download again, at `retryAt`. */
  retry: string[];
  retryAt: Date | null;
  /** The job's records after this run (one per video ever retried or waiting). */
  records: AutoRetry[];
}

/**
 * Decides, after a run of a job, which failed videos are downloaded again and when. A video
 * failing for a passing reason (`isTransient`: a 403 on its media, a server error, a dropped
 * connection) is retried until it has been tried `1 + retries` times, with a doubling back-off;
 * a permanent failure is never retried. Videos that completed in an earlier run are not touched
 * (they are no longer queued). A record per retried video says how it went.
 */
export function planRetries(input: RetryInput): RetryPlan {
  const byId = new Map(input.previous.map((r) => [r.sourceId, r]));
  const retry: string[] = [];
  let retryAt: Date | null = null;
  const iso = input.now.toISOString();
  for (const v of input.videos) {
    const prev = byId.get(v.sourceId);
    // Only a video that was waiting ran again in this run; settled records stay as they are.
    if (prev && prev.outcome !== 'waiting') continue;
    const attempts = prev ? prev.attempts + 1 : 1;
    const maxAttempts = prev?.maxAttempts ?? 1 + input.policy.retries;
    if (input.stopped !== null) {
      // A shutdown queues the video again (still waiting); otherwise its retry is over.
      if (prev && v.state !== 'queued')
        byId.set(v.sourceId, {
          ...prev,
          attempts,
          nextAttemptAt: null,
          outcome: v.state === 'completed' ? 'succeeded' : v.state === 'cancelled' ? 'cancelled' : 'failed',
        });
      continue;
    }
    const d = v.diagnosis;
    if (v.state === 'failed' && d && isTransient(d)) {
      const base = { sourceId: v.sourceId, kind: d.kind, attempts, maxAttempts, lastError: d.cause, detail: d.detail };
      if (attempts < maxAttempts) {
        const at = new Date(input.now.getTime() + backoffMs(input.policy, attempts));
        retry.push(v.sourceId);
        if (retryAt === null || at < retryAt) retryAt = at;
        byId.set(v.sourceId, { ...base, lastFailedAt: iso, nextAttemptAt: at.toISOString(), outcome: 'waiting' });
      } else if (attempts > 1) {
        byId.set(v.sourceId, { ...base, lastFailedAt: iso, nextAttemptAt: null, outcome: 'failed' });
      }
      continue;
    }
    if (!prev) continue;
    if (v.state === 'completed') byId.set(v.sourceId, { ...prev, attempts, nextAttemptAt: null, outcome: 'succeeded' });
    else
      byId.set(v.sourceId, {
        ...prev,
        attempts,
        nextAttemptAt: null,
        outcome: v.state === 'cancelled' ? 'cancelled' : 'failed',
        ...(v.state === 'failed' && d ? { kind: d.kind, lastError: d.cause, detail: d.detail, lastFailedAt: iso } : {}),
      });
  }
  return { retry, retryAt, records: [...byId.values()] };
}
