import { Injectable, inject } from '@angular/core';
import type { EmbyConnectionBody, JellyfinConnectionBody, PlexConnectionTest } from '@vidkeep/contracts';
import { Api } from '../../core/api';

/** The body of a Jellyfin or Emby check: that kind's URL, key and user, as typed. */
export type MediaBrowserCheckBody = JellyfinConnectionBody & EmbyConnectionBody;

/**
 * The routes of the Media servers page, typed from the server's schemas
 * (`@vidkeep/contracts/routes`). Like every `<feature>-api.ts`, it is the only place their paths
 * are written. The configuration itself is read and saved through `shared/config-form/`.
 */
@Injectable({ providedIn: 'root' })
export class MediaServersApi {
  private readonly api = inject(Api);

  /** Which kinds are set up and switched on (answered by the playlists plugin). */
  status() {
    return this.api.call('GET /api/mediaservers/status');
  }

  plexTest(body: PlexConnectionTest) {
    return this.api.call('POST /api/mediaservers/plex/test', { body });
  }

  /** The libraries of the saved Plex server. */
  plexLibraries() {
    return this.api.call('GET /getplexlibraries', { query: {} });
  }

  /** Starts the Plex PIN sign-in: the plex.tv page to open and the PIN to check. */
  plexAuthUrl() {
    return this.api.call('GET /plex/auth-url');
  }

  plexCheckPin(pinId: number) {
    return this.api.call('GET /plex/check-pin/:pinId', { params: { pinId } });
  }

  /** Asks a Jellyfin or Emby server for its version (and the user), with the unsaved values. */
  mediaBrowserTest(kind: 'jellyfin' | 'emby', body: MediaBrowserCheckBody) {
    return kind === 'jellyfin'
      ? this.api.call('POST /api/mediaservers/jellyfin/test', { body })
      : this.api.call('POST /api/mediaservers/emby/test', { body });
  }

  mediaBrowserUsers(kind: 'jellyfin' | 'emby', body: MediaBrowserCheckBody) {
    return kind === 'jellyfin'
      ? this.api.call('POST /api/mediaservers/jellyfin/users', { body })
      : this.api.call('POST /api/mediaservers/emby/users', { body });
  }

  mediaBrowserLibraries(kind: 'jellyfin' | 'emby', body: MediaBrowserCheckBody) {
    return kind === 'jellyfin'
      ? this.api.call('POST /api/mediaservers/jellyfin/libraries', { body })
      : this.api.call('POST /api/mediaservers/emby/libraries', { body });
  }

  watchStatus() {
    return this.api.call('GET /api/mediaservers/watch-status');
  }

  startWatchStatusSync() {
    return this.api.call('POST /api/mediaservers/watch-status/sync');
  }
}
