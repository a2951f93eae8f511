import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelVideoPage, PlaylistVideoPage, Video, VideoList } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { watchStatusControl } from '../fixtures/plugins/shared.js';
import { waitForJob, watchUrl, platformSuite } from '../helpers/downloads.js';
import { withFixturePlugins } from '../helpers/manifest.js';
import { call, until } from './channels/helpers.js';

/**
 * Watched state in the three lists a user picks videos from (library, channel videos, playlist
 * videos), with real downloads from the fake platform and the stand-in watch-status service
 * (`fx-watch-status`): what a media server reports shows up everywhere after the change event,
 * filters page and count correctly, and a video the servers stop reporting goes back to unknown.
 */
describe('watched state in the video lists', () => {
  const control = watchStatusControl();
  const ch = fakeChannelId('watched-chan');
  const v = (n: number) => fakeVideoId(`watched-${n}`);
  const LIST = 'PLwatchedlists00000001';
  const alice = 'alice (Plex)';
  const bob = 'bob (Jellyfin)';

  const library = async (query = '') => {
    const res = await call<VideoList>(suite.app, 'GET', `/api/videos?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const channelVideos = async (query = '') => {
    const res = await call<ChannelVideoPage>(suite.app, 'GET', `/getchannelvideos/${ch}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const playlistVideos = async (query = '') => {
    const res = await call<PlaylistVideoPage>(suite.app, 'GET', `/api/playlists/${LIST}/videos?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** The ids of a page, sorted (the lists' own orders are tested elsewhere). */
  const ids = (rows: { sourceId?: string; source_id?: string }[]) => rows.map((r) => r.sourceId ?? r.source_id).sort();
  const names = (...ns: number[]) => ns.map(v).sort();
  const state = (watched: boolean, watchedBy: string[]) => ({ watched, watchedBy, lastWatchedAt: new Date() });

  const c = { channelId: ch, channel: 'Watched Channel', handle: '@watchedchan' };
  // Registered first, so it runs last: after the app and the platform have closed.
  afterAll(() => control.states.clear());
  const suite = platformSuite(
    () => ({
      videos: [1, 2, 3, 4].map((n) => ({ ...c, id: v(n), title: `Episode ${n}`, uploadDate: `2025030${n}` })),
      channels: [
        { channelId: ch, handle: '@watchedchan', name: 'Watched Channel', tabs: { videos: [4, 3, 2, 1].map(v) } },
      ],
      playlists: [{ id: LIST, title: 'Watched playlist', channelId: ch, videoIds: [v(1), v(2), v(3), v(4)] }],
    }),
    { ...withFixturePlugins('fx-watch-status'), timeout: 120_000, prepare: () => control.states.clear() },
  );
  beforeAll(async () => {
    const added = await call(suite.app, 'POST', '/updatechannels', {
      add: [{ url: '@watchedchan', settings: { auto_download_enabled_tabs: '' } }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await channelVideos()).total).toBe(4);
    expect((await call(suite.app, 'POST', '/api/playlists', { url: LIST })).status).toBe(201);
    // Three of the four are downloaded; the fourth is only listed (channel and playlist).
    const queued = await call(suite.app, 'POST', '/api/videos/download', {
      urls: [1, 2, 3].map((n) => watchUrl(v(n))),
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    await waitForJob(suite.app, queued.body.jobId, ['completed']);
    await until(async () => ((await playlistVideos('downloadState=downloaded')).total === 3 ? true : undefined));
  }, 120_000);
  beforeEach(() => {
    control.enabled = true;
  });

  it('shows every video as unknown while no media server reported on any, and the watched filters are empty', async () => {
    const all = await library();
    expect(all.total).toBe(3);
    expect(all.videos.map((x) => [x.watched, x.watched_by])).toEqual([
      [null, []],
      [null, []],
      [null, []],
    ]);
    for (const query of ['watchedState=watched', 'watchedState=unwatched']) {
      expect(await library(query)).toMatchObject({ total: 0, videos: [] });
      expect(await channelVideos(query)).toMatchObject({ total: 0, videos: [] });
      expect(await playlistVideos(query)).toMatchObject({ total: 0, videos: [] });
    }
    expect((await library('watchedState=unknown')).total).toBe(3);
    expect((await channelVideos('watchedState=unknown')).total).toBe(4);
    expect((await playlistVideos('watchedState=unknown')).total).toBe(4);
    // The specification's tri-state: nothing is watched, so `exclude` keeps everything.
    expect((await channelVideos('watchedFilter=only')).total).toBe(0);
    expect((await channelVideos('watchedFilter=exclude')).total).toBe(4);
  });

  it('after a change event the library shows who watched what and filters by each state with right totals', async () => {
    control.states.set(v(1), state(true, [alice, bob]));
    control.states.set(v(2), state(false, []));
    control.states.set(v(4), state(true, [alice]));
    control.changed([v(1), v(2), v(4)]);
    await until(async () => ((await library('watchedState=watched')).total === 1 ? true : undefined), 10_000);

    const all = await library('sortBy=title&sortOrder=asc');
    expect(all.videos.map((x) => [x.sourceId, x.watched, x.watched_by])).toEqual([
      [v(1), true, [alice, bob]],
      [v(2), false, []],
      [v(3), null, []],
    ]);
    const watched = await library('watchedState=watched');
    expect({ total: watched.total, ids: ids(watched.videos) }).toEqual({ total: 1, ids: names(1) });
    const unwatched = await library('watchedState=unwatched');
    expect({ total: unwatched.total, ids: ids(unwatched.videos) }).toEqual({ total: 1, ids: names(2) });
    const unknown = await library('watchedState=unknown');
    expect({ total: unknown.total, ids: ids(unknown.videos) }).toEqual({ total: 1, ids: names(3) });
    expect((await library('watchedState=any')).total).toBe(3);
    // Filters combine with paging and search: the total counts the filtered videos, not the page.
    const known = await library('watchedState=watched&search=episode&pageSize=1&page=2');
    expect(known).toMatchObject({ total: 1, page: 2, videos: [] });
    // One video's own page shows it too.
    const one = await call<Video>(suite.app, 'GET', `/api/videos/${v(1)}`);
    expect(one.body).toMatchObject({ watched: true, watched_by: [alice, bob] });
    const status = await call(suite.app, 'POST', '/api/videos/local-status', { sourceIds: [v(2), v(4)] });
    expect(status.body.results.map((r: { video: Video | null }) => r.video && r.video.watched)).toEqual([false, null]);
  });

  it('channel videos keep the tri-state watchedFilter and take watchedState, both before paging', async () => {
    const only = await channelVideos('watchedFilter=only');
    expect({ total: only.total, ids: ids(only.videos) }).toEqual({ total: 2, ids: names(1, 4) });
    expect(only.videos.find((x) => x.sourceId === v(1))).toMatchObject({ watched: true, watched_by: [alice, bob] });
    // `exclude`: not watched, whether a server knows the video or not.
    const exclude = await channelVideos('watchedFilter=exclude');
    expect({ total: exclude.total, ids: ids(exclude.videos) }).toEqual({ total: 2, ids: names(2, 3) });
    expect((await channelVideos('watchedState=watched')).total).toBe(2);
    expect(ids((await channelVideos('watchedState=unwatched')).videos)).toEqual(names(2));
    expect(ids((await channelVideos('watchedState=unknown')).videos)).toEqual(names(3));
    expect(ids((await channelVideos('watchedFilter=exclude&watchedState=unknown')).videos)).toEqual(names(3));
    expect((await channelVideos('watchedFilter=only&watchedState=unwatched')).total).toBe(0);
    // With the download filter and paging: watched and downloaded is v1 alone; page 2 of 1-row pages of 2.
    expect(ids((await channelVideos('watchedFilter=only&downloadedFilter=only')).videos)).toEqual(names(1));
    const paged = await channelVideos('watchedFilter=only&pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, totalPages: 2 });
    expect(paged.videos).toHaveLength(1);
  });

  it('playlist videos show and filter the same state', async () => {
    const all = await playlistVideos();
    expect(all.videos.map((x) => [x.source_id, x.watched, x.watched_by])).toEqual([
      [v(1), true, [alice, bob]],
      [v(2), false, []],
      [v(3), null, []],
      [v(4), true, [alice]],
    ]);
    expect(ids((await playlistVideos('watchedState=watched')).videos)).toEqual(names(1, 4));
    expect(ids((await playlistVideos('watchedState=unwatched')).videos)).toEqual(names(2));
    expect(ids((await playlistVideos('watchedState=unknown')).videos)).toEqual(names(3));
    const downloadedWatched = await playlistVideos('watchedState=watched&downloadState=downloaded');
    expect({ total: downloadedWatched.total, ids: ids(downloadedWatched.videos) }).toEqual({ total: 1, ids: names(1) });
  });

  it('a later change moves videos between states everywhere, and one no server reports any more goes back to unknown', async () => {
    // Asked before the change, so the remembered totals and pages must be forgotten by it.
    expect((await library('watchedState=watched')).total).toBe(1);
    expect((await channelVideos('watchedFilter=only')).total).toBe(2);
    expect((await channelVideos('watchedFilter=exclude')).total).toBe(2);

    control.states.delete(v(1));
    control.states.set(v(2), state(true, [bob]));
    control.states.set(v(3), state(true, [alice]));
    control.changed([v(1), v(2), v(3)]);
    await until(async () => ((await library('watchedState=watched')).total === 2 ? true : undefined), 10_000);

    const first = (await library()).videos.find((x) => x.sourceId === v(1))!;
    expect([first.watched, first.watched_by]).toEqual([null, []]);
    expect(ids((await library('watchedState=watched')).videos)).toEqual(names(2, 3));
    expect(await library('watchedState=unwatched')).toMatchObject({ total: 0, videos: [] });
    expect(ids((await library('watchedState=unknown')).videos)).toEqual(names(1));
    const only = await channelVideos('watchedFilter=only');
    expect({ total: only.total, ids: ids(only.videos) }).toEqual({ total: 3, ids: names(2, 3, 4) });
    const exclude = await channelVideos('watchedFilter=exclude');
    expect({ total: exclude.total, ids: ids(exclude.videos) }).toEqual({ total: 1, ids: names(1) });
    expect(ids((await channelVideos('watchedState=unknown')).videos)).toEqual(names(1));
    expect(ids((await playlistVideos('watchedState=unknown')).videos)).toEqual(names(1));
    expect((await playlistVideos()).videos.find((x) => x.source_id === v(2))).toMatchObject({
      watched: true,
      watched_by: [bob],
    });
  });

  it('refuses an unknown watched state with 400 naming the parameter', async () => {
    for (const url of [
      '/api/videos?watchedState=seen',
      `/getchannelvideos/${ch}?watchedState=seen`,
      `/getchannelvideos/${ch}?watchedFilter=yes`,
      `/api/playlists/${LIST}/videos?watchedState=seen`,
    ]) {
      const res = await call(suite.app, 'GET', url);
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(res.body.details ?? res.body)).toMatch(/watched(State|Filter)/);
    }
  });
});
