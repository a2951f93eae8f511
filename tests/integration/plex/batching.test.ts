import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlaylistDetail } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import { TestHarness } from '@vidkeep/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlex, type FakePlex } from '../../fakes/mediaservers/plex.js';
import { fakeChannelId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, type DownloadApp } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';
import { FAST_PLEX_OPTIONS, plexManifest, plexState } from './helpers.js';

const N = 500;
const PAGE = 200;

/**
 * A 500-entry playlist syncs in a handful of requests: files resolve by listing the library page
 * by page (never one lookup per item) and the playlist gets all items in one `uri`. The 500
 * downloads are recorded and announced as the library does it (rows in its table, its events,
 * files written on disk) so the test needs no 500 real downloads; everything else is the real app.
 */
describe('Plex sync of a large playlist', () => {
  const h = new TestHarness();
  let p: FakePlatform;
  let plex: FakePlex;
  let app: DownloadApp;
  const ch = fakeChannelId('plex-bulk');
  const LIST = 'PLplexbulk000000000001';
  let ids: string[];
  const detail = async () => (await call<PlaylistDetail>(app, 'GET', `/api/playlists/${LIST}`)).body;

  beforeAll(async () => {
    p = await startFakePlatform({ channels: [{ channelId: ch, handle: '@plexbulk', name: 'Bulk', tabs: {} }] });
    ids = p.generateTab(ch, 'videos', N);
    p.addPlaylist({ id: LIST, title: 'Bulk', channelId: ch, videoIds: ids });
    const dir = await h.dir();
    plex = await startFakePlex({ outputDir: join(dir, 'data') });
    const manifest = plexManifest({ ...FAST_PLEX_OPTIONS, listPageSize: PAGE });
    app = await bootDownloader(h, p, { dir, env: plex.env, config: plex.config, ...manifest });
  }, 60_000);
  afterAll(async () => {
    await h.closeAll();
    await Promise.all([p.close(), plex.close()]);
  });

  it(`syncs ${N} items in a few requests, and re-syncs in place with one clear and one add`, async () => {
    expect((await call(app, 'POST', '/api/playlists', { url: LIST })).status).toBe(201);
    const folder = join(app.t.dir, 'data', 'Bulk');
    mkdirSync(folder, { recursive: true });
    const started = Date.now();
    const path = (i: number) => join(folder, `Bulk - Video ${i} [${ids[i]}].mp4`);
    // The library's records first: the playlist's copy of the library state reads them.
    const orm = app.t.app.diContainer.resolve<Orm>('orm');
    const downloadedAt = orm.em.getPlatform().processDateProperty(new Date());
    for (let i = 0; i < N; i += 100) {
      const chunk = ids.slice(i, i + 100);
      await orm.em.getConnection().execute(
        `insert into library_videos (source_id, title, channel_name, channel_id, media_type, file_path, removed, downloaded_at)
         values ${chunk.map(() => "(?, ?, 'Bulk', ?, 'video', ?, 0, ?)").join(',')}`,
        chunk.flatMap((id, k) => [id, `Video ${i + k}`, ch, path(i + k), downloadedAt]) as never[],
        'run',
      );
    }
    for (const [i, id] of ids.entries()) {
      const filePath = path(i);
      writeFileSync(filePath, '');
      app.t.app.vidkeep.events.publish('downloader.video.downloaded', {
        jobId: 'bulk-job',
        jobType: 'Playlist: Bulk',
        videoId: i + 1,
        sourceId: id,
        title: `Video ${i}`,
        channelId: ch,
        channelName: 'Bulk',
        filePath,
        audioFilePath: null,
        subfolder: null,
        publishedAt: null,
        mediaType: 'video',
        downloadedAt: new Date().toISOString(),
      });
    }
    app.t.app.vidkeep.events.publish('downloader.job.finished', {
      jobId: 'bulk-job',
      jobType: 'Playlist: Bulk',
      status: 'completed',
      ownerChannelId: null,
      completedSourceIds: ids,
      failedSourceIds: [],
    });
    const s = await until(
      async () => {
        const d = await detail();
        return plexState(d).items_synced === N && !d.sync_running ? plexState(d) : undefined;
      },
      60_000,
      `a sync of ${N}`,
    );
    const firstMs = Date.now() - started;
    const pl = plex.playlists();
    expect(pl).toHaveLength(1);
    expect(pl[0]!.paths).toHaveLength(N);
    expect(pl[0]!.id).toBe(s.server_playlist_id);
    // However many syncs the 500 announcements caused, none looked items up one by one.
    expect(plex.requests.filter((r) => r.path.startsWith('/library/metadata/'))).toEqual([]);
    expect(plex.requests.length).toBeLessThan(60);

    const firstRequests = plex.requests.length;
    plex.requests.length = 0;
    const at = s.last_attempt_at;
    const resyncStart = Date.now();
    await call(app, 'POST', `/api/playlists/${LIST}/sync`);
    await until(async () => {
      const d = await detail();
      return plexState(d).last_attempt_at !== at && !d.sync_running ? true : undefined;
    }, 30_000);
    const resyncMs = Date.now() - resyncStart;
    const id = s.server_playlist_id!;
    expect(plex.requests.map((r) => `${r.method} ${new URL(r.path, plex.url).pathname}`)).toEqual([
      'GET /library/sections',
      ...Array.from({ length: Math.ceil(N / PAGE) }, () => 'GET /library/sections/1/all'),
      'GET /identity',
      `GET /playlists/${id}`,
      `DELETE /playlists/${id}/items`,
      `PUT /playlists/${id}/items`,
    ]);
    expect(plex.playlists()[0]!.paths).toHaveLength(N);
    console.info(
      `Plex sync of ${N} items: first publish ${firstMs} ms in ${firstRequests} requests; re-sync ${resyncMs} ms in ${plex.requests.length}`,
    );
  }, 120_000);
});
