import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BootErrorCodes } from '@vidkeep/contracts';
import { TestHarness } from '@vidkeep/core/testing';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl } from '../helpers/downloads.js';
import { removeScratch, scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT } from '../helpers/server-process.js';

/**
 * docs/architecture.md shows the plugin a new plugin should copy (a declared service, a service
 * that throws domain errors, routes that map them in one place). This boots exactly that block.
 */
let scratch: string | undefined;
let manifestPath = '';
const manifest = (withLibrary: boolean) => ({
  version: 1,
  plugins: [
    { id: 'auth', package: '@vidkeep/plugin-auth', enabled: true },
    ...(withLibrary
      ? [
          { id: 'library', package: '@vidkeep/plugin-library', enabled: true },
          { id: 'downloader', package: '@vidkeep/plugin-downloader', enabled: true },
        ]
      : []),
    { id: 'acme-notes', package: './acme-notes.js', enabled: true },
  ],
});

const h = new TestHarness();
let platform: FakePlatform;
const videoId = fakeVideoId('notes-a');

beforeAll(async () => {
  const doc = await readFile(join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Providers, declared services and domain errors'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('docs/architecture.md lost its example plugin');
  scratch = await scratchDir('docs-example');
  manifestPath = join(scratch, 'plugin-manifest.json');
  await writeFile(join(scratch, 'acme-notes.js'), code);
  platform = await startFakePlatform({
    videos: [{ id: videoId, title: 'Noted', channelId: fakeChannelId('notes'), channel: 'Notes', handle: '@notes' }],
  });
}, 120_000);
afterEach(() => h.closeAll());
afterAll(async () => {
  await platform?.close();
  await removeScratch(scratch);
});

describe('the example plugin of docs/architecture.md', () => {
  it('answers from its service and maps its domain errors in one place', async () => {
    const app = await bootDownloader(h, platform, { manifest: manifest(true), manifestPath });
    const { headers } = app;
    const put = (id: string, text: string) =>
      app.t.app.inject({ method: 'PUT', url: `/api/acme-notes/${id}`, headers, payload: { text } });

    const unknown = await put(videoId, 'first');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ACME_NOTES_UNKNOWN_VIDEO' });

    const queued = await queueDownload(app, { url: watchUrl(videoId) });
    await waitForJob(app, queued.json<{ jobId: string }>().jobId, ['completed']);

    const empty = await put(videoId, '   ');
    expect(empty.statusCode).toBe(422); // the plugin's own mapping, not the core's 400
    expect(empty.json()).toMatchObject({ code: 'ACME_NOTES_EMPTY', error: 'A note needs some text' });

    expect((await put(videoId, ' watch again ')).json()).toEqual({ sourceId: videoId, text: 'watch again' });
    const read = await app.t.app.inject({ url: `/api/acme-notes/${videoId}`, headers });
    expect(read.json()).toEqual({ sourceId: videoId, text: 'watch again' });
    const missing = await app.t.app.inject({ url: '/api/acme-notes/nothing-here', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'ACME_NOTES_NOT_FOUND' });
  });

  it('stops the start naming the plugin and the service when the library is not loaded', async () => {
    await expect(h.boot({ manifest: manifest(false), manifestPath })).rejects.toMatchObject({
      code: BootErrorCodes.serviceMissing,
      message: expect.stringContaining('Plugin "acme-notes": needs service "library.service"'),
    });
  });
});
