import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { watchUrl, platformSuite } from '../../helpers/downloads.js';
import { call, until } from './helpers.js';

type Message = Record<string, any>;

/**
 * Issue 16, channels: "Load all" of a long tab shows its progress page by page as yt-dlp reads it
 * and can be cancelled; a complete listing gives the tab its total; the channel page hears of
 * downloads. Real yt-dlp against the fake platform, which serves tabs in pages of 30 like the
 * platform, each page request paced by `sleepRequests`.
 */
describe('Load all of a channel tab', () => {
  let ws: WebSocket;
  const messages: Message[] = [];
  const paced = fakeChannelId('loadall-paced');
  const cancelled = fakeChannelId('loadall-cancel');
  const noTotals = fakeChannelId('loadall-nototals');
  const over = fakeChannelId('loadall-over');
  const small = fakeChannelId('loadall-small');
  const sv = fakeVideoId('loadall-small-1');

  const suite = platformSuite(
    () => ({
      videos: [{ id: sv, title: 'Small one', channelId: small, channel: 'Small', handle: '@loadallsmall' }],
      channels: [
        { channelId: paced, handle: '@loadallpaced', name: 'Paced', tabs: {} },
        { channelId: cancelled, handle: '@loadallcancel', name: 'Cancelled', tabs: {} },
        // The platform offers no tab playlists for these: their totals cannot be looked up.
        { channelId: noTotals, handle: '@loadallnototals', name: 'No Totals', tabs: {}, tabPlaylists: false },
        { channelId: over, handle: '@loadallover', name: 'Over', tabs: {}, tabPlaylists: false },
        { channelId: small, handle: '@loadallsmall', name: 'Small', tabs: { videos: [sv] } },
      ],
    }),
    {
      prepare: (p) => {
        p.generateTab(paced, 'videos', 600);
        p.generateTab(cancelled, 'videos', 600);
        p.generateTab(noTotals, 'videos', 5000);
        p.generateTab(over, 'videos', 5001);
      },
    },
  );
  beforeAll(async () => {
    for (const handle of ['@loadallpaced', '@loadallcancel', '@loadallnototals', '@loadallover', '@loadallsmall']) {
      const r = await call(suite.app, 'POST', '/updatechannels', {
        add: [{ url: handle, settings: { auto_download_enabled_tabs: '' } }],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const address = await suite.app.t.app.listen({ port: 0, host: '127.0.0.1' });
    ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`, { headers: { 'x-access-token': suite.app.token } });
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
    await until(async () => (messages.some((m) => m.type === 'ready') ? true : undefined), 10_000, 'ready');
  }, 60_000);
  afterAll(() => ws?.close());

  const status = (id: string) => call(suite.app, 'GET', `/api/channels/${id}/fetch-status?tabType=videos`);
  // The service lists a tab by its channel id: /channel/UC…/videos, page by page.
  const pageRequests = (id: string) =>
    suite.p.requests.filter((r) => r.path.startsWith(`/api/channel/${id}/videos?page=`)).length;

  it('reports progress page by page while yt-dlp reads the tab, with the time left and the pacing', async () => {
    await call(suite.app, 'PATCH', '/api/config', { sleepRequests: 0.2 });
    // The platform's total (600), looked up the first time the figures are asked for.
    expect((await call(suite.app, 'GET', `/api/channels/${paced}/tab-stats`)).body.tabs.videos.total).toBe(600);
    let answered = false;
    const fetching = call(suite.app, 'POST', `/fetchallchannelvideos/${paced}?tabType=videos&pageSize=5`).finally(
      () => (answered = true),
    );
    const seen: Message[] = [];
    while (!answered) {
      const s = await status(paced);
      if (s.body.isFetching) seen.push(s.body.progress);
      await new Promise((r) => setTimeout(r, 100));
    }
    const listing = seen.filter((s) => s.stage === 'listing');
    // The count moved while yt-dlp read: not nothing for minutes and then everything at once.
    const between = new Set(listing.map((s) => s.itemsFetched).filter((n) => n > 0 && n < 600));
    expect(between.size, JSON.stringify(listing)).toBeGreaterThanOrEqual(3);
    const pages = listing.map((s) => s.pagesRead);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(10);
    for (const s of listing) expect(s).toMatchObject({ expectedTotal: 600, sleepRequests: 0.2, cancelling: false });
    // Entries come with their page, 30 a page.
    for (const s of listing.filter((x) => x.pagesRead > 0)) {
      expect(s.itemsFetched).toBeLessThanOrEqual(30 * s.pagesRead);
      expect(s.itemsFetched).toBeGreaterThanOrEqual(30 * (s.pagesRead - 1));
    }
    const early = listing.find((s) => s.itemsFetched > 0 && s.itemsFetched <= 300);
    expect(early?.etaSeconds).toBeGreaterThan(0);

    const res = await fetching;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      videosFound: 600,
      outcome: 'complete',
      cancelled: false,
      pagesRead: 20,
      total: 600,
    });

    // The same over the WebSocket, ending with how it ended.
    await until(
      async () => (messages.some((m) => m.channelId === paced && m.stage === 'done') ? true : undefined),
      10_000,
      'the done message',
    );
    const pushed = messages.filter((m) => m.type === 'channelFetchProgress' && m.channelId === paced);
    expect(
      pushed.some((m) => m.stage === 'listing' && m.itemsFetched > 0 && m.itemsFetched < 600 && m.pagesRead > 0),
    ).toBe(true);
    expect(pushed.at(-1)).toMatchObject({ stage: 'done', outcome: 'complete', itemsFetched: 600, pagesRead: 20 });
    expect((await status(paced)).body).toMatchObject({
      isFetching: false,
      lastFetch: { tabType: 'videos', outcome: 'complete', itemsFetched: 600, pagesRead: 20, error: null },
    });
  }, 90_000);

  it('cancels a Load all: yt-dlp stops, what was read is kept, and the status says it was cancelled', async () => {
    await call(suite.app, 'PATCH', '/api/config', { sleepRequests: 0.2 });
    await call(suite.app, 'GET', `/api/channels/${cancelled}/tab-stats`);
    expect((await call(suite.app, 'POST', `/api/channels/${cancelled}/fetch/cancel?tabType=videos`)).body.code).toBe(
      'CHANNELS_FETCH_NOT_RUNNING',
    );
    const fetching = call(suite.app, 'POST', `/fetchallchannelvideos/${cancelled}`);
    await until(
      async () => ((await status(cancelled)).body.progress?.itemsFetched >= 90 ? true : undefined),
      30_000,
      '90 entries read',
    );
    const cancel = await call(suite.app, 'POST', `/api/channels/${cancelled}/fetch/cancel?tabType=videos`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelling', tabType: 'videos' });
    expect(cancel.body.itemsFetched).toBeGreaterThanOrEqual(90);

    const res = await fetching;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, outcome: 'cancelled', cancelled: true });
    const kept = res.body.videosFound as number;
    expect(kept).toBeGreaterThanOrEqual(90);
    expect(kept).toBeLessThan(600);
    // The listing's yt-dlp is gone: no further page is asked for.
    const asked = pageRequests(cancelled);
    await new Promise((r) => setTimeout(r, 1000));
    expect(pageRequests(cancelled)).toBe(asked);

    expect((await status(cancelled)).body).toMatchObject({
      isFetching: false,
      lastFetch: { outcome: 'cancelled', itemsFetched: kept },
    });
    expect((await call(suite.app, 'GET', `/getchannelvideos/${cancelled}?pageSize=1`)).body.total).toBe(kept);
    // A cancelled listing is no total: the platform's stays, and the tab is not complete.
    expect((await call(suite.app, 'GET', `/api/channels/${cancelled}/tab-stats`)).body.tabs.videos).toMatchObject({
      total: 600,
      loaded: kept,
      complete: false,
    });
    await until(
      async () =>
        messages.some((m) => m.channelId === cancelled && m.stage === 'done' && m.outcome === 'cancelled')
          ? true
          : undefined,
      10_000,
      'the cancelled message',
    );
    expect(
      messages.some((m) => m.type === 'channelFetchProgress' && m.channelId === cancelled && m.cancelling === true),
    ).toBe(true);

    const again = await call(suite.app, 'POST', `/api/channels/${cancelled}/fetch/cancel?tabType=videos`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('No Load all of the videos tab of Cancelled is running');
    expect((await call(suite.app, 'POST', `/api/channels/${cancelled}/fetch/cancel?tabType=music`)).status).toBe(400);
    expect((await call(suite.app, 'POST', `/api/channels/${fakeChannelId('nobody')}/fetch/cancel`)).status).toBe(404);
  }, 90_000);

  it('takes the total of a tab from a complete Load all of all 5,000 videos, but not from one that stopped at 5,000', async () => {
    await call(suite.app, 'PATCH', '/api/config', { sleepRequests: 0 });
    expect((await call(suite.app, 'GET', `/api/channels/${noTotals}/tab-stats`)).body.tabs.videos).toMatchObject({
      total: null,
      percent: null,
    });
    const res = await call(suite.app, 'POST', `/fetchallchannelvideos/${noTotals}`);
    expect(res.body).toMatchObject({ videosFound: 5000, total: 5000 });
    // All 5,000 were read: the tab's total is no longer unknown.
    expect((await call(suite.app, 'GET', `/api/channels/${noTotals}/tab-stats`)).body.tabs.videos).toMatchObject({
      total: 5000,
      loaded: 5000,
      downloaded: 0,
      percent: 0,
      complete: true,
    });
    expect(res.body).toMatchObject({ outcome: 'complete', pagesRead: 167 });
    expect((await call(suite.app, 'GET', `/getchannelinfo/${noTotals}`)).body.tab_video_counts.video).toMatchObject({
      total: 5000,
      source: 'listing',
    });
    // Download-all counts, measures and sizes the same 5,000 videos (5 s each at 1080p).
    const preview = await call(suite.app, 'GET', `/api/channels/${noTotals}/download-all/preview`);
    expect(preview.body).toEqual({
      count: 5000,
      totalDurationSeconds: 25_000,
      missingDurations: 0,
      skipped: [],
      estimatedBytes: Math.round((25_000 * 3630 * 1000) / 8),
      sizeBasis: { resolution: '1080', audioFormat: null, kilobitsPerSecond: 3630 },
      listingComplete: true,
    });
    const at360 = await call(suite.app, 'GET', `/api/channels/${noTotals}/download-all/preview?resolution=360`);
    expect(at360.body.sizeBasis).toEqual({ resolution: '360', audioFormat: null, kilobitsPerSecond: 630 });
    expect((await call(suite.app, 'GET', `/api/channels/${noTotals}/download-all/preview?resolution=999`)).status).toBe(
      400,
    );

    // 5,001 videos: the 5,000 newest are kept, and the tab is known to go on.
    const capped = await call(suite.app, 'POST', `/fetchallchannelvideos/${over}`);
    expect(capped.body).toMatchObject({ videosFound: 5000, outcome: 'limit', total: 5000 });
    expect((await call(suite.app, 'GET', `/api/channels/${over}/tab-stats`)).body.tabs.videos).toMatchObject({
      total: null,
      loaded: 5000,
      complete: false,
    });
    expect((await call(suite.app, 'GET', `/api/channels/${over}/download-all/preview`)).body.listingComplete).toBe(
      false,
    );
  }, 120_000);

  it("tells the channel's pages when one of its videos is downloaded or deleted, once its figures count it", async () => {
    await call(suite.app, 'GET', `/getchannelvideos/${small}`);
    const queued = await call(suite.app, 'POST', '/api/videos/download', { url: watchUrl(sv) });
    expect(queued.status).toBe(200);
    await until(
      async () =>
        messages.some((m) => m.type === 'channelUpdated' && m.channelId === small && m.reason === 'downloaded')
          ? true
          : undefined,
      60_000,
      'the downloaded message',
    );
    expect((await call(suite.app, 'GET', `/api/channels/${small}/tab-stats`)).body.tabs.videos.downloaded).toBe(1);
    expect((await call(suite.app, 'DELETE', `/api/videos/${sv}`)).status).toBe(200);
    await until(
      async () =>
        messages.some((m) => m.type === 'channelUpdated' && m.channelId === small && m.reason === 'removed')
          ? true
          : undefined,
      10_000,
      'the removed message',
    );
    expect(messages.filter((m) => m.type === 'channelUpdated' && m.channelId !== small)).toEqual([]);
  }, 90_000);
});
