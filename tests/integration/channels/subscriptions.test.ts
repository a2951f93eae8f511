import { describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { bootDownloader, platformSuite } from '../../helpers/downloads.js';
import { call } from './helpers.js';

/**
 * Subscribing, listing, settings, tabs, channel videos and ignore flags through the real HTTP API,
 * with the real yt-dlp reading the fake platform.
 */
describe('channel subscriptions', () => {
  const alpha = fakeChannelId('alpha');
  const beta = fakeChannelId('beta');
  const v = (s: string) => fakeVideoId(`alpha-${s}`);
  const alphaVideos = ['1', '2', '3', '4', '5', '6'].map(v);
  const catastrophic = `${'a'.repeat(38)}!`;

  const common = { channelId: alpha, channel: 'Alpha Media', handle: '@alpha' };
  const suite = platformSuite(() => ({
    videos: [
      { ...common, id: v('1'), title: 'Phone Review: the new one', uploadDate: '20260110' },
      { ...common, id: v('2'), title: 'Unboxing day', uploadDate: '20260108' },
      {
        ...common,
        id: v('3'),
        title: 'Members stream replay',
        uploadDate: '20260106',
        availability: 'subscriber_only',
      },
      { ...common, id: v('4'), title: 'Laptop review (long term)', uploadDate: '20260104' },
      { ...common, id: v('5'), title: 'Q&A', uploadDate: '20260102' },
      { ...common, id: v('6'), title: 'First video', uploadDate: '20251230' },
      {
        id: fakeVideoId('beta-1'),
        title: catastrophic,
        channelId: beta,
        channel: 'Beta',
        handle: '@beta',
        uploadDate: '20260101',
      },
    ],
    channels: [
      {
        channelId: alpha,
        handle: '@alpha',
        name: 'Alpha Media',
        tabs: { videos: alphaVideos, shorts: [v('s1'), v('s2')] },
      },
      { channelId: beta, handle: '@beta', name: 'Beta', tabs: { videos: [fakeVideoId('beta-1')] } },
      {
        channelId: fakeChannelId('gone'),
        handle: '@gone',
        name: 'Gone',
        tabs: { videos: [fakeVideoId('gone-1')] },
        terminated: true,
      },
      { channelId: fakeChannelId('artist'), handle: '@artist', name: 'Artist', tabs: {} },
    ],
  }));

  it('looks a channel up by handle and by channel URL without subscribing', async () => {
    const byHandle = await call(suite.app, 'POST', '/addchannelinfo', { url: 'https://www.youtube.com/@alpha' });
    expect(byHandle.status).toBe(200);
    expect(byHandle.body.channelInfo).toMatchObject({
      id: alpha,
      channel_id: alpha,
      title: 'Alpha Media',
      enabled: false,
      existing: false,
      availableTabs: ['videos', 'shorts'],
    });
    // What subscribing starts: the Videos tab downloads by itself, the newest 5 at the next
    // hourly check.
    const auto = byHandle.body.channelInfo.autoDownload;
    expect(auto).toMatchObject({ tabs: ['videos'], newest: 5 });
    const next = new Date(auto.nextCheckAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(next.getMinutes()).toBe(0);
    const again = await call(suite.app, 'POST', '/addchannelinfo', { url: '@alpha' });
    expect(again.body.channelInfo).toMatchObject({ channel_id: alpha, existing: true, enabled: false });
    const byUrl = await call(suite.app, 'POST', '/addchannelinfo', {
      url: `https://www.youtube.com/channel/${beta}/videos`,
    });
    expect(byUrl.body.channelInfo).toMatchObject({
      channel_id: beta,
      title: 'Beta',
      existing: false,
      availableTabs: ['videos'],
    });
    // Looked up, not subscribed.
    expect((await call(suite.app, 'GET', '/getchannels')).body.total).toBe(0);
  }, 60_000);

  it('answers 400, 404 and 422 as the spec says', async () => {
    expect((await call(suite.app, 'POST', '/addchannelinfo', {})).status).toBe(400);
    expect((await call(suite.app, 'POST', '/addchannelinfo', { url: '  ' })).status).toBe(400);
    expect((await call(suite.app, 'POST', '/addchannelinfo', { url: 'https://example.com/@alpha' })).status).toBe(400);
    const unknown = await call(suite.app, 'POST', '/addchannelinfo', { url: '@nobody-here' });
    expect(unknown.status).toBe(404);
    const gone = await call(suite.app, 'POST', '/addchannelinfo', { url: '@gone' });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/terminated/);
    const artist = await call(suite.app, 'POST', '/addchannelinfo', { url: '@artist' });
    expect(artist.status).toBe(422);
    expect(artist.body.error).toMatch(/release playlists/);
  }, 60_000);

  it('answers 503 when the platform cannot be reached', async () => {
    const offline = await bootDownloader(suite.h, {
      ...suite.p,
      env: { ...suite.p.env, VIDKEEP_FAKE_PLATFORM_URL: 'http://127.0.0.1:9' },
    });
    const r = await call(offline, 'POST', '/addchannelinfo', { url: '@alpha' });
    expect(r.status).toBe(503);
    expect(r.body.error).toMatch(/Cannot reach the platform/);
    const batch = await call(offline, 'POST', '/updatechannels', { add: ['@alpha'] });
    expect(batch.status).toBe(503);
    await offline.t.close();
  }, 60_000);

  it('rejects a whole /updatechannels batch when one item is invalid, changing nothing', async () => {
    const bad = await call(suite.app, 'POST', '/updatechannels', {
      add: [
        { url: '@beta', settings: { sub_folder: 'Fine' } },
        { url: '@alpha', settings: { sub_folder: '__playlists__' } },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/No channel was changed.*__playlists__/);
    const unknownKey = await call(suite.app, 'POST', '/updatechannels', {
      add: [{ url: '@alpha', settings: { colour: 'red' } }],
    });
    expect(unknownKey.status).toBe(400);
    expect((await call(suite.app, 'POST', '/updatechannels', { add: [] })).status).toBe(400);
    expect((await call(suite.app, 'GET', '/getchannels')).body.total).toBe(0);
    expect((await call(suite.app, 'GET', `/getchannelinfo/${beta}`)).body.sub_folder).toBeNull();
  });

  it('subscribes with settings and lists with paging, search, sort and subfolder filter', async () => {
    const ok = await call(suite.app, 'POST', '/updatechannels', {
      add: [
        {
          url: 'https://www.youtube.com/@alpha',
          channel_id: alpha,
          settings: { sub_folder: 'Music', video_quality: '720', auto_download_enabled_tabs: 'video,short' },
        },
        '@beta',
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'success', added: [alpha, beta], removed: [] });
    const all = await call(suite.app, 'GET', '/getchannels');
    expect(all.body).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      subFolders: ['__default__', 'Music'],
    });
    expect(all.body.channels.map((c: any) => c.title)).toEqual(['Alpha Media', 'Beta']);
    expect(all.body.channels[0]).toMatchObject({
      enabled: true,
      sub_folder: 'Music',
      video_quality: '720',
      auto_download_enabled_tabs: 'video,short',
    });
    expect((await call(suite.app, 'GET', '/getchannels?sortOrder=desc')).body.channels[0].title).toBe('Beta');
    expect((await call(suite.app, 'GET', '/getchannels?pageSize=1&page=2')).body).toMatchObject({
      total: 2,
      totalPages: 2,
      channels: [{ title: 'Beta' }],
    });
    expect(
      (await call(suite.app, 'GET', '/getchannels?search=MEDIA')).body.channels.map((c: any) => c.channel_id),
    ).toEqual([alpha]);
    expect((await call(suite.app, 'GET', '/getchannels?subFolder=Music')).body.total).toBe(1);
    expect(
      (await call(suite.app, 'GET', '/getchannels?subFolder=__default__')).body.channels.map((c: any) => c.title),
    ).toEqual(['Beta']);
    expect((await call(suite.app, 'GET', '/getchannels?pageSize=101')).status).toBe(400);
    expect((await call(suite.app, 'GET', '/api/channels/subfolders')).body).toContain('Music');
    expect((await call(suite.app, 'GET', '/api/channels/using-default-subfolder')).body).toEqual({ count: 1 });
    expect((await call(suite.app, 'GET', '/api/channels/using-global-file-structure')).body).toEqual({
      count: 2,
      channelNames: ['Alpha Media', 'Beta'],
    });
  }, 60_000);

  it('soft-removes and restores a channel with its settings', async () => {
    expect(
      (
        await call(suite.app, 'PUT', `/api/channels/${alpha}/settings`, {
          additional_tags: 'tech|reviews',
          m3u_sort_order: 'newest_first',
        })
      ).status,
    ).toBe(200);
    const removed = await call(suite.app, 'POST', '/updatechannels', [{ url: '@alpha', enabled: false }]);
    expect(removed.body).toEqual({ status: 'success', added: [], removed: [alpha] });
    expect((await call(suite.app, 'GET', '/getchannels')).body.channels.map((c: any) => c.channel_id)).toEqual([beta]);
    const info = await call(suite.app, 'GET', `/getchannelinfo/${alpha}`);
    expect(info.body).toMatchObject({ enabled: false, sub_folder: 'Music' });
    const lookup = await call(suite.app, 'POST', '/addchannelinfo', { url: '@alpha' });
    expect(lookup.body.channelInfo).toMatchObject({ existing: true, enabled: false });
    const restored = await call(suite.app, 'POST', '/updatechannels', { add: ['@alpha'] });
    expect(restored.body.added).toEqual([alpha]);
    const settings = (await call(suite.app, 'GET', `/api/channels/${alpha}/settings`)).body.settings;
    expect(settings).toMatchObject({
      enabled: true,
      subfolder: 'Music',
      video_quality: '720',
      additional_tags: 'tech|reviews',
      m3u_sort_order: 'newest_first',
    });
  }, 60_000);

  it('validates channel settings with every rule of spec 2.3', async () => {
    const put = (body: unknown) => call(suite.app, 'PUT', `/api/channels/${alpha}/settings`, body);
    const reserved = await put({ subfolder: '__playlists__' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error).toMatch(/reserved/);
    expect((await put({ subfolder: '../outside' })).status).toBe(400);
    expect((await put({ additional_tags: 'ok|not;ok' })).status).toBe(400);
    expect((await put({ additional_tags: 'x'.repeat(1001) })).status).toBe(400);
    const regex = await put({ title_filter_regex: '(unclosed' });
    expect(regex.status).toBe(400);
    expect(regex.body.error).toMatch(/title_filter_regex/);
    expect((await put({ colour: 'red' })).status).toBe(400);
    expect((await put({ m3u_sort_order: 'random' })).status).toBe(400);
    expect((await put({ auto_removal_keep_recent_count: 5 })).body.settings.auto_removal_keep_recent_count).toBe(5);
    const protectedNow = await put({ auto_removal_protected: true });
    expect(protectedNow.body.settings).toMatchObject({
      auto_removal_protected: true,
      auto_removal_keep_recent_count: null,
    });
    const rejected = await put({ auto_removal_keep_recent_count: 3 });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toMatch(/auto_removal_protected/);
    expect(
      (await put({ auto_removal_protected: false, auto_removal_keep_recent_count: 3 })).body.settings,
    ).toMatchObject({ auto_removal_protected: false, auto_removal_keep_recent_count: 3 });
    expect((await call(suite.app, 'GET', `/api/channels/${fakeChannelId('never-added')}/settings`)).status).toBe(404);
    // Nothing of the rejected requests was applied.
    expect((await call(suite.app, 'GET', `/api/channels/${alpha}/settings`)).body.settings).toMatchObject({
      subfolder: 'Music',
      additional_tags: 'tech|reviews',
      title_filter_regex: null,
    });
  });

  it('hides tabs, keeps them hidden on re-detection, and toggles tab auto-download', async () => {
    expect((await call(suite.app, 'GET', `/api/channels/${alpha}/tabs`)).body).toEqual({
      availableTabs: ['videos', 'shorts'],
    });
    expect(
      (await call(suite.app, 'PUT', `/api/channels/${alpha}/settings`, { hidden_tabs: ['videos', 'shorts'] })).status,
    ).toBe(400);
    const hidden = await call(suite.app, 'PUT', `/api/channels/${alpha}/settings`, { hidden_tabs: ['shorts'] });
    expect(hidden.body.settings).toMatchObject({
      available_tabs: ['videos'],
      hidden_tabs: ['shorts'],
      auto_download_enabled_tabs: 'video',
    });
    const re = await call(suite.app, 'POST', `/api/channels/${alpha}/tabs/redetect`);
    expect(re.body).toEqual({
      availableTabs: ['videos'],
      detectedTabs: ['videos', 'shorts'],
      hiddenTabs: ['shorts'],
      autoDownloadEnabledTabs: 'video',
    });
    expect(
      (await call(suite.app, 'PATCH', `/api/channels/${alpha}/tabs/videos/auto-download`, { enabled: false })).body,
    ).toEqual({ success: true, autoDownloadEnabledTabs: '' });
    expect(
      (await call(suite.app, 'PATCH', `/api/channels/${alpha}/tabs/videos/auto-download`, { enabled: true })).body
        .autoDownloadEnabledTabs,
    ).toBe('video');
    expect(
      (await call(suite.app, 'PATCH', `/api/channels/${alpha}/tabs/shorts/auto-download`, { enabled: true })).status,
    ).toBe(400);
    expect(
      (await call(suite.app, 'PATCH', `/api/channels/${alpha}/tabs/music/auto-download`, { enabled: true })).status,
    ).toBe(400);
    expect(
      (await call(suite.app, 'PATCH', `/api/channels/${alpha}/tabs/videos/auto-download`, { enabled: 'yes' })).status,
    ).toBe(400);
    await call(suite.app, 'PUT', `/api/channels/${alpha}/settings`, { hidden_tabs: [] });
  }, 60_000);

  it('lists, filters, searches, sorts and pages channel videos', async () => {
    const first = await call(suite.app, 'GET', `/getchannelvideos/${alpha}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      total: 6,
      dataSource: 'fresh',
      tabType: 'videos',
      autoDownloadsEnabled: true,
      fetchError: null,
    });
    expect(first.body.videos.map((x: any) => x.sourceId)).toEqual(alphaVideos);
    expect(first.body.videos[2]).toMatchObject({
      membersOnly: true,
      downloaded: false,
      activity: null,
      watched: null,
      published_at_source: 'approximate',
    });
    expect(first.body.lastFetched).not.toBeNull();
    const cached = await call(suite.app, 'GET', `/getchannelvideos/${alpha}?searchQuery=REVIEW`);
    expect(cached.body).toMatchObject({ total: 2, dataSource: 'cache' });
    expect(cached.body.videos.map((x: any) => x.sourceId)).toEqual([v('1'), v('4')]);
    const byTitle = await call(
      suite.app,
      'GET',
      `/getchannelvideos/${alpha}?sortBy=title&sortOrder=asc&pageSize=2&page=2`,
    );
    expect(byTitle.body).toMatchObject({ total: 6, totalPages: 3, page: 2 });
    expect(byTitle.body.videos.map((x: any) => x.title)).toEqual([
      'Members stream replay',
      'Phone Review: the new one',
    ]);
    const oldestFirst = await call(suite.app, 'GET', `/getchannelvideos/${alpha}?sortOrder=asc&pageSize=1`);
    expect(oldestFirst.body.videos[0].sourceId).toBe(v('6'));
    expect((await call(suite.app, 'GET', `/getchannelvideos/${alpha}?watchedFilter=only`)).body.total).toBe(0);
    expect((await call(suite.app, 'GET', `/getchannelvideos/${alpha}?watchedFilter=exclude`)).body.total).toBe(6);
    expect((await call(suite.app, 'GET', `/getchannelvideos/${alpha}?downloadedFilter=only`)).body.total).toBe(0);
    const shorts = await call(suite.app, 'GET', `/getchannelvideos/${alpha}?tabType=shorts`);
    expect(shorts.body).toMatchObject({ total: 2, tabType: 'shorts' });
    expect((await call(suite.app, 'GET', `/getchannelvideos/${alpha}?tabType=music`)).status).toBe(400);
    expect((await call(suite.app, 'GET', `/getchannelvideos/${alpha}?pageSize=0`)).status).toBe(400);
    expect((await call(suite.app, 'GET', `/getchannelvideos/${fakeChannelId('never-added')}`)).status).toBe(404);
  }, 60_000);

  it('ignores, unignores and bulk-ignores channel videos', async () => {
    expect((await call(suite.app, 'POST', `/api/channels/${alpha}/videos/${v('2')}/ignore`)).body.success).toBe(true);
    const ignored = await call(suite.app, 'GET', `/getchannelvideos/${alpha}?ignoredFilter=only`);
    expect(ignored.body.videos.map((x: any) => [x.sourceId, x.ignored])).toEqual([[v('2'), true]]);
    expect(ignored.body.videos[0].ignoredAt).not.toBeNull();
    expect((await call(suite.app, 'POST', `/api/channels/${alpha}/videos/${v('2')}/unignore`)).status).toBe(200);
    expect((await call(suite.app, 'GET', `/getchannelvideos/${alpha}?ignoredFilter=only`)).body.total).toBe(0);
    expect((await call(suite.app, 'POST', `/api/channels/${alpha}/videos/${fakeVideoId('nope')}/ignore`)).status).toBe(
      404,
    );
    const bulk = await call(suite.app, 'POST', `/api/channels/${alpha}/videos/bulk-ignore`, {
      sourceIds: [v('5'), v('6'), fakeVideoId('nope')],
    });
    expect(bulk.body).toMatchObject({ success: true, message: 'Successfully ignored 2 of 3 videos' });
    expect(bulk.body.results[2]).toMatchObject({ success: false });
    expect((await call(suite.app, 'POST', `/api/channels/${alpha}/videos/bulk-ignore`, { sourceIds: [] })).status).toBe(
      400,
    );
    expect((await call(suite.app, 'GET', `/getchannelvideos/${alpha}?ignoredFilter=exclude`)).body.total).toBe(4);
    // Ignored videos are never offered to download-all.
    expect((await call(suite.app, 'GET', `/api/channels/${alpha}/download-all/preview`)).body).toMatchObject({
      count: 3,
      totalDurationSeconds: 15,
      missingDurations: 0,
      skipped: [],
    });
  });

  it('previews a title filter and stops a catastrophic one instead of hanging', async () => {
    const preview = await call(
      suite.app,
      'GET',
      `/api/channels/${alpha}/filter-preview?title_filter_regex=${encodeURIComponent('(?i)review')}`,
    );
    expect(preview.body).toMatchObject({ totalCount: 8, matchCount: 2 });
    expect((await call(suite.app, 'GET', `/api/channels/${alpha}/filter-preview?title_filter_regex=%28`)).status).toBe(
      400,
    );
    await call(suite.app, 'GET', `/getchannelvideos/${beta}`);
    const started = Date.now();
    const evil = await call(
      suite.app,
      'GET',
      `/api/channels/${beta}/filter-preview?title_filter_regex=${encodeURIComponent('(a+)+$')}`,
    );
    expect(evil.status).toBe(400);
    expect(evil.body.error).toMatch(/too long/);
    expect(Date.now() - started).toBeLessThan(5000);
    // The server still answers.
    expect((await call(suite.app, 'GET', '/getchannels')).status).toBe(200);
  }, 60_000);

  it('reports tab stats with platform totals, excluding members-only videos', async () => {
    const stats = await call(suite.app, 'GET', `/api/channels/${alpha}/tab-stats`);
    expect(stats.status).toBe(200);
    expect(stats.body.channelId).toBe(alpha);
    expect(stats.body.tabs.videos).toMatchObject({ total: 5, downloaded: 0, ignored: 2, loaded: 5, percent: 0 });
    expect(stats.body.tabs.videos.fetchedAt).not.toBeNull();
    expect(stats.body.tabs.shorts).toMatchObject({ total: 2, loaded: 2 });
    const info = await call(suite.app, 'GET', `/getchannelinfo/${alpha}`);
    expect(info.body.tab_video_counts.video).toMatchObject({ total: 5 });
    expect(info.body.tab_counts_attempted_at).not.toBeNull();
    expect((await call(suite.app, 'GET', `/api/channels/${fakeChannelId('never-added')}/tab-stats`)).status).toBe(404);
  }, 60_000);
});
