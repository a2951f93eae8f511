import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, JobDetail, Video } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl } from '../../helpers/downloads.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('dl-channel');
const ids = {
  a: fakeVideoId('dl-a'),
  b: fakeVideoId('dl-b'),
  c: fakeVideoId('dl-c'),
  d: fakeVideoId('dl-d'),
  e: fakeVideoId('dl-e'),
  f: fakeVideoId('dl-f'),
  quick: fakeVideoId('dl-quick'),
  slow: fakeVideoId('dl-slow'),
  next: fakeVideoId('dl-next'),
};

const fixture = { channelId, channel: 'Fixture Channel', handle: '@fixture' };

beforeAll(async () => {
  platform = await startFakePlatform({
    videos: [
      {
        id: ids.a,
        title: 'First Clip',
        channelId,
        channel: 'Fixture Channel',
        handle: '@fixture',
        heights: [360, 720],
        tags: ['alpha', 'beta'],
      },
      {
        id: ids.b,
        title: 'Second Clip',
        channelId,
        channel: 'Fixture Channel',
        handle: '@fixture',
        heights: [360, 720],
      },
      {
        id: ids.c,
        title: 'Third Clip',
        channelId,
        channel: 'Fixture Channel',
        handle: '@fixture',
        heights: [360, 720],
      },
      { id: ids.d, title: 'Fourth Clip', channelId, channel: 'Fixture Channel', handle: '@fixture' },
      { id: ids.e, title: 'Fifth Clip', channelId, channel: 'Fixture Channel', handle: '@fixture' },
      { id: ids.f, title: 'Sixth Clip', channelId, channel: 'Fixture Channel', handle: '@fixture' },
      // About 3 s at 100 kB/s, and about 15 s at 20 kB/s.
      { ...fixture, id: ids.quick, title: 'Nearly Done', throttle: { bytes: 10_000, everyMs: 100 } },
      { ...fixture, id: ids.slow, title: 'Takes A While', throttle: { bytes: 2_000, everyMs: 100 } },
      { ...fixture, id: ids.next, title: 'Next In Line' },
    ],
  });
}, 120_000);
afterAll(() => platform?.close());

function probe(file: string): { width?: number; height?: number; codec_type: string }[] {
  const r = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  return (JSON.parse(r.stdout) as { streams: { width?: number; height?: number; codec_type: string }[] }).streams;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

describe('POST /api/videos/download with the real yt-dlp', () => {
  it('downloads one video at 720p into the channel folder with poster, NFO and probed resolution', async () => {
    const app = await bootDownloader(h, platform);
    const res = await queueDownload(app, { url: `https://youtu.be/${ids.a}`, resolution: '720' });
    expect(res.statusCode).toBe(200);
    const body = res.json<DownloadResponse>();
    expect(body).toMatchObject({ success: true, queued: 1, acceptedIds: [ids.a], alreadyActiveIds: [] });
    expect(body.video.title).toBe('First Clip');
    expect(body.video.duration).toBe(5);

    const job = await waitForJob(app, body.jobId!);
    expect(job.status).toBe('completed');
    expect(job.videos[0]).toMatchObject({ sourceId: ids.a, state: 'completed' });

    const video = (await app.t.app.inject({ url: `/api/videos/${ids.a}`, headers: app.headers })).json<Video>();
    expect(video.video_resolution).toBe('1280x720');
    const out = join(app.t.dir, 'data');
    const rel = relative(out, video.filePath!);
    expect(rel).toBe(
      `Fixture Channel/Fixture Channel - First Clip - ${ids.a}/Fixture Channel - First Clip [${ids.a}].mp4`,
    );
    const streams = probe(video.filePath!);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect(streams.some((s) => s.codec_type === 'audio')).toBe(true);
    const files = filesUnder(out);
    expect(files).toEqual(
      expect.arrayContaining([expect.stringMatching(/\[.{11}\]\.jpg$/), expect.stringMatching(/\[.{11}\]\.nfo$/)]),
    );
    // Nothing of the staging area is left behind.
    expect(files.filter((f) => f.startsWith('.vidkeep-staging') && !f.endsWith('/'))).toEqual([]);
  });

  it('downloads at 360p when asked', async () => {
    const app = await bootDownloader(h, platform);
    const body = (await queueDownload(app, { url: watchUrl(ids.b), resolution: '360' })).json<DownloadResponse>();
    const job = await waitForJob(app, body.jobId!);
    expect(job.status).toBe('completed');
    const video = (await app.t.app.inject({ url: `/api/videos/${ids.b}`, headers: app.headers })).json<Video>();
    expect(video.video_resolution).toBe('640x360');
  });

  it('downloads a video already in the library again when asked to, replacing it at a higher resolution', async () => {
    const app = await bootDownloader(h, platform);
    const first = (await queueDownload(app, { url: watchUrl(ids.c), resolution: '360' })).json<DownloadResponse>();
    expect((await waitForJob(app, first.jobId!)).status).toBe('completed');
    const again = (
      await queueDownload(app, { url: watchUrl(ids.c), resolution: '720', allowRedownload: true })
    ).json<DownloadResponse>();
    expect(again.queued).toBe(1);
    const job = await waitForJob(app, again.jobId!);
    expect(job.status, JSON.stringify(job.videos[0]?.diagnosis)).toBe('completed');
    const video = (await app.t.app.inject({ url: `/api/videos/${ids.c}`, headers: app.headers })).json<Video>();
    expect(video.video_resolution).toBe('1280x720');
    expect(video.jobId).toBe(again.jobId);
    expect(video.fileSize).toBe(statSync(video.filePath!).size);
    const list = (await app.t.app.inject({ url: '/api/videos', headers: app.headers })).json<{ total: number }>();
    expect(list.total).toBe(1);
  });

  it('asks the platform about a video once when the queue is idle: the response waits for the download to learn the title', async () => {
    const app = await bootDownloader(h, platform);
    const watchRequests = () => platform.requests.filter((r) => r.path === `/api/watch/${ids.d}`).length;
    const before = watchRequests();
    const body = (await queueDownload(app, { url: watchUrl(ids.d) })).json<DownloadResponse>();
    expect(body.video).toMatchObject({ title: 'Fourth Clip', duration: 5 });
    expect((await waitForJob(app, body.jobId!)).status).toBe('completed');
    expect(watchRequests() - before).toBe(1);
  });

  it('asks the platform once about a video queued behind a download about to end: the response waits for its own download', async () => {
    const app = await bootDownloader(h, platform);
    const watchRequests = () => platform.requests.filter((r) => r.path === `/api/watch/${ids.next}`).length;
    const before = watchRequests();
    await queueDownload(app, { url: watchUrl(ids.quick) });
    const body = (await queueDownload(app, { url: watchUrl(ids.next) })).json<DownloadResponse>();
    expect(body.video).toMatchObject({ title: 'Next In Line', duration: 5 });
    expect((await waitForJob(app, body.jobId!)).status).toBe('completed');
    expect(watchRequests() - before).toBe(1);
  });

  it('looks a video up at once when its job waits behind a long download', async () => {
    const app = await bootDownloader(h, platform);
    const watchRequests = () => platform.requests.filter((r) => r.path === `/api/watch/${ids.next}`).length;
    const before = watchRequests();
    const blocking = (await queueDownload(app, { url: watchUrl(ids.slow) })).json<DownloadResponse>();
    const body = (await queueDownload(app, { url: watchUrl(ids.next) })).json<DownloadResponse>();
    expect(body.video).toMatchObject({ title: 'Next In Line', duration: 5 });
    const job = (await app.t.app.inject({ url: `/api/jobs/${body.jobId}`, headers: app.headers })).json<JobDetail>();
    expect(job.status).toBe('queued');
    expect(watchRequests() - before).toBe(1);
    for (const id of [blocking.jobId, body.jobId])
      await app.t.app.inject({ method: 'POST', url: `/api/jobs/${id}/cancel`, headers: app.headers });
  });

  it('answers a batch at once and fills in each title from the download', async () => {
    const app = await bootDownloader(h, platform);
    const res = await queueDownload(app, { urls: [watchUrl(ids.e), watchUrl(ids.f)] });
    const body = res.json<DownloadResponse>();
    expect(body.queued).toBe(2);
    expect(body.videos.map((v) => v.sourceId)).toEqual([ids.e, ids.f]);
    const job = await waitForJob(app, body.jobId!);
    expect(job.status).toBe('completed');
    expect(job.videos.map((v) => [v.sourceId, v.title, v.duration])).toEqual([
      [ids.e, 'Fifth Clip', 5],
      [ids.f, 'Sixth Clip', 5],
    ]);
  });
});
