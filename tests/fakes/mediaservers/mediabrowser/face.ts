import type { FakeMediaServer } from '../types.js';
import type { FakeHttpServer } from './http.js';
import type { FakeMediaLibrary } from './library.js';

/** A fake as the tests see it: the shared interface plus the kind's HTTP log and library for kind-specific checks. */
export type FakeMediaBrowserServer = FakeMediaServer & { http: FakeHttpServer; library: FakeMediaLibrary };

/** The `FakeMediaServer` face of the Jellyfin and Emby fakes. */
export function fakeServer(
  kind: 'jellyfin' | 'emby',
  http: FakeHttpServer,
  lib: FakeMediaLibrary,
  config: Record<string, unknown>,
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
