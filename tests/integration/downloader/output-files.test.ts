/**
 * Files as media servers expect them, with the real yt-dlp and ffmpeg against the fake platform:
 * the channel's `poster.jpg` (only when absent, backfilled when switched on), the thumbnail as
 * fanart, file times set to the publication date, and the file-name prefix with its preview.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, Video } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('artful-channel');
const otherChannel = fakeChannelId('plain-channel');
const v = (seed: string) => fakeVideoId(`files-${seed}`);
const UPLOADED = Date.UTC(2024, 4, 17, 12, 0, 0); // the fake's noon UTC of 20240517

beforeAll(async () => {
  const artful = { channelId, channel: 'Artful Channel', handle: '@artful' };
  const plain = { channelId: otherChannel, channel: 'Plain Channel', handle: '@plain' };
  platform = await startFakePlatform({
    videos: [
      { ...artful, id: v('first'), title: 'First: Of Many?', uploadDate: '20240517' },
      { ...artful, id: v('second'), title: 'Second One', uploadDate: '20240518' },
      { ...artful, id: v('prefix'), title: 'Named By Prefix', uploadDate: '20240519' },
      { ...plain, id: v('plain'), title: 'Plain Video', uploadDate: '20240520' },
      { ...plain, id: v('later'), title: 'Later Video', uploadDate: '20240521' },
    ],
    channels: [
      { channelId, handle: '@artful', name: 'Artful Channel', tabs: { videos: [v('first')] } },
      { channelId: otherChannel, handle: '@plain', name: 'Plain Channel', tabs: { videos: [v('plain')] } },
    ],
  });
}, 120_000);
afterAll(() => platform?.close());

async function subscribe(app: DownloadApp, handle: string): Promise<void> {
  const res = await app.t.app.inject({
    method: 'POST',
    url: '/updatechannels',
    headers: app.headers,
    payload: { add: [{ url: handle, settings: { auto_download_enabled_tabs: '' } }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function download(app: DownloadApp, id: string): Promise<Video> {
  const res = await queueDownload(app, { url: watchUrl(id) });
  expect(res.statusCode, res.body).toBe(200);
  const job = await waitForJob(app, res.json<DownloadResponse>().jobId!);
  expect(job.status, JSON.stringify(job.videos[0]?.diagnosis)).toBe('completed');
  return (await app.t.app.inject({ url: `/api/videos/${id}`, headers: app.headers })).json<Video>();
}

const avatar = async () => Buffer.from(await (await fetch(`${platform.url}/ca/${channelId}/avatar.jpg`)).arrayBuffer());
const mtimeOf = async (p: string) => (await stat(p)).mtimeMs;

describe('files as media servers expect them', () => {
  it("writes the channel's poster once, the fanart beside the video, and file times of the upload", async () => {
    const app = await bootDownloader(h, platform, { config: { writeVideoFanart: true } });
    await subscribe(app, '@artful');
    const first = await download(app, v('first'));
    const videoDir = dirname(first.filePath!);
    const channelDir = dirname(videoDir);
    expect(basename(channelDir)).toBe('Artful Channel');

    // poster.jpg is the channel's picture, also kept under CONFIG_DIR/images.
    const poster = await readFile(join(channelDir, 'poster.jpg'));
    expect(poster.equals(await avatar())).toBe(true);
    const kept = await readFile(join(app.t.dir, 'config', 'images', `channelthumb-${channelId}.jpg`));
    expect(kept.equals(poster)).toBe(true);

    // Fanart: a copy of the video's thumbnail named after the video.
    const stem = basename(first.filePath!, '.mp4');
    const fanart = await readFile(join(videoDir, `${stem}-fanart.jpg`));
    expect(fanart.equals(await readFile(join(videoDir, `${stem}.jpg`)))).toBe(true);

    // Media, thumbnail, NFO, fanart and the video folder carry the publication time.
    for (const f of [`${stem}.mp4`, `${stem}.jpg`, `${stem}.nfo`, `${stem}-fanart.jpg`])
      expect(await mtimeOf(join(videoDir, f)), f).toBe(UPLOADED);
    expect(await mtimeOf(videoDir)).toBe(UPLOADED);

    // A poster the user put there is never replaced.
    await writeFile(join(channelDir, 'poster.jpg'), 'my own poster');
    const second = await download(app, v('second'));
    expect(dirname(dirname(second.filePath!))).toBe(channelDir);
    expect(await readFile(join(channelDir, 'poster.jpg'), 'utf8')).toBe('my own poster');
  }, 120_000);

  it('leaves file times alone when switched off, and backfills posters when they are switched on', async () => {
    const app = await bootDownloader(h, platform, {
      config: { writeChannelPosters: false, setFileTimesToUploadDate: false },
    });
    await subscribe(app, '@plain');
    const before = Date.now();
    const plain = await download(app, v('plain'));
    const channelDir = dirname(dirname(plain.filePath!));
    expect(await mtimeOf(plain.filePath!)).toBeGreaterThanOrEqual(before - 2000);
    await expect(stat(join(channelDir, 'poster.jpg'))).rejects.toThrow();

    const res = await app.t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: app.headers,
      payload: { writeChannelPosters: true },
    });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!(await stat(join(channelDir, 'poster.jpg')).catch(() => null)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const poster = await readFile(join(channelDir, 'poster.jpg'));
    const served = Buffer.from(await (await fetch(`${platform.url}/ca/${otherChannel}/avatar.jpg`)).arrayBuffer());
    expect(poster.equals(served)).toBe(true);
  }, 120_000);

  it('names files and folders with videoFilenamePrefix, previews it, and refuses what yt-dlp rejects', async () => {
    const app = await bootDownloader(h, platform);
    const preview = (prefix: unknown) =>
      app.t.app.inject({
        method: 'POST',
        url: '/api/config/filename-preview',
        headers: app.headers,
        payload: { prefix },
      });
    const fine = await preview('%(upload_date)s - %(title)s');
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toEqual({
      fileLine: '20250314 - How Media Servers Read Folders： A Guide ｜ Part 1？ [dQw4w9WgXcQ].mp4',
      folderLine: '20250314 - How Media Servers Read Folders： A Guide ｜ Part 1？ - dQw4w9WgXcQ',
      fileLineLength: Buffer.byteLength(
        '20250314 - How Media Servers Read Folders： A Guide ｜ Part 1？ [dQw4w9WgXcQ].mp4',
      ),
      folderLineLength: Buffer.byteLength(
        '20250314 - How Media Servers Read Folders： A Guide ｜ Part 1？ - dQw4w9WgXcQ',
      ),
    });

    const rejected = await preview('%(title');
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toMatchObject({ code: 'DOWNLOAD_INVALID_PREFIX' });
    expect(rejected.json().error).toMatch(/^Template rejected by yt-dlp: .*incomplete format key/);
    for (const bad of ['', '   ', 'a/b', 'a\\b', 'up..down', 'bell\u0007', 'x'.repeat(161), 42]) {
      const r = await preview(bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await preview('a/b')).json().error).toContain('must not be empty and must not contain /');

    // Saving runs the same checks; a rejected template is never saved.
    const save = (videoFilenamePrefix: string) =>
      app.t.app.inject({ method: 'PATCH', url: '/api/config', headers: app.headers, payload: { videoFilenamePrefix } });
    const refused = await save('%(title');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: 'body/videoFilenamePrefix', message: expect.stringMatching(/^Template rejected by yt-dlp/) },
    ]);
    expect((await save('no/slash')).statusCode).toBe(400);
    expect((await save('%(upload_date)s %(title)s')).statusCode).toBe(200);

    const named = await download(app, v('prefix'));
    expect(basename(named.filePath!)).toBe(`20240519 Named By Prefix [${v('prefix')}].mp4`);
    expect(basename(dirname(named.filePath!))).toBe(`20240519 Named By Prefix - ${v('prefix')}`);
    expect(basename(dirname(dirname(named.filePath!)))).toBe('Artful Channel');
  }, 120_000);

  it('allows 30 previews a minute per client', async () => {
    const app = await bootDownloader(h, platform);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await app.t.app.inject({
        method: 'POST',
        url: '/api/config/filename-preview',
        headers: app.headers,
        payload: { prefix: '%(title)s' },
      });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  }, 60_000);
});
