import { readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';

/** Browsers load media with <video>/<img>, which cannot send headers: those two routes take ?token=. */
describe('session token in the URL of media routes', () => {
  const h = new TestHarness();
  let p: FakePlatform;
  let app: DownloadApp;
  const id = fakeVideoId('media-token');

  beforeAll(async () => {
    const channelId = fakeChannelId('media');
    p = await startFakePlatform({
      videos: [{ id, title: 'Media token', channelId, channel: 'Media', handle: '@media' }],
    });
    app = await bootDownloader(h, p);
    const queued = await queueDownload(app, { url: watchUrl(id), resolution: '360' });
    expect((await waitForJob(app, queued.json().jobId)).status).toBe('completed');
  }, 90_000);
  afterAll(async () => {
    await h.closeAll();
    await p.close();
  });

  it('plays and shows the thumbnail with ?token=, refuses a bad or missing one', async () => {
    const file = await app.t.app.inject({
      url: `/api/videos/${id}/file?token=${app.token}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect((await app.t.app.inject({ url: `/api/videos/${id}/thumbnail?token=${app.token}` })).statusCode).toBe(200);
    expect((await app.t.app.inject({ url: `/api/videos/${id}/file` })).statusCode).toBe(403);
    expect((await app.t.app.inject({ url: `/api/videos/${id}/file?token=${'f'.repeat(64)}` })).statusCode).toBe(401);
  });

  it('does not accept ?token= anywhere else', async () => {
    expect((await app.t.app.inject({ url: `/api/videos?token=${app.token}` })).statusCode).toBe(403);
    expect((await app.t.app.inject({ url: `/api/jobs?token=${app.token}` })).statusCode).toBe(403);
  });

  it('keeps the token out of the log', async () => {
    await app.t.app.inject({ url: `/api/videos/${id}/file?token=${'e'.repeat(64)}` });
    expect(JSON.stringify(app.t.logs)).not.toContain('e'.repeat(64));
  });

  it('never serves a file a symbolic link leads to outside the output or images folder', async () => {
    const secret = join(app.t.configDir, 'outside.txt');
    writeFileSync(secret, 'not for the web');
    const find = (dir: string, end: string) =>
      join(
        dir,
        readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => f.includes(id) && f.endsWith(end))!,
      );
    const video = find(app.t.dir, '.mp4');
    const poster = find(join(app.t.configDir, 'images'), '.jpg');
    for (const file of [video, poster]) {
      renameSync(file, `${file}.kept`);
      symlinkSync(secret, file);
    }
    try {
      for (const what of ['file', 'thumbnail']) {
        const res = await app.t.app.inject({ url: `/api/videos/${id}/${what}?token=${app.token}` });
        expect(res.statusCode, what).toBe(404);
        expect(res.json().error).toMatch(/symbolic link/);
        expect(res.body).not.toContain('not for the web');
      }
    } finally {
      for (const file of [video, poster]) renameSync(`${file}.kept`, file);
    }
    expect((await app.t.app.inject({ url: `/api/videos/${id}/file?token=${app.token}` })).statusCode).toBe(200);
  });
});
