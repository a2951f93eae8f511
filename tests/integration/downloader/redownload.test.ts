import { existsSync, statSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, JobDetail, Video } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';

/** What a new user tripped over (issue 16): partial batches and silent re-downloads. */
const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('redownload');
const ids = { a: fakeVideoId('re-a'), b: fakeVideoId('re-b'), c: fakeVideoId('re-c') };
const PLAYLIST = 'https://www.youtube.com/playlist?list=PLredownload00000001';

beforeAll(async () => {
  const v = (id: string, title: string) => ({
    id,
    title,
    channelId,
    channel: 'Redownload Channel',
    handle: '@redownload',
    heights: [360, 720],
  });
  platform = await startFakePlatform({ videos: [v(ids.a, 'Alpha'), v(ids.b, 'Beta'), v(ids.c, 'Gamma')] });
}, 120_000);
afterAll(() => platform?.close());

async function download(app: DownloadApp, payload: Record<string, unknown>): Promise<DownloadResponse> {
  const res = await queueDownload(app, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DownloadResponse>();
}
const video = async (app: DownloadApp, id: string) =>
  (await app.t.app.inject({ url: `/api/videos/${id}`, headers: app.headers })).json<Video>();

describe('a pasted batch with bad lines', () => {
  it('queues the video lines and lists every other line with its reason; nothing valid is a 400 naming the lines', async () => {
    const app = await bootDownloader(h, platform);
    const r = await download(app, { urls: [watchUrl(ids.b), 'not a url at all', PLAYLIST, watchUrl(ids.c)] });
    expect(r.queued).toBe(2);
    expect(r.acceptedIds).toEqual([ids.b, ids.c]);
    expect(r.rejected).toEqual([
      { line: 2, input: 'not a url at all', reason: 'not a valid URL' },
      {
        line: 3,
        input: PLAYLIST,
        reason: 'a playlist URL, not a single video: follow the playlist on the Playlists page',
      },
    ]);
    expect(r.message).toBe('Queued 2 of 4 lines; 2 not a video URL');
    expect((await waitForJob(app, r.jobId!)).status).toBe('completed');

    const none = await queueDownload(app, { urls: ['nope nope', PLAYLIST] });
    expect(none.statusCode).toBe(400);
    expect(none.json().details.map((d: { path: string }) => d.path)).toEqual(['/urls/0', '/urls/1']);
  }, 120_000);
});

describe('a video that is already in the library', () => {
  it('is skipped with its resolution and date unless asked again, and a lower resolution never replaces the better file unless allowed', async () => {
    const app = await bootDownloader(h, platform);
    const first = await download(app, { url: watchUrl(ids.a), resolution: '720' });
    expect((await waitForJob(app, first.jobId!)).status).toBe('completed');
    const kept = await video(app, ids.a);
    expect(kept.video_resolution).toBe('1280x720');
    const keptSize = statSync(kept.filePath!).size;

    // Asked again: not downloaded, and told why in words.
    const again = await download(app, { url: watchUrl(ids.a) });
    expect(again).toMatchObject({ queued: 0, jobId: null, acceptedIds: [] });
    expect(again.alreadyDownloaded).toEqual([
      { sourceId: ids.a, title: 'Alpha', video_resolution: '1280x720', downloadedAt: kept.downloadedAt },
    ]);
    expect(again.message).toBe(
      `"Alpha" is already downloaded (720p, ${kept.downloadedAt.slice(0, 10)}); it was not downloaded again`,
    );
    // A script with an API key is told what to send; the web UI offers its Download again button instead.
    const { key } = await createApiKey(app.t, app.token);
    const byKey = await app.t.app.inject({
      method: 'POST',
      url: '/api/videos/download',
      headers: { 'x-api-key': key },
      payload: { url: watchUrl(ids.a) },
    });
    expect(byKey.json<DownloadResponse>().message).toBe(
      `"Alpha" is already downloaded (720p, ${kept.downloadedAt.slice(0, 10)}); it was not downloaded again (send allowRedownload to download it again)`,
    );

    // Asked again at 360p: downloaded, but the 720p file stays.
    const lower = await download(app, { url: watchUrl(ids.a), resolution: '360', allowRedownload: true });
    expect(lower.queued).toBe(1);
    const job: JobDetail = await waitForJob(app, lower.jobId!);
    expect(job.videos[0]).toMatchObject({ state: 'skipped', diagnosis: { kind: 'kept_better_file' } });
    expect(job.videos[0]!.diagnosis!.detail).toBe('library file 1280x720, new download 640x360');
    const still = await video(app, ids.a);
    expect(still.video_resolution).toBe('1280x720');
    expect(existsSync(still.filePath!)).toBe(true);
    expect(statSync(still.filePath!).size).toBe(keptSize);

    // With the explicit choice the 360p file replaces it.
    const replace = await download(app, {
      url: watchUrl(ids.a),
      resolution: '360',
      allowRedownload: true,
      allowLowerResolution: true,
    });
    expect((await waitForJob(app, replace.jobId!)).status).toBe('completed');
    expect((await video(app, ids.a)).video_resolution).toBe('640x360');
  }, 180_000);
});
