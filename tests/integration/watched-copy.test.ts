import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, login, pluginOrm, TestHarness, type TestApp } from '@vidkeep/core/testing';
import type { ChannelVideoPage, PlaylistVideoPage, VideoList } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { watchStatusControl } from '../fixtures/plugins/shared.js';
import { withFixturePlugins, withPluginsOff } from '../helpers/manifest.js';
import { until } from './channels/helpers.js';

/**
 * Each listing plugin's copy of the watched state on a library larger than one batch (1,200
 * videos, batches of 500): filled once after boot without any event, a change event over every
 * video, and a start without any watch-status service (everything unknown, filters empty) and
 * with it again. The library, one channel tab and one playlist hold the same 1,200 videos,
 * written straight into the SQLite file.
 */
describe('the watched state copies of the video lists', () => {
  const h = new TestHarness();
  const control = watchStatusControl();
  const N = 1200;
  const ch = fakeChannelId('watched-copy');
  const LIST = 'PLwatchedcopy000000001';
  const id = (i: number) => fakeVideoId(`watched-copy-${i}`);
  const all = Array.from({ length: N }, (_, i) => id(i));
  /** Thirds by index: `i % 3` 0, 1 or 2. */
  const third = (r: number) => all.filter((_, i) => i % 3 === r);
  let t: TestApp;
  let headers: Record<string, string>;

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  /** Totals per watched state in the library, the channel tab and the playlist. */
  const totals = async (state: string) => [
    (await get<VideoList>(`/api/videos?watchedState=${state}`)).total,
    (await get<ChannelVideoPage>(`/getchannelvideos/${ch}?watchedState=${state}`)).total,
    (await get<PlaylistVideoPage>(`/api/playlists/${LIST}/videos?watchedState=${state}`)).total,
  ];
  const setStates = (watched: string[], unwatched: string[]) => {
    control.states.clear();
    for (const sourceId of watched)
      control.states.set(sourceId, { watched: true, watchedBy: ['alice (Plex)'], lastWatchedAt: new Date() });
    for (const sourceId of unwatched)
      control.states.set(sourceId, { watched: false, watchedBy: [], lastWatchedAt: null });
  };
  const bootWith = async (fixture: boolean, dir?: string) => {
    // Without the stand-in, no watch-status service at all (the built-in plugin switched off).
    t = await h.boot({
      ...(fixture ? withFixturePlugins('fx-watch-status') : withPluginsOff('watch-status')),
      ...(dir ? { dir } : {}),
    });
    headers = { 'x-access-token': dir ? await login(t) : await completeSetup(t) };
  };

  async function seed(orm: Orm): Promise<void> {
    const conn = orm.em.getConnection();
    const date = (d: Date) => orm.em.getPlatform().processDateProperty(d);
    const run = (sql: string, params: unknown[]) => conn.execute(sql, params as never[], 'run');
    const now = Date.now();
    await run(
      `insert into channels (channel_id, title, url, enabled, available_tabs, auto_download_enabled_tabs, m3u_enabled, m3u_sort_order,
         auto_removal_protected, last_fetched_by_tab, created_at, updated_at)
       values (?, 'Copy Channel', 'https://www.youtube.com/@copychan', 1, 'videos', '', 0, 'oldest_first', 0, ?, ?, ?)`,
      [ch, JSON.stringify({ videos: new Date(now).toISOString() }), date(new Date(now)), date(new Date(now))],
    );
    await run(
      `insert into playlists (playlist_id, title, url, enabled, auto_download, sync_targets, public_on_servers, sort_order,
         last_listing_complete, created_at, updated_at)
       values (?, 'Copy playlist', ?, 1, 0, '{}', 0, 'default', 1, ?, ?)`,
      [LIST, `https://www.youtube.com/playlist?list=${LIST}`, date(new Date(now)), date(new Date(now))],
    );
    const playlistRow = (
      await conn.execute<{ id: number }[]>('select id from playlists where playlist_id = ?', [LIST])
    )[0]!.id;
    for (let i = 0; i < N; i += 200) {
      const chunk = all.slice(i, i + 200);
      const at = (k: number) => date(new Date(now - (i + k) * 60_000));
      await run(
        `insert into library_videos (source_id, title, channel_name, channel_id, media_type, file_path, removed, downloaded_at)
         values ${chunk.map(() => "(?, ?, 'Copy Channel', ?, 'video', ?, 0, ?)").join(',')}`,
        chunk.flatMap((s, k) => [s, `Copy video ${i + k}`, ch, `/data/${s}.mp4`, at(k)]),
      );
      await run(
        `insert into channels_videos (channel_id, source_id, media_type, title, published_at, published_at_source, ignored, downloaded_at, removed, first_seen_at)
         values ${chunk.map(() => "(?, ?, 'video', ?, ?, 'exact', 0, ?, 0, ?)").join(',')}`,
        chunk.flatMap((s, k) => [ch, s, `Copy video ${i + k}`, at(k), at(k), at(k)]),
      );
      await run(
        `insert into playlists_videos (playlist_row_id, source_id, position, first_seen_at, title, unavailable, ignored, removed, auto_download_requested)
         values ${chunk.map(() => '(?, ?, ?, ?, ?, 0, 0, 0, 0)').join(',')}`,
        chunk.flatMap((s, k) => [playlistRow, s, i + k + 1, at(k), `Copy video ${i + k}`]),
      );
    }
  }

  beforeAll(async () => {
    // Known before the start: a third watched, a third known and not watched, a third unknown.
    setStates(third(0), third(1));
    await bootWith(true);
    await seed(pluginOrm(t.app.vidkeep.orm));
  }, 60_000);
  afterAll(async () => {
    await h.closeAll();
    control.states.clear();
  });

  it('fills an empty copy once after boot, with no change event, in every list', async () => {
    await until(
      async () => ((await totals('watched')).join() === '400,400,400' ? true : undefined),
      10_000,
      'the fill',
    );
    expect(await totals('unwatched')).toEqual([400, 400, 400]);
    expect(await totals('unknown')).toEqual([400, 400, 400]);
    expect(await totals('any')).toEqual([N, N, N]);
    // The last full page and the one after it, filtered before paging.
    const last = await get<VideoList>('/api/videos?watchedState=watched&pageSize=50&page=8');
    expect(last.videos).toHaveLength(50);
    expect(last.videos.every((v) => v.watched === true && v.watched_by[0] === 'alice (Plex)')).toBe(true);
    expect((await get<VideoList>('/api/videos?watchedState=watched&pageSize=50&page=9')).videos).toEqual([]);
  });

  it('applies a change event over more videos than one batch to every list', async () => {
    // Rotate: the watched third becomes unknown, the unwatched one watched, the unknown one known and unwatched.
    setStates(third(1), third(2));
    control.changed(all);
    await until(
      async () =>
        (await totals('unknown')).join() === '400,400,400' && (await totals('watched')).join() === '400,400,400'
          ? true
          : undefined,
      10_000,
      'the change',
    );
    expect(await totals('unwatched')).toEqual([400, 400, 400]);
    const unknown = await get<ChannelVideoPage>(`/getchannelvideos/${ch}?watchedState=unknown&pageSize=200`);
    expect(unknown.videos.every((v) => third(0).includes(v.sourceId) && v.watched === null)).toBe(true);
    // The tri-state of channel videos: `exclude` is everything not watched, unknown included.
    const exclude = await get<ChannelVideoPage>(`/getchannelvideos/${ch}?watchedFilter=exclude`);
    expect(exclude.total).toBe(800);
  });

  it('without any watch-status service every video is unknown and the watched filters are empty, not errors', async () => {
    await bootWith(false, t.dir);
    // The copy left by the earlier run is emptied in the background after boot.
    await until(
      async () => ((await totals('unknown')).join() === '1200,1200,1200' ? true : undefined),
      10_000,
      'emptying',
    );
    expect(await totals('watched')).toEqual([0, 0, 0]);
    expect(await totals('unwatched')).toEqual([0, 0, 0]);
    expect((await get<ChannelVideoPage>(`/getchannelvideos/${ch}?watchedFilter=only`)).total).toBe(0);
    expect((await get<ChannelVideoPage>(`/getchannelvideos/${ch}?watchedFilter=exclude`)).total).toBe(N);
    const page = await get<VideoList>('/api/videos?pageSize=3');
    expect(page.videos.map((v) => [v.watched, v.watched_by])).toEqual([
      [null, []],
      [null, []],
      [null, []],
    ]);
  });

  it('with the service back, the emptied copy is filled again at the next start', async () => {
    await bootWith(true, t.dir);
    await until(
      async () => ((await totals('watched')).join() === '400,400,400' ? true : undefined),
      10_000,
      'the refill',
    );
    expect(await totals('unwatched')).toEqual([400, 400, 400]);
    expect(await totals('unknown')).toEqual([400, 400, 400]);
  });
});
