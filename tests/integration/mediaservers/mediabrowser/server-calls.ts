/**
 * The settings page's checks of a Jellyfin- or Emby-type server (test, users, libraries: answers,
 * 400 for what is missing, 502 in plain words for what the server does), the API key never
 * leaving the config, and a 500-item playlist published in a handful of requests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import { mediaServerProvidersRef, type PlaylistSyncItem } from '@vidkeep/contracts';
import type { FakeMediaBrowserServer } from '../../../fakes/mediaservers/mediabrowser/face.js';
import type { Kind } from '../conformance/setup.js';

export function describeServerCalls(
  kind: Kind,
  startFake: (o: { outputDir: string }) => Promise<FakeMediaBrowserServer>,
  expected: { version: string; label: string; playlistRequests: number },
) {
  describe(`${kind}: connection checks, secrets and batches`, () => {
    const h = new TestHarness();
    let t: TestApp;
    let fake: FakeMediaBrowserServer;
    let headers: Record<string, string>;
    const key = `${kind}ApiKey`;
    const post = (what: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/mediaservers/${kind}/${what}`, headers, payload });

    beforeAll(async () => {
      const dir = await h.dir();
      fake = await startFake({ outputDir: join(dir, 'data') });
      t = await h.boot({ dir, env: fake.env });
      headers = { 'x-access-token': await completeSetup(t) };
      const res = await t.app.inject({ method: 'PATCH', url: '/api/config', headers, payload: fake.config });
      expect(res.statusCode).toBe(200);
    });
    afterAll(async () => {
      await h.closeAll();
      await fake?.close();
    });

    it('tests the saved connection and lists users and libraries', async () => {
      const test = await post('test');
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ ok: true, version: expected.version, user: { name: 'vidkeep' } });
      const users = (await post('users')).json<{ users: { name: string; isAdministrator: boolean }[] }>().users;
      expect(users.map((u) => [u.name, u.isAdministrator])).toEqual([
        ['vidkeep', true],
        ['family', false],
      ]);
      const libraries = (await post('libraries')).json<{ libraries: { type: string; locations: string[] }[] }>();
      expect(libraries.libraries.map((l) => [l.type, l.locations])).toEqual([
        ['homevideos', [join(t.dir, 'data')]],
        ['music', [join(t.dir, 'data')]],
      ]);
    });

    it('answers 502 in plain words for a rejected key, a down server and an unknown user', async () => {
      fake.fail('unauthorized');
      const rejected = await post('test');
      expect(rejected.statusCode).toBe(502);
      expect(rejected.json()).toMatchObject({
        code: `${kind.toUpperCase()}_KEY_REJECTED`,
        error: expect.stringMatching(new RegExp(`^${expected.label} rejected the API key \\(HTTP 401\\)`)),
      });
      fake.fail('down');
      const down = await post('users');
      expect(down.statusCode).toBe(502);
      expect(down.json().error).toBe(`${expected.label} is not reachable at ${fake.url} (connection refused)`);
      fake.fail('none');
      const nobody = await post('test', { [`${kind}UserId`]: 'ffffffffffffffffffffffffffffffff' });
      expect(nobody.statusCode).toBe(502);
      expect(nobody.json().code).toBe(`${kind.toUpperCase()}_USER_NOT_FOUND`);
    });

    it('never sends the saved key to another address, and asks for what is missing', async () => {
      const before = fake.requests.length;
      const elsewhere = await post('test', { [`${kind}Url`]: 'http://127.0.0.1:9' });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error).toMatch(/only ever sent to the saved URL/);
      // With a key of its own, another address is tried (and is not reachable).
      const given = await post('test', { [`${kind}Url`]: 'http://127.0.0.1:9', [key]: 'abc' });
      expect(given.statusCode).toBe(502);
      expect((await post('test', { [`${kind}Url`]: 'ftp://x' })).statusCode).toBe(400);
      expect(fake.requests.length).toBe(before);
    });

    it('clears the saved key when the URL is changed alone, so it never follows the URL to another host', async () => {
      const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/config', headers, payload });
      const moved = await patch({ [`${kind}Url`]: 'http://127.0.0.1:9' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().configuredSecrets).not.toContain(key);
      // Back to the real address: the key is gone there too, until it is given again.
      await patch({ [`${kind}Url`]: fake.url });
      const before = fake.requests.length;
      expect((await post('test')).statusCode).toBe(400);
      expect(fake.requests.length).toBe(before);
      const restored = await patch({ [`${kind}Url`]: fake.url, [key]: fake.config[key] });
      expect(restored.json().configuredSecrets).toContain(key);
      expect((await post('test')).statusCode).toBe(200);
    });

    it('never returns the API key from GET /getconfig', async () => {
      const res = await t.app.inject({ url: '/getconfig', headers });
      expect(res.body).not.toContain(String(fake.config[key]));
      expect(res.json()).toMatchObject({ [`${kind}Url`]: fake.url, configuredSecrets: expect.arrayContaining([key]) });
    });

    it('publishes a 500-item playlist in a handful of requests, in order', async () => {
      const items: PlaylistSyncItem[] = [];
      for (let i = 0; i < 500; i++) {
        const rel = `Batch/Item ${String(i).padStart(3, '0')} [b${i}].mp4`;
        mkdirSync(join(t.dir, 'data', 'Batch'), { recursive: true });
        writeFileSync(join(t.dir, 'data', rel), '');
        items.push({
          sourceId: `b${i}`,
          path: join(t.dir, 'data', rel),
          relativePath: rel,
          title: `${i}`,
          durationSeconds: 1,
        });
      }
      items.reverse(); // the order is the playlist's, not the server's sort
      const provider = t.app.vidkeep.services.resolveAll(mediaServerProvidersRef).get(kind)!;
      const before = fake.requests.length;
      const result = await provider.syncPlaylist({
        playlistId: 'PLbatch',
        title: 'Batch',
        mediaType: 'video',
        public: false,
        items,
        previous: null,
        signal: new AbortController().signal,
      });
      expect(result).toMatchObject({ status: 'synced', itemsSynced: 500, itemsSkipped: 0 });
      const calls = fake.requests.slice(before);
      expect(calls.filter((r) => r.method === 'POST' && /\/Playlists\b/.test(r.path))).toHaveLength(
        expected.playlistRequests,
      );
      expect(calls.length).toBeLessThan(15);
      const pl = fake.playlists().find((p) => p.name === 'YT: Batch')!;
      expect(pl.paths).toEqual(items.map((i) => i.path));
    });
  });
}
