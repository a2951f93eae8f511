import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { SubfolderEntry } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader } from '../../helpers/downloads.js';
import { call, outputDir } from './helpers.js';

const h = new TestHarness();
afterEach(() => h.closeAll());

let platform: FakePlatform;
const channelId = fakeChannelId('subfolders-channel');
const owner = fakeChannelId('subfolders-owner');
const PLAYLIST = 'PLsubfolders0000000001';

beforeAll(async () => {
  platform = await startFakePlatform({
    videos: [{ id: fakeVideoId('sf-1'), title: 'One', channelId, channel: 'Folder Channel', handle: '@folders' }],
    channels: [
      { channelId, handle: '@folders', name: 'Folder Channel', tabs: { videos: [fakeVideoId('sf-1')] } },
      { channelId: owner, handle: '@owner', name: 'Owner', tabs: {} },
    ],
    playlists: [{ id: PLAYLIST, title: 'Mix', channelId: owner, videoIds: [fakeVideoId('sf-1')] }],
  });
}, 60_000);
afterAll(() => platform?.close());

describe('subfolder registry', () => {
  it('lists every subfolder with who uses it and refuses to delete one in use, saying why', async () => {
    const app = await bootDownloader(h, platform, {
      config: {
        defaultSubfolder: 'Default',
        plexSubfolderLibraryMappings: [{ subfolder: 'Plexed', libraryId: '3' }],
      },
    });
    const out = outputDir(app);
    expect(
      (await call(app, 'POST', '/updatechannels', { add: [{ url: '@folders', settings: { sub_folder: 'Chan' } }] }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(app, 'POST', '/api/playlists', {
          url: `https://www.youtube.com/playlist?list=${PLAYLIST}`,
          settings: { default_sub_folder: 'Lists' },
        })
      ).status,
    ).toBe(201);
    mkdirSync(join(out, '__Filled', 'Some Channel'), { recursive: true });
    writeFileSync(join(out, '__Filled', 'Some Channel', 'a.nfo'), '<movie/>');
    mkdirSync(join(out, '__Empty', 'nested'), { recursive: true });

    // Registered by hand: 201, then the same name in another case is the one already there.
    expect(await call(app, 'POST', '/api/subfolders', { name: 'Spare' })).toEqual({
      status: 201,
      body: { name: 'Spare', created: true },
    });
    expect(await call(app, 'POST', '/api/subfolders', { name: 'SPARE' })).toEqual({
      status: 200,
      body: { name: 'Spare', created: false },
    });
    const bad = await call<{ details: { path: string }[] }>(app, 'POST', '/api/subfolders', { name: '__x' });
    expect(bad.status).toBe(400);
    expect((await call(app, 'POST', '/api/subfolders', { name: 'a/b' })).status).toBe(400);
    expect((await call(app, 'POST', '/api/subfolders', { name: 'playlists' })).status).toBe(400);

    const list = await call<SubfolderEntry[]>(app, 'GET', '/api/subfolders');
    expect(list.status).toBe(200);
    const byName = new Map(list.body.map((e) => [e.name, e]));
    expect([...byName.keys()].sort()).toEqual(['Chan', 'Default', 'Empty', 'Filled', 'Lists', 'Plexed', 'Spare']);
    expect(byName.get('Chan')).toMatchObject({
      displayName: '__Chan',
      registered: true,
      usage: { channels: 1, playlists: 0, plexMapped: false, isDefault: false, hasFiles: false },
      users: [{ key: 'channels', count: 1, text: '1 subscribed channel' }],
      deletable: false,
      reasons: ['used by 1 subscribed channel'],
    });
    expect(byName.get('Lists')).toMatchObject({ usage: { playlists: 1 }, deletable: false });
    expect(byName.get('Plexed')).toMatchObject({
      usage: { plexMapped: true },
      reasons: ['used by a Plex library mapping'],
    });
    expect(byName.get('Default')).toMatchObject({ usage: { isDefault: true }, deletable: false });
    expect(byName.get('Filled')).toMatchObject({ registered: false, usage: { hasFiles: true }, deletable: false });
    expect(byName.get('Empty')).toMatchObject({ usage: { hasFiles: false }, deletable: true, reasons: [] });
    expect(byName.get('Spare')).toMatchObject({ deletable: true });

    for (const [name, reason] of [
      ['Chan', /used by 1 subscribed channel/],
      ['Lists', /used by 1 followed playlist/],
      ['Plexed', /Plex library mapping/],
      ['Default', /default subfolder/],
      ['Filled', /holds files/],
    ] as const) {
      const res = await call<{ code: string; error: string; details: { message: string }[] }>(
        app,
        'DELETE',
        `/api/subfolders/${encodeURIComponent(name)}`,
      );
      expect(res.status, name).toBe(409);
      expect(res.body.code).toBe('DOWNLOAD_SUBFOLDER_IN_USE');
      expect(res.body.error).toMatch(reason);
      expect(res.body.details.length).toBeGreaterThan(0);
    }
    expect(existsSync(join(out, '__Filled', 'Some Channel', 'a.nfo'))).toBe(true);

    expect(await call(app, 'DELETE', '/api/subfolders/Empty')).toEqual({
      status: 200,
      body: { deleted: true, folderRemoved: true },
    });
    expect(existsSync(join(out, '__Empty'))).toBe(false);
    expect(await call(app, 'DELETE', '/api/subfolders/Spare')).toEqual({
      status: 200,
      body: { deleted: true, folderRemoved: false },
    });
    expect((await call(app, 'DELETE', '/api/subfolders/Spare')).status).toBe(404);
    expect((await call(app, 'DELETE', '/api/subfolders/__x')).status).toBe(400);
    expect((await call(app, 'DELETE', '/api/subfolders/.hidden')).status).toBe(400);

    // The Plex plugin switched off no longer maps anything: the registered subfolder becomes deletable.
    expect((await call(app, 'POST', '/api/subfolders', { name: 'Plexed' })).status).toBe(201);
    expect((await call(app, 'PATCH', '/api/plugins/plex', { enabled: false })).status).toBe(200);
    const after = (await call<SubfolderEntry[]>(app, 'GET', '/api/subfolders')).body.find((e) => e.name === 'Plexed');
    expect(after).toMatchObject({ deletable: true });
    expect(after?.usage.plexMapped).toBeUndefined();
  }, 60_000);
});
