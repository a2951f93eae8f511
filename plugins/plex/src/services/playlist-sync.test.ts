import type { PlaylistSyncRequest, PluginLogger } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { PlaylistSync, URI_BATCH } from './playlist-sync.js';
import type { ItemResolver } from './resolver.js';
import type { PlexServerApi } from './server-api.js';
import type { PlexSettings } from './settings.js';

const settings: PlexSettings = {
  mediaserverUrl: 'http://plex:32400',
  plexIP: '',
  plexPort: '32400',
  plexViaHttps: false,
  plexApiKey: 'admin',
  plexPlaylistToken: '',
  plexSourceLibraryId: '',
  plexSubfolderLibraryMappings: [],
  plexPlaylistTokenHistory: 'admin',
  plexWatchStatusAllUsers: true,
};
const logger = { warn() {}, info() {}, error() {}, debug() {} } as unknown as PluginLogger;

/** Which Plex calls a sync makes, with how many rating keys each `uri` carried. */
function setup(resolved: number, libraries = 1, existing: string | null = null) {
  const calls: string[] = [];
  const keysIn = (uri: string) => uri.split('/').at(-1)!.split(',').length;
  const api = {
    identity: async () => ({ claimed: true, machineIdentifier: 'm', version: '1' }),
    playlist: async (_c: unknown, id: string) =>
      id === existing ? { ratingKey: id, title: 'YT: T', playlistType: 'video', smart: false } : null,
    playlists: async () => [],
    createPlaylist: async (_c: unknown, p: { uri: string }) => {
      calls.push(`create ${keysIn(p.uri)}`);
      return { ratingKey: 'new', title: 'YT: T', playlistType: 'video', smart: false };
    },
    clearItems: async () => (calls.push('clear'), true),
    addItems: async (_c: unknown, _id: string, uri: string) => void calls.push(`add ${keysIn(uri)}`),
    deletePlaylist: async () => false,
  } as unknown as PlexServerApi;
  const resolver = {
    resolve: async (_c: unknown, paths: string[]) => ({
      keys: new Map(paths.slice(0, resolved).map((p, i) => [p, String(i + 1)])),
      libraries,
    }),
  } as unknown as ItemResolver;
  const sync = new PlaylistSync({ api, resolver, settings: () => settings, saveHistory: async () => {}, logger });
  return { sync, calls };
}

const request = (n: number, previous: PlaylistSyncRequest['previous'] = null): PlaylistSyncRequest => ({
  playlistId: 'PL1',
  title: 'T',
  mediaType: 'video',
  public: true,
  items: Array.from({ length: n }, (_, i) => ({
    sourceId: `v${i}`,
    path: `/data/C/v${i}.mp4`,
    relativePath: `C/v${i}.mp4`,
    title: `v${i}`,
    durationSeconds: 1,
  })),
  previous,
  signal: new AbortController().signal,
});

describe('PlaylistSync', () => {
  it(`puts up to ${URI_BATCH} items in one request: 2,500 items are one create and two adds`, async () => {
    const { sync, calls } = setup(2500);
    expect(await sync.sync(request(2500))).toEqual({
      status: 'synced',
      serverPlaylistId: 'new',
      itemsSynced: 2500,
      itemsSkipped: 0,
    });
    expect(calls).toEqual(['create 1000', 'add 1000', 'add 500']);
  });

  it('replaces in place with one clear and the adds, keeping the id', async () => {
    const { sync, calls } = setup(3, 1, '42');
    const result = await sync.sync(request(4, { serverPlaylistId: '42', mediaType: 'video' }));
    expect(result).toMatchObject({ serverPlaylistId: '42', itemsSynced: 3, itemsSkipped: 1 });
    expect(calls).toEqual(['clear', 'add 3']);
  });

  it('defers, touching nothing, when nothing resolves or no library of the type exists', async () => {
    for (const [resolved, libraries, reason] of [
      [0, 1, /none of the 2 video files is in a Plex library yet/],
      [0, 0, /has no movie \("Other videos"\) or TV library/],
    ] as const) {
      const { sync, calls } = setup(resolved, libraries, '42');
      const result = await sync.sync(request(2, { serverPlaylistId: '42', mediaType: 'video' }));
      expect(result).toEqual({ status: 'deferred', reason: expect.stringMatching(reason) });
      expect(calls).toEqual([]);
    }
  });
});
