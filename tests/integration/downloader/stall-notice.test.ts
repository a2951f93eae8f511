import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { DownloadProgress, DownloadResponse, JobDetail } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { withPluginOptions } from '../../helpers/manifest.js';
import { until } from '../../helpers/server-api.js';

/**
 * A download that receives nothing says so (issue 16): after the stall notice (2 s here, 15 s
 * by default) the last speed and ETA give way to the seconds without data, and what yt-dlp does
 * meanwhile (its retries) is shown in words (unit tests in the downloader: `line-reader.test.ts`).
 */
const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('stall-notice');
const ids = { silent: fakeVideoId('stall-silent') };

beforeAll(async () => {
  const v = (id: string, title: string) => ({
    id,
    title,
    channelId,
    channel: 'Stall Channel',
    handle: '@stall',
    failure: 'stall' as const,
  });
  platform = await startFakePlatform({ videos: [v(ids.silent, 'Silent')] });
}, 120_000);
afterAll(() => platform?.close());

async function boot(config: Record<string, unknown>): Promise<DownloadApp> {
  return bootDownloader(h, platform, { ...withPluginOptions({ downloader: { stallNoticeSeconds: 2 } }), config });
}

/** Polls the job until its only video's progress matches `test`. */
function progressWhere(app: DownloadApp, jobId: string, test: (p: DownloadProgress) => boolean, what: string) {
  return until(
    async () => {
      const job = (await app.t.app.inject({ url: `/api/jobs/${jobId}`, headers: app.headers })).json<JobDetail>();
      const p = job.videos[0]?.progress;
      return p && test(p) ? p : undefined;
    },
    what,
    30_000,
  );
}

describe('a download that receives nothing', () => {
  it('drops the stale speed and ETA and counts the seconds without data', async () => {
    const app = await boot({ downloadSocketTimeoutSeconds: 120 });
    const r = (await queueDownload(app, { url: watchUrl(ids.silent) })).json<DownloadResponse>();
    const moving = await progressWhere(app, r.jobId!, (p) => p.downloadedBytes > 0, 'the first bytes');
    expect(moving.stalledSeconds ?? null).toBeNull();
    const stalled = await progressWhere(app, r.jobId!, (p) => (p.stalledSeconds ?? 0) >= 2, 'the stall notice');
    expect(stalled).toMatchObject({ speedBytesPerSecond: null, etaSeconds: null });
    expect(stalled.percent).toBeGreaterThan(0);
    expect(stalled.percent).toBeLessThan(100);
    const later = await progressWhere(
      app,
      r.jobId!,
      (p) => (p.stalledSeconds ?? 0) > stalled.stalledSeconds!,
      'the stall notice counting on',
    );
    expect(later.speedBytesPerSecond).toBeNull();
    await app.t.app.inject({ method: 'POST', url: `/api/jobs/${r.jobId}/cancel`, headers: app.headers });
    platform.releaseStalls();
    await waitForJob(app, r.jobId!);
  }, 90_000);
});
