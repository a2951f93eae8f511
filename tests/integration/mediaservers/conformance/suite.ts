/**
 * The behaviour every media-server kind shares (spec 1.1), run against each kind's fake with the
 * real app and real downloads from the fake platform: playlists published in order (partial
 * downloads keep their places), re-synced (in place or recreated, per kind), public and reversed
 * at the next sync, a stale id replaced, deferred while nothing is indexed, audio playlists, a
 * switched-off plugin silent, a down server visible on the playlist without slowing downloads.
 * It sees the servers only through `FakeMediaServer`. One world per kind; the tests run in order
 * and build on each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { StartFakeServer } from '../../../fakes/mediaservers/types.js';
import { call, until } from '../../channels/helpers.js';
import { AUDIO, fileName, LATE, LIST, serverPlaylist, startWorld, type Kind, type World } from './setup.js';

/** What differs between kinds, as the spec and the servers' APIs fix it. */
export interface KindFacts {
  /** Plugin options for short waits in tests. */
  options: Record<string, unknown>;
  /** The owner of a private playlist, and of a public one, as the fake reports them. */
  owner: string;
  publicOwner: string;
  /** The public flag of a public playlist (null: the kind has none; playlists stay the admin's). */
  publicFlag: boolean | null;
  /** Plex-type replaces items and keeps the id; the other two delete and recreate. */
  replacesInPlace: boolean;
  /** The request that tells the server about a finished job's files. */
  indexRequest: RegExp;
  /** The request that scans the music library before an audio playlist is published. */
  musicScanRequest: RegExp;
}

export function describeKind(kind: Kind, startFake: StartFakeServer, facts: KindFacts) {
  describe(`${kind}: publishing playlists`, () => {
    const h = new TestHarness();
    let w: World;
    let serverId = '';
    const jobTimes: number[] = [];
    const clip = (n: number) => `MS Channel - Clip ${n} [${w.v(n)}].mp4`;

    beforeAll(async () => {
      w = await startWorld(h, kind, startFake, facts.options);
    }, 60_000);
    afterAll(async () => {
      await h.closeAll();
      await w?.fake.close();
      await w?.p.close();
    });

    it('publishes the downloaded items in the playlist order, private to the account, and indexes each job', async () => {
      expect((await call(w.app, 'POST', '/api/playlists', { url: LIST })).status).toBe(201);
      jobTimes.push(await w.download(LIST, [3, 1]));
      const s = await w.waitState(LIST, (s) => s.items_synced === 2, 'a sync of two items');
      const pl = serverPlaylist(w, 'Published')!;
      const privateFlag = facts.publicFlag === null ? null : false;
      expect(pl).toMatchObject({
        id: s.server_playlist_id,
        mediaType: 'video',
        public: privateFlag,
        owner: facts.owner,
      });
      expect(pl.paths.map(fileName)).toEqual([clip(1), clip(3)]);
      expect(s).toMatchObject({ last_error: null, items_skipped: 0, media_type: 'video' });
      // After the job the server is told about the new files.
      await until(
        async () => (w.fake.requests.some((r) => facts.indexRequest.test(r.path)) ? true : undefined),
        10_000,
      );
      serverId = s.server_playlist_id!;
    }, 120_000);

    it('re-syncs after the next download (in place or recreated, per kind), the new item slotting into its place', async () => {
      jobTimes.push(await w.download(LIST, [2]));
      const s = await w.waitState(LIST, (s) => s.items_synced === 3, 'a sync of three items');
      if (facts.replacesInPlace) expect(s.server_playlist_id).toBe(serverId);
      else {
        expect(s.server_playlist_id).not.toBe(serverId);
        expect(w.fake.playlists().map((p) => p.id)).not.toContain(serverId);
      }
      expect(w.fake.playlists().filter((p) => p.name === 'YT: Published')).toHaveLength(1);
      expect(serverPlaylist(w, 'Published')!.paths.map(fileName)).toEqual([clip(1), clip(2), clip(3)]);
      serverId = s.server_playlist_id!;
    }, 120_000);

    it('makes the playlist public and reversed at the next sync', async () => {
      await call(w.app, 'PUT', `/api/playlists/${LIST}/settings`, { sort_order: 'reversed' });
      await call(w.app, 'PATCH', `/api/playlists/${LIST}`, { public_on_servers: true });
      // Stored only, until the sync.
      expect(serverPlaylist(w, 'Published')!.paths.map(fileName)[0]).toBe(clip(1));
      expect((await call(w.app, 'POST', `/api/playlists/${LIST}/sync`)).status).toBe(202);
      const s = await w.waitState(
        LIST,
        (s) => serverPlaylist(w, 'Published')!.paths.map(fileName)[0] === clip(3) && !!s.last_synced_at,
        'the public, reversed sync',
      );
      const pl = serverPlaylist(w, 'Published')!;
      expect(pl).toMatchObject({ id: s.server_playlist_id, public: facts.publicFlag, owner: facts.publicOwner });
      expect(pl.paths.map(fileName)).toEqual([clip(3), clip(2), clip(1)]);
      serverId = s.server_playlist_id!;
    });

    it('creates a new playlist, with a warning, when the stored one was deleted on the server', async () => {
      w.fake.deletePlaylist(serverId);
      await call(w.app, 'POST', `/api/playlists/${LIST}/sync`);
      const s = await w.waitState(LIST, (s) => s.server_playlist_id !== serverId, 'the sync after the deletion');
      expect(s.last_error).toMatch(/^Note: .*was gone/);
      expect(serverPlaylist(w, 'Published')!.paths).toHaveLength(3);
      expect(w.app.t.logs.some((l) => l.level === 40 && /no longer exists/.test(String(l.msg)))).toBe(true);
      serverId = s.server_playlist_id!;
    });

    it('defers while the server has indexed none of the files, and syncs once it has', async () => {
      w.fake.fail('slow-scan');
      await call(w.app, 'POST', '/api/playlists', { url: LATE });
      await w.download(LATE, [5]);
      const deferred = await w.waitState(LATE, (s) => /^Deferred:/.test(s.last_error ?? ''), 'the deferral');
      expect(deferred.server_playlist_id).toBeNull();
      expect(serverPlaylist(w, 'Late')).toBeUndefined();
      expect(w.fake.indexedPaths().some((p) => p.includes(w.v(5)))).toBe(false);
      w.fake.fail('none');
      await call(w.app, 'POST', `/api/playlists/${LATE}/sync`);
      await w.waitState(LATE, (s) => s.items_synced === 1, 'the sync after the scan');
      expect(serverPlaylist(w, 'Late')!.paths.map(fileName)).toEqual([clip(5)]);
    }, 120_000);

    it('publishes an mp3-only playlist as an audio playlist after a scan of the music library', async () => {
      await call(w.app, 'POST', '/api/playlists', { url: AUDIO, settings: { audio_format: 'mp3_only' } });
      await w.download(AUDIO, [4]);
      const s = await w.waitState(AUDIO, (s) => s.items_synced === 1, 'the audio sync');
      expect(s.media_type).toBe('audio');
      const pl = serverPlaylist(w, 'Audio only')!;
      expect(pl.mediaType).toBe('audio');
      expect(pl.paths.map(fileName)).toEqual([`MS Channel - Clip 4 [${w.v(4)}].mp3`]);
      expect(w.fake.requests.some((r) => facts.musicScanRequest.test(r.path))).toBe(true);
    }, 120_000);

    it('sends nothing to the server while the plugin is switched off', async () => {
      expect((await call(w.app, 'PATCH', `/api/plugins/${kind}`, { enabled: false })).status).toBe(200);
      const before = w.fake.requests.length;
      const sync = await call(w.app, 'POST', `/api/playlists/${LIST}/sync`);
      expect(sync.body.message).not.toMatch(new RegExp(kind, 'i'));
      expect((await call(w.app, 'POST', `/api/mediaservers/${kind}/test`, {})).status).toBe(404);
      await new Promise((r) => setTimeout(r, 1000));
      expect(w.fake.requests.length).toBe(before);
      // Still listed on the playlist, by the name it had, as not connected.
      const label = { plex: 'Plex', jellyfin: 'Jellyfin', emby: 'Emby' }[kind];
      expect(await w.state(LIST)).toMatchObject({ connected: false, label });
      expect((await call(w.app, 'PATCH', `/api/plugins/${kind}`, { enabled: true })).status).toBe(200);
    });

    it('shows a down server on the playlist and does not slow the download', async () => {
      w.fake.fail('down');
      const took = await w.download(LIST, [6]);
      const s = await w.waitState(LIST, (s) => /not reachable/.test(s.last_error ?? ''), 'the failure');
      expect(s.last_error).toMatch(/connection refused/);
      expect(s.server_playlist_id).toBe(serverId); // the last good sync is kept
      expect(took).toBeLessThan(Math.max(...jobTimes) * 2 + 3000);
      w.fake.fail('none');
    }, 120_000);
  });
}
