import { join } from 'node:path';
import type { PlaylistDetail } from '@vidkeep/contracts';
import { TestHarness } from '@vidkeep/core/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePlex, type FakePlex } from '../../fakes/mediaservers/plex.js';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';
import { plexManifest, plexState } from './helpers.js';

/**
 * Followed playlists published to the fake Plex server through the real app, with real downloads
 * from the fake platform (spec 1.1 for the Plex-type server).
 */
describe('Plex playlist sync', () => {
  const h = new TestHarness();
  let p: FakePlatform;
  let plex: FakePlex;
  let app: DownloadApp;
  const ch = fakeChannelId('plex-chan');
  const v = (n: number) => fakeVideoId(`plex-${n}`);
  const LIST = 'PLplexsync000000000001';
  const AUDIO = 'PLplexaudio00000000001';
  const detail = async (id: string) => (await call<PlaylistDetail>(app, 'GET', `/api/playlists/${id}`)).body;
  const state = async (id: string) => plexState(await detail(id));
  /** Waits until the Plex sync state of a playlist satisfies `ok`. */
  const settled = (id: string, ok: (s: Awaited<ReturnType<typeof state>>) => boolean, what: string) =>
    until(
      async () => {
        const s = await state(id);
        return ok(s) && !(await detail(id)).sync_running ? s : undefined;
      },
      30_000,
      what,
    );
  const file = (n: number, ext = 'mp4') =>
    join(app.t.dir, 'data', 'Plex Chan', `Plex Chan - Song ${n} - ${v(n)}`, `Plex Chan - Song ${n} [${v(n)}].${ext}`);
  const listOf = (name: string) => plex.playlists().filter((pl) => pl.name === name);

  async function download(playlist: string, ids: string[]) {
    const res = await call(app, 'POST', `/api/playlists/${playlist}/download`, { videoIds: ids });
    expect(res.status).toBe(202);
    for (const job of res.body.jobIds) await waitForJob(app, job, ['completed']);
  }
  async function syncNow(playlist: string) {
    expect((await call(app, 'POST', `/api/playlists/${playlist}/sync`)).status).toBe(202);
  }

  beforeAll(async () => {
    const c = { channelId: ch, channel: 'Plex Chan', handle: '@plexchan' };
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    p = await startFakePlatform({
      videos: ids.map((n) => ({ ...c, id: v(n), title: `Song ${n}`, duration: 10 + n })),
      channels: [{ channelId: ch, handle: '@plexchan', name: 'Plex Chan', tabs: { videos: ids.map(v) } }],
      playlists: [
        { id: LIST, title: 'Mix', channelId: ch, videoIds: [1, 2, 3, 4, 6].map(v) },
        { id: AUDIO, title: 'Tunes', channelId: ch, videoIds: [5, 1].map(v) },
      ],
    });
    const dir = await h.dir();
    plex = await startFakePlex({ outputDir: join(dir, 'data') });
    app = await bootDownloader(h, p, { dir, env: plex.env, config: plex.config, ...plexManifest() });
  }, 60_000);
  afterAll(async () => {
    await h.closeAll();
    await Promise.all([p.close(), plex.close()]);
  });
  beforeEach(() => plex.fail('none'));

  it('creates "YT: <title>" with the downloaded items in order, and scans the new folders after the job', async () => {
    expect((await call(app, 'POST', '/api/playlists', { url: LIST })).status).toBe(201);
    await download(LIST, [v(3), v(1)]);
    const s = await settled(LIST, (x) => x.items_synced === 2, 'the first sync');
    expect(listOf('YT: Mix')).toEqual([
      {
        id: s.server_playlist_id,
        name: 'YT: Mix',
        mediaType: 'video',
        public: null,
        owner: 'admin',
        paths: [file(1), file(3)],
      },
    ]);
    expect(s).toMatchObject({ media_type: 'video', last_error: null, items_skipped: 0 });
    const channelFolder = join(app.t.dir, 'data', 'Plex Chan');
    await until(
      async () =>
        plex.requests.find((r) => {
          const url = new URL(r.path, plex.url);
          return url.pathname === '/library/sections/1/refresh' && url.searchParams.get('path') === channelFolder;
        }),
      10_000,
      'the library refresh of the job',
    );
    // The admin token in a header on every call but `/identity` (which needs none), never in a URL.
    const tokens = new Set(plex.requests.map((r) => (r.path === '/identity' ? 'none needed' : r.token)));
    expect([...tokens]).toEqual(expect.arrayContaining([plex.adminToken]));
    expect([...tokens].filter((t) => t !== plex.adminToken && t !== 'none needed')).toEqual([]);
    expect(plex.requests.some((r) => r.path.includes('X-Plex-Token'))).toBe(false);
  }, 120_000);

  it('re-syncs in place: the id stays, a later download slots into its position, one clear and one add', async () => {
    const before = (await state(LIST)).server_playlist_id!;
    plex.requests.length = 0;
    await download(LIST, [v(2)]);
    const s = await settled(LIST, (x) => x.items_synced === 3, 'three items');
    expect(s.server_playlist_id).toBe(before);
    expect(listOf('YT: Mix')[0]!.paths).toEqual([file(1), file(2), file(3)]);
    const writes = plex.requests.filter((r) => r.path.startsWith(`/playlists/${before}/items`));
    expect(writes.at(-2)).toMatchObject({ method: 'DELETE', path: `/playlists/${before}/items` });
    expect(writes.at(-1)!.method).toBe('PUT');
    expect(decodeURIComponent(writes.at(-1)!.path)).toMatch(
      /uri=server:\/\/[0-9a-f]+\/com\.plexapp\.plugins\.library\/library\/metadata\/\d+,\d+,\d+$/,
    );
  }, 120_000);

  it('publishes the reversed order at the next sync', async () => {
    await call(app, 'PUT', `/api/playlists/${LIST}/settings`, { sort_order: 'reversed' });
    const at = (await state(LIST)).last_attempt_at;
    await syncNow(LIST);
    await settled(LIST, (x) => x.last_attempt_at !== at, 'the reversed sync');
    expect(listOf('YT: Mix')[0]!.paths).toEqual([file(3), file(2), file(1)]);
    await call(app, 'PUT', `/api/playlists/${LIST}/settings`, { sort_order: 'default' });
  });

  it('skips a file the server has not indexed (a scan that takes minutes) and adds it once it is', async () => {
    plex.fail('slow-scan');
    await download(LIST, [v(4)]);
    const partial = await settled(LIST, (x) => x.items_skipped === 1, 'a sync skipping the new file');
    expect(partial).toMatchObject({ items_synced: 3, last_error: null });
    expect(listOf('YT: Mix')[0]!.paths).toEqual([file(1), file(2), file(3)]);
    plex.fail('none');
    await syncNow(LIST);
    await settled(LIST, (x) => x.items_synced === 4, 'the file indexed');
    expect(listOf('YT: Mix')[0]!.paths).toEqual([file(1), file(2), file(3), file(4)]);
  }, 120_000);

  it('creates a new playlist with a warning when the stored one was deleted on the server', async () => {
    const old = (await state(LIST)).server_playlist_id!;
    plex.deletePlaylist(old);
    await syncNow(LIST);
    const s = await settled(LIST, (x) => x.server_playlist_id !== old, 'a new playlist');
    expect(s.last_error).toBe('Note: The playlist the last sync created was gone from Plex, so a new one was created');
    expect(listOf('YT: Mix')).toHaveLength(1);
    expect(
      app.t.logs.some(
        (l) => l.level === 40 && l.msg === 'The stored Plex playlist no longer exists; creating a new one',
      ),
    ).toBe(true);
  });

  it('moves the playlist when the playlist token changes: adopts a same-named one, deletes the stranded copy', async () => {
    const friend = plex.addAccount('friend');
    const adminCopy = (await state(LIST)).server_playlist_id!;
    // The friend already has a "YT: Mix" (say from an earlier setup): it is adopted, not duplicated.
    const items = await (
      await fetch(`${plex.url}/library/sections/1/all?type=1`, {
        headers: { accept: 'application/json', 'X-Plex-Token': friend },
      })
    ).json();
    const uri = `server://${plex.machineIdentifier}/com.plexapp.plugins.library/library/metadata/${items.MediaContainer.Metadata[0].ratingKey}`;
    const pre = await fetch(
      `${plex.url}/playlists?uri=${encodeURIComponent(uri)}&type=video&title=${encodeURIComponent('YT: Mix')}&smart=0`,
      {
        method: 'POST',
        headers: { accept: 'application/json', 'X-Plex-Token': friend },
      },
    );
    const adopted = (await pre.json()).MediaContainer.Metadata[0].ratingKey;

    await call(app, 'PATCH', '/api/config', { plexPlaylistToken: friend });
    await syncNow(LIST);
    const moved = await settled(LIST, (x) => x.server_playlist_id === adopted, 'the playlist in the friend account');
    expect(moved.last_error).toMatch(
      /^Note: moved to the playlist token's account.*: used the playlist of the same name$/,
    );
    expect(listOf('YT: Mix')).toEqual([
      expect.objectContaining({ id: adopted, owner: 'friend', paths: [file(1), file(2), file(3), file(4)] }),
    ]);
    expect(
      plex.requests.some(
        (r) => r.method === 'DELETE' && r.path === `/playlists/${adminCopy}` && r.token === plex.adminToken,
      ),
    ).toBe(true);

    // Back to the admin account: the friend's copy is deleted with the friend's (earlier) token.
    await call(app, 'PATCH', '/api/config', { plexPlaylistToken: '' });
    await syncNow(LIST);
    const back = await settled(LIST, (x) => x.server_playlist_id !== adopted, 'the playlist back with the admin');
    expect(listOf('YT: Mix')).toEqual([expect.objectContaining({ id: back.server_playlist_id, owner: 'admin' })]);
    expect(
      plex.requests.some((r) => r.method === 'DELETE' && r.path === `/playlists/${adopted}` && r.token === friend),
    ).toBe(true);
  });

  it('syncs an mp3-only playlist as audio after a music scan, deferring while nothing is indexed', async () => {
    plex.fail('slow-scan');
    expect(
      (await call(app, 'POST', '/api/playlists', { url: AUDIO, settings: { audio_format: 'mp3_only' } })).status,
    ).toBe(201);
    await download(AUDIO, [v(5)]);
    const deferred = await settled(AUDIO, (x) => !!x.last_error?.startsWith('Deferred'), 'the deferred sync');
    expect(deferred.last_error).toMatch(/none of the 1 mp3 files is in a Plex library yet/);
    expect(deferred.server_playlist_id).toBeNull();
    expect(listOf('YT: Tunes')).toEqual([]);
    expect(plex.requests.some((r) => r.path === '/library/sections/2/refresh')).toBe(true);

    plex.fail('none');
    await syncNow(AUDIO);
    const s = await settled(AUDIO, (x) => x.items_synced === 1, 'the audio playlist');
    expect(s).toMatchObject({ media_type: 'audio', last_error: null });
    expect(listOf('YT: Tunes')).toEqual([expect.objectContaining({ mediaType: 'audio', paths: [file(5, 'mp3')] })]);
  }, 120_000);

  it('a server that is down leaves last_error on the playlist and the download completes', async () => {
    plex.fail('down');
    await download(LIST, [v(6)]);
    const s = await settled(LIST, (x) => !!x.last_error?.includes('not reachable'), 'the failed sync');
    expect(s.last_error).toMatch(
      /^The Plex server at http:\/\/127\.0\.0\.1:\d+ is not reachable \(connection refused\)/,
    );
    expect(app.t.logs.some((l) => l.msg === 'Plex library refresh failed')).toBe(true);
  }, 120_000);

  it('a switched-off plugin gets zero requests: no sync, no library refresh, no routes', async () => {
    expect((await call(app, 'PATCH', '/api/plugins/plex', { enabled: false })).status).toBe(200);
    plex.requests.length = 0;
    await syncNow(LIST);
    const queued = await queueDownload(app, { url: watchUrl(v(7)) });
    await waitForJob(app, queued.json<{ jobId: string }>().jobId, ['completed']);
    expect((await call(app, 'GET', '/getplexlibraries')).body.code).toBe('CORE_PLUGIN_DISABLED');
    await app.t.app.vidkeep.events.drain();
    expect((await detail(LIST)).sync_state.find((x) => x.server === 'plex')?.connected ?? false).toBe(false);
    expect(plex.requests).toEqual([]);
    await call(app, 'PATCH', '/api/plugins/plex', { enabled: true });
  }, 120_000);

  it('switching to mp3-only keeps the video playlist until an mp3 exists, then replaces it by an audio playlist', async () => {
    const video = (await state(LIST)).server_playlist_id!;
    await call(app, 'PUT', `/api/playlists/${LIST}/settings`, { audio_format: 'mp3_only' });
    await syncNow(LIST);
    await settled(LIST, (x) => !!x.last_error?.startsWith('Waiting'), 'the wait for an mp3');
    expect(listOf('YT: Mix')).toEqual([expect.objectContaining({ id: video, mediaType: 'video' })]);

    p.addPlaylist({ id: LIST, title: 'Mix', channelId: ch, videoIds: [1, 2, 3, 4, 6, 8].map(v) });
    expect((await call(app, 'POST', `/api/playlists/${LIST}/refresh`)).body.fetched).toBe(6);
    await download(LIST, [v(8)]);
    const s = await settled(LIST, (x) => x.media_type === 'audio' && x.items_synced === 1, 'the audio playlist');
    expect(s.server_playlist_id).not.toBe(video);
    expect(s.last_error).toBe('Note: replaced the video playlist by an audio playlist: created a new one');
    expect(listOf('YT: Mix')).toEqual([
      expect.objectContaining({ id: s.server_playlist_id, mediaType: 'audio', paths: [file(8, 'mp3')] }),
    ]);
  }, 120_000);
});
