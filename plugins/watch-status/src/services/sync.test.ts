import type {
  LibraryVideo,
  ProviderSet,
  ServerWatchState,
  WatchedLibrary,
  WatchStatusProvider,
  WatchStatusUser,
} from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import type { RowWrite, StoredWatch, WatchStore } from './store.js';
import { WatchSync } from './sync.js';

/** The rows of one server kept in memory, as `WatchStore` keeps them in the database. */
function memoryStore() {
  const rows = new Map<string, Map<string, StoredWatch>>();
  let users: WatchStatusUser[] = [];
  const store = {
    closeInterrupted: async () => undefined,
    startRun: async () => 1,
    finishRun: async () => undefined,
    cursor: async () => null,
    saveCursor: async () => undefined,
    async saveUsers(_kind: string, listed: readonly WatchStatusUser[]) {
      const added = listed.filter((u) => !users.some((b) => b.serverUserId === u.serverUserId)).length;
      users = [...listed];
      return { sourceIds: [], played: [], rows: 0, added };
    },
    rowsOf: async () => rows,
    async apply(kind: string, upserts: RowWrite[], deletes: StoredWatch[], at: Date) {
      for (const w of upserts) {
        const mine = rows.get(w.serverUserId) ?? new Map<string, StoredWatch>();
        mine.set(w.sourceId, { ...w, serverType: kind, lastSyncedAt: at });
        rows.set(w.serverUserId, mine);
      }
      for (const d of deletes) rows.get(d.serverUserId)?.delete(d.sourceId);
    },
  };
  return store as unknown as WatchStore;
}

const VIDEOS = Array.from({ length: 14 }, (_, i) => ({ sourceId: `v${i}`, filePath: `/out/c/v${i}.mp4` }));
const ACCOUNTS: WatchStatusUser[] = [
  { serverUserId: 'owner', name: 'Owner', primary: true },
  { serverUserId: 'kid', name: 'Kid', primary: false },
];

/** A Jellyfin-type server: every account's state of every file, complete each time. */
function server(plays: Map<string, Set<string>>): WatchStatusProvider {
  const state = (user: string, path: string): ServerWatchState => {
    const played = plays.get(user)?.has(path) ?? false;
    return { path, played, playCount: played ? 1 : 0, positionMs: 0, percentWatched: null, lastWatchedAt: null };
  };
  return {
    kind: 'jellyfin',
    label: 'Jellyfin',
    isConfigured: () => true,
    users: async () => ACCOUNTS,
    watchState: async () => ({
      users: ACCOUNTS.map((u) => ({
        serverUserId: u.serverUserId,
        states: VIDEOS.map((v) => state(u.serverUserId, v.filePath)),
        complete: true,
      })),
      cursor: null,
      cursorAt: null,
      requests: 1,
    }),
  };
}

function sync(provider: WatchStatusProvider) {
  const providers = { entries: () => [{ key: 'jellyfin', provider }] } as unknown as ProviderSet<WatchStatusProvider>;
  const library = { presentVideos: async () => VIDEOS as unknown as LibraryVideo[] } as WatchedLibrary;
  return new WatchSync({
    store: memoryStore(),
    providers,
    libraries: { all: () => [library] } as unknown as ProviderSet<WatchedLibrary>,
    outputDir: '/out',
    changed: () => undefined,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
    signal: new AbortController().signal,
  });
}

describe('a sync counts videos whose watched state changed, not rows', () => {
  it('one play before the first sync: 1 video updated, though a row is written per account and video', async () => {
    const plays = new Map([['owner', new Set([VIDEOS[0]!.filePath])]]);
    const s = sync(server(plays));
    const first = await s.run('manual');
    expect(first.servers['jellyfin']).toEqual({ updated: 1, users: 2, requests: 1 });
    expect((await s.run('manual')).servers['jellyfin']).toMatchObject({ updated: 0 });
  });

  it('a video played by both accounts counts once; one no longer played counts too', async () => {
    const plays = new Map<string, Set<string>>();
    const s = sync(server(plays));
    expect((await s.run('manual')).servers['jellyfin']).toMatchObject({ updated: 0 });
    plays.set('owner', new Set([VIDEOS[1]!.filePath]));
    plays.set('kid', new Set([VIDEOS[1]!.filePath, VIDEOS[2]!.filePath]));
    expect((await s.run('manual')).servers['jellyfin']).toMatchObject({ updated: 2 });
    plays.get('kid')!.delete(VIDEOS[2]!.filePath);
    expect((await s.run('manual')).servers['jellyfin']).toMatchObject({ updated: 1 });
  });
});
