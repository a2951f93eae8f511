import { access, mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Orm } from '@vidkeep/core/plugin-api';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { queueDownload, waitForJob, watchUrl, platformSuite } from '../../helpers/downloads.js';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Issue 19: everything the service writes lives under CONFIG_DIR or the output directory. The
 * test app runs with its temp root as the working directory (CONFIG_DIR and the output folder are
 * inside it), as `npm start` from a clone does with the repository.
 */
describe('files the downloader writes beside the videos', () => {
  const id = fakeVideoId('cwd-clean');

  const suite = platformSuite(
    () => ({
      videos: [{ id, title: 'Clean cwd', channelId: fakeChannelId('cwd'), channel: 'Cwd', handle: '@cwd' }],
    }),
    { timeout: 90_000 },
  );
  beforeAll(async () => {
    const queued = await queueDownload(suite.app, { url: watchUrl(id), resolution: '360' });
    expect((await waitForJob(suite.app, queued.json().jobId)).status).toBe('completed');
  }, 90_000);

  it('keeps the poster copy and info.json under CONFIG_DIR, nothing in the working directory', async () => {
    const { dir, configDir } = suite.app.t;
    expect(await exists(join(configDir, 'images', `videothumb-${id}.jpg`))).toBe(true);
    expect(await exists(join(configDir, 'jobs', 'info', `${id}.info.json`))).toBe(true);
    expect(await exists(join(dir, 'images'))).toBe(false);
    expect(await exists(join(dir, 'jobs'))).toBe(false);
    const res = await suite.app.t.app.inject({ url: `/api/videos/${id}/thumbnail`, headers: suite.app.headers });
    expect(res.statusCode).toBe(200);
  });

  it('still serves and removes a poster an earlier version wrote to ./images', async () => {
    const { dir, configDir } = suite.app.t;
    const legacy = join(dir, 'images', `videothumb-${id}.jpg`);
    await mkdir(join(dir, 'images'), { recursive: true });
    await rename(join(configDir, 'images', `videothumb-${id}.jpg`), legacy);
    const orm = suite.app.t.app.diContainer.resolve<Orm>('orm');
    await orm.em
      .getConnection()
      .execute('update library_videos set thumbnail_path = ? where source_id = ?', [legacy, id] as never[]);

    const res = await suite.app.t.app.inject({ url: `/api/videos/${id}/thumbnail`, headers: suite.app.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(await readFile(legacy))).toBe(true);

    const deleted = await suite.app.t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${id}`,
      headers: suite.app.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await exists(legacy)).toBe(false);
  });
});
