import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, TestHarness } from '@vidkeep/core/testing';
import type {
  DownloadResponse,
  TaskRunList,
  ToolRollbackResponse,
  ToolsResponse,
  ToolUpdateResponse,
  WebhookBody,
} from '@vidkeep/contracts';
import { Receiver } from '../../../plugins/notifications/src/test/receiver.js';
import { CANARY_VIDEO_ID } from '../../../plugins/downloader/src/services/canary-video.js';
import { buildBrokenYtDlpWheel, buildYtDlpWheel } from '../../fakes/pip/yt-dlp-wheel.js';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { until } from '../../helpers/server-api.js';

/**
 * The private yt-dlp (issues 16 and 30): "Update yt-dlp" asks pip for the newest yt-dlp,
 * installs it into a release folder of its own under CONFIG_DIR, checks it (the canary: version,
 * options, the argument list of a download, simulated and for real against the fake platform)
 * and only then uses it, keeping the one before for a rollback. pip reads local folders of
 * wheels built from the machine's yt-dlp (PIP_NO_INDEX, PIP_FIND_LINKS): no network.
 */
const h = new TestHarness();
const receivers: Receiver[] = [];
afterEach(async () => {
  await h.closeAll();
  for (const r of receivers.splice(0)) await r.close();
});

const NEW_VERSION = '2099.01.02';
let platform: FakePlatform;
let scratch: string;
let wheels: string;
const fixture = { channelId: fakeChannelId('private'), channel: 'Private', handle: '@p' };
const video = fakeVideoId('private-ytdlp');
const slow = fakeVideoId('private-ytdlp-slow');

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vidkeep-pip-'));
  wheels = join(scratch, 'wheels');
  buildYtDlpWheel(wheels, NEW_VERSION);
  platform = await startFakePlatform({
    videos: [
      { ...fixture, id: video, title: 'Via Private' },
      { ...fixture, id: slow, title: 'Slow One', throttle: { bytes: 20_000, everyMs: 100 } },
      // What every canary downloads (the platform's first video, 19 s at 240p on the real one).
      { ...fixture, id: CANARY_VIDEO_ID, title: 'Me at the zoo', heights: [240] },
    ],
  });
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await rm(scratch, { recursive: true, force: true });
});

const pipFrom = (dir: string) => ({ PIP_NO_INDEX: '1', PIP_FIND_LINKS: dir });

async function tools(app: DownloadApp, refresh = false): Promise<ToolsResponse> {
  const url = `/api/ytdlp/version${refresh ? '?refresh=true' : ''}`;
  return (await app.t.app.inject({ url, headers: app.headers })).json<ToolsResponse>();
}
async function update(app: DownloadApp): Promise<ToolUpdateResponse> {
  const res = await app.t.app.inject({ method: 'POST', url: '/api/ytdlp/update', headers: app.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ToolUpdateResponse>();
}
/** An update that installed `newVersion`; on failure the assertion shows the update's own words. */
async function updatedTo(app: DownloadApp, newVersion: string): Promise<ToolUpdateResponse> {
  const r = await update(app);
  expect(r, `${r.message} ${JSON.stringify(r.canary?.steps)}`).toMatchObject({ success: true, newVersion });
  return r;
}
const rollback = (app: DownloadApp) =>
  app.t.app.inject({ method: 'POST', url: '/api/ytdlp/rollback', headers: app.headers });
const releasesOf = (app: DownloadApp) => readdirSync(join(app.t.configDir, 'yt-dlp', 'releases')).sort();

/** The yt-dlp version written into the info.json of a video the service downloaded. */
function versionThatDownloaded(app: DownloadApp, sourceId: string): string | undefined {
  const info = readdirSync(app.t.dir, { recursive: true, encoding: 'utf8' }).find((f) =>
    f.endsWith(`${sourceId}.info.json`),
  );
  expect(info, `an info.json of ${sourceId}`).toBeDefined();
  return (JSON.parse(readFileSync(join(app.t.dir, info!), 'utf8')) as { _version?: { version?: string } })._version
    ?.version;
}

const passedCanary = [
  ['version', 'passed'],
  ['options', 'passed'],
  ['simulate', 'passed'],
  ['download', 'passed'],
];

describe('the private yt-dlp', () => {
  it('is installed by "Update yt-dlp" into a release of its own, checked, used for downloads from then on, kept across restarts, and reported up to date', async () => {
    const app = await bootDownloader(h, platform, { env: pipFrom(wheels) });
    const before = await tools(app, true);
    // The yt-dlp on PATH is older than the newest pip can install here: stale, in words.
    expect(before.ytdlp).toMatchObject({
      source: 'path',
      path: 'yt-dlp',
      stale: true,
      latestVersion: NEW_VERSION,
      updateMethod: 'private',
      rollbackVersion: null,
    });
    expect(before.ytdlp.staleReason).toBe(
      `yt-dlp ${NEW_VERSION} is out and can be installed here; this one is ${before.ytdlp.version}.`,
    );
    expect(before.ytdlp.lastUpdate).toBeNull();

    const installed = await update(app);
    expect(installed).toMatchObject({ success: true, reason: 'updated', method: 'private', newVersion: NEW_VERSION });
    expect(installed.currentVersion).toBe(before.ytdlp.version);
    expect(installed.message).toContain('installed in CONFIG_DIR/yt-dlp, checked, and used from now on');
    expect(installed.canary?.steps.map((s) => [s.step, s.outcome])).toEqual(passedCanary);
    const [release] = releasesOf(app);
    const privateBinary = join(app.t.configDir, 'yt-dlp', 'releases', release!, 'bin', 'yt-dlp');
    expect(existsSync(privateBinary)).toBe(true);

    // The newest release, no longer stale: the banner has nothing to say.
    const after = await tools(app);
    expect(after.ytdlp).toMatchObject({
      source: 'private',
      path: privateBinary,
      version: NEW_VERSION,
      stale: false,
      staleReason: null,
      latestVersion: NEW_VERSION,
    });
    expect(after.ytdlp.lastUpdate).toMatchObject({ success: true, reason: 'updated' });

    // A download runs the private copy (the fake platform's extractor still applies).
    const queued = (await queueDownload(app, { url: watchUrl(video) })).json<DownloadResponse>();
    expect((await waitForJob(app, queued.jobId!)).status).toBe('completed');
    expect(versionThatDownloaded(app, video)).toBe(NEW_VERSION);

    const dir = app.t.dir;
    await app.t.close({ keepDir: true });
    const t = await h.boot({ dir, env: { ...platform.env, ...pipFrom(wheels) } });
    const again = { t, token: '', headers: { 'x-access-token': await login(t) } };
    expect((await tools(again)).ytdlp).toMatchObject({ source: 'private', version: NEW_VERSION });
    expect(await update(again)).toMatchObject({ success: true, reason: 'up-to-date', method: 'private' });
    expect(releasesOf(again)).toEqual([release]);
  }, 240_000);

  it('never uses a release that fails its check: the yt-dlp in use stays, downloads under way and queued complete with it, the reason is shown and notified', async () => {
    const dir = join(scratch, 'broken');
    buildYtDlpWheel(dir, NEW_VERSION);
    const app = await bootDownloader(h, platform, { env: pipFrom(dir) });
    await updatedTo(app, NEW_VERSION);
    const r = new Receiver([200]);
    receivers.push(r);
    const hook = await app.t.app.inject({
      method: 'POST',
      url: '/api/notifications/webhooks',
      headers: app.headers,
      payload: { name: 'ops', url: await r.start(), events: ['ytdlp.update_failed'], secret: 'a-secret-of-16+chars' },
    });
    expect(hook.statusCode, hook.body).toBe(200);

    // A bad release appears in the index while a download runs and another one waits.
    buildBrokenYtDlpWheel(dir, '2099.02.03');
    const running = (await queueDownload(app, { url: watchUrl(slow) })).json<DownloadResponse>();
    const queued = (await queueDownload(app, { url: watchUrl(video) })).json<DownloadResponse>();
    const refused = await update(app);
    expect(refused).toMatchObject({ success: false, reason: 'error', method: 'private', currentVersion: NEW_VERSION });
    expect(refused.message).toBe(
      `yt-dlp 2099.02.03 was installed but failed vidkeep's check, so it is not used: It refuses options vidkeep uses: no such option: --windows-filenames (check: options). yt-dlp ${NEW_VERSION} stays in use.`,
    );
    expect(refused.canary).toMatchObject({ passed: false, version: '2099.02.03' });
    expect(refused.canary!.steps.map((s) => [s.step, s.outcome])).toEqual([
      ['version', 'passed'],
      ['options', 'failed'],
    ]);

    // Nothing changed for downloads: both complete with the yt-dlp that was in use.
    for (const job of [running, queued]) expect((await waitForJob(app, job.jobId!)).status).toBe('completed');
    expect(versionThatDownloaded(app, slow)).toBe(NEW_VERSION);
    expect(versionThatDownloaded(app, video)).toBe(NEW_VERSION);
    const status = await tools(app);
    expect(status.ytdlp).toMatchObject({ source: 'private', version: NEW_VERSION });
    expect(status.ytdlp.lastUpdate).toMatchObject({ success: false, reason: 'error', message: refused.message });
    expect(releasesOf(app)).toHaveLength(1);

    const delivered = await until(async () => r.received[0], 'the webhook delivery', 20_000);
    const body = JSON.parse(delivered.body) as Extract<WebhookBody, { event: 'ytdlp.update_failed' }>;
    expect(body).toMatchObject({
      event: 'ytdlp.update_failed',
      data: { outcome: 'failed', currentVersion: NEW_VERSION, message: refused.message },
    });
  }, 240_000);

  it('rolls back to the release before and forward again, and keeps no more than two', async () => {
    const dir = join(scratch, 'rollback');
    buildYtDlpWheel(dir, NEW_VERSION);
    const app = await bootDownloader(h, platform, { env: pipFrom(dir) });
    const none = await rollback(app);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'DOWNLOAD_ROLLBACK_UNAVAILABLE' });

    await updatedTo(app, NEW_VERSION);
    buildYtDlpWheel(dir, '2099.03.04');
    await updatedTo(app, '2099.03.04');
    expect((await tools(app)).ytdlp).toMatchObject({ version: '2099.03.04', rollbackVersion: NEW_VERSION });
    buildYtDlpWheel(dir, '2099.04.05');
    await updatedTo(app, '2099.04.05');
    // The oldest release is gone: the one in use and the one before are kept.
    expect(releasesOf(app)).toHaveLength(2);

    const back = await rollback(app);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<ToolRollbackResponse>()).toMatchObject({
      success: true,
      version: '2099.03.04',
      rollbackVersion: '2099.04.05',
    });
    expect((await tools(app)).ytdlp).toMatchObject({ version: '2099.03.04', rollbackVersion: '2099.04.05' });
    const queued = (await queueDownload(app, { url: watchUrl(video) })).json<DownloadResponse>();
    expect((await waitForJob(app, queued.jobId!)).status).toBe('completed');
    expect(versionThatDownloaded(app, video)).toBe('2099.03.04');

    const forward = (await rollback(app)).json<ToolRollbackResponse>();
    expect(forward).toMatchObject({ version: '2099.04.05', rollbackVersion: '2099.03.04' });
  }, 300_000);

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
    expect(existsSync(join(app.t.configDir, 'yt-dlp', 'state.json'))).toBe(false);
  }, 120_000);

  it('a configured yt-dlp keeps updating itself (yt-dlp -U) and is never replaced by the private one', async () => {
    const app = await bootDownloader(h, platform, { env: { ...pipFrom(wheels), YTDLP_PATH: 'yt-dlp' } });
    expect((await tools(app)).ytdlp).toMatchObject({
      source: 'configured',
      updateMethod: 'self',
      rollbackVersion: null,
    });
    const r = await update(app);
    expect(r.method).toBe('self');
    expect(existsSync(join(app.t.configDir, 'yt-dlp', 'releases'))).toBe(false);
    expect((await rollback(app)).statusCode).toBe(409);
  }, 120_000);

  it('the nightly task installs and checks it too, from its worker thread, and records the outcome', async () => {
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
    expect(run, JSON.stringify(run.details)).toMatchObject({
      status: 'success',
      outcome: 'updated',
      details: { method: 'private', newVersion: NEW_VERSION, canary: { passed: true } },
    });
    expect((await tools(app)).ytdlp).toMatchObject({ source: 'private', version: NEW_VERSION });
  }, 180_000);
});
