import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlex, type FakePlex } from './plex.js';

/** The fake Plex server and plex.tv speak the wire facts of external-apis.md section 1 (no yt-dlp here). */
describe('fake Plex server', () => {
  let dir: string;
  let plex: FakePlex;
  const json = { accept: 'application/json' };
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${plex.url}${path}`, { method, headers: { 'X-Plex-Token': plex.adminToken, ...json, ...headers } });
  const body = async (res: Response) => (await res.json()).MediaContainer;
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fake-plex-'));
    for (const [file, text] of [
      ['Chan/Chan - A [a].mp4', 'a'],
      ['Chan/Chan - B [b].mp4', 'b'],
      ['Chan/Chan - B [b].mp3', 'b'],
      ['Chan/Chan - A [a].nfo', 'nfo'],
      ['.vidkeep-staging/x/partial.mp4', 'x'],
    ]) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    plex = await startFakePlex({ outputDir: dir, scanDelayMs: 5 });
  });
  afterAll(async () => {
    await plex.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /identity without a token, in XML by default and JSON when asked', async () => {
    const xml = await fetch(`${plex.url}/identity`);
    expect(xml.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await xml.text()).toContain(
      `<MediaContainer size="0" claimed="1" machineIdentifier="${plex.machineIdentifier}"`,
    );
    expect(await body(await fetch(`${plex.url}/identity`, { headers: json }))).toMatchObject({
      size: 0,
      claimed: true,
      machineIdentifier: plex.machineIdentifier,
    });
  });

  it('wants a known token everywhere else, in the header or the query, and answers 401 with an HTML page', async () => {
    const none = await fetch(`${plex.url}/library/sections`, { headers: json });
    expect(none.status).toBe(401);
    expect(await none.text()).toContain('401 Unauthorized');
    expect((await get('/library/sections', { 'X-Plex-Token': 'wrong' })).status).toBe(401);
    const query = await fetch(`${plex.url}/library/sections?X-Plex-Token=${plex.adminToken}`, { headers: json });
    expect((await body(query)).Directory.map((d: { type: string }) => d.type)).toEqual(['movie', 'artist']);
  });

  it('indexes what a scan finds (videos in the movie section, mp3s in music; hidden folders skipped) and pages lists', async () => {
    expect((await get('/library/sections/1/refresh')).status).toBe(200);
    expect((await get('/library/sections/2/refresh', {}, 'POST')).status).toBe(200);
    await until(() => plex.indexedPaths().length === 3);
    expect(plex.indexedPaths().sort()).toEqual(
      ['Chan/Chan - A [a].mp4', 'Chan/Chan - B [b].mp3', 'Chan/Chan - B [b].mp4'].map((f) => join(dir, f)),
    );
    const first = await body(
      await get('/library/sections/1/all?type=1&X-Plex-Container-Start=0&X-Plex-Container-Size=1'),
    );
    expect(first).toMatchObject({ size: 1, totalSize: 2, offset: 0 });
    const second = await body(
      await get('/library/sections/1/all?type=1', { 'X-Plex-Container-Start': '1', 'X-Plex-Container-Size': '1' }),
    );
    expect(second.Metadata[0].Media[0].Part[0].file).toBe(join(dir, 'Chan/Chan - B [b].mp4'));
    expect(typeof second.Metadata[0].ratingKey).toBe('string');
    expect((await body(await get('/library/sections/2/all?type=10'))).Metadata).toHaveLength(1);
  });

  it('keeps playlists per account: created from a server:// URI, invisible (404) to other tokens, deleted with 204', async () => {
    const items = (await body(await get('/library/sections/1/all?type=1'))).Metadata;
    const uri = `server://${plex.machineIdentifier}/com.plexapp.plugins.library/library/metadata/${items.map((i: { ratingKey: string }) => i.ratingKey).join(',')}`;
    const created = await get(
      `/playlists?uri=${encodeURIComponent(uri)}&type=video&title=YT%3A%20X&smart=0`,
      {},
      'POST',
    );
    const id = (await body(created)).Metadata[0].ratingKey;
    expect(plex.playlists()).toEqual([
      {
        id,
        name: 'YT: X',
        mediaType: 'video',
        public: null,
        owner: 'admin',
        paths: items.map((i: any) => i.Media[0].Part[0].file),
      },
    ]);
    const friend = plex.addAccount('friend');
    expect((await get(`/playlists/${id}`, { 'X-Plex-Token': friend })).status).toBe(404);
    expect((await body(await get('/playlists', { 'X-Plex-Token': friend }))).size).toBe(0);
    // Audio items do not go into a video playlist; an unknown machine is refused.
    const track = (await body(await get('/library/sections/2/all?type=10'))).Metadata[0].ratingKey;
    const mixed = uri.replace(/[\d,]+$/, track);
    expect((await get(`/playlists/${id}/items?uri=${encodeURIComponent(mixed)}`, {}, 'PUT')).status).toBe(400);
    expect(
      (
        await get(
          `/playlists?uri=${encodeURIComponent(uri.replace(plex.machineIdentifier, 'x'))}&type=video&title=Y`,
          {},
          'POST',
        )
      ).status,
    ).toBe(400);
    expect((await get(`/playlists/${id}/items`, {}, 'DELETE')).status).toBe(200);
    expect(plex.playlists()[0]!.paths).toEqual([]);
    const deleted = await get(`/playlists/${id}`, {}, 'DELETE');
    expect([deleted.status, await deleted.text()]).toEqual([204, '']);
    expect((await get(`/playlists/${id}`)).status).toBe(404);
  });

  it('fails on demand: 401, 500, refused connections, scans that index nothing', async () => {
    plex.fail('unauthorized');
    expect((await get('/')).status).toBe(401);
    expect((await fetch(`${plex.url}/identity`)).status).toBe(200);
    plex.fail('server-error');
    expect((await get('/identity')).status).toBe(500);
    plex.fail('down');
    await expect(get('/')).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    plex.fail('slow-scan');
    await until(() => false);
    writeFileSync(join(dir, 'Chan/Chan - C [c].mp4'), 'c');
    await get('/library/sections/1/refresh');
    await new Promise((r) => setTimeout(r, 50));
    expect(plex.indexedPaths()).not.toContain(join(dir, 'Chan/Chan - C [c].mp4'));
    plex.fail('none');
    await get(`/library/sections/1/refresh?path=${encodeURIComponent(join(dir, 'Chan'))}`);
    await until(() => plex.indexedPaths().includes(join(dir, 'Chan/Chan - C [c].mp4')));
    expect(plex.indexedPaths()).toContain(join(dir, 'Chan/Chan - C [c].mp4'));
  });

  it('plex.tv: a PIN per client identifier, its token once approved, 404 for unknown or foreign PINs', async () => {
    const headers = { ...json, 'X-Plex-Client-Identifier': 'instance-1', 'X-Plex-Product': 'vidkeep' };
    const created = await fetch(`${plex.tv.url}/api/v2/pins?strong=true`, { method: 'POST', headers });
    expect(created.status).toBe(201);
    const pin = await created.json();
    expect(pin).toMatchObject({ clientIdentifier: 'instance-1', authToken: null, code: expect.any(String) });
    plex.tv.claimPin(pin.id, 'new-token');
    expect((await (await fetch(`${plex.tv.url}/api/v2/pins/${pin.id}`, { headers })).json()).authToken).toBe(
      'new-token',
    );
    const foreign = await fetch(`${plex.tv.url}/api/v2/pins/${pin.id}`, {
      headers: { ...headers, 'X-Plex-Client-Identifier': 'other' },
    });
    expect([foreign.status, (await foreign.json()).errors[0].code]).toEqual([404, 1020]);
    const noClient = await fetch(`${plex.tv.url}/api/v2/pins`, { method: 'POST' });
    expect([noClient.status, await noClient.text()]).toEqual([400, expect.stringContaining('<errors>')]);
  });
});
