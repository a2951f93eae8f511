import { describe, expect, it } from 'vitest';
import type { Diagnosis, JobVideoState } from '@vidkeep/contracts';
import { diagnose, toDiagnosis } from '../../ytdlp/failures.js';
import { backoffMs, planRetries, retryPolicyOf, type RetryInput } from './auto-retry.js';

const now = new Date('2026-01-01T12:00:00.000Z');
const policy = retryPolicyOf({ downloadAutoRetryCount: 2, downloadAutoRetryDelaySeconds: 30 });
const forbidden = toDiagnosis(
  diagnose('http_403', { detail: 'ERROR: unable to download video data: HTTP Error 403: Forbidden' }),
);
const privateVideo = toDiagnosis(diagnose('private', { detail: 'ERROR: [youtube] abc: Private video' }));
const video = (sourceId: string, state: JobVideoState, diagnosis: Diagnosis | null = null) => ({
  sourceId,
  state,
  diagnosis,
});
const plan = (over: Partial<RetryInput>) =>
  planRetries({ videos: [], previous: [], policy, stopped: null, now, ...over });

describe('planRetries', () => {
  it('retries a 403 on the media after the base delay and leaves a private video failed', () => {
    const p = plan({
      videos: [video('a', 'failed', forbidden), video('b', 'failed', privateVideo), video('c', 'completed')],
    });
    expect(p.retry).toEqual(['a']);
    expect(p.retryAt?.toISOString()).toBe('2026-01-01T12:00:30.000Z');
    expect(p.records).toEqual([
      expect.objectContaining({ sourceId: 'a', attempts: 1, maxAttempts: 3, outcome: 'waiting', kind: 'http_403' }),
    ]);
  });

  it('doubles the wait, then gives up after 1 + downloadAutoRetryCount attempts', () => {
    const first = plan({ videos: [video('a', 'failed', forbidden)] });
    const second = plan({ videos: [video('a', 'failed', forbidden)], previous: first.records });
    expect(second.retry).toEqual(['a']);
    expect(second.retryAt?.toISOString()).toBe('2026-01-01T12:01:00.000Z');
    expect(second.records[0]).toMatchObject({ attempts: 2, outcome: 'waiting' });
    const third = plan({ videos: [video('a', 'failed', forbidden)], previous: second.records });
    expect(third.retry).toEqual([]);
    expect(third.retryAt).toBeNull();
    expect(third.records[0]).toMatchObject({ attempts: 3, maxAttempts: 3, outcome: 'failed', nextAttemptAt: null });
  });

  it('records a retry that downloaded the video, and one that then failed for good', () => {
    const first = plan({ videos: [video('a', 'failed', forbidden), video('b', 'failed', forbidden)] });
    const next = plan({
      videos: [video('a', 'completed'), video('b', 'failed', privateVideo)],
      previous: first.records,
    });
    expect(next.retry).toEqual([]);
    expect(next.records).toEqual([
      expect.objectContaining({ sourceId: 'a', attempts: 2, outcome: 'succeeded', nextAttemptAt: null }),
      expect.objectContaining({ sourceId: 'b', attempts: 2, outcome: 'failed', kind: 'private' }),
    ]);
  });

  it('retries nothing when the run was stopped, and a cancel closes what waited', () => {
    const first = plan({ videos: [video('a', 'failed', forbidden)] });
    const shutdown = plan({ videos: [video('a', 'queued')], previous: first.records, stopped: 'other' });
    expect(shutdown.retry).toEqual([]);
    expect(shutdown.records[0]?.outcome).toBe('waiting');
    const cancelled = plan({ videos: [video('a', 'cancelled')], previous: first.records, stopped: 'cancelled' });
    expect(cancelled.records[0]).toMatchObject({ outcome: 'cancelled', nextAttemptAt: null });
  });

  it('never retries with downloadAutoRetryCount 0, and a 403 on the page is permanent', () => {
    const none = retryPolicyOf({ downloadAutoRetryCount: 0, downloadAutoRetryDelaySeconds: 30 });
    expect(plan({ videos: [video('a', 'failed', forbidden)], policy: none }).retry).toEqual([]);
    const page = toDiagnosis(
      diagnose('http_403', { detail: 'ERROR: [youtube] abc: Unable to download webpage: HTTP Error 403: Forbidden' }),
    );
    expect(plan({ videos: [video('a', 'failed', page)] }).retry).toEqual([]);
    const network = toDiagnosis(diagnose('network', { detail: 'Connection reset by peer' }));
    expect(plan({ videos: [video('a', 'failed', network)] }).retry).toEqual(['a']);
  });

  it('backs off 30 s, 60 s, 120 s', () => {
    expect([1, 2, 3].map((n) => backoffMs(policy, n))).toEqual([30_000, 60_000, 120_000]);
  });
});
