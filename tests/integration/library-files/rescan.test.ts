import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, FileScanRun, RescanStatus } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { until } from '../channels/helpers.js';
import { call, filesUnder, makeVideo, outputDir, rescan, sql, video, waitForRun } from './helpers.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('rescan-channel');
const ids = {
  gone: fakeVideoId('rescan-gone'),
  moved: fakeVideoId('rescan-moved'),
  renamed: fakeVideoId('rescan-renamed'),
  legacy: fakeVideoId('rescan-legacy'),
  replaced: fakeVideoId('rescan-replaced'),
};
const stranger = fakeVideoId('rescan-stranger');
const PLAYLIST = 'PLrescan00000000000001';

beforeAll(async () => {
  platform = await startFakePlatform({
    videos: Object.entries(ids).map(([key, id]) => ({
      id,
      title: `Clip ${key}`,
      channelId,
      channel: 'Rescan Channel',
      handle: '@rescan',
      heights: [360, 720],
    })),
    playlists: [{ id: PLAYLIST, title: 'Rescan Mix', channelId, videoIds: [ids.moved] }],
  });
}, 120_000);
afterAll(() => platform?.close());

/** Downloads every fixture video at 720p in one job through the real yt-dlp. */
async function downloadAll(app: DownloadApp): Promise<void> {
  const res = await queueDownload(app, { urls: Object.values(ids).map(watchUrl), resolution: '720' });
  const job = await waitForJob(app, res.json<DownloadResponse>().jobId!, undefined, 120_000);
  expect(job.status).toBe('completed');
}

const probe = (file: string) =>
  spawnSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file],
    {
      encoding: 'utf8',
    },
  ).stdout.trim();

describe('filesystem rescan with real files and ffprobe', () => {
  it('marks deleted files missing, finds moved ones by id or info.json, refreshes sizes, measures resolutions, deletes nothing', async () => {
    const app = await bootDownloader(h, platform);
    await downloadAll(app);
    const out = outputDir(app);

    // Nothing changed: every video is checked and left as it is.
    const quiet = await rescan(app);
    expect(quiet.status).toBe('completed');
    expect(quiet.counts).toMatchObject({ checked: 5, unchanged: 5, missing: 0, moved: 0, backfilled: 0, untracked: 0 });
    expect(quiet.message).toMatch(/everything is in place/);

    const before = {
      gone: await video(app, ids.gone),
      moved: await video(app, ids.moved),
      renamed: await video(app, ids.renamed),
      replaced: await video(app, ids.replaced),
    };
    // Deleted by hand (a copy is kept to put back later).
    const goneDir = dirname(before.gone.filePath!);
    const backup = join(app.t.dir, 'backup');
    cpSync(goneDir, backup, { recursive: true });
    rmSync(goneDir, { recursive: true });
    // A video folder moved to another folder.
    const movedDir = join(out, 'Sorted by hand', basename(dirname(before.moved.filePath!)));
    mkdirSync(dirname(movedDir), { recursive: true });
    renameSync(dirname(before.moved.filePath!), movedDir);
    // Renamed without its id, with an info.json beside it that names it.
    const renamedPath = join(out, 'Renamed', 'my favourite clip.mp4');
    mkdirSync(dirname(renamedPath), { recursive: true });
    renameSync(before.renamed.filePath!, renamedPath);
    writeFileSync(join(out, 'Renamed', 'my favourite clip.info.json'), JSON.stringify({ id: ids.renamed, title: 'x' }));
    // Re-encoded by hand to another resolution (another size).
    rmSync(before.replaced.filePath!);
    await makeVideo(before.replaced.filePath!, '320x240');
    // Recorded by an older version without a resolution.
    await sql(app, 'update library_videos set video_resolution = null where source_id = ?', [ids.legacy]);
    // Someone else's download, not in the library.
    await makeVideo(join(out, 'Other', `Not mine [${stranger}].mp4`));
    const filesBefore = filesUnder(out);

    const run = await rescan(app);
    expect(run.status).toBe('completed');
    expect(run.counts).toMatchObject({
      checked: 5,
      missing: 1,
      moved: 2,
      resized: 1,
      backfilled: 2,
      probeFailed: 0,
      untracked: 1,
      foundAgain: 0,
      errors: 0,
    });
    expect(run.message).toMatch(/1 missing/);
    // Nothing was deleted or moved by the rescan itself.
    expect(filesUnder(out)).toEqual(filesBefore);

    const gone = await video(app, ids.gone);
    expect(gone.missingAt).not.toBeNull();
    expect(gone.filePath).toBe(before.gone.filePath);
    expect(gone.removed).toBe(false);
    expect((await video(app, ids.moved)).filePath).toBe(join(movedDir, basename(before.moved.filePath!)));
    expect((await video(app, ids.moved)).missingAt).toBeNull();
    expect((await video(app, ids.renamed)).filePath).toBe(renamedPath);
    const replaced = await video(app, ids.replaced);
    expect(replaced.fileSize).toBe(statSync(replaced.filePath!).size);
    expect(replaced.video_resolution).toBe('320x240');
    expect((await video(app, ids.legacy)).video_resolution).toBe(probe((await video(app, ids.legacy)).filePath!));
    expect((await video(app, ids.legacy)).video_resolution).toBe('1280x720');
    // The moved video streams from its new place.
    const stream = await app.t.app.inject({ url: `/api/videos/${ids.moved}/file`, headers: app.headers });
    expect(stream.statusCode).toBe(200);

    // The rescan never adds the untracked file; "Add the untracked files" imports the whole output
    // directory ('.'), which adds it and leaves the library's own videos as they are (issue 31).
    const added = await call<{ runId: number }>(app, 'POST', '/api/maintenance/import', { path: '.' });
    expect(added.status).toBe(202);
    const addedRun = await waitForRun(app, added.body.runId);
    expect(addedRun.counts).toMatchObject({ imported: 1, restored: 0 });
    expect((await video(app, stranger)).filePath).toBe(join(out, 'Other', `Not mine [${stranger}].mp4`));
    expect((await rescan(app)).counts.untracked).toBe(0);

    // Put back by hand: found again at its place.
    cpSync(backup, goneDir, { recursive: true });
    const back = await rescan(app);
    expect(back.counts).toMatchObject({ foundAgain: 1, missing: 0, stillMissing: 0, unchanged: 5 });
    expect((await video(app, ids.gone)).missingAt).toBeNull();

    // A file ffprobe cannot read: 0x0 (spec 2.5), the run says so.
    writeFileSync(before.gone.filePath!, 'not a video at all');
    const broken = await rescan(app);
    expect(broken.counts).toMatchObject({ resized: 1, backfilled: 0, probeFailed: 1 });
    expect(broken.problems).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/ffprobe could not read/) }),
    ]);
    expect((await video(app, ids.gone)).video_resolution).toBe('0x0');
    expect(existsSync(before.gone.filePath!)).toBe(true);
  }, 240_000);

  it('runs one at a time (409), and keeps the last run across a restart', async () => {
    const app = await bootDownloader(h, platform);
    await makeVideo(join(outputDir(app), 'x', `Loose [${stranger}].mp4`));
    const [a, b] = await Promise.all([
      call<{ runId: number }>(app, 'POST', '/api/maintenance/rescan-files'),
      call<{ code: string; error: string }>(app, 'POST', '/api/maintenance/rescan-files'),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({
      code: 'DOWNLOAD_FILE_SCAN_RUNNING',
      error: expect.stringMatching(/already running/),
    });
    const started = (a.status === 202 ? a : b).body as { runId: number };
    const done = await waitForRun(app, started.runId);
    expect(done.counts.untracked).toBe(1);

    const again = await h.restart(app.t, { env: platform.env });
    const token = await login(again);
    const res = await again.app.inject({ url: '/api/maintenance/rescan-status', headers: { 'x-access-token': token } });
    const status = res.json<RescanStatus>();
    expect(status.running).toBe(false);
    expect(status.lastRun).toMatchObject<Partial<FileScanRun>>({
      id: started.runId,
      status: 'completed',
      trigger: 'manual',
    });
  }, 60_000);

  it("points a followed playlist's .m3u at a file the rescan found moved", async () => {
    const app = await bootDownloader(h, platform);
    const followed = await call(app, 'POST', '/api/playlists', {
      url: `https://www.youtube.com/playlist?list=${PLAYLIST}`,
    });
    expect(followed.status).toBe(201);
    const started = await call<{ jobIds: string[] }>(app, 'POST', `/api/playlists/${PLAYLIST}/download`, {});
    expect(started.status).toBe(202);
    for (const id of started.body.jobIds) await waitForJob(app, id, ['completed']);
    const m3u = join(outputDir(app), '__playlists__', 'Rescan Mix.m3u');
    const entry = async (fragment: string) =>
      until(
        async () => {
          const text = existsSync(m3u) ? readFileSync(m3u, 'utf8') : '';
          return text.split('\n').find((l) => !l.startsWith('#') && l.includes(fragment));
        },
        20_000,
        `an .m3u entry with ${fragment}`,
      );
    expect(await entry('../Rescan Channel/')).toMatch(/\.mp4$/);

    const before = await video(app, ids.moved);
    const moved = join(outputDir(app), 'Sorted by hand', basename(dirname(before.filePath!)));
    mkdirSync(dirname(moved), { recursive: true });
    renameSync(dirname(before.filePath!), moved);
    expect((await rescan(app)).counts).toMatchObject({ moved: 1, missing: 0 });
    const line = await entry('../Sorted by hand/');
    expect(existsSync(join(outputDir(app), '__playlists__', line))).toBe(true);
  }, 120_000);
});
