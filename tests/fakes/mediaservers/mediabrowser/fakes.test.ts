/**
 * The Jellyfin and Emby fakes answer as docs/media-servers.md says the real servers do (auth forms,
 * prefix, ids, paging, 204s, error texts, indexing, failures), checked with plain HTTP in
 * milliseconds so a plugin test can trust them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMBY_API_KEY, EMBY_USER_ID, startEmby } from '../emby.js';
import { JELLYFIN_API_KEY, JELLYFIN_USER_ID, startJellyfin } from '../jellyfin.js';
import type { FakeMediaBrowserServer } from './face.js';

let dir: string;
let fake: FakeMediaBrowserServer;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vidkeep-fake-mb-'));
  mkdirSync(join(dir, 'Chan', 'A'), { recursive: true });
  mkdirSync(join(dir, '__playlists__'));
  for (const f of ['Chan/A/a.mp4', 'Chan/A/a.mp3', 'Chan/A/a.nfo', '__playlists__/p.mp4', '__playlists__/.ignore'])
    writeFileSync(join(dir, f), '');
});
afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('fake Jellyfin', () => {
  const auth = {
    authorization: `MediaBrowser Client="t", Device="t", DeviceId="t", Version="1", Token="${JELLYFIN_API_KEY}"`,
  };
  const get = (path: string, headers: Record<string, string> = auth) => fetch(`${fake.url}${path}`, { headers });
  const post = (path: string, body?: unknown) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('checks the token in every accepted form, answers 401 without it, and public info without a token', async () => {
    fake = await startJellyfin({ outputDir: dir });
    expect((await get('/System/Info')).status).toBe(200);
    expect((await get(`/system/info?ApiKey=${JELLYFIN_API_KEY}`, {})).status).toBe(200);
    expect((await get('/System/Info', { 'x-emby-token': JELLYFIN_API_KEY })).status).toBe(200);
    expect((await get('/System/Info', { authorization: 'MediaBrowser Token="nope"' })).status).toBe(401);
    expect(await (await get('/System/Info/Public', {})).json()).toMatchObject({ ProductName: 'Jellyfin Server' });
    fake.fail('unauthorized');
    expect((await get('/System/Info')).status).toBe(401);
    fake.fail('server-error');
    expect((await get('/System/Info/Public', {})).status).toBe(500);
  });

  it('indexes video and music files on a scan (not .ignore folders) and pages /Items', async () => {
    fake = await startJellyfin({ outputDir: dir });
    expect((await post('/Library/Refresh')).status).toBe(204);
    await until(() => fake.indexedPaths().length === 2);
    expect(fake.indexedPaths().sort()).toEqual([join(dir, 'Chan/A/a.mp3'), join(dir, 'Chan/A/a.mp4')]);
    const page = await (
      await get('/Items?recursive=true&includeItemTypes=Video&includeItemTypes=Audio&limit=1')
    ).json();
    expect(page).toMatchObject({ TotalRecordCount: 2, StartIndex: 0 });
    expect(page.Items).toHaveLength(1);
    expect(page.Items[0].Id).toMatch(/^[0-9a-f]{32}$/);
    expect(page.Items[0].Path).toBeUndefined(); // only with fields=Path
  });

  it('creates playlists from a JSON body: public unless told, unknown ids refused, then deleted with 204', async () => {
    fake = await startJellyfin({ outputDir: dir });
    await post('/Library/Media/Updated', { Updates: [{ Path: join(dir, 'Chan/A/a.mp4'), UpdateType: 'Created' }] });
    await until(() => fake.indexedPaths().length === 1);
    const [item] = (await (await get('/Items?fields=Path')).json()).Items;
    expect((await post('/Playlists', { Name: 'x', Ids: ['0'.repeat(32)], UserId: JELLYFIN_USER_ID })).status).toBe(400);
    const { Id } = await (
      await post('/Playlists', { Name: 'x', Ids: [item.Id, item.Id], UserId: JELLYFIN_USER_ID })
    ).json();
    expect(fake.playlists()).toEqual([
      { id: Id, name: 'x', mediaType: 'video', public: true, owner: JELLYFIN_USER_ID, paths: [item.Path] },
    ]);
    const del = () => fetch(`${fake.url}/Items/${Id}`, { method: 'DELETE', headers: auth });
    expect((await del()).status).toBe(204);
    expect((await del()).status).toBe(404);
  });

  it('refuses connections while down and answers again afterwards', async () => {
    fake = await startJellyfin({ outputDir: dir });
    fake.fail('down');
    await expect(get('/System/Info/Public', {})).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    fake.fail('none');
    expect((await get('/System/Info/Public', {})).status).toBe(200);
  });
});

describe('fake Emby', () => {
  const call = (method: string, path: string, init: RequestInit = {}) =>
    fetch(`${fake.url}${path}`, { method, ...init, headers: { 'x-emby-token': EMBY_API_KEY, ...init.headers } });

  it('answers under /emby with X-Emby-Token or api_key, QueryResults for users and libraries', async () => {
    fake = await startEmby({ outputDir: dir });
    expect(await (await call('GET', '/emby/System/Info')).json()).toMatchObject({ Version: '4.8.11.0' });
    expect((await fetch(`${fake.url}/emby/System/Info?api_key=${EMBY_API_KEY}`)).status).toBe(200);
    expect(await (await fetch(`${fake.url}/emby/System/Info`)).text()).toBe('Access token is invalid or expired.');
    expect((await call('GET', '/emby/Users')).status).toBe(404); // 4.8 has /Users/Query only
    expect((await (await call('GET', '/emby/Users/Query')).json()).Items[0].Id).toBe(EMBY_USER_ID);
    const libs = await (await call('GET', '/emby/Library/VirtualFolders/Query')).json();
    expect(libs.Items.map((l: { CollectionType: string; ItemId: string }) => l.CollectionType)).toEqual([
      'homevideos',
      'music',
    ]);
    expect(libs.Items[0].ItemId).toMatch(/^\d+$/);
  });

  it('creates playlists from query parameters only, private to their owner until made public', async () => {
    fake = await startEmby({ outputDir: dir });
    await call('POST', '/emby/Library/Refresh');
    await until(() => fake.indexedPaths().length === 2);
    const video = join(dir, 'Chan/A/a.mp4');
    const [item] = (await (await call('GET', `/emby/Items?Path=${encodeURIComponent(video)}&Fields=Path`)).json())
      .Items;
    expect(item.Path).toBe(video);
    const json = { headers: { 'content-type': 'application/json' }, body: '{"Name":"x"}' };
    expect((await call('POST', '/emby/Playlists?Name=x', json)).status).toBe(500);
    const shared = await (await call('POST', `/emby/Playlists?Name=s&Ids=${item.Id}&MediaType=Video`)).json();
    expect(shared).toMatchObject({ Name: 's', ItemAddedCount: 1 });
    await call('POST', `/emby/Playlists?Name=p&Ids=${item.Id}&MediaType=Video&UserId=${EMBY_USER_ID}`);
    expect(fake.playlists().map((p) => [p.name, p.public, p.owner])).toEqual([
      ['s', false, ''],
      ['p', false, EMBY_USER_ID],
    ]);
    const p = fake.playlists()[1]!;
    expect((await call('POST', `/emby/Items/${p.id}/MakePublic`)).status).toBe(204);
    expect(fake.playlists()[1]!.public).toBe(true);
    expect((await call('POST', `/emby/Items/${p.id}/MakePrivate`)).status).toBe(204);
    expect(fake.playlists()[1]!.public).toBe(false);
    expect((await call('POST', '/emby/Items/999999/MakePublic')).status).toBe(404);
    expect((await call('POST', `/emby/Items/${shared.Id}/Delete`)).status).toBe(204);
    expect(fake.playlists()).toHaveLength(1);
  });
});
