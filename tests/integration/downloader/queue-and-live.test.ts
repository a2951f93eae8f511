import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApiKey, TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, JobDetail, LocalStatusEntry, VideoActivity } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('queue-channel');
const ids = { good: fakeVideoId('q-good'), good2: fakeVideoId('q-good2'), stall: fakeVideoId('q-stall') };

beforeAll(async () => {
  platform = await startFakePlatform({
    videos: [
      { id: ids.good, title: 'Good One', channelId, channel: 'Queue Channel', handle: '@queue' },
      { id: ids.good2, title: 'Good Two', channelId, channel: 'Queue Channel', handle: '@queue' },
      { id: ids.stall, title: 'Stalling', channelId, channel: 'Queue Channel', handle: '@queue', failure: 'stall' },
    ],
  });
}, 120_000);
afterAll(() => platform?.close());

/** A stalled download never finishes by itself while the socket timeout is long. */
const SLOW_STALL = { downloadSocketTimeoutSeconds: 120 };

async function waitForVideoState(app: DownloadApp, jobId: string, states: Record<string, string>): Promise<JobDetail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const job = (await app.t.app.inject({ url: `/api/jobs/${jobId}`, headers: app.headers })).json<JobDetail>();
    if (Object.entries(states).every(([id, state]) => job.videos.find((v) => v.sourceId === id)?.state === state))
      return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never reached ${JSON.stringify(states)}`);
}

describe('the queue', () => {
  it('never queues a video twice while it is queued or downloading, and cancelling keeps completed videos', async () => {
    const app = await bootDownloader(h, platform, { config: SLOW_STALL });
    const first = (
      await queueDownload(app, { urls: [watchUrl(ids.good), watchUrl(ids.stall)] })
    ).json<DownloadResponse>();
    expect(first.queued).toBe(2);
    const jobId = first.jobId!;
    // The first video is finished while the second hangs mid-download.
    await waitForVideoState(app, jobId, { [ids.good]: 'completed', [ids.stall]: 'downloading' });

    const again = await queueDownload(app, { url: `https://www.youtube.com/shorts/${ids.stall}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      queued: 0,
      acceptedIds: [],
      alreadyActiveIds: [ids.stall],
      jobId: null,
    });
    expect(again.json<DownloadResponse>().message).toMatch(/already queued or downloading/);

    const activity = (
      await app.t.app.inject({ url: '/api/jobs/video-activity', headers: app.headers })
    ).json<VideoActivity>();
    expect(activity.videos[ids.stall]).toEqual({ jobId, state: 'downloading' });
    expect(activity.videos[ids.good]).toBeUndefined();

    const cancel = await app.t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/cancel`, headers: app.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      success: true,
      message: 'Cancelled; the video already downloaded stays',
      job: { status: 'cancelled', counts: { completed: 1, cancelled: 1 } },
    });
    const after = (await app.t.app.inject({ url: `/api/jobs/${jobId}`, headers: app.headers })).json<JobDetail>();
    expect(after.videos.map((v) => [v.sourceId, v.state])).toEqual([
      [ids.good, 'completed'],
      [ids.stall, 'cancelled'],
    ]);
    const kept = (await app.t.app.inject({ url: `/api/videos/${ids.good}`, headers: app.headers })).json<{
      filePath: string;
    }>();
    expect(existsSync(kept.filePath)).toBe(true);
    // Once cancelled it is no longer active and may be queued again.
    const activityAfter = (
      await app.t.app.inject({ url: '/api/jobs/video-activity', headers: app.headers })
    ).json<VideoActivity>();
    expect(activityAfter.videos).toEqual({});
    expect(activityAfter.revision).toBeGreaterThan(activity.revision);
    const requeued = (await queueDownload(app, { url: watchUrl(ids.stall) })).json<DownloadResponse>();
    expect(requeued.queued).toBe(1);
    await app.t.app.inject({ method: 'POST', url: `/api/jobs/${requeued.jobId}/cancel`, headers: app.headers });
  });

  it('cancels a queued job before it starts', async () => {
    const app = await bootDownloader(h, platform, { config: SLOW_STALL });
    const blocking = (await queueDownload(app, { url: watchUrl(ids.stall) })).json<DownloadResponse>();
    const waiting = (await queueDownload(app, { url: watchUrl(ids.good2) })).json<DownloadResponse>();
    expect((await app.t.app.inject({ url: `/api/jobs/${waiting.jobId}`, headers: app.headers })).json()).toMatchObject({
      status: 'queued',
    });
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/jobs/${waiting.jobId}/cancel`,
      headers: app.headers,
    });
    expect(res.json()).toMatchObject({ success: true, job: { status: 'cancelled', counts: { cancelled: 1 } } });
    await app.t.app.inject({ method: 'POST', url: `/api/jobs/${blocking.jobId}/cancel`, headers: app.headers });
    const list = (await app.t.app.inject({ url: '/api/jobs?status=cancelled', headers: app.headers })).json<{
      total: number;
    }>();
    expect(list.total).toBe(2);
  });

  it('answers 409 "Downloads are paused:" while a storage limit is reached, for sessions and API keys', async () => {
    const app = await bootDownloader(h, platform, { config: { storageMinFreeGb: 999_999 } });
    const session = await queueDownload(app, { url: watchUrl(ids.good) });
    expect(session.statusCode).toBe(409);
    expect(session.json()).toMatchObject({ success: false });
    expect(session.json<{ error: string }>().error).toMatch(/^Downloads are paused: only .* free/);
    const { key } = await createApiKey(app.t, app.token);
    const withKey = await app.t.app.inject({
      method: 'POST',
      url: '/api/videos/download',
      headers: { 'x-api-key': key },
      payload: { url: watchUrl(ids.good) },
    });
    expect(withKey.statusCode).toBe(409);
    expect(withKey.json<{ error: string }>().error).toMatch(/^Downloads are paused:/);
    const storage = (await app.t.app.inject({ url: '/api/downloader/storage', headers: app.headers })).json();
    expect(storage).toMatchObject({ paused: true });
    const jobs = (await app.t.app.inject({ url: '/api/jobs', headers: app.headers })).json<{ total: number }>();
    expect(jobs.total).toBe(0);
  });
});

describe('API keys on the download endpoint', () => {
  it('queue one video, refuse batches and playlist URLs, and are rate limited per key', async () => {
    const app = await bootDownloader(h, platform, { config: { apiKeyRateLimit: 4 } });
    const { key } = await createApiKey(app.t, app.token);
    const call = (payload: Record<string, unknown>) =>
      app.t.app.inject({ method: 'POST', url: '/api/videos/download', headers: { 'x-api-key': key }, payload });

    // The bookmarklet calls from the platform's pages: the browser's preflight must pass without a key.
    const preflight = await app.t.app.inject({
      method: 'OPTIONS',
      url: '/api/videos/download',
      headers: {
        origin: 'https://www.youtube.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');

    const ok = await call({ url: watchUrl(ids.good) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, queued: 1, video: { title: 'Good One', duration: 5 } });
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(ok.headers['ratelimit-limit']).toBe('4');
    expect(ok.headers['ratelimit-remaining']).toBe('3');

    const batch = await call({ urls: [watchUrl(ids.good2)] });
    expect(batch.statusCode).toBe(400);
    expect(batch.json()).toMatchObject({ success: false, code: 'DOWNLOAD_BATCH_NOT_ALLOWED' });
    const playlist = await call({ url: 'https://www.youtube.com/playlist?list=PLabcdefghijklmnop' });
    expect(playlist.statusCode).toBe(400);
    expect(playlist.json<{ error: string }>().error).toMatch(/Playlist URLs cannot be queued with an API key/);
    const missing = await call({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, error: 'url is required' });

    const limited = await call({ url: watchUrl(ids.good2) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    const wrongKey = await app.t.app.inject({
      method: 'POST',
      url: '/api/videos/download',
      headers: { 'x-api-key': 'nope' },
      payload: { url: watchUrl(ids.good) },
    });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.headers['access-control-allow-origin']).toBe('*');
    expect(Number(limited.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // The key cannot read anything else.
    expect((await app.t.app.inject({ url: '/api/jobs', headers: { 'x-api-key': key } })).statusCode).toBe(403);
    await waitForJob(app, ok.json<DownloadResponse>().jobId!);
  });
});

describe('local status', () => {
  it('reports downloaded, missing and unknown videos without asking the platform', async () => {
    const app = await bootDownloader(h, platform);
    const res = (await queueDownload(app, { url: watchUrl(ids.good2), resolution: '360' })).json<DownloadResponse>();
    await waitForJob(app, res.jobId!);
    const before = platform.requests.length;
    const status = await app.t.app.inject({
      method: 'POST',
      url: '/api/videos/local-status',
      headers: app.headers,
      payload: { sourceIds: [ids.good2, 'zzzzzzzzzzz'] },
    });
    expect(status.statusCode).toBe(200);
    const results = status.json<{ results: LocalStatusEntry[] }>().results;
    expect(results[0]).toMatchObject({
      sourceId: ids.good2,
      status: 'downloaded',
      activity: null,
      video: { video_resolution: '640x360' },
    });
    expect(results[1]).toMatchObject({ sourceId: 'zzzzzzzzzzz', status: 'not_downloaded', video: null });
    expect(platform.requests.length).toBe(before);

    const tooMany = await app.t.app.inject({
      method: 'POST',
      url: '/api/videos/local-status',
      headers: app.headers,
      payload: { sourceIds: Array.from({ length: 501 }, (_, i) => `id${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);

    // Deleting the files marks the video removed; local status follows.
    const del = await app.t.app.inject({ method: 'DELETE', url: `/api/videos/${ids.good2}`, headers: app.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json<{ deletedFiles: string[] }>().deletedFiles.some((f) => f.endsWith('.mp4'))).toBe(true);
    const again = await app.t.app.inject({
      method: 'POST',
      url: '/api/videos/local-status',
      headers: app.headers,
      payload: { sourceIds: [ids.good2] },
    });
    expect(again.json<{ results: LocalStatusEntry[] }>().results[0]?.status).toBe('removed');
  });
});

describe('live updates over WebSocket', () => {
  it('requires a session and pushes videoActivityUpdated and progress to a real ws client', async () => {
    const app = await bootDownloader(h, platform);
    const address = await app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const wsUrl = `${address.replace('http', 'ws')}/api/ws`;

    const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const bad = new WebSocket(wsUrl);
    bad.on('open', () => bad.send(JSON.stringify({ type: 'auth', token: 'not-a-token' })));
    expect(await closeCode(bad)).toBe(4401);
    const { key } = await createApiKey(app.t, app.token);
    const keyed = new WebSocket(wsUrl, { headers: { 'x-api-key': key } });
    expect(await closeCode(keyed)).toBe(4403);

    const ws = new WebSocket(wsUrl);
    const messages: { type: string; [k: string]: unknown }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: app.token }));
    const until = async (pred: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages.map((m) => m.type))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => messages.some((m) => m.type === 'ready'));
    const instanceId = messages.find((m) => m.type === 'ready')!.instanceId;

    const res = (await queueDownload(app, { url: watchUrl(ids.good) })).json<DownloadResponse>();
    await until(() =>
      messages.some((m) => m.type === 'jobUpdated' && (m.job as { status: string }).status === 'completed'),
    );
    const activity = messages.filter((m) => m.type === 'videoActivityUpdated');
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.every((m) => m.instanceId === instanceId)).toBe(true);
    const revisions = activity.map((m) => m.revision as number);
    expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
    const progress = messages.filter((m) => m.type === 'jobProgress' && m.jobId === res.jobId);
    expect(progress.some((m) => (m.progress as { downloadedBytes: number } | null)?.downloadedBytes)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ state: 'completed', sourceId: ids.good });
    // The snapshot a client refetches agrees: nothing is active any more.
    const snap = (
      await app.t.app.inject({ url: '/api/jobs/video-activity', headers: app.headers })
    ).json<VideoActivity>();
    expect(snap).toMatchObject({ instanceId, videos: {} });
    expect(snap.revision).toBe(revisions.at(-1));
    ws.close();
  });
});
