import { Injectable, inject } from '@angular/core';
import { Api, type RouteInput } from '../../core/api';
import type { PlaylistVideosQuery } from './api-types';

/**
 * The playlists routes, typed from the server's schemas (`@vidkeep/contracts/routes`). Like every
 * `<feature>-api.ts`, it is the only place their paths are written.
 */
@Injectable({ providedIn: 'root' })
export class PlaylistsApi {
  private readonly api = inject(Api);

  /** A page of the followed playlists. */
  list(query: RouteInput<'GET /api/playlists'>['query']) {
    return this.api.call('GET /api/playlists', { query });
  }

  /** Looks a playlist up by URL or id before following it. */
  lookUp(url: string) {
    return this.api.call('POST /api/playlists/addplaylistinfo', { body: { url } });
  }

  /** Follows a playlist; answers once it is listed. */
  follow(body: RouteInput<'POST /api/playlists'>['body']) {
    return this.api.call('POST /api/playlists', { body });
  }

  /** The playlist with its counts and per-server sync state. */
  detail(playlistId: string) {
    return this.api.call('GET /api/playlists/:playlistId', { params: { playlistId } });
  }

  /** Changes how it is followed (automatic downloads, servers, public). */
  update(playlistId: string, body: RouteInput<'PATCH /api/playlists/:playlistId'>['body']) {
    return this.api.call('PATCH /api/playlists/:playlistId', { params: { playlistId }, body });
  }

  /** Stops following it (videos, the .m3u file and server playlists stay). */
  remove(playlistId: string) {
    return this.api.call('DELETE /api/playlists/:playlistId', { params: { playlistId } });
  }

  /** A page of its entries. */
  videos(playlistId: string, query: Partial<PlaylistVideosQuery>) {
    // The map's type makes every defaulted field required; the UI leaves "any" watched state out.
    return this.api.call('GET /api/playlists/:playlistId/videos', {
      params: { playlistId },
      query: query as PlaylistVideosQuery,
    });
  }

  /** Lists the whole playlist again; answers when the listing ended. */
  refresh(playlistId: string) {
    return this.api.call('POST /api/playlists/:playlistId/refresh', { params: { playlistId } });
  }

  /** Queues the given entries, or every new one without `videoIds`. */
  download(playlistId: string, body: RouteInput<'POST /api/playlists/:playlistId/download'>['body']) {
    return this.api.call('POST /api/playlists/:playlistId/download', { params: { playlistId }, body });
  }

  /** Selects existing entries for the next automatic downloads. */
  selectForAutoDownload(playlistId: string, videoIds: string[]) {
    return this.api.call('POST /api/playlists/:playlistId/auto-download/select', {
      params: { playlistId },
      body: { videoIds },
    });
  }

  /** A new starting point for automatic downloads. */
  resetAutoDownload(playlistId: string) {
    return this.api.call('POST /api/playlists/:playlistId/auto-download/reset', { params: { playlistId } });
  }

  setIgnored(playlistId: string, sourceId: string, ignored: boolean) {
    const params = { playlistId, sourceId };
    return ignored
      ? this.api.call('POST /api/playlists/:playlistId/videos/:sourceId/ignore', { params })
      : this.api.call('POST /api/playlists/:playlistId/videos/:sourceId/unignore', { params });
  }

  /** Starts a sync to the media servers; it runs in the background. */
  sync(playlistId: string) {
    return this.api.call('POST /api/playlists/:playlistId/sync', { params: { playlistId } });
  }

  /** Writes the .m3u file again. */
  regenerateM3u(playlistId: string) {
    return this.api.call('POST /api/playlists/:playlistId/regenerate-m3u', { params: { playlistId } });
  }

  settings(playlistId: string) {
    return this.api.call('GET /api/playlists/:playlistId/settings', { params: { playlistId } });
  }

  saveSettings(playlistId: string, body: RouteInput<'PUT /api/playlists/:playlistId/settings'>['body']) {
    return this.api.call('PUT /api/playlists/:playlistId/settings', { params: { playlistId }, body });
  }
}
