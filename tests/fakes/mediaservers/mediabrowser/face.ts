import { randomUUID } from 'node:crypto';
import type { FakeMediaServer } from '../types.js';
import type { FakeHttpServer } from './http.js';
import type { FakeMediaLibrary } from './library.js';
import { userDto } from './routes.js';

/** The server's users (`UserDto`s, changed in place) and the one the config names (the primary account). */
export interface FakeUsers {
  list: ReturnType<typeof userDto>[];
  serverId: string;
  primaryId: string;
}

/** A fake as the tests see it: the shared interface plus the kind's HTTP log and library for kind-specific checks. */
export type FakeMediaBrowserServer = FakeMediaServer & { http: FakeHttpServer; library: FakeMediaLibrary };

/** The `FakeMediaServer` face of the Jellyfin and Emby fakes. */
export function fakeServer(
  kind: 'jellyfin' | 'emby',
  http: FakeHttpServer,
  lib: FakeMediaLibrary,
  config: Record<string, unknown>,
  users: FakeUsers,
): FakeMediaBrowserServer {
  return {
    kind,
    get url() {
      return http.url;
    },
    config,
    env: {},
    requests: http.requests,
    http,
    library: lib,
    playlists: () => [...lib.playlists.values()].map((p) => lib.view(p)),
    deletePlaylist: (id) => void lib.playlists.delete(id),
    indexedPaths: () => lib.indexedPaths(),
    watching: {
      users: () => users.list.map((u) => ({ id: u.Id, name: u.Name, primary: u.Id === users.primaryId })),
      addUser(name) {
        const id = randomUUID().replace(/-/g, '');
        users.list.push(userDto(users.serverId, id, name, false));
        return id;
      },
      removeUser(id) {
        const i = users.list.findIndex((u) => u.Id === id);
        if (i >= 0) users.list.splice(i, 1);
      },
      play: (path, userId, o = {}) => lib.play(path, userId, o.at ?? new Date(), o.positionMs),
    },
    fail(mode) {
      lib.slowScan = mode === 'slow-scan';
      void http.setFailure(mode);
    },
    async close() {
      lib.close();
      await http.close();
    },
  };
}
