/**
 * A channel's library settings with real downloads, the real Jellyfin plugin against its fake
 * server, and a followed playlist: minimum and maximum duration in the sweep and download-all,
 * and a changed subfolder moving the channel's folder with its library records, `.m3u` files and
 * media-server playlist (409 while one of its downloads runs or when the target clashes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { ChannelSettingsUpdateResponse, Video } from '@vidkeep/contracts';
import { startJellyfin } from '../../fakes/mediaservers/jellyfin.js';
import { fakeChannelId } from '../../fakes/platform/index.js';
import { waitForJob } from '../../helpers/downloads.js';
import { LIST, serverPlaylist, startWorld, type World } from '../mediaservers/conformance/setup.js';
import { call, until } from './helpers.js';

describe('channel library settings', () => {
  const h = new TestHarness();
  let w: World;
  let channelId = '';
  const handle = '@ms-jellyfin';

  beforeAll(async () => {
    w = await startWorld(h, 'jellyfin', startJellyfin, { scanWaitSeconds: 1, requestTimeoutSeconds: 15 });
    channelId = fakeChannelId('ms-jellyfin');
    // Clip n was published on day n and lasts 10 + n seconds: the newest five are clips 6 to 2.
    for (const n of [1, 2, 3, 4, 5, 6])
      w.p.addVideo({
        id: w.v(n),
        title: `Clip ${n}`,
        duration: 10 + n,
        uploadDate: `2025010${n}`,
        channelId,
        channel: 'MS Channel',
        handle,
      });
    const added = await call(w.app, 'POST', '/updatechannels', {
      add: [{ url: handle, settings: { auto_download_enabled_tabs: '' } }],
    });
    expect(added.status).toBe(200);
    expect((await call(w.app, 'POST', `/fetchallchannelvideos/${channelId}`)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await h.closeAll();
    await w?.fake.close();
    await w?.p.close();
  });

  const settings = (body: Record<string, unknown>) =>
    call<ChannelSettingsUpdateResponse & { error?: string; code?: string }>(
      w.app,
      'PUT',
      `/api/channels/${channelId}/settings`,
      body,
    );
  const video = async (n: number) => (await call<Video>(w.app, 'GET', `/api/videos/${w.v(n)}`)).body;

  it('leaves videos outside the duration limits out of download-all and the sweep, and says why', async () => {
    // The clips last 11 to 16 seconds.
    expect((await settings({ min_duration: 20, max_duration: 10 })).status).toBe(400);
    expect((await settings({ min_duration: 12, max_duration: 12 })).body.error).toMatch(/must be longer than/);
    expect((await settings({ max_duration: 86_401 })).status).toBe(400);
    const saved = await settings({ min_duration: 13, max_duration: 15 });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ min_duration: 13, max_duration: 15 });
    expect(saved.body.folderMoved).toBe(false);

    const preview = await call(w.app, 'GET', `/api/channels/${channelId}/download-all/preview`);
    expect(preview.body).toMatchObject({
      count: 3,
      totalDurationSeconds: 13 + 14 + 15,
      missingDurations: 0,
      skipped: [
        { reason: "shorter than 0:13, the channel's minimum duration", count: 2 },
        { reason: "longer than 0:15, the channel's maximum duration", count: 1 },
      ],
    });

    // The sweep (newest five: clips 6 to 2) queues 5, 4 and 3 and lists what it left out.
    await settings({ auto_download_enabled_tabs: 'video' });
    const started = await call(w.app, 'POST', '/api/channels/auto-download');
    expect(started.status).toBe(202);
    const run = await until(
      async () => {
        const runs = await call(w.app, 'GET', '/api/schedules/channels.auto-download/runs');
        const r = runs.body.runs.find((x: { id: number }) => x.id === started.body.runId);
        return r && r.status !== 'running' ? r : undefined;
      },
      60_000,
      'the sweep',
    );
    expect(run.details.queued).toBe(3);
    expect(run.message).toMatch(/3 new videos queued from 1 channel; 2 left out by duration limits/);
    expect(run.details.skipped.map((s: { sourceId: string; reason: string }) => [s.sourceId, s.reason]).sort()).toEqual(
      [
        [w.v(6), "longer than 0:15, the channel's maximum duration"],
        [w.v(2), "shorter than 0:13, the channel's minimum duration"],
      ].sort(),
    );
    const job = await waitForJob(w.app, run.details.jobs[0]);
    expect(job.videos.map((v) => v.sourceId).sort()).toEqual([3, 4, 5].map(w.v).sort());
    expect(job.status).toBe('completed');
    await settings({ auto_download_enabled_tabs: '', min_duration: null, max_duration: null });
  }, 180_000);

  it('moves the folder with a new subfolder: files, library rows, .m3u files and the Jellyfin playlist follow', async () => {
    const out = w.outputDir;
    await settings({ m3u_enabled: true });
    expect((await call(w.app, 'POST', '/api/playlists', { url: LIST })).status).toBe(201);
    await w.download(LIST, [1, 2]);
    // Published holds 1, 2, 3 (and 6, not downloaded).
    await w.waitState(LIST, (s) => s.items_synced === 3, 'the first sync');
    const oldDir = join(out, 'MS Channel');
    expect(existsSync(join(oldDir, 'poster.jpg'))).toBe(true);
    const before = await video(1);
    expect(before.filePath!.startsWith(`${oldDir}/`)).toBe(true);
    const refreshesBefore = w.fake.requests.filter((r) => /\/Items\/[^/]+\/Refresh/.test(r.path)).length;

    const moved = await settings({ subfolder: 'Kids' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const newDir = join(out, '__Kids', 'MS Channel');
    expect(moved.body).toMatchObject({
      folderMoved: true,
      moveResult: { folders: [{ from: oldDir, to: newDir }], videos: 5 },
      settings: { subfolder: 'Kids' },
    });
    expect(existsSync(oldDir)).toBe(false);
    expect(existsSync(join(newDir, 'poster.jpg'))).toBe(true);

    // Library rows: new paths and subfolder; the files are there.
    for (const n of [1, 2, 3, 4, 5]) {
      const v = await video(n);
      expect(v.subfolder).toBe('Kids');
      expect(v.filePath!.startsWith(`${newDir}/`)).toBe(true);
      expect(existsSync(v.filePath!)).toBe(true);
    }
    // The file is served from its new place.
    expect((await w.app.t.app.inject({ url: `/api/videos/${w.v(1)}/file`, headers: w.app.headers })).statusCode).toBe(
      200,
    );

    // The channel's .m3u is in the moved folder and lists files that exist.
    const channelM3u = join(newDir, 'MS Channel.m3u');
    const entries = readFileSync(channelM3u, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(entries).toHaveLength(5);
    for (const e of entries) expect(existsSync(join(newDir, e))).toBe(true);

    // The playlist's .m3u points at the new place.
    const playlistM3u = join(out, '__playlists__', 'Published.m3u');
    await until(
      async () => (readFileSync(playlistM3u, 'utf8').includes('../__Kids/MS Channel/') ? true : undefined),
      20_000,
      'the playlist .m3u to be rewritten',
    );
    const listed = readFileSync(playlistM3u, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(listed).toHaveLength(3);
    for (const e of listed) expect(existsSync(join(out, '__playlists__', e))).toBe(true);

    // Jellyfin rescanned its library and the server playlist holds the files at their new place.
    await until(
      async () => {
        const pl = serverPlaylist(w, 'Published');
        return pl && pl.paths.length === 3 && pl.paths.every((p) => p.startsWith(`${newDir}/`)) ? true : undefined;
      },
      30_000,
      'the Jellyfin playlist to follow the move',
    );
    expect(w.fake.requests.filter((r) => /\/Items\/[^/]+\/Refresh/.test(r.path)).length).toBeGreaterThan(
      refreshesBefore,
    );

    // And back to the root; the emptied __Kids goes.
    const back = await settings({ subfolder: '' });
    expect(back.body).toMatchObject({ folderMoved: true, settings: { subfolder: null } });
    expect(existsSync(join(oldDir, 'MS Channel.m3u'))).toBe(true);
    expect(existsSync(join(out, '__Kids'))).toBe(false);
    expect((await video(2)).filePath!.startsWith(`${oldDir}/`)).toBe(true);
  }, 180_000);

  it('refuses with 409 while a download of the channel runs, and when the target folder clashes', async () => {
    const out = w.outputDir;
    const oldDir = join(out, 'MS Channel');
    w.p.setThrottle(w.v(6), { bytes: 2000, everyMs: 100 });
    const res = await call(w.app, 'POST', '/api/videos/download', {
      url: `https://www.youtube.com/watch?v=${w.v(6)}`,
    });
    const jobId = res.body.jobId as string;
    await until(
      async () => {
        const job = await call(w.app, 'GET', `/api/jobs/${jobId}`);
        return job.body.videos[0]?.state === 'downloading' ? true : undefined;
      },
      30_000,
      'the slow download to start',
    );
    const busy = await settings({ subfolder: 'Later' });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatch(/cannot change while .*(download|progress)/);
    expect((await call(w.app, 'GET', `/api/channels/${channelId}/settings`)).body.settings.subfolder).toBeNull();
    expect(existsSync(oldDir)).toBe(true);
    await call(w.app, 'POST', `/api/jobs/${jobId}/cancel`);
    await waitForJob(w.app, jobId);
    w.p.setThrottle(w.v(6), null);

    // A folder of the same video already at the target: nothing moves, the setting stays.
    const [videoFolder] = (await readdir(oldDir)).filter((n) => n.includes(w.v(1)));
    const clash = join(out, '__Clash', 'MS Channel', videoFolder!);
    await mkdir(clash, { recursive: true });
    await writeFile(join(clash, 'stray.txt'), 'someone else');
    const refused = await settings({ subfolder: 'Clash' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DOWNLOAD_MOVE_CONFLICT');
    expect(refused.body.error).toContain(videoFolder);
    expect((await call(w.app, 'GET', `/api/channels/${channelId}/settings`)).body.settings.subfolder).toBeNull();
    expect(existsSync(join(oldDir, videoFolder!))).toBe(true);
    expect(dirname((await video(1)).filePath!)).toBe(join(oldDir, videoFolder!));
  }, 120_000);
});
