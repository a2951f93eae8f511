import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, login, TestHarness, type TestApp } from '@vidkeep/core/testing';
import type { ChannelVideoPage, PlaylistVideoPage } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { until } from './channels/helpers.js';

/**
 * The channel listings' and playlist entries' copies of the library state (issue 32, declared
 * read models): a start brings them in line with the library without any event (downloads made
 * while the plugins were off, a record gone since), and the library's own changes (protection, a
 * deletion) reach both through the same mechanism. The rows are written straight into the SQLite
 * file of a stopped app; the library's files are real files in the output directory.
 */
describe('the library state copies of channel videos and playlist entries', () => {
  const h = new TestHarness();
  const ch = fakeChannelId('library-copy');
  const LIST = 'PLlibrarycopy000000001';
  const id = (name: string) => fakeVideoId(`library-copy-${name}`);
  /** In the library, file on disk. */
  const present = id('present');
  /** In the library, protected. */
  const guarded = id('guarded');
  /** Deleted through the library (record kept, `removed`). */
  const deleted = id('deleted');
  /** Recorded, file gone from disk. */
  const gone = id('gone');
  /** Marked downloaded in both lists, but the library has no record of it. */
  const stale = id('stale');
  const all = [present, guarded, deleted, gone, stale];
  let t: TestApp;
  let headers: Record<string, string>;

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const channel = async (filter = '') =>
    (await get<ChannelVideoPage>(`/getchannelvideos/${ch}?pageSize=50${filter}`)).videos.map((v) => v.sourceId).sort();
  const playlist = async (state: string) =>
    (await get<PlaylistVideoPage>(`/api/playlists/${LIST}/videos?downloadState=${state}&pageSize=50`)).videos
      .map((v) => v.source_id)
      .sort();
  const sorted = (ids: string[]) => [...ids].sort();

  async function seed(orm: Orm, outputDir: string): Promise<void> {
    const conn = orm.em.getConnection();
    const date = (d: Date) => orm.em.getPlatform().processDateProperty(d);
    const run = (sql: string, params: unknown[]) => conn.execute(sql, params as never[], 'run');
    const now = date(new Date());
    const file = (sourceId: string) => join(outputDir, 'Copy Channel', `Copy Channel - ${sourceId} [${sourceId}].mp4`);
    await mkdir(join(outputDir, 'Copy Channel'), { recursive: true });
    for (const sourceId of [present, guarded]) await writeFile(file(sourceId), Buffer.alloc(2048, 1));
    await run(
      `insert into channels (channel_id, title, url, enabled, available_tabs, auto_download_enabled_tabs, m3u_enabled, m3u_sort_order,
         auto_removal_protected, last_fetched_by_tab, created_at, updated_at)
       values (?, 'Copy Channel', 'https://www.youtube.com/@copychan', 1, 'videos', '', 0, 'oldest_first', 0, ?, ?, ?)`,
      [ch, JSON.stringify({ videos: new Date().toISOString() }), now, now],
    );
    await run(
      `insert into playlists (playlist_id, title, url, enabled, auto_download, sync_targets, public_on_servers, sort_order,
         last_listing_complete, created_at, updated_at)
       values (?, 'Copy playlist', ?, 1, 0, '{}', 0, 'default', 1, ?, ?)`,
      [LIST, `https://www.youtube.com/playlist?list=${LIST}`, now, now],
    );
    const playlistRow = (
      await conn.execute<{ id: number }[]>('select id from playlists where playlist_id = ?', [LIST])
    )[0]!.id;
    const record = (sourceId: string, flags: { removed?: boolean; protected?: boolean; missingAt?: unknown }) =>
      run(
        `insert into library_videos (source_id, title, channel_name, channel_id, media_type, file_path, file_size, removed,
           removed_at, protected, missing_at, downloaded_at)
         values (?, ?, 'Copy Channel', ?, 'video', ?, 2048, ?, ?, ?, ?, ?)`,
        [
          sourceId,
          `Video ${sourceId}`,
          ch,
          flags.removed ? null : file(sourceId),
          flags.removed ?? false,
          flags.removed ? now : null,
          flags.protected ?? false,
          flags.missingAt ?? null,
          now,
        ],
      );
    await record(present, {});
    await record(guarded, { protected: true });
    await record(deleted, { removed: true });
    await record(gone, { missingAt: now });
    // The lists know nothing of the library yet, except a mark of a video it never had.
    for (const [i, sourceId] of all.entries()) {
      const mark = sourceId === stale ? now : null;
      await run(
        `insert into channels_videos (channel_id, source_id, media_type, title, published_at, published_at_source, ignored,
           downloaded_at, removed, first_seen_at)
         values (?, ?, 'video', ?, ?, 'exact', 0, ?, 0, ?)`,
        [ch, sourceId, `Video ${sourceId}`, now, mark, now],
      );
      await run(
        `insert into playlists_videos (playlist_row_id, source_id, position, first_seen_at, title, unavailable, ignored,
           downloaded_at, removed, file_path, auto_download_requested)
         values (?, ?, ?, ?, ?, 0, 0, ?, 0, ?, 0)`,
        [playlistRow, sourceId, i + 1, now, `Video ${sourceId}`, mark, mark ? file(sourceId) : null],
      );
    }
  }

  beforeAll(async () => {
    const first = await h.boot();
    await completeSetup(first);
    // Written while the app is stopped: what the plugins would have missed while off.
    const orm = first.app.diContainer.resolve<Orm>('orm');
    await seed(orm, join(first.dir, 'data'));
    t = await h.restart(first);
    headers = { 'x-access-token': await login(t) };
  }, 60_000);
  afterAll(() => h.closeAll());

  it('brings both lists in line with the library at start, without any event', async () => {
    const inLibrary = sorted([present, guarded, deleted, gone]);
    await until(
      async () => ((await channel('&downloadedFilter=only')).join() === inLibrary.join() ? true : undefined),
      10_000,
      'the channel copy',
    );
    const rows = new Map(
      (await get<ChannelVideoPage>(`/getchannelvideos/${ch}?pageSize=50`)).videos.map((v) => [v.sourceId, v]),
    );
    expect([...rows.values()].map((v) => [v.sourceId, v.downloaded, v.removed, v.protected, v.missing]).sort()).toEqual(
      [
        [present, true, false, false, false],
        [guarded, true, false, true, false],
        [deleted, true, true, false, false],
        [gone, true, false, false, true],
        [stale, false, false, false, false],
      ].sort(),
    );
    expect(await channel('&protectedFilter=only')).toEqual([guarded]);
    expect(await channel('&missingFilter=only')).toEqual([gone]);

    // The playlist: in the library now are the present, protected and missing-on-disk videos.
    await until(
      async () =>
        (await playlist('downloaded')).join() === sorted([present, guarded, gone]).join() ? true : undefined,
      10_000,
      'the playlist copy',
    );
    expect(await playlist('not_downloaded')).toEqual(sorted([deleted, stale]));
    const summary = await get<{ not_downloaded_count: number }>(`/api/playlists/${LIST}`);
    expect(summary.not_downloaded_count).toBe(2);
  });

  it("follows the library's changes: protection and a deletion reach both lists", async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/${present}/protected`,
      headers,
      payload: { protected: true },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await until(
      async () =>
        (await channel('&protectedFilter=only')).join() === sorted([present, guarded]).join() ? true : undefined,
      10_000,
      'protection copied',
    );

    const del = await t.app.inject({ method: 'DELETE', url: `/api/videos/${guarded}`, headers });
    expect(del.statusCode, del.body).toBe(200);
    await until(
      async () =>
        (await playlist('not_downloaded')).join() === sorted([deleted, stale, guarded]).join() ? true : undefined,
      10_000,
      'deletion copied',
    );
    const row = (await get<ChannelVideoPage>(`/getchannelvideos/${ch}?pageSize=50`)).videos.find(
      (v) => v.sourceId === guarded,
    );
    expect([row?.downloaded, row?.removed]).toEqual([true, true]);
    expect((await get<{ not_downloaded_count: number }>(`/api/playlists/${LIST}`)).not_downloaded_count).toBe(3);
  });
});
