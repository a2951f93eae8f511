import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DownloadResponse, JobDetail, JobSummary, QueueState } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { platformSuite, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';

/** Queue control with the real yt-dlp: pausing a job and the queue, resuming, the lanes. */
describe('queue control', () => {
  const channelId = fakeChannelId('queue-control');
  const base = { channelId, channel: 'Queue Control', handle: '@queuecontrol' };
  const ids = {
    slow: fakeVideoId('qc-slow'),
    quick: fakeVideoId('qc-quick'),
    later: fakeVideoId('qc-later'),
    backlog1: fakeVideoId('qc-backlog-1'),
    backlog2: fakeVideoId('qc-backlog-2'),
    mine: fakeVideoId('qc-mine'),
  };
  const suite = platformSuite(() => ({
    videos: [
      { ...base, id: ids.slow, title: 'Slow One', throttle: { bytes: 4_000, everyMs: 100 } },
      { ...base, id: ids.quick, title: 'Quick One' },
      { ...base, id: ids.later, title: 'Later One' },
      { ...base, id: ids.backlog1, title: 'Backlog One', throttle: { bytes: 4_000, everyMs: 100 } },
      { ...base, id: ids.backlog2, title: 'Backlog Two' },
      { ...base, id: ids.mine, title: 'Asked For' },
    ],
    channels: [
      {
        channelId,
        handle: '@queuecontrol',
        name: 'Queue Control',
        tabs: { videos: [ids.backlog2, ids.backlog1] },
      },
    ],
  }));

  const job = (app: DownloadApp, jobId: string) =>
    call<JobDetail>(app, 'GET', `/api/jobs/${jobId}`).then((r) => r.body);
  const download = async (id: string) =>
    (await queueDownload(suite.app, { url: watchUrl(id) })).json<DownloadResponse>().jobId!;
  /** A signed-in WebSocket client of the app, collecting what it is told. */
  const live = async (app: DownloadApp) => {
    const address = await app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`);
    const messages: { type: string; [k: string]: unknown }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: app.token }));
    await until(async () => (messages.some((m) => m.type === 'ready') ? true : undefined), 10_000, 'ready');
    return { ws, messages };
  };
  const bytesOf = (detail: JobDetail) => detail.videos[0]?.progress?.downloadedBytes ?? 0;

  it('pauses a running download and resumes it where it stopped, not from the start', async () => {
    const jobId = await download(ids.slow);
    await until(
      async () => ((await job(suite.app, jobId)).videos[0]?.progress?.downloadedBytes ?? 0) > 20_000 || undefined,
      30_000,
      'some bytes',
    );
    const paused = await call<JobSummary>(suite.app, 'POST', `/api/jobs/${jobId}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: jobId, status: 'queued', paused: true, lane: 'manual' });
    const waiting = await job(suite.app, jobId);
    expect(waiting.videos[0]?.state).toBe('queued');
    // The partial file stays in the job's staging folder.
    const staging = join(suite.app.t.dir, 'data', '.vidkeep-staging', jobId);
    const partials = existsSync(staging) ? readdirSync(staging, { recursive: true }).map(String) : [];
    expect(
      partials.some((f) => f.endsWith('.part')),
      `staging holds: ${partials.join(', ')}`,
    ).toBe(true);
    // It does not start again by itself.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await job(suite.app, jobId)).status).toBe('queued');

    const before = suite.p.mediaRanges(ids.slow).length;
    const resumed = await call<JobSummary>(suite.app, 'POST', `/api/jobs/${jobId}/resume`);
    expect(resumed.body).toMatchObject({ paused: false });
    const done = await waitForJob(suite.app, jobId, ['completed'], 90_000);
    expect(done.counts.completed).toBe(1);
    const after = suite.p.mediaRanges(ids.slow).slice(before);
    const starts = after.map((r) => Number(/^bytes=(\d+)-/.exec(r)?.[1] ?? 0));
    expect(Math.max(...starts), `ranges after resuming: ${after.join(', ')}`).toBeGreaterThan(20_000);
  }, 120_000);

  it('refuses to pause or move a finished job, and says why', async () => {
    const jobId = await download(ids.quick);
    await waitForJob(suite.app, jobId, ['completed']);
    const res = await call(suite.app, 'POST', `/api/jobs/${jobId}/pause`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DOWNLOAD_JOB_NOT_ACTIVE' });
    expect((await call(suite.app, 'POST', `/api/jobs/${jobId}/move-to-front`)).body).toMatchObject({
      code: 'DOWNLOAD_JOB_NOT_ACTIVE',
    });
    expect((await call(suite.app, 'POST', `/api/jobs/not-a-uuid/pause`)).status).toBe(400);
    expect(
      (await call(suite.app, 'POST', `/api/jobs/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/resume`)).status,
    ).toBe(404);
  });

  it('keeps a paused queue paused across a restart, then downloads on resume', async () => {
    const { ws, messages } = await live(suite.app);
    const pause = await call<QueueState>(suite.app, 'POST', '/api/queue/pause');
    expect(pause.body).toMatchObject({ paused: true });
    await until(
      async () => (messages.some((m) => m.type === 'queueUpdated' && m.paused === true) ? true : undefined),
      10_000,
      'queueUpdated',
    );
    const jobId = await download(ids.later);
    // A job paused on its own is announced with its flag.
    await call(suite.app, 'POST', `/api/jobs/${jobId}/pause`);
    await until(
      async () =>
        messages.some(
          (m) => m.type === 'jobUpdated' && (m.job as JobSummary).id === jobId && (m.job as JobSummary).paused,
        )
          ? true
          : undefined,
      10_000,
      'jobUpdated with paused',
    );
    expect((await call<QueueState>(suite.app, 'GET', '/api/queue')).body).toMatchObject({
      paused: true,
      queued: 1,
      pausedJobs: 1,
    });
    await call(suite.app, 'POST', `/api/jobs/${jobId}/resume`);
    ws.close();
    await new Promise((r) => setTimeout(r, 1500));
    expect((await job(suite.app, jobId)).status).toBe('queued');

    const again = { ...suite.app, t: await suite.h.restart(suite.app.t, { env: suite.p.env }) };
    suite.app = again;
    expect((await call<QueueState>(again, 'GET', '/api/queue')).body).toMatchObject({ paused: true, queued: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await job(again, jobId)).status).toBe('queued');

    // Queued behind it meanwhile, then moved to the front: it starts first.
    const second = (
      await queueDownload(again, { url: watchUrl(ids.quick), allowRedownload: true })
    ).json<DownloadResponse>().jobId!;
    const moved = await call<JobSummary>(again, 'POST', `/api/jobs/${second}/move-to-front`);
    expect(moved.body).toMatchObject({ id: second, status: 'queued' });

    expect((await call<QueueState>(again, 'POST', '/api/queue/resume')).body).toMatchObject({ paused: false });
    const first = await waitForJob(again, jobId, ['completed']);
    const jumped = await waitForJob(again, second, ['completed']);
    expect(first.counts.completed).toBe(1);
    expect(Date.parse(jumped.startedAt!)).toBeLessThan(Date.parse(first.startedAt!));
  }, 90_000);

  it("lets a person's request overtake a running download-all, which then resumes", async () => {
    await call(suite.app, 'POST', '/updatechannels', {
      add: [{ url: '@queuecontrol', settings: { auto_download_enabled_tabs: '' } }],
    });
    await call(suite.app, 'GET', `/getchannelvideos/${channelId}`);
    const all = await call(suite.app, 'POST', `/api/channels/${channelId}/download-all`, {
      tabType: 'videos',
      overrideSettings: { allowRedownload: true },
    });
    expect(all.status).toBe(202);
    const allId: string = all.body.jobId;
    await until(
      async () => ((await job(suite.app, allId)).status === 'running' ? true : undefined),
      30_000,
      'download-all running',
    );
    await until(
      async () => (bytesOf(await job(suite.app, allId)) > 0 ? true : undefined),
      30_000,
      'download-all downloading',
    );

    const mine = await download(ids.mine);
    const finished = await waitForJob(suite.app, mine, ['completed'], 60_000);
    // The download-all had not finished when the request was done: it yielded its slot.
    const meanwhile = await job(suite.app, allId);
    expect(meanwhile.status === 'queued' || meanwhile.status === 'running').toBe(true);
    expect(meanwhile.lane).toBe('automatic');
    expect(finished.lane).toBe('manual');
    const all2 = await waitForJob(suite.app, allId, ['completed'], 90_000);
    expect(all2.counts.completed).toBe(2);
    expect(Date.parse(all2.finishedAt!)).toBeGreaterThan(Date.parse(finished.finishedAt!));
  }, 150_000);
});
