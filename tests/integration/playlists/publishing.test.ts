import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaylistDetail } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { mediaServerControl } from '../../fixtures/plugins/shared.js';
import { queueDownload, waitForJob, watchUrl, platformSuite } from '../../helpers/downloads.js';
import { withFixturePlugins } from '../../helpers/manifest.js';
import { call, until } from '../channels/helpers.js';

/**
 * Publishing a followed playlist: the .m3u (text checked byte for byte) and the media-server seam,
 * with a fixture media-server plugin that records what it is asked (the real kinds plug in the same way).
 */
describe('publishing playlists', () => {
  const server = mediaServerControl();
  const ch = fakeChannelId('pub-chan');
  const v = (s: string) => fakeVideoId(`pub-${s}`);
  const LIST = 'PLpublish0000000000001';
  const AUDIO = 'PLpublishaudio00000001';
  const m3uOf = (name: string) => readFileSync(join(suite.app.t.dir, 'data', '__playlists__', `${name}.m3u`), 'utf8');
  const detail = async (id: string) => (await call<PlaylistDetail>(suite.app, 'GET', `/api/playlists/${id}`)).body;
  const state = async (id: string) => (await detail(id)).sync_state.find((s) => s.server === 'fxserver')!;

  const c = { channelId: ch, channel: 'Pub Channel', handle: '@pubchan' };
  const suite = platformSuite(
    () => ({
      videos: ['1', '2', '3', '4'].map((n) => ({ ...c, id: v(n), title: `Track ${n}`, duration: 10 + Number(n) })),
      channels: [
        { channelId: ch, handle: '@pubchan', name: 'Pub Channel', tabs: { videos: ['1', '2', '3', '4'].map(v) } },
      ],
      playlists: [
        { id: LIST, title: 'Published', channelId: ch, videoIds: [v('1'), v('2'), v('3')] },
        { id: AUDIO, title: 'Audio only', channelId: ch, videoIds: [v('4'), v('1')] },
      ],
    }),
    { ...withFixturePlugins('fx-mediaserver') },
  );
  beforeEach(() => {
    Object.assign(server, { fail: null, defer: null, delayMs: 0, configured: true });
    server.calls.length = 0;
  });

  async function download(id: string, videoIds: string[]) {
    const res = await call(suite.app, 'POST', `/api/playlists/${id}/download`, { videoIds });
    expect(res.status).toBe(202);
    for (const job of res.body.jobIds) await waitForJob(suite.app, job, ['completed']);
  }

  it('leaves a server untouched until a video is downloaded, then syncs after each download with relative positions kept', async () => {
    expect((await call(suite.app, 'POST', '/api/playlists', { url: LIST })).status).toBe(201);
    const waiting = await until(
      async () => {
        const s = await state(LIST);
        return s.last_attempt_at ? s : undefined;
      },
      20_000,
      'the first sync attempt',
    );
    expect(server.calls).toEqual([]);
    expect(waiting).toMatchObject({ connected: true, sync_enabled: true, server_playlist_id: null });
    expect(waiting.last_error).toMatch(/no downloaded video file/);

    await download(LIST, [v('3'), v('1')]);
    const synced = await until(
      async () => {
        const s = await state(LIST);
        return s.items_synced === 2 ? s : undefined;
      },
      20_000,
      'a sync with both videos',
    );
    expect(synced).toMatchObject({ server_playlist_id: 'fx-1', media_type: 'video', last_error: null });
    const last = server.calls.at(-1)!;
    expect(last).toMatchObject({ playlistId: LIST, title: 'Published', mediaType: 'video', public: false });
    // Items 1 and 3 of the playlist, in its order; item 2 slots in when it arrives.
    expect(last.items.map((i) => i.split('/').at(-1)!.includes(v('1')))).toEqual([true, false]);
    expect(
      m3uOf('Published')
        .split('\n')
        .filter((l) => l.startsWith('#EXTINF')),
    ).toEqual(['#EXTINF:11,Pub Channel - Track 1', '#EXTINF:13,Pub Channel - Track 3']);

    await download(LIST, [v('2')]);
    await until(async () => ((await state(LIST)).items_synced === 3 ? true : undefined), 20_000, 'three items');
    expect(server.calls.at(-1)!.items.map((i) => i.split('/')[1])).toEqual(
      [v('1'), v('2'), v('3')].map((id) => `Pub Channel - Track ${id === v('1') ? 1 : id === v('2') ? 2 : 3} - ${id}`),
    );
    expect((await state(LIST)).server_playlist_id).toBe('fx-1'); // replaced in place by this kind
  }, 180_000);

  it('changes order only on the next sync or rebuild, and writes the reversed .m3u byte for byte', async () => {
    const before = m3uOf('Published');
    expect((await call(suite.app, 'PUT', `/api/playlists/${LIST}/settings`, { sort_order: 'reversed' })).status).toBe(
      200,
    );
    expect(m3uOf('Published')).toBe(before);
    expect(server.calls).toEqual([]);

    const rebuilt = await call(suite.app, 'POST', `/api/playlists/${LIST}/regenerate-m3u`);
    expect(rebuilt.body).toEqual({ success: true, path: '__playlists__/Published.m3u', entries: 3 });
    const file = (n: number) => {
      const id = v(String(n));
      return `../Pub Channel/Pub Channel - Track ${n} - ${id}/Pub Channel - Track ${n} [${id}].mp4`;
    };
    expect(m3uOf('Published')).toBe(
      [
        '#EXTM3U',
        '#PLAYLIST:Published',
        '#EXTINF:13,Pub Channel - Track 3',
        file(3),
        '#EXTINF:12,Pub Channel - Track 2',
        file(2),
        '#EXTINF:11,Pub Channel - Track 1',
        file(1),
        '',
      ].join('\n'),
    );

    const sync = await call(suite.app, 'POST', `/api/playlists/${LIST}/sync`);
    expect(sync.status).toBe(202);
    expect(sync.body.message).toBe('Syncing to Fixture Server');
    await until(async () => (server.calls.length ? true : undefined), 20_000, 'the sync');
    expect(server.calls[0]!.items.map((i) => i.split('/')[1]!.split(' - ')[1])).toEqual([
      'Track 3',
      'Track 2',
      'Track 1',
    ]);
  });

  it('serializes syncs of one playlist: requests during a run cause exactly one more run', async () => {
    server.delayMs = 400;
    for (let i = 0; i < 5; i++) await call(suite.app, 'POST', `/api/playlists/${LIST}/sync`);
    await until(
      async () => (server.calls.length >= 2 && !(await detail(LIST)).sync_running ? true : undefined),
      20_000,
    );
    await new Promise((r) => setTimeout(r, 600));
    expect(server.calls).toHaveLength(2);
  });

  it('shows why a sync failed on the playlist, and a playlist switched off for that server gets no call', async () => {
    server.fail = 'Fixture Server is not reachable: connection refused';
    await call(suite.app, 'POST', `/api/playlists/${LIST}/sync`);
    const failed = await until(
      async () => {
        const s = await state(LIST);
        return s.last_error?.includes('connection refused') ? s : undefined;
      },
      20_000,
      'the failure',
    );
    expect(failed.server_playlist_id).toBe('fx-1'); // the last good sync is kept

    server.fail = null;
    const patched = await call(suite.app, 'PATCH', `/api/playlists/${LIST}`, { sync_targets: { fxserver: false } });
    expect(patched.body.playlist.sync_targets).toEqual({ fxserver: false });
    server.calls.length = 0;
    await call(suite.app, 'POST', `/api/playlists/${LIST}/sync`);
    await new Promise((r) => setTimeout(r, 500));
    expect(server.calls).toEqual([]);
    expect((await state(LIST)).sync_enabled).toBe(false);
    await call(suite.app, 'PATCH', `/api/playlists/${LIST}`, { sync_targets: { fxserver: true } });
  });

  it('syncs an mp3-only playlist as audio, leaving out and counting items without an mp3 (they stay in the .m3u)', async () => {
    const res = await call(suite.app, 'POST', '/api/playlists', { url: AUDIO, settings: { audio_format: 'mp3_only' } });
    expect(res.status).toBe(201);
    await download(AUDIO, [v('4')]);
    const synced = await until(
      async () => {
        const s = await state(AUDIO);
        return s.items_synced === 1 ? s : undefined;
      },
      30_000,
      'the audio sync',
    );
    expect(synced.media_type).toBe('audio');
    const call4 = server.calls.find((c) => c.playlistId === AUDIO && c.items.length === 1)!;
    expect(call4.mediaType).toBe('audio');
    expect(call4.items[0]).toMatch(/\.mp3$/);
    // Track 1 was downloaded as a video for the other playlist: no mp3, so not synced, but in the .m3u.
    expect((await detail(AUDIO)).unsyncable_count).toBe(1);
    const lines = m3uOf('Audio only').trimEnd().split('\n');
    expect(lines.filter((l) => !l.startsWith('#'))).toEqual([
      expect.stringMatching(/Track 4.*\.mp3$/),
      expect.stringMatching(/Track 1.*\.mp4$/),
    ]);
  }, 120_000);

  it('republishes after a manual download of a video that is in a followed playlist', async () => {
    suite.p.addVideo({
      channelId: ch,
      channel: 'Pub Channel',
      handle: '@pubchan',
      id: v('5'),
      title: 'Track 5',
      duration: 15,
    });
    suite.p.addPlaylist({ id: LIST, title: 'Published', channelId: ch, videoIds: [v('1'), v('2'), v('3'), v('5')] });
    expect((await call(suite.app, 'POST', `/api/playlists/${LIST}/refresh`)).body.fetched).toBe(4);
    await until(async () => (server.calls.length ? true : undefined), 20_000, 'the sync after the refresh');
    server.calls.length = 0;

    const queued = await queueDownload(suite.app, { url: watchUrl(v('5')) });
    await waitForJob(suite.app, queued.json<{ jobId: string }>().jobId, ['completed']);
    await until(
      async () => (server.calls.some((c) => c.items.length === 4) ? true : undefined),
      20_000,
      'a sync of four',
    );
    // Reversed order (set above): Track 5 first.
    expect(
      m3uOf('Published')
        .split('\n')
        .filter((l) => l.startsWith('#EXTINF'))[0],
    ).toBe('#EXTINF:15,Pub Channel - Track 5');
  }, 120_000);

  it('says so when no media server is connected', async () => {
    const status = (await call(suite.app, 'GET', '/api/mediaservers/status')).body;
    // The built-in kinds are loaded but not configured.
    expect(status).toMatchObject({ plex: false, jellyfin: false, emby: false });
    expect(status.servers).toContainEqual({ kind: 'fxserver', label: 'Fixture Server', connected: true });
    server.configured = false;
    const after = (await call(suite.app, 'GET', '/api/mediaservers/status')).body;
    expect(after.servers.find((s: { kind: string }) => s.kind === 'fxserver').connected).toBe(false);
    const res = await call(suite.app, 'POST', `/api/playlists/${LIST}/sync`);
    expect(res.body.message).toMatch(/No media server is connected/);
    expect((await state(LIST)).connected).toBe(false);
  });

  it('publishes the followed playlists to a server as soon as it is connected, without Sync now', async () => {
    // Not connected, and vidkeep has seen a settings change in that state.
    server.configured = false;
    expect((await call(suite.app, 'PATCH', '/api/config', { sleepRequests: 0.1 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(server.calls).toEqual([]);
    // Its settings are saved and it answers: both followed playlists with downloaded videos go there.
    server.configured = true;
    const connectedAt = Date.now() - 1000;
    expect((await call(suite.app, 'PATCH', '/api/config', { sleepRequests: 0 })).status).toBe(200);
    await until(
      async () => (server.calls.some((c) => c.playlistId === LIST) ? true : undefined),
      20_000,
      'the playlist published on connect',
    );
    const synced = await until(
      async () => {
        const s = await state(LIST);
        return s.last_synced_at && Date.parse(s.last_synced_at) >= connectedAt && !s.last_error ? s : undefined;
      },
      20_000,
      'a sync recorded',
    );
    expect(synced.connected).toBe(true);
    // A settings change while connected publishes nothing again.
    const calls = server.calls.length;
    expect((await call(suite.app, 'PATCH', '/api/config', { sleepRequests: 0.1 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.calls.length).toBe(calls);
  }, 60_000);
});
