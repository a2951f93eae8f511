import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { LibraryImportPreview, VideoList } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { until } from '../channels/helpers.js';
import { call, filesUnder, importFolder, makeVideo, outputDir, video } from './helpers.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const maker = fakeChannelId('import-maker');
const other = fakeChannelId('import-other');
const mv = (n: string) => fakeVideoId(`import-maker-${n}`);
const ov = (n: string) => fakeVideoId(`import-other-${n}`);

beforeAll(async () => {
  const ch = (channelId: string, channel: string, handle: string) => ({ channelId, channel, handle });
  platform = await startFakePlatform({
    videos: [
      {
        ...ch(maker, 'Maker Channel', '@maker'),
        id: mv('1'),
        title: 'Maker one',
        uploadDate: '20250101',
        heights: [360],
      },
      {
        ...ch(maker, 'Maker Channel', '@maker'),
        id: mv('2'),
        title: 'Maker two',
        uploadDate: '20250102',
        heights: [360],
      },
      {
        ...ch(maker, 'Maker Channel', '@maker'),
        id: mv('3'),
        title: 'Maker three',
        uploadDate: '20250103',
        heights: [360],
      },
      {
        ...ch(other, 'Other Channel', '@other'),
        id: ov('1'),
        title: 'Other one',
        uploadDate: '20250104',
        heights: [360],
      },
    ],
    channels: [
      { channelId: maker, handle: '@maker', name: 'Maker Channel', tabs: { videos: [mv('3'), mv('2'), mv('1')] } },
      { channelId: other, handle: '@other', name: 'Other Channel', tabs: { videos: [ov('1')] } },
    ],
  });
}, 120_000);
afterAll(() => platform?.close());

/**
 * What a user of bare yt-dlp has: its default output template (`%(title)s [%(id)s].%(ext)s`) in
 * one folder, with `--write-info-json` (and a thumbnail) for some downloads and not for others.
 */
async function bareYtdlp(dir: string, urls: string[], extra: string[] = []): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // Asynchronously: the fake platform answers from this very process.
  const child = spawn('yt-dlp', ['--no-config', '--no-progress', ...extra, '-P', dir, ...urls], {
    env: { ...process.env, ...platform.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`yt-dlp failed: ${stderr}`);
}

async function makeFixture(app: DownloadApp): Promise<string> {
  const folder = join(outputDir(app), 'old-downloads');
  await bareYtdlp(folder, [watchUrl(mv('1')), watchUrl(mv('2'))], ['--write-info-json', '--write-thumbnail']);
  await bareYtdlp(folder, [watchUrl(ov('1'))]);
  return folder;
}

describe('library import of a folder made by bare yt-dlp', () => {
  it('previews, imports in place with channels and metadata, and automatic downloads skip what was imported', async () => {
    const app = await bootDownloader(h, platform, { config: { channelFilesToDownload: 5 } });
    const folder = await makeFixture(app);
    const filesBefore = filesUnder(folder);
    expect(filesBefore).toEqual(
      expect.arrayContaining([
        `Maker one [${mv('1')}].mp4`,
        `Maker one [${mv('1')}].info.json`,
        `Other one [${ov('1')}].mp4`,
      ]),
    );

    // The preview says what would happen and changes nothing.
    const preview = await call<LibraryImportPreview>(app, 'POST', '/api/maintenance/import/preview', {
      path: 'old-downloads',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toMatchObject({ files: 3, add: 3, restore: 0, inLibrary: 0, noId: 0 });
    const byId = new Map(preview.body.videos.map((v) => [v.sourceId, v]));
    expect(byId.get(mv('1'))).toMatchObject({
      title: 'Maker one',
      channelName: 'Maker Channel',
      channelId: maker,
      hasInfoJson: true,
      action: 'add',
      filePath: `old-downloads/Maker one [${mv('1')}].mp4`,
    });
    expect(byId.get(ov('1'))).toMatchObject({ title: 'Other one', channelName: null, hasInfoJson: false });
    expect((await call<VideoList>(app, 'GET', '/api/videos')).body.total).toBe(0);

    const run = await importFolder(app, { path: 'old-downloads' });
    expect(run.status).toBe('completed');
    expect(run.counts).toMatchObject({ filesSeen: 3, imported: 3, restored: 0, alreadyInLibrary: 0, backfilled: 1 });
    // Left in place: the folder holds exactly what bare yt-dlp left there.
    expect(filesUnder(folder)).toEqual(filesBefore);

    const one = await video(app, mv('1'));
    expect(one).toMatchObject({
      title: 'Maker one',
      channelName: 'Maker Channel',
      channelId: maker,
      uploadDate: '20250101',
      duration: 5,
      filePath: join(folder, `Maker one [${mv('1')}].mp4`),
      video_resolution: '640x360',
      missingAt: null,
    });
    expect(one.thumbnailUrl).not.toBeNull();
    expect((await app.t.app.inject({ url: `/api/videos/${mv('1')}/thumbnail`, headers: app.headers })).statusCode).toBe(
      200,
    );
    // Without an info.json: the title from the name, the resolution measured by ffprobe.
    expect(await video(app, ov('1'))).toMatchObject({
      title: 'Other one',
      channelId: null,
      video_resolution: '640x360',
    });
    const archive = readFileSync(join(app.t.dir, 'config', 'complete.list'), 'utf8');
    for (const id of [mv('1'), mv('2'), ov('1')]) expect(archive).toContain(`youtube ${id}`);

    // The imported videos' channel is known now (hidden until someone subscribes), and lists them.
    expect((await call(app, 'GET', `/api/channels/${maker}/settings`)).status).toBe(200);
    expect((await call(app, 'GET', `/api/channels/${other}/settings`)).status).toBe(404);

    // The channel's automatic downloads queue only the video that was not imported.
    const sub = await call(app, 'POST', '/updatechannels', {
      add: [{ url: '@maker', settings: { auto_download_enabled_tabs: 'video' } }],
    });
    expect(sub.status).toBe(200);
    const started = await call<{ runId: number }>(app, 'POST', '/api/channels/auto-download');
    expect(started.status).toBe(202);
    const sweep = await until(
      async () => {
        const runs = await call<{ runs: { id: number; status: string; details: { jobs: string[] } }[] }>(
          app,
          'GET',
          '/api/schedules/channels.auto-download/runs',
        );
        const r = runs.body.runs.find((x) => x.id === started.body.runId);
        return r && r.status !== 'running' ? r : undefined;
      },
      60_000,
      'the automatic-download sweep',
    );
    expect(sweep.status).toBe('success');
    const job = await waitForJob(app, sweep.details.jobs[0]!);
    expect(job.videos.map((v) => v.sourceId)).toEqual([mv('3')]);

    // Importing again changes nothing.
    const again = await importFolder(app, { path: 'old-downloads' });
    expect(again.counts).toMatchObject({ imported: 0, restored: 0, alreadyInLibrary: 3 });
  }, 180_000);

  it('moves into the library layout only when asked, with the sidecars, and brings back a deleted video', async () => {
    const app = await bootDownloader(h, platform);
    const folder = await makeFixture(app);
    const run = await importFolder(app, { path: folder, move: true, subfolder: 'Imported' });
    expect(run.counts).toMatchObject({ imported: 3, errors: 0 });
    const out = outputDir(app);
    const one = await video(app, mv('1'));
    expect(one.filePath).toBe(
      join(out, '__Imported', 'Maker Channel', `Maker one - ${mv('1')}`, `Maker one [${mv('1')}].mp4`),
    );
    expect(one.subfolder).toBe('Imported');
    expect(readdirSync(join(out, '__Imported', 'Maker Channel', `Maker one - ${mv('1')}`)).sort()).toEqual(
      [`Maker one [${mv('1')}].info.json`, `Maker one [${mv('1')}].jpg`, `Maker one [${mv('1')}].mp4`].sort(),
    );
    expect((await video(app, ov('1'))).filePath).toBe(
      join(out, '__Imported', 'Unknown Channel', `Other one - ${ov('1')}`, `Other one [${ov('1')}].mp4`),
    );
    expect(filesUnder(folder)).toEqual([]);
    const subfolders = await call<{ name: string; usage: { hasFiles: boolean } }[]>(app, 'GET', '/api/subfolders');
    expect(subfolders.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Imported', usage: expect.objectContaining({ hasFiles: true }) }),
      ]),
    );

    // Deleted through the service, then a copy turns up again: the import brings it back.
    expect((await call(app, 'DELETE', `/api/videos/${mv('2')}`)).status).toBe(200);
    const again = join(out, 'found-again');
    await bareYtdlp(again, [watchUrl(mv('2'))], ['--write-info-json']);
    const preview = await call<LibraryImportPreview>(app, 'POST', '/api/maintenance/import/preview', {
      path: 'found-again',
    });
    expect(preview.body.videos).toEqual([expect.objectContaining({ sourceId: mv('2'), action: 'restore' })]);
    const back = await importFolder(app, { path: 'found-again' });
    expect(back.counts).toMatchObject({ imported: 0, restored: 1 });
    expect(await video(app, mv('2'))).toMatchObject({
      removed: false,
      filePath: join(again, `Maker two [${mv('2')}].mp4`),
    });
  }, 180_000);

  it('refuses folders outside the output directory, also through a symbolic link, and files without an id', async () => {
    const app = await bootDownloader(h, platform);
    const out = outputDir(app);
    mkdirSync(out, { recursive: true });
    const outside = join(app.t.dir, 'elsewhere');
    mkdirSync(outside);
    await makeVideo(join(outside, `Secret [${ov('1')}].mp4`));
    symlinkSync(outside, join(out, 'link-out'));
    const refused = async (path: string, message: RegExp) => {
      for (const url of ['/api/maintenance/import/preview', '/api/maintenance/import']) {
        const res = await call<{ code: string; error: string }>(app, 'POST', url, { path });
        expect(res.status, `${url} ${path}`).toBe(400);
        expect(res.body.code).toBe('DOWNLOAD_IMPORT_PATH_INVALID');
        expect(res.body.error).toMatch(message);
      }
    };
    await refused('../elsewhere', /outside the output directory/);
    await refused(outside, /outside the output directory/);
    await refused('link-out', /symbolic link/);
    await refused('no-such-folder', /There is no folder/);
    await refused('.vidkeep-staging', /hidden folder/);
    expect((await call(app, 'POST', '/api/maintenance/import', { path: 'x', extra: 1 })).status).toBe(400);
    expect(existsSync(join(outside, `Secret [${ov('1')}].mp4`))).toBe(true);

    // A media file with neither an id in its name nor an info.json is skipped, with the reason.
    await makeVideo(join(out, 'loose', 'holiday.mp4'));
    const preview = await call<LibraryImportPreview>(app, 'POST', '/api/maintenance/import/preview', { path: 'loose' });
    expect(preview.body.counts).toMatchObject({ files: 1, add: 0, noId: 1 });
    expect(preview.body.skipped).toEqual([
      { path: join('loose', 'holiday.mp4'), message: expect.stringMatching(/No \[id\] in the file name/) },
    ]);
  }, 60_000);
});
