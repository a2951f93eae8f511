import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, FailureKind, JobDetail, Video, VideoMetadataResponse } from '@vidkeep/contracts';
import {
  fakeChannelId,
  fakeVideoId,
  startFakePlatform,
  type FakeFailure,
  type FakePlatform,
} from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
let app: DownloadApp;
const channelId = fakeChannelId('formats-channel');
const video = (seed: string, title: string, failure: FakeFailure | null = null) => ({
  id: fakeVideoId(seed),
  title,
  channelId,
  channel: 'Format Channel',
  handle: '@formats',
  failure,
});

const FAILURES: [FakeFailure, FailureKind, 'failed' | 'completed'][] = [
  ['private', 'private', 'failed'],
  ['removed', 'removed', 'failed'],
  ['bot-check', 'bot_check', 'failed'],
  ['http-403', 'http_403', 'failed'],
  ['http-429', 'http_429', 'failed'],
  ['stall', 'network', 'failed'],
  // Members-only videos are an expected skip, not a failure of the job.
  ['members-only', 'members_only', 'completed'],
];

beforeAll(async () => {
  platform = await startFakePlatform({
    videos: [
      video('mp3-only', 'Audio Only'),
      video('video-mp3', 'Video And Audio'),
      { ...video('subtitled', 'With Subtitles'), subtitles: { en: ['Hello there', 'Second line'], de: ['Hallo'] } },
      ...FAILURES.map(([f]) => video(`fail-${f}`, `Failing ${f}`, f)),
    ],
  });
}, 120_000);
afterAll(() => platform?.close());

async function download(payload: Record<string, unknown>): Promise<JobDetail> {
  const res = await queueDownload(app, payload);
  expect(res.statusCode, res.body).toBe(200);
  return waitForJob(app, res.json<DownloadResponse>().jobId!);
}

describe('audio formats', () => {
  it('mp3_only produces an mp3 and no video, with a null resolution', async () => {
    app = await bootDownloader(h, platform);
    const id = fakeVideoId('mp3-only');
    const job = await download({ url: watchUrl(id), audioFormat: 'mp3_only' });
    expect(job.status).toBe('completed');
    const v = (await app.t.app.inject({ url: `/api/videos/${id}`, headers: app.headers })).json<Video>();
    expect(v.filePath).toBeNull();
    expect(v.audioFilePath).toMatch(/\.mp3$/);
    expect(v.audioFileSize).toBeGreaterThan(1000);
    expect(v.video_resolution).toBeNull();
  });

  it('video_mp3 keeps the mp4 and adds an mp3 beside it', async () => {
    app = await bootDownloader(h, platform);
    const id = fakeVideoId('video-mp3');
    const job = await download({
      url: watchUrl(id),
      audioFormat: 'video_mp3',
      resolution: '360',
      skipVideoFolder: true,
      subfolder: 'Music',
    });
    expect(job.status).toBe('completed');
    const v = (await app.t.app.inject({ url: `/api/videos/${id}`, headers: app.headers })).json<Video>();
    const out = join(app.t.dir, 'data');
    // skipVideoFolder: straight into the channel folder; the subfolder gets the `__` prefix.
    expect(relative(out, v.filePath!)).toBe(`__Music/Format Channel/Format Channel - Video And Audio [${id}].mp4`);
    expect(relative(out, v.audioFilePath!)).toBe(`__Music/Format Channel/Format Channel - Video And Audio [${id}].mp3`);
    expect(v.video_resolution).toBe('640x360');
    const subfolders = await app.t.app.vidkeep.orm.em
      .fork()
      .getConnection()
      .execute('select name from library_subfolders');
    expect(subfolders).toEqual([{ name: 'Music' }]);
  });
});

describe('subtitles and thumbnails', () => {
  it('writes the chosen language as .srt and the poster beside the video, and lists them as its files', async () => {
    app = await bootDownloader(h, platform, { config: { subtitlesEnabled: true, subtitleLanguage: 'en' } });
    const id = fakeVideoId('subtitled');
    const job = await download({ url: watchUrl(id), resolution: '360' });
    expect(job.status).toBe('completed');
    const v = (await app.t.app.inject({ url: `/api/videos/${id}`, headers: app.headers })).json<Video>();
    const base = v.filePath!.replace(/\.mp4$/, '');
    const srt = readFileSync(`${base}.en.srt`, 'utf8');
    expect(srt).toContain('00:00:00,000 --> 00:00:01,000\nHello there');
    expect(srt).toContain('Second line');
    expect(existsSync(`${base}.de.srt`)).toBe(false);
    expect(readFileSync(`${base}.jpg`).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const files = (
      await app.t.app.inject({ url: `/api/videos/${id}/metadata`, headers: app.headers })
    ).json<VideoMetadataResponse>().relatedFiles;
    expect(files.map((f) => f.kind).sort()).toEqual(expect.arrayContaining(['subtitle', 'thumbnail', 'video']));
  });
});

describe('failures end in the right state with a plain-language diagnosis', () => {
  it.each(FAILURES)('%s', async (failure, kind, status) => {
    // A stalled download fails when the socket times out: a short timeout keeps the case quick.
    app = await bootDownloader(h, platform, failure === 'stall' ? { config: { downloadSocketTimeoutSeconds: 3 } } : {});
    const id = fakeVideoId(`fail-${failure}`);
    const job = await download({ url: watchUrl(id) });
    expect(job.status).toBe(status);
    const v = job.videos[0]!;
    expect(v.state).toBe(status === 'completed' ? 'skipped' : 'failed');
    expect(v.diagnosis?.kind, JSON.stringify(v.diagnosis)).toBe(kind);
    expect(v.diagnosis?.cause.length).toBeGreaterThan(10);
    expect(v.diagnosis?.fix.length).toBeGreaterThan(5);
    expect(job.auxData?.diagnoses.map((d) => d.kind)).toContain(kind);
    if (status === 'failed') {
      expect(job.message).toContain(v.diagnosis!.cause);
      expect(job.auxData?.failedVideos).toEqual([expect.objectContaining({ sourceId: id, kind })]);
    }
    // Nothing is left in the library or the staging area.
    const listed = (await app.t.app.inject({ url: '/api/videos', headers: app.headers })).json<{ total: number }>();
    expect(listed.total).toBe(0);
  });
});
