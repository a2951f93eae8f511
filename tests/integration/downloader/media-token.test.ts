import { readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { queueDownload, waitForJob, watchUrl, platformSuite } from '../../helpers/downloads.js';

/** Browsers load media with <video>/<img>, which cannot send headers: those two routes take ?token=. */
describe('session token in the URL of media routes', () => {
  const id = fakeVideoId('media-token');

  const channelId = fakeChannelId('media');
  const suite = platformSuite(
    () => ({
      videos: [{ id, title: 'Media token', channelId, channel: 'Media', handle: '@media' }],
    }),
    { timeout: 90_000 },
  );
  beforeAll(async () => {
    const queued = await queueDownload(suite.app, { url: watchUrl(id), resolution: '360' });
    expect((await waitForJob(suite.app, queued.json().jobId)).status).toBe('completed');
  }, 90_000);

  it('plays and shows the thumbnail with ?token=, refuses a bad or missing one', async () => {
    const file = await suite.app.t.app.inject({
      url: `/api/videos/${id}/file?token=${suite.app.token}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(file.statusCode).toBe(206);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(
      (await suite.app.t.app.inject({ url: `/api/videos/${id}/thumbnail?token=${suite.app.token}` })).statusCode,
    ).toBe(200);
    expect((await suite.app.t.app.inject({ url: `/api/videos/${id}/file` })).statusCode).toBe(403);
    expect((await suite.app.t.app.inject({ url: `/api/videos/${id}/file?token=${'f'.repeat(64)}` })).statusCode).toBe(
      401,
    );
  });

  it('does not accept ?token= anywhere else', async () => {
    expect((await suite.app.t.app.inject({ url: `/api/videos?token=${suite.app.token}` })).statusCode).toBe(403);
    expect((await suite.app.t.app.inject({ url: `/api/jobs?token=${suite.app.token}` })).statusCode).toBe(403);
  });

  it('keeps the token out of the log', async () => {
    await suite.app.t.app.inject({ url: `/api/videos/${id}/file?token=${'e'.repeat(64)}` });
    expect(JSON.stringify(suite.app.t.logs)).not.toContain('e'.repeat(64));
  });

  it('never serves a file a symbolic link leads to outside the output or images folder', async () => {
    const secret = join(suite.app.t.configDir, 'outside.txt');
    writeFileSync(secret, 'not for the web');
    const find = (dir: string, end: string) =>
      join(
        dir,
        readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => f.includes(id) && f.endsWith(end))!,
      );
    const video = find(suite.app.t.dir, '.mp4');
    const poster = find(join(suite.app.t.configDir, 'images'), '.jpg');
    for (const file of [video, poster]) {
      renameSync(file, `${file}.kept`);
      symlinkSync(secret, file);
    }
    try {
      for (const what of ['file', 'thumbnail']) {
        const res = await suite.app.t.app.inject({ url: `/api/videos/${id}/${what}?token=${suite.app.token}` });
        expect(res.statusCode, what).toBe(404);
        expect(res.json().error).toMatch(/symbolic link/);
        expect(res.body).not.toContain('not for the web');
      }
    } finally {
      for (const file of [video, poster]) renameSync(`${file}.kept`, file);
    }
    expect((await suite.app.t.app.inject({ url: `/api/videos/${id}/file?token=${suite.app.token}` })).statusCode).toBe(
      200,
    );
  });
});
