import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, JobDetail } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl } from '../../helpers/downloads.js';
import { call } from '../channels/helpers.js';
import { freeBytes, MIB, outputDir, present, runNow, seed } from './helpers.js';

/**
 * Spec 8 and retention together: a minimum-free-space limit pauses downloads (a queued job waits,
 * the download endpoint answers 409); automatic removal frees space through the downloader, and the
 * queue re-checks at once, so the waiting job starts and downloads are accepted again without a
 * restart and long before the queue's own once-a-minute re-check.
 */
const h = new TestHarness();
afterEach(() => h.closeAll());

const channelId = fakeChannelId('pause-channel');
const ids = {
  stall: fakeVideoId('pause-stall'),
  waiting: fakeVideoId('pause-waiting'),
  later: fakeVideoId('pause-later'),
};
let platform: FakePlatform;

beforeAll(async () => {
  const c = { channelId, channel: 'Pause Channel', handle: '@pause' };
  platform = await startFakePlatform({
    videos: [
      { ...c, id: ids.stall, title: 'Stalling', failure: 'stall' },
      { ...c, id: ids.waiting, title: 'Waiting' },
      { ...c, id: ids.later, title: 'Later' },
    ],
  });
}, 60_000);
afterAll(async () => {
  platform?.releaseStalls();
  await platform?.close();
});

describe('a storage pause and retention', () => {
  it('lifts the pause as soon as retention frees the space: the queued job starts and downloads are accepted again', async () => {
    const app = await bootDownloader(h, platform, { config: { downloadSocketTimeoutSeconds: 120 } });
    // Three old videos of 16 MiB on the real disk.
    const old = [3, 2, 1].map((n) => ({ sourceId: fakeVideoId(`pause-old${n}`), daysAgo: 100 + n, bytes: 16 * MIB }));
    await seed(app, old);

    // A job holds the only download slot, another waits behind it.
    const blocking = (await queueDownload(app, { url: watchUrl(ids.stall) })).json<DownloadResponse>();
    const waiting = (await queueDownload(app, { url: watchUrl(ids.waiting) })).json<DownloadResponse>();
    expect(waiting.queued).toBe(1);

    // The limit: 24 MiB more free space than there is now (two old videos' worth, with margin).
    const limitMb = Math.ceil((freeBytes(outputDir(app)) + 24 * MIB) / MIB);
    const limit = await call(app, 'PATCH', '/api/config', { storageMinFreeGb: (limitMb * MIB) / 1024 ** 3 });
    expect(limit.status).toBe(200);
    const refused = await queueDownload(app, { url: watchUrl(ids.later) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toMatch(/^Downloads are paused: only .* free/);

    // The slot frees up, but the queue is paused: the waiting job stays queued.
    await call(app, 'POST', `/api/jobs/${blocking.jobId}/cancel`);
    await new Promise((r) => setTimeout(r, 1500));
    const stillQueued = await call<JobDetail>(app, 'GET', `/api/jobs/${waiting.jobId}`);
    expect(stillQueued.body.status).toBe('queued');
    expect((await call(app, 'GET', '/api/downloader/storage')).body).toMatchObject({ paused: true });

    // Retention keeps the same free space: it removes the two oldest videos.
    const pausedAt = Date.now();
    const result = await runNow(app, { autoRemovalFreeSpaceThreshold: `${limitMb}MB` });
    expect(result).toMatchObject({ success: true, deletedBySpace: 2 });
    expect(await present(app)).toEqual([old[2]!.sourceId]);
    expect((await call(app, 'GET', '/api/downloader/storage')).body).toMatchObject({ paused: false });

    // The waiting job starts at once (not at the next minute's re-check) and completes.
    const done = await waitForJob(app, waiting.jobId!, ['completed', 'failed'], 20_000);
    expect(done.status).toBe('completed');
    expect(Date.now() - pausedAt).toBeLessThan(20_000);
    const accepted = await queueDownload(app, { url: watchUrl(ids.later) });
    expect(accepted.statusCode).toBe(200);
    await waitForJob(app, accepted.json<DownloadResponse>().jobId!, ['completed']);
  }, 120_000);
});
