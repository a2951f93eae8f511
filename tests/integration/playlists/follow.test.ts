import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Playlist, PlaylistDetail, PlaylistVideoPage } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { waitForJob, platformSuite } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';

/** Following a playlist end to end: preview, follow, list, download into uploader folders, .m3u, remove, restore. */
describe('following a playlist', () => {
  const owner = fakeChannelId('pl-owner');
  const alpha = fakeChannelId('pl-alpha');
  const beta = fakeChannelId('pl-beta');
  const v = (s: string) => fakeVideoId(`pl-${s}`);
  const LIST = 'PLfollow00000000000001';
  const PRIVATE = 'PLprivate0000000000001';
  const UNLISTED = 'PLunlisted000000000001';
  const FOLDERS = 'PLfolders0000000000001';

  const a = { channelId: alpha, channel: 'Alpha Makers', handle: '@alphamakers' };
  const b = { channelId: beta, channel: 'Beta Sounds', handle: '@betasounds' };
  const suite = platformSuite(() => ({
    videos: [
      { ...a, id: v('a1'), title: 'Alpha first', duration: 61 },
      { ...b, id: v('b1'), title: 'Beta first', duration: 62 },
      { ...a, id: v('a2'), title: 'Alpha second', duration: 63 },
      { ...a, id: v('a3'), title: 'Alpha third', duration: 64 },
      { ...b, id: v('b2'), title: 'Beta second', duration: 65 },
    ],
    channels: [
      { channelId: owner, handle: '@curator', name: 'The Curator', tabs: {} },
      { channelId: alpha, handle: '@alphamakers', name: 'Alpha Makers', tabs: { videos: [v('a2'), v('a1')] } },
      { channelId: beta, handle: '@betasounds', name: 'Beta Sounds', tabs: { videos: [v('b2'), v('b1')] } },
    ],
    playlists: [
      { id: LIST, title: 'Road Trip: Mix', channelId: owner, videoIds: [v('a1'), v('b1'), v('a2')] },
      { id: PRIVATE, title: 'Secret', channelId: owner, videoIds: [v('a1')], availability: 'private' },
      { id: UNLISTED, title: 'Hidden gems', channelId: owner, videoIds: [v('b1')], availability: 'unlisted' },
      { id: FOLDERS, title: 'Folders', channelId: owner, videoIds: [v('a3'), v('b2')] },
    ],
  }));

  const url = (id: string) => `https://www.youtube.com/playlist?list=${id}`;

  it('previews a public or unlisted playlist, and explains a private one and a bad URL', async () => {
    const preview = await call(suite.app, 'POST', '/api/playlists/addplaylistinfo', { url: url(LIST) });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      playlist_id: LIST,
      title: 'Road Trip: Mix',
      uploader: 'The Curator',
      video_count: 3,
      url: url(LIST),
      following: false,
      auto_follow_possible: true,
    });
    const unlisted = await call(suite.app, 'POST', '/api/playlists/addplaylistinfo', { url: UNLISTED });
    expect(unlisted.body).toMatchObject({ playlist_id: UNLISTED, availability: 'unlisted' });

    const secret = await call(suite.app, 'POST', '/api/playlists/addplaylistinfo', {
      url: `https://www.youtube.com/watch?v=${v('a1')}&list=${PRIVATE}`,
    });
    // yt-dlp says "YouTube said: This playlist is private.": classified, not "cannot reach" (issue 31).
    expect(secret.status).toBe(400);
    expect(secret.body.code).toBe('PLAYLISTS_PRIVATE');
    expect(secret.body.error).toBe(
      'The platform says this playlist is private. Only public and unlisted playlists can be followed: make it one of those on the platform.',
    );
    const follow = await call(suite.app, 'POST', '/api/playlists', { url: url(PRIVATE) });
    expect(follow.status).toBe(400);
    expect(follow.body.code).toBe('PLAYLISTS_PRIVATE');
    const gone = await call(suite.app, 'POST', '/api/playlists/addplaylistinfo', {
      url: url('PLgone00000000000000001'),
    });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('PLAYLISTS_MISSING_ON_PLATFORM');

    const bad = await call(suite.app, 'POST', '/api/playlists/addplaylistinfo', { url: 'https://example.com/x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('PLAYLISTS_INVALID_URL');
  });

  it('follows a playlist: lists every entry in order, writes an empty .m3u and its .ignore marker', async () => {
    const res = await call(suite.app, 'POST', '/api/playlists', {
      url: url(LIST),
      settings: { sort_order: 'default' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ restored: false, fetched: 3, warning: null });
    const playlist: Playlist = res.body.playlist;
    expect(playlist).toMatchObject({ playlist_id: LIST, title: 'Road Trip: Mix', video_count: 3, enabled: true });

    const page = await call<PlaylistVideoPage>(suite.app, 'GET', `/api/playlists/${LIST}/videos`);
    expect(page.body.total).toBe(3);
    expect(page.body.videos.map((x) => [x.position, x.source_id, x.channel_name, x.downloaded])).toEqual([
      [1, v('a1'), 'Alpha Makers', false],
      [2, v('b1'), 'Beta Sounds', false],
      [3, v('a2'), 'Alpha Makers', false],
    ]);

    const m3u = join(suite.app.t.dir, 'data', '__playlists__', 'Road Trip_ Mix.m3u');
    await until(async () => (existsSync(m3u) ? true : undefined), 10_000, 'the .m3u file');
    expect(readFileSync(m3u, 'utf8')).toBe('#EXTM3U\n#PLAYLIST:Road Trip: Mix\n');
    expect(existsSync(join(suite.app.t.dir, 'data', '__playlists__', '.ignore'))).toBe(true);
  });

  it('downloads new entries into each uploader channel folder and lists them in the .m3u in playlist order', async () => {
    const res = await call(suite.app, 'POST', `/api/playlists/${LIST}/download`, {});
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'accepted', queued: 3 });
    for (const id of res.body.jobIds) await waitForJob(suite.app, id, ['completed']);

    const m3u = join(suite.app.t.dir, 'data', '__playlists__', 'Road Trip_ Mix.m3u');
    const text = await until(
      async () => {
        const t = readFileSync(m3u, 'utf8');
        return t.split('\n').length >= 9 ? t : undefined;
      },
      20_000,
      'the .m3u with three entries',
    );
    const lines = text.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual(['#EXTM3U', '#PLAYLIST:Road Trip: Mix']);
    expect(lines.filter((l) => l.startsWith('#EXTINF'))).toEqual([
      '#EXTINF:61,Alpha Makers - Alpha first',
      '#EXTINF:62,Beta Sounds - Beta first',
      '#EXTINF:63,Alpha Makers - Alpha second',
    ]);
    const paths = lines.filter((l) => !l.startsWith('#'));
    expect(paths.map((l) => l.split('/').slice(0, 2).join('/'))).toEqual([
      '../Alpha Makers',
      '../Beta Sounds',
      '../Alpha Makers',
    ]);
    for (const rel of paths) expect(existsSync(join(suite.app.t.dir, 'data', '__playlists__', rel))).toBe(true);

    const detail = await call<PlaylistDetail>(suite.app, 'GET', `/api/playlists/${LIST}`);
    expect(detail.body).toMatchObject({ not_downloaded_count: 0, unsyncable_count: 0 });
    // The built-in media-server kinds are listed, none configured, so nothing was synced anywhere.
    expect(detail.body.sync_state.map((s) => [s.server, s.connected, s.server_playlist_id])).toEqual([
      ['plex', false, null],
      ['jellyfin', false, null],
      ['emby', false, null],
    ]);
  }, 120_000);

  it('removes softly (every id route 404s, files stay) and restores settings and history on re-adding', async () => {
    const put = await call(suite.app, 'PUT', `/api/playlists/${LIST}/settings`, { sort_order: 'reversed' });
    expect(put.status).toBe(200);
    expect(put.body.settings.sort_order).toBe('reversed');
    // GET answers the eight keys at the top level, as the reference does (issue 31).
    const got = await call(suite.app, 'GET', `/api/playlists/${LIST}/settings`);
    expect(Object.keys(got.body).sort()).toEqual([
      'audio_format',
      'default_rating',
      'default_sub_folder',
      'max_duration',
      'min_duration',
      'sort_order',
      'title_filter_regex',
      'video_quality',
    ]);
    expect(got.body.sort_order).toBe('reversed');
    const removed = await call(suite.app, 'DELETE', `/api/playlists/${LIST}`);
    expect(removed.status).toBe(200);
    for (const path of ['', '/videos', '/settings']) {
      expect((await call(suite.app, 'GET', `/api/playlists/${LIST}${path}`)).status).toBe(404);
    }
    expect((await call(suite.app, 'POST', `/api/playlists/${LIST}/refresh`)).status).toBe(404);
    expect(existsSync(join(suite.app.t.dir, 'data', '__playlists__', 'Road Trip_ Mix.m3u'))).toBe(true);
    expect((await call(suite.app, 'GET', '/api/playlists')).body).toEqual({ total: 0, playlists: [] });

    const again = await call(suite.app, 'POST', '/api/playlists', {
      url: url(LIST),
      settings: { sort_order: 'default' },
    });
    expect(again.status).toBe(201);
    expect(again.body.restored).toBe(true);
    expect(again.body.playlist.sort_order).toBe('reversed');
    const page = await call<PlaylistVideoPage>(
      suite.app,
      'GET',
      `/api/playlists/${LIST}/videos?downloadState=downloaded`,
    );
    expect(page.body.total).toBe(3);
  });

  it("files videos under the uploader's channel: a subscribed one keeps its subfolder, an unknown one becomes hidden with the playlist's", async () => {
    // Beta is subscribed with its own subfolder; Alpha is not subscribed (it became hidden above).
    expect(
      (
        await call(suite.app, 'POST', '/updatechannels', {
          add: [{ url: '@betasounds', settings: { sub_folder: 'bsub' } }],
        })
      ).status,
    ).toBe(200);
    const alphaBefore = await call(suite.app, 'GET', `/api/channels/${alpha}/settings`);
    expect(alphaBefore.body.settings).toMatchObject({ enabled: false, subfolder: null });

    const res = await call(suite.app, 'POST', '/api/playlists', {
      url: FOLDERS,
      settings: { default_sub_folder: 'lists' },
    });
    expect(res.status).toBe(201);
    const dl = await call(suite.app, 'POST', `/api/playlists/${FOLDERS}/download`, {});
    for (const id of dl.body.jobIds) await waitForJob(suite.app, id, ['completed']);
    const page = await call<PlaylistVideoPage>(suite.app, 'GET', `/api/playlists/${FOLDERS}/videos`);
    const pathOf = (id: string) => page.body.videos.find((x) => x.source_id === id)!.file_path!;
    const data = join(suite.app.t.dir, 'data');
    // Alpha existed (hidden, created by the first playlist) and is not enabled: the playlist's subfolder applies.
    expect(pathOf(v('a3')).startsWith(join(data, '__lists', 'Alpha Makers'))).toBe(true);
    expect(pathOf(v('b2')).startsWith(join(data, '__bsub', 'Beta Sounds'))).toBe(true);
    // Known channels are left as they were: nothing re-seeded, nothing moved.
    expect((await call(suite.app, 'GET', `/api/channels/${alpha}/settings`)).body.settings).toMatchObject({
      enabled: false,
      subfolder: null,
    });
    expect(existsSync(join(data, 'Alpha Makers'))).toBe(true);
    expect((await call(suite.app, 'GET', `/api/channels/${beta}/settings`)).body.settings).toMatchObject({
      enabled: true,
      subfolder: 'bsub',
    });
  }, 120_000);

  it('creates an unknown uploader as a hidden channel seeded from the playlist', async () => {
    const gamma = fakeChannelId('pl-gamma');
    suite.p.addChannel({ channelId: gamma, handle: '@gamma', name: 'Gamma Folk', tabs: { videos: [v('g1')] } });
    suite.p.addVideo({ id: v('g1'), title: 'Gamma one', channelId: gamma, channel: 'Gamma Folk', handle: '@gamma' });
    suite.p.addPlaylist({ id: 'PLgamma000000000000001', title: 'Gamma', channelId: owner, videoIds: [v('g1')] });
    const res = await call(suite.app, 'POST', '/api/playlists', {
      url: 'PLgamma000000000000001',
      settings: { default_sub_folder: 'folk', video_quality: '360', title_filter_regex: 'one' },
    });
    expect(res.status).toBe(201);
    expect((await call(suite.app, 'GET', `/api/channels/${gamma}/settings`)).status).toBe(404);
    const dl = await call(suite.app, 'POST', '/api/playlists/PLgamma000000000000001/download', {});
    for (const id of dl.body.jobIds) await waitForJob(suite.app, id, ['completed']);
    const gammaSettings = (await call(suite.app, 'GET', `/api/channels/${gamma}/settings`)).body.settings;
    expect(gammaSettings).toMatchObject({
      enabled: false,
      subfolder: 'folk',
      video_quality: '360',
      title_filter_regex: 'one',
    });
    expect(
      (await call(suite.app, 'GET', '/getchannels')).body.channels.map((c: { channel_id: string }) => c.channel_id),
    ).not.toContain(gamma);
    expect(existsSync(join(suite.app.t.dir, 'data', '__folk', 'Gamma Folk'))).toBe(true);
  }, 120_000);
});
