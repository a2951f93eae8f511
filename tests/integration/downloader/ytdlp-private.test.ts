import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, TaskRunList, ToolsResponse, ToolUpdateResponse } from '@vidkeep/contracts';
import { buildYtDlpWheel } from '../../fakes/pip/yt-dlp-wheel.js';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { until } from '../../helpers/server-api.js';

/**
 * The private yt-dlp (issue 16): "Update yt-dlp" installs yt-dlp with pip into a virtual
 * environment under CONFIG_DIR and the service uses it from then on. pip reads a local folder
 * with a wheel built from the machine's yt-dlp (PIP_NO_INDEX, PIP_FIND_LINKS): no network.
 */
const h = new TestHarness();
afterEach(() => h.closeAll());

const NEW_VERSION = '2099.01.02';
let platform: FakePlatform;
let scratch: string;
let wheels: string;
const video = fakeVideoId('private-ytdlp');

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vidkeep-pip-'));
  wheels = join(scratch, 'wheels');
  buildYtDlpWheel(wheels, NEW_VERSION);
  platform = await startFakePlatform({
    videos: [
      { id: video, title: 'Via Private', channelId: fakeChannelId('private'), channel: 'Private', handle: '@p' },
    ],
  });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await rm(scratch, { recursive: true, force: true });
});

const pipFrom = (dir: string) => ({ PIP_NO_INDEX: '1', PIP_FIND_LINKS: dir });

async function tools(app: DownloadApp): Promise<ToolsResponse> {
  return (await app.t.app.inject({ url: '/api/ytdlp/version', headers: app.headers })).json<ToolsResponse>();
}
async function update(app: DownloadApp): Promise<ToolUpdateResponse> {
  const res = await app.t.app.inject({ method: 'POST', url: '/api/ytdlp/update', headers: app.headers });
  expect(res.statusCode).toBe(200);
  return res.json<ToolUpdateResponse>();
}

describe('the private yt-dlp', () => {
  it('is installed by "Update yt-dlp", used for downloads from then on, kept across restarts, and reported up to date', async () => {
    const app = await bootDownloader(h, platform, { env: pipFrom(wheels) });
    const before = await tools(app);
    // Debian's yt-dlp on PATH, released long ago: flagged as stale, updated the private way.
    expect(before.ytdlp).toMatchObject({ source: 'path', path: 'yt-dlp', stale: true, updateMethod: 'private' });
    expect(before.ytdlp.ageDays).toBeGreaterThan(60);
    expect(before.ytdlp.lastUpdate).toBeNull();

    const installed = await update(app);
    expect(installed).toMatchObject({ success: true, reason: 'updated', method: 'private', newVersion: NEW_VERSION });
    expect(installed.currentVersion).toBe(before.ytdlp.version);
    expect(installed.message).toContain('installed in CONFIG_DIR/yt-dlp');
    const privateBinary = join(app.t.configDir, 'yt-dlp', 'venv', 'bin', 'yt-dlp');
    expect(existsSync(privateBinary)).toBe(true);

    const after = await tools(app);
    expect(after.ytdlp).toMatchObject({ source: 'private', path: privateBinary, version: NEW_VERSION, stale: false });
    expect(after.ytdlp.lastUpdate).toMatchObject({ success: true, reason: 'updated' });

    // A download runs the private copy (the fake platform's extractor still applies).
    const queued = (await queueDownload(app, { url: watchUrl(video) })).json<DownloadResponse>();
    const job = await waitForJob(app, queued.jobId!);
    expect(job.status).toBe('completed');
    // yt-dlp writes its own version into the info.json the service keeps of the video.
    const info = readdirSync(app.t.dir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('.info.json'));
    expect(info).toBeDefined();
    const written = JSON.parse(readFileSync(join(app.t.dir, info!), 'utf8')) as { _version?: { version?: string } };
    expect(written._version?.version).toBe(NEW_VERSION);

    const dir = app.t.dir;
    await app.t.close({ keepDir: true });
    const t = await h.boot({ dir, env: { ...platform.env, ...pipFrom(wheels) } });
    const again = { t, token: '', headers: { 'x-access-token': await login(t) } };
    expect((await tools(again)).ytdlp).toMatchObject({ source: 'private', version: NEW_VERSION });
    expect(await update(again)).toMatchObject({ success: true, reason: 'up-to-date', method: 'private' });
  }, 180_000);

  it('explains in words when pip finds no yt-dlp, keeps using the one on PATH, and remembers the failure', async () => {
    const empty = join(scratch, 'empty');
    const app = await bootDownloader(h, platform, { env: pipFrom(empty) });
    const failed = await update(app);
    expect(failed).toMatchObject({ success: false, reason: 'error', method: 'private' });
    expect(failed.message).toMatch(/^pip could not find yt-dlp in the package index/);
    expect(failed.message).not.toContain('\n');
    expect(failed.currentVersion).toMatch(/^\d{4}\.\d{2}\.\d{2}/);
    const after = await tools(app);
    expect(after.ytdlp).toMatchObject({ source: 'path', path: 'yt-dlp' });
    expect(after.ytdlp.lastUpdate).toMatchObject({ success: false, reason: 'error', message: failed.message });
  }, 120_000);

  it('a configured yt-dlp keeps updating itself (yt-dlp -U) and is never replaced by the private one', async () => {
    const app = await bootDownloader(h, platform, { env: { ...pipFrom(wheels), YTDLP_PATH: 'yt-dlp' } });
    expect((await tools(app)).ytdlp).toMatchObject({ source: 'configured', updateMethod: 'self' });
    const r = await update(app);
    expect(r.method).toBe('self');
    expect(existsSync(join(app.t.configDir, 'yt-dlp', 'venv'))).toBe(false);
  }, 120_000);

  it('the nightly task installs it too, from its worker thread, and records the outcome', async () => {
    const app = await bootDownloader(h, platform, { env: pipFrom(wheels) });
    const key = 'downloader.ytdlp-update';
    const started = await app.t.app.inject({ method: 'POST', url: `/api/schedules/${key}/run`, headers: app.headers });
    expect(started.statusCode).toBeLessThan(300);
    const run = await until(
      async () => {
        const list = (
          await app.t.app.inject({ url: `/api/schedules/${key}/runs?pageSize=1`, headers: app.headers })
        ).json<TaskRunList>();
        const last = list.runs[0];
        return last && last.status !== 'running' ? last : undefined;
      },
      'the update task to finish',
      120_000,
    );
    expect(run).toMatchObject({
      status: 'success',
      outcome: 'updated',
      details: { method: 'private', newVersion: NEW_VERSION },
    });
    expect((await tools(app)).ytdlp).toMatchObject({ source: 'private', version: NEW_VERSION });
  }, 180_000);
});
