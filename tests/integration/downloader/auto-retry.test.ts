/**
 * Automatic retries of passing failures, with the real yt-dlp against the fake platform: a video
 * whose media answers 403 the first time is downloaded on the retry, a private video is not tried
 * again, what completed is not downloaded twice, and a job waiting for its retry survives a restart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, JobDetail } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('retry-channel');
const ids = {
  flaky: fakeVideoId('retry-flaky'),
  private: fakeVideoId('retry-private'),
  steady: fakeVideoId('retry-steady'),
  blocked: fakeVideoId('retry-blocked'),
  restart: fakeVideoId('retry-restart'),
};
const video = (id: string, title: string) => ({ id, title, channelId, channel: 'Retry Channel', handle: '@retry' });

beforeAll(async () => {
  platform = await startFakePlatform({
    videos: [
      video(ids.flaky, 'Flaky Media'),
      { ...video(ids.private, 'Private One'), failure: 'private' as const },
      video(ids.steady, 'Steady One'),
      { ...video(ids.blocked, 'Always Forbidden'), failure: 'http-403' as const },
      video(ids.restart, 'Waits Over A Restart'),
    ],
  });
}, 120_000);
afterAll(() => platform?.close());

const RETRIES = { downloadAutoRetryCount: 2, downloadAutoRetryDelaySeconds: 0.3 };

/** Polls a job until it waits for an automatic retry (queued, with a `retryAt`). */
async function waitingForRetry(app: DownloadApp, jobId: string): Promise<JobDetail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = (await app.t.app.inject({ url: `/api/jobs/${jobId}`, headers: app.headers })).json<JobDetail>();
    if (job.status === 'queued' && job.retryAt) return job;
    if (Date.now() > deadline) throw new Error(`job never waited for a retry: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const watchRequests = (id: string) => platform.requests.filter((r) => r.path.startsWith(`/api/watch/${id}`)).length;

describe('automatic retries', () => {
  it('downloads a video again after a 403 on its media, never retries a private one, and keeps what completed', async () => {
    platform.setMediaFailures(ids.flaky, { status: 403, times: 1 });
    const app = await bootDownloader(h, platform, { config: { ...RETRIES, downloadAutoRetryDelaySeconds: 1 } });
    const res = await queueDownload(app, { urls: [ids.steady, ids.flaky, ids.private].map(watchUrl) });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<DownloadResponse>().jobId!;

    // After the first run the job waits for its retry: the 403 video is queued again (with why),
    // the private one failed for good, the steady one is done.
    const waiting = await waitingForRetry(app, jobId);
    expect(waiting.message).toMatch(
      /^1 downloaded, 1 failed\. Trying 1 video again automatically \(attempt 2 of 3\): The platform refused/,
    );
    const before = Object.fromEntries(waiting.videos.map((v) => [v.sourceId, v]));
    expect(before[ids.steady]?.state).toBe('completed');
    expect(before[ids.flaky]).toMatchObject({
      state: 'queued',
      diagnosis: expect.objectContaining({ kind: 'http_403' }),
    });
    expect(before[ids.private]?.state).toBe('failed');
    expect(waiting.auxData?.autoRetries).toEqual([
      expect.objectContaining({ sourceId: ids.flaky, attempts: 1, outcome: 'waiting', nextAttemptAt: waiting.retryAt }),
    ]);
    const steadyRequests = platform.mediaRequests(ids.steady);

    const job = await waitForJob(app, jobId);
    expect(job.status).toBe('completed_with_errors');
    const state = Object.fromEntries(job.videos.map((v) => [v.sourceId, v]));
    expect(state[ids.steady]?.state).toBe('completed');
    expect(state[ids.flaky]?.state).toBe('completed');
    expect(state[ids.flaky]?.diagnosis).toBeNull();
    expect(state[ids.private]?.state).toBe('failed');
    expect(state[ids.private]?.diagnosis?.kind).toBe('private');

    // The record of the retry: two attempts, the first refused with a 403.
    expect(job.auxData?.autoRetries).toEqual([
      expect.objectContaining({
        sourceId: ids.flaky,
        kind: 'http_403',
        attempts: 2,
        maxAttempts: 3,
        outcome: 'succeeded',
      }),
    ]);
    expect(job.auxData?.failedVideos.map((f) => f.sourceId)).toEqual([ids.private]);
    expect(job.retryAt).toBeNull();
    // The private video was asked for once; the completed one was not downloaded again.
    expect(watchRequests(ids.private)).toBe(1);
    expect(platform.mediaRequests(ids.steady)).toBe(steadyRequests);
    const library = (await app.t.app.inject({ url: '/api/videos', headers: app.headers })).json<{ total: number }>();
    expect(library.total).toBe(2);
  }, 90_000);

  it('gives up after 1 + downloadAutoRetryCount attempts with the attempts in the job', async () => {
    const app = await bootDownloader(h, platform, { config: RETRIES });
    const before = platform.mediaRequests(ids.blocked);
    const res = await queueDownload(app, { url: watchUrl(ids.blocked) });
    const job = await waitForJob(app, res.json<DownloadResponse>().jobId!, undefined, 60_000);
    expect(job.status).toBe('failed');
    expect(job.videos[0]?.diagnosis?.kind).toBe('http_403');
    expect(job.auxData?.autoRetries).toEqual([
      expect.objectContaining({
        sourceId: ids.blocked,
        attempts: 3,
        maxAttempts: 3,
        outcome: 'failed',
        nextAttemptAt: null,
      }),
    ]);
    expect(job.auxData?.failedVideos).toEqual([expect.objectContaining({ sourceId: ids.blocked, kind: 'http_403' })]);
    // Three download attempts, each stopped by the first refused media request.
    expect(platform.mediaRequests(ids.blocked) - before).toBe(3);
  }, 90_000);

  it('a job waiting for its retry is still there after a restart and downloads then', async () => {
    platform.setMediaFailures(ids.restart, { status: 500, times: 1 });
    const app = await bootDownloader(h, platform, {
      config: { downloadAutoRetryCount: 1, downloadAutoRetryDelaySeconds: 3 },
    });
    const res = await queueDownload(app, { url: watchUrl(ids.restart) });
    const jobId = res.json<DownloadResponse>().jobId!;
    const detail = await waitingForRetry(app, jobId);
    expect(detail.auxData?.autoRetries?.[0]).toMatchObject({ kind: 'network', outcome: 'waiting', attempts: 1 });

    const again = await h.restart(app.t, { env: platform.env });
    const job = await waitForJob({ ...app, t: again }, jobId, undefined, 30_000);
    expect(job.status).toBe('completed');
    expect(job.auxData?.autoRetries?.[0]).toMatchObject({ attempts: 2, outcome: 'succeeded' });
    // It waited out the back-off (3 s after the failure), restart or not.
    const failedAt = Date.parse(detail.auxData!.autoRetries![0]!.lastFailedAt);
    expect(Date.parse(job.videos[0]!.startedAt!)).toBeGreaterThanOrEqual(failedAt + 2900);
  }, 90_000);
});
