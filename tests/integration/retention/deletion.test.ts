import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownloadResponse, Video } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { queueDownload, waitForJob, watchUrl, platformSuite } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';
import { downloadedDaysAgo, outputDir, present, runNow, seed } from './helpers.js';

/**
 * Safe deletion with videos downloaded for real (the fake platform and the real yt-dlp) in the
 * nested, flat and subfolder layouts, records with hostile paths, per-video protection, and the
 * playlist `.m3u` that follows a removal.
 */
describe('safe deletion by retention and by hand', () => {
  const v = (s: string) => fakeVideoId(`del-${s}`);
  const nestedCh = { channelId: fakeChannelId('del-nested'), channel: 'Nested Channel', handle: '@delnested' };
  const flatCh = { channelId: fakeChannelId('del-flat'), channel: 'Flat Channel', handle: '@delflat' };
  const subCh = { channelId: fakeChannelId('del-sub'), channel: 'Sub Channel', handle: '@delsub' };
  const LIST = 'PLdeletion000000000001';
  const m3u = () => join(outputDir(suite.app), '__playlists__', 'Kept Safe.m3u');
  const video = async (id: string) => (await call<Video>(suite.app, 'GET', `/api/videos/${id}`)).body;
  const files = (dir: string) => readdirSync(dir).sort();

  const suite = platformSuite(
    () => ({
      videos: [
        { ...nestedCh, id: v('n1'), title: 'Nested one' },
        { ...nestedCh, id: v('n2'), title: 'Nested two' },
        { ...flatCh, id: v('f1'), title: 'Flat one' },
        { ...flatCh, id: v('f2'), title: 'Flat two' },
        { ...subCh, id: v('s1'), title: 'Sub one' },
      ],
      playlists: [{ id: LIST, title: 'Kept Safe', channelId: nestedCh.channelId, videoIds: [v('n1'), v('n2')] }],
    }),
    { timeout: 180_000 },
  );
  beforeAll(async () => {
    expect((await call(suite.app, 'POST', '/api/playlists', { url: LIST })).status).toBe(201);
    const fromList = await call(suite.app, 'POST', `/api/playlists/${LIST}/download`, { videoIds: [v('n1'), v('n2')] });
    expect(fromList.status).toBe(202);
    for (const job of fromList.body.jobIds) await waitForJob(suite.app, job, ['completed']);
    const flat = await queueDownload(suite.app, {
      urls: [watchUrl(v('f1')), watchUrl(v('f2'))],
      skipVideoFolder: true,
    });
    await waitForJob(suite.app, flat.json<DownloadResponse>().jobId!, ['completed']);
    const sub = await queueDownload(suite.app, { url: watchUrl(v('s1')), subfolder: 'Sub' });
    await waitForJob(suite.app, sub.json<DownloadResponse>().jobId!, ['completed']);
    await until(async () => (existsSync(m3u()) && readFileSync(m3u(), 'utf8').includes(v('n2')) ? true : undefined));
  }, 180_000);

  it('protects a video through PATCH /api/videos/:sourceId/protected, validating the body', async () => {
    const res = await call(suite.app, 'PATCH', `/api/videos/${v('n2')}/protected`, { protected: true });
    expect(res).toEqual({ status: 200, body: { sourceId: v('n2'), protected: true } });
    expect((await video(v('n2'))).protected).toBe(true);
    const listed = await call<{ videos: Video[] }>(suite.app, 'GET', '/api/videos?pageSize=50');
    expect(listed.body.videos.find((x) => x.sourceId === v('n2'))?.protected).toBe(true);
    expect(listed.body.videos.find((x) => x.sourceId === v('n1'))?.protected).toBe(false);

    expect(
      (await call(suite.app, 'PATCH', `/api/videos/${fakeVideoId('never')}/protected`, { protected: true })).body,
    ).toMatchObject({ code: 'DOWNLOAD_VIDEO_NOT_FOUND' });
    expect(
      (await call(suite.app, 'PATCH', `/api/videos/${fakeVideoId('never')}/protected`, { protected: true })).status,
    ).toBe(404);
    for (const bad of [{}, { protected: 'yes' }, { protected: true, extra: 1 }])
      expect(
        (await call(suite.app, 'PATCH', `/api/videos/${v('n2')}/protected`, bad)).status,
        JSON.stringify(bad),
      ).toBe(400);
  });

  it('removes the per-video folder (nested), only the files named with the id (flat), emptied subfolders, and updates the .m3u; hostile paths are refused with nothing deleted', async () => {
    const n1 = await video(v('n1'));
    const n2 = await video(v('n2'));
    const f1 = await video(v('f1'));
    const f2 = await video(v('f2'));
    const s1 = await video(v('s1'));
    const flatDir = dirname(f1.filePath!);
    expect(basename(flatDir)).toBe('Flat Channel');
    expect(dirname(f2.filePath!)).toBe(flatDir);
    expect(s1.filePath!.startsWith(join(outputDir(suite.app), '__Sub', 'Sub Channel'))).toBe(true);
    await writeFile(join(flatDir, 'poster.jpg'), 'channel art');

    // Records whose stored paths must never be followed: outside the output directory, and a file
    // inside it that does not carry the video's id.
    const outsideFile = join(suite.app.t.dir, 'outside', `Precious [${v('h1')}].mp4`);
    await mkdir(dirname(outsideFile), { recursive: true });
    await writeFile(outsideFile, 'not yours');
    const innocent = join(outputDir(suite.app), 'Nested Channel', 'family video.mp4');
    await writeFile(innocent, 'not yours either');
    await seed(suite.app, [
      { sourceId: v('h1'), daysAgo: 300, storedPath: outsideFile, title: 'Outside' },
      { sourceId: v('h2'), daysAgo: 300, storedPath: innocent, title: 'No id' },
    ]);
    for (const id of [v('n1'), v('n2'), v('f1'), v('s1')]) await downloadedDaysAgo(suite.app, id, 200);

    const result = await runNow(suite.app, { autoRemovalVideoAgeThreshold: '100' });
    expect(result).toMatchObject({ success: false, deletedByAge: 3, totalDeleted: 3 });
    expect(result.plan.ageStrategy).toMatchObject({ candidateCount: 5, deletedCount: 3, failedCount: 2 });
    expect(result.errors).toHaveLength(2);
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Could not remove "Outside" .*: .*outside the output directory.*Nothing was deleted/),
        expect.stringMatching(/^Could not remove "No id" .*does not contain the video id/),
      ]),
    );
    expect(result.freedBytes).toBeGreaterThan(0);
    expect(readFileSync(outsideFile, 'utf8')).toBe('not yours');
    expect(readFileSync(innocent, 'utf8')).toBe('not yours either');
    expect(await present(suite.app)).toEqual([v('n2'), v('f2'), v('h1'), v('h2')].sort());

    // Nested: the whole per-video folder is gone; the channel folder stays (n2 and the stray file are in it).
    expect(existsSync(dirname(n1.filePath!))).toBe(false);
    expect(existsSync(n2.filePath!)).toBe(true);
    // Flat: only f1's files went; f2's files and the channel poster stay.
    const left = files(flatDir);
    expect(left.some((f) => f.includes(v('f1')))).toBe(false);
    expect(left.filter((f) => f.includes(v('f2'))).length).toBeGreaterThan(0);
    expect(left).toContain('poster.jpg');
    // Subfolder: the video, its channel folder and the emptied __Sub are gone.
    expect(existsSync(join(outputDir(suite.app), '__Sub'))).toBe(false);
    // The removed videos keep their records, marked removed.
    expect(await video(v('n1'))).toMatchObject({ removed: true });
    // The playlist's .m3u no longer lists the removed video (the playlists plugin hears the event).
    await until(async () => (readFileSync(m3u(), 'utf8').includes(v('n1')) ? undefined : true), 20_000, '.m3u update');
    expect(readFileSync(m3u(), 'utf8')).toContain(v('n2'));

    // By hand, hostile paths are refused the same way: 409 and nothing deleted.
    const refused = await call(suite.app, 'DELETE', `/api/videos/${v('h1')}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DOWNLOAD_UNSAFE_PATH' });
    expect(existsSync(outsideFile)).toBe(true);
    expect(await video(v('h1'))).toMatchObject({ removed: false });
  });

  it('a manual delete ignores protection, and removes the channel folder once only ignorable files are left', async () => {
    const f2 = await video(v('f2'));
    const flatDir = dirname(f2.filePath!);
    const del = await call(suite.app, 'DELETE', `/api/videos/${v('f2')}`);
    expect(del.status).toBe(200);
    expect(del.body.deletedFiles.every((f: string) => basename(f).includes(v('f2')))).toBe(true);
    expect(existsSync(flatDir)).toBe(false); // poster.jpg alone did not keep it

    const n2 = await video(v('n2'));
    expect(n2.protected).toBe(true);
    expect((await call(suite.app, 'DELETE', `/api/videos/${v('n2')}`)).status).toBe(200);
    expect(existsSync(dirname(n2.filePath!))).toBe(false);
    // The stray file keeps the nested channel's folder.
    expect(files(join(outputDir(suite.app), 'Nested Channel'))).toEqual(['family video.mp4']);
  });
});
