import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DownloadResponse, JobDetail, QueueState, WebhookBody } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { platformSuite, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { withPluginOptions } from '../../helpers/manifest.js';
import { Receiver } from '../../../plugins/notifications/src/test/receiver.js';
import { call, runSweep, until } from '../channels/helpers.js';

/**
 * Polite downloading with the real yt-dlp against the fake platform: the cool-down after a 429 or
 * a bot check, a person's override, the sleeps and the byte budget. Time runs faster
 * (`platformTimeScale`): a 15-minute cool-down lasts 4.5 s here, an hour of budget 18 s.
 */
const job = (app: DownloadApp, jobId: string) => call<JobDetail>(app, 'GET', `/api/jobs/${jobId}`).then((r) => r.body);
const queueState = (app: DownloadApp) => call<QueueState>(app, 'GET', '/api/queue').then((r) => r.body);
const download = async (app: DownloadApp, id: string) =>
  (await queueDownload(app, { url: watchUrl(id), allowRedownload: true })).json<DownloadResponse>().jobId!;

/** Subscribes a channel without automatic downloads and lists it (`full`: every video, "Load all"). */
async function subscribe(app: DownloadApp, handle: string, channelId: string, full = false): Promise<void> {
  await call(app, 'POST', '/updatechannels', { add: [{ url: handle, settings: { auto_download_enabled_tabs: '' } }] });
  await call(app, 'GET', `/getchannelvideos/${channelId}`);
  if (full) expect((await call(app, 'POST', `/fetchallchannelvideos/${channelId}?tabType=videos`)).status).toBe(200);
}

/** Queues every listed video of a channel (automatic work). */
async function queueAll(app: DownloadApp, channelId: string): Promise<string> {
  const all = await call(app, 'POST', `/api/channels/${channelId}/download-all`, {
    tabType: 'videos',
    overrideSettings: { allowRedownload: true },
  });
  expect(all.status, JSON.stringify(all.body)).toBe(202);
  return all.body.jobId as string;
}

async function downloadAll(app: DownloadApp, handle: string, channelId: string): Promise<string> {
  await subscribe(app, handle, channelId);
  return queueAll(app, channelId);
}

describe('the platform cool-down', () => {
  const channelId = fakeChannelId('polite-cool');
  const base = { channelId, channel: 'Polite Cool', handle: '@politecool' };
  const ids = {
    one: fakeVideoId('polite-one'),
    busy: fakeVideoId('polite-busy'),
    three: fakeVideoId('polite-three'),
    walled: fakeVideoId('polite-walled'),
    mine: fakeVideoId('polite-mine'),
    next: fakeVideoId('polite-next'),
  };
  const suite = platformSuite(
    () => ({
      videos: [
        { ...base, id: ids.one, title: 'One' },
        { ...base, id: ids.busy, title: 'Busy', failure: 'http-429' },
        { ...base, id: ids.three, title: 'Three' },
        { ...base, id: ids.walled, title: 'Walled', failure: 'bot-check' },
        { ...base, id: ids.mine, title: 'Mine' },
        { ...base, id: ids.next, title: 'Next' },
      ],
      channels: [
        { channelId, handle: '@politecool', name: 'Polite Cool', tabs: { videos: [ids.three, ids.busy, ids.one] } },
      ],
    }),
    { ...withPluginOptions({ downloader: { platformTimeScale: 0.005 } }), config: { platformCooldownMinutes: 15 } },
  );

  it('sends a download-all back into the queue on a 429, tells once, and finishes it after the cool-down', async () => {
    const receiver = new Receiver([200]);
    const url = await receiver.start();
    try {
      const hook = await call(suite.app, 'POST', '/api/notifications/webhooks', {
        name: 'cool-downs',
        url,
        events: ['platform.cooling_down'],
        secret: 'polite-secret-0123456789',
      });
      expect(hook.status).toBe(200);
      const address = await suite.app.t.app.listen({ port: 0, host: '127.0.0.1' });
      const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`);
      const messages: { type: string; [k: string]: unknown }[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data))));
      await new Promise((r) => ws.on('open', r));
      ws.send(JSON.stringify({ type: 'auth', token: suite.app.token }));

      const allId = await downloadAll(suite.app, '@politecool', channelId);
      // The second video answers 429: everything cools down, the video waits instead of failing.
      const cooling = await until(
        async () => {
          const s = await queueState(suite.app);
          return s.platform.cooldown ? s : undefined;
        },
        60_000,
        'a cool-down',
      );
      expect(cooling.platform.cooldown).toMatchObject({
        cause: 'http_429',
        level: 1,
        reason: 'the platform asked us to slow down (429)',
        overrideAvailable: true,
      });
      const waiting = await until(
        async () => {
          const d = await job(suite.app, allId);
          return d.status === 'queued' ? d : undefined;
        },
        30_000,
        'the job back in the queue',
      );
      expect(waiting.message).toMatch(/^Back in the queue after 1 downloaded: the platform asked us to slow down/);
      expect(waiting.videos.find((v) => v.sourceId === ids.busy)?.state).toBe('queued');
      expect(waiting.counts.failed).toBe(0);
      await until(
        async () => (messages.some((m) => m.type === 'platformUpdated') ? true : undefined),
        10_000,
        'platformUpdated',
      );
      // Nothing starts during the cool-down.
      await new Promise((r) => setTimeout(r, 1000));
      expect((await job(suite.app, allId)).status).toBe('queued');

      suite.p.setFailure(ids.busy, null);
      const done = await waitForJob(suite.app, allId, ['completed'], 60_000);
      expect(done.counts.completed).toBe(3);
      const until429 = Date.parse(cooling.platform.cooldown!.until);
      const busyPages = suite.p.requests.filter((r) => r.path.startsWith(`/api/watch/${ids.busy}`));
      expect(busyPages.length).toBeGreaterThanOrEqual(2);
      expect(busyPages.at(-1)!.at).toBeGreaterThanOrEqual(until429);
      // One notification for the cool-down, with when it ends.
      const [got] = await receiver.waitFor(1, 15_000);
      const body = JSON.parse(got!.body) as Extract<WebhookBody, { event: 'platform.cooling_down' }>;
      expect(body).toMatchObject({ event: 'platform.cooling_down', data: { cause: 'http_429', level: 1 } });
      expect(receiver.received).toHaveLength(1);
      // A quiet success after the cool-down ended cleared it.
      expect((await queueState(suite.app)).platform.cooldown).toBeNull();
      ws.close();
    } finally {
      await receiver.close();
    }
  }, 150_000);

  it('lets one request of a person through a cool-down, and the next waits for its end', async () => {
    const walled = await download(suite.app, ids.walled);
    const failed = await waitForJob(suite.app, walled, ['failed']);
    expect(failed.errorCode).toBe('DOWNLOAD_BOT_CHECK');
    const cooldown = (await queueState(suite.app)).platform.cooldown!;
    expect(cooldown).toMatchObject({ cause: 'bot_check', overrideAvailable: true });

    const mine = await download(suite.app, ids.mine);
    const first = await waitForJob(suite.app, mine, ['completed'], 30_000);
    expect(Date.parse(first.startedAt!)).toBeLessThan(Date.parse(cooldown.until));
    expect((await queueState(suite.app)).platform.cooldown?.overrideAvailable).toBe(false);

    const next = await download(suite.app, ids.next);
    const second = await waitForJob(suite.app, next, ['completed'], 60_000);
    expect(Date.parse(second.startedAt!)).toBeGreaterThanOrEqual(Date.parse(cooldown.until));
  }, 120_000);

  it("meets the platform's rate limit: nothing asked during a cool-down, no retry per video", async () => {
    // What one video asks of the fake platform (page, media, pictures).
    const before = suite.p.requests.length;
    await waitForJob(suite.app, await download(suite.app, ids.one), ['completed']);
    const perVideo = suite.p.requests.length - before;
    // The platform serves one video and a request more per 8 s, then answers 429.
    suite.p.setRateLimit({ requests: perVideo + 1, windowMs: 8000 });
    const coolingLogs = () => suite.app.t.logs.filter((l) => String(l.msg).startsWith('Cooling down:'));
    const earlier = coolingLogs().length;
    try {
      const res = await queueDownload(suite.app, {
        urls: [ids.three, ids.mine, ids.next].map(watchUrl),
        allowRedownload: true,
      });
      const jobId = res.json<DownloadResponse>().jobId!;
      const done = await waitForJob(suite.app, jobId, ['completed'], 120_000);
      expect(done.counts).toMatchObject({ completed: 3, failed: 0 });
      const cooldowns = coolingLogs().slice(earlier);
      expect(cooldowns.length).toBeGreaterThanOrEqual(1);
      // While each cool-down lasted, nothing was asked of the platform (a request already on its
      // way when it began may still arrive in its first second).
      for (const c of cooldowns) {
        const from = Number(c.time) + 1000;
        const to = Date.parse(String(c.until));
        const during = suite.p.requests.filter((r) => r.at > from && r.at < to);
        expect(
          during.map((r) => r.path),
          `requests during the cool-down until ${String(c.until)}`,
        ).toEqual([]);
      }
      // yt-dlp's own retries do not pile up refusals: a few per cool-down at most (the request
      // that was refused and the pictures asked beside it).
      expect(suite.p.tooManyRequests).toBeLessThanOrEqual(3 * cooldowns.length);
    } finally {
      suite.p.setRateLimit(null);
    }
  }, 150_000);

  it('paces yt-dlp with sleeps derived from the request budget', async () => {
    // 40 requests an "hour" of 18 s: one request each 0.45 s, before each video 0.9-1.35 s more.
    await call(suite.app, 'PATCH', '/api/config', { platformRequestsPerHour: 40 });
    try {
      const s = await queueState(suite.app);
      expect(s.platform.budget.sleeps).toEqual({ requestSeconds: 0.45, minSeconds: 0.9, maxSeconds: 1.35 });
      const before = suite.p.requests.length;
      const res = await queueDownload(suite.app, {
        urls: [ids.one, ids.three, ids.mine].map(watchUrl),
        allowRedownload: true,
      });
      const done = await waitForJob(suite.app, res.json<DownloadResponse>().jobId!, ['completed'], 90_000);
      expect(done.counts.completed).toBe(3);
      const pages = suite.p.requests
        .slice(before)
        .filter((r) => r.path.startsWith('/api/watch/'))
        .map((r) => r.at);
      expect(pages).toHaveLength(3);
      for (let i = 1; i < pages.length; i++) expect(pages[i]! - pages[i - 1]!).toBeGreaterThanOrEqual(900);
      expect((await queueState(suite.app)).platform.budget.requestsLastHour).toBeGreaterThanOrEqual(12);
    } finally {
      await call(suite.app, 'PATCH', '/api/config', { platformRequestsPerHour: 0 });
    }
  }, 120_000);
});

describe('the byte budget', () => {
  const channelId = fakeChannelId('polite-bytes');
  const ids = { a: fakeVideoId('polite-bytes-a'), b: fakeVideoId('polite-bytes-b'), c: fakeVideoId('polite-bytes-c') };
  const base = { channelId, channel: 'Polite Bytes', handle: '@politebytes' };
  // A "day" lasts 17 s here.
  const suite = platformSuite(
    () => ({
      videos: [
        { ...base, id: ids.a, title: 'Bytes A' },
        { ...base, id: ids.b, title: 'Bytes B' },
        { ...base, id: ids.c, title: 'Bytes C' },
      ],
      channels: [{ channelId, handle: '@politebytes', name: 'Polite Bytes', tabs: { videos: [ids.b, ids.a] } }],
    }),
    withPluginOptions({ downloader: { platformTimeScale: 0.0002 } }),
  );

  it("sends automatic work back to the queue when the day's bytes are spent, not a person's request", async () => {
    // About a kilobyte a day: spent by the first video.
    await call(suite.app, 'PATCH', '/api/config', { platformGigabytesPerDay: 0.000001 });
    const allId = await downloadAll(suite.app, '@politebytes', channelId);
    const waiting = await until(
      async () => {
        const d = await job(suite.app, allId);
        return d.status === 'queued' && d.counts.completed === 1 ? d : undefined;
      },
      60_000,
      'the download-all waiting for the budget',
    );
    expect(waiting.message).toBe(
      'Back in the queue after 1 downloaded: the platform budget is spent; it goes on when there is room',
    );
    const budget = (await queueState(suite.app)).platform.budget;
    expect(budget.bytesLastDay).toBeGreaterThan(budget.bytesPerDay);
    expect(budget.waitingUntil).not.toBeNull();

    // A person's request passes a spent budget.
    const mine = await download(suite.app, ids.c);
    const done = await waitForJob(suite.app, mine, ['completed'], 30_000);
    expect(Date.parse(done.finishedAt!)).toBeLessThan(Date.parse(budget.waitingUntil!));

    const all = await waitForJob(suite.app, allId, ['completed'], 60_000);
    expect(all.counts.completed).toBe(2);
  }, 120_000);
});

describe('fair turns between channels', () => {
  const big = fakeChannelId('polite-backlog');
  const small = fakeChannelId('polite-new');
  const fresh = fakeVideoId('polite-new-video');
  const suite = platformSuite(
    () => ({
      videos: [{ channelId: small, channel: 'Polite New', handle: '@politenew', id: fresh, title: 'Fresh' }],
      channels: [
        { channelId: big, handle: '@politebacklog', name: 'Polite Backlog', tabs: {} },
        { channelId: small, handle: '@politenew', name: 'Polite New', tabs: { videos: [fresh] } },
      ],
    }),
    { prepare: (p) => p.generateTab(big, 'videos', 1000), timeout: 120_000 },
  );

  it("lets one channel's 1,000-video backlog delay another channel's new video by one video at most", async () => {
    await subscribe(suite.app, '@politebacklog', big, true);
    await subscribe(suite.app, '@politenew', small);
    const backlog = await queueAll(suite.app, big);
    await until(
      async () => ((await job(suite.app, backlog)).counts.completed >= 1 ? true : undefined),
      60_000,
      'the backlog under way',
    );
    const asked = Date.now();
    const other = await queueAll(suite.app, small);
    const done = await waitForJob(suite.app, other, ['completed'], 60_000);
    expect(done.counts.completed).toBe(1);
    const started = Date.parse(done.startedAt!);
    const detail = await job(suite.app, backlog);
    expect(detail.counts.total).toBe(1000);
    // It joined the queue again behind the other channel's job.
    const yielded = await until(
      async () => {
        const d = await job(suite.app, backlog);
        return d.queuedAt !== d.createdAt ? d : undefined;
      },
      30_000,
      'the backlog back in the queue',
    );
    expect(Date.parse(yielded.queuedAt)).toBeGreaterThan(Date.parse(done.queuedAt));
    // Videos of the backlog begun after the other channel's job was queued and before it started.
    const meanwhile = detail.videos.filter(
      (v) => v.startedAt && Date.parse(v.startedAt) > asked && Date.parse(v.startedAt) < started,
    );
    expect(meanwhile.length, meanwhile.map((v) => v.startedAt).join(', ')).toBeLessThanOrEqual(1);
    // The backlog goes on afterwards, from where it stopped.
    const before = detail.counts.completed;
    await until(
      async () => ((await job(suite.app, backlog)).counts.completed > before ? true : undefined),
      60_000,
      'the backlog going on',
    );
    await call(suite.app, 'POST', `/api/jobs/${backlog}/cancel`);
    await waitForJob(suite.app, backlog, ['cancelled'], 30_000);
  }, 240_000);
});

describe('listings and the cool-down', () => {
  const channels = ['one', 'two', 'three'].map((n) => ({
    n,
    channelId: fakeChannelId(`polite-sweep-${n}`),
    video: fakeVideoId(`polite-sweep-${n}-v`),
  }));
  const suite = platformSuite(
    () => ({
      videos: channels.map((c) => ({
        channelId: c.channelId,
        channel: `Sweep ${c.n}`,
        handle: `@politesweep${c.n}`,
        id: c.video,
        title: `Sweep video ${c.n}`,
      })),
      channels: channels.map((c) => ({
        channelId: c.channelId,
        handle: `@politesweep${c.n}`,
        name: `Sweep ${c.n}`,
        tabs: { videos: [c.video] },
      })),
    }),
    { ...withPluginOptions({ downloader: { platformTimeScale: 0.005 } }), config: { platformCooldownMinutes: 15 } },
  );

  it('stops a sweep at the first bot check: one refusal, the other channels not asked, downloads after the cool-down', async () => {
    for (const c of channels)
      expect(
        (
          await call(suite.app, 'POST', '/updatechannels', {
            add: [{ url: `@politesweep${c.n}`, settings: { auto_download_enabled_tabs: 'video' } }],
          })
        ).status,
      ).toBe(200);
    suite.p.botCheckFor(2_000);
    const sweep = () => runSweep(suite.app);
    const refused = await sweep();
    // The first listing met the bot check; the platform was not asked about the other channels.
    expect(suite.p.botChecks).toBe(1);
    const cooldown = (await call<QueueState>(suite.app, 'GET', '/api/queue')).body.platform.cooldown;
    expect(cooldown).toMatchObject({ cause: 'bot_check', reason: 'the platform asked to confirm we are not a bot' });
    expect(JSON.stringify(refused.details)).toContain('Not asked: vidkeep is cooling down');

    // After the cool-down (4.5 s here) the next sweep lists and downloads all three.
    await until(
      async () => ((await call<QueueState>(suite.app, 'GET', '/api/queue')).body.platform.cooldown ? undefined : true),
      30_000,
      'the end of the cool-down',
    );
    const next = await sweep();
    expect(next.details.queued).toBe(3);
    for (const jobId of next.details.jobs) await waitForJob(suite.app, jobId, ['completed'], 60_000);
    expect(suite.p.botChecks).toBe(1);
  }, 120_000);
});
