import {
  PlexErrorCodes as E,
  UnavailableError,
  type PlaylistMediaType,
  type PlaylistSyncRequest,
  type PlaylistSyncResult,
  type PluginLogger,
} from '@vidkeep/contracts';
import { stalePlaylistTexts } from '@vidkeep/media-server-common';
import type { ItemResolver } from './resolver.js';
import { itemsUri, type Conn, type PlexServerApi } from './server-api.js';
import { baseUrlOf, earlierScopes, playlistTokenOf, withScope, type PlexSettings } from './settings.js';

/** Rating keys per request: one `uri` holds them all up to here (about 7 KB of URL), so a 500-item sync is one request. */
export const URI_BATCH = 1000;

export interface PlaylistSyncDeps {
  api: PlexServerApi;
  resolver: ItemResolver;
  settings: () => PlexSettings;
  /** Persists `plexPlaylistTokenHistory`. */
  saveHistory: (history: string) => Promise<void>;
  logger: PluginLogger;
}

interface Placement {
  conn: Conn;
  type: PlaylistMediaType;
  name: string;
  uris: string[];
}

const chunk = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Spec 1.1 for the Plex-type server: the playlist `YT: <title>` in the account of the playlist
 * token, items replaced in place so its id stays; a stored id the scope does not have any more
 * is a changed scope (the stranded copy is deleted with an earlier token, best effort) or a
 * playlist deleted on the server (a warning); then a same-named playlist is adopted or one is
 * created. Nothing resolved: the sync defers and the server playlist stays as it is.
 */
export class PlaylistSync {
  constructor(private readonly deps: PlaylistSyncDeps) {}

  async sync(req: PlaylistSyncRequest): Promise<PlaylistSyncResult> {
    const s = this.deps.settings();
    const baseUrl = baseUrlOf(s);
    if (!baseUrl || !s.plexApiKey)
      throw new UnavailableError(E.notConfigured, 'Plex is not configured: no address or no token');
    const admin: Conn = { baseUrl, token: s.plexApiKey, signal: req.signal };
    const scopeToken = playlistTokenOf(s);
    const what = req.mediaType === 'audio' ? 'mp3' : 'video';
    const { keys, libraries } = await this.deps.resolver.resolve(
      admin,
      req.items.map((i) => i.path),
      req.mediaType,
    );
    if (libraries === 0) {
      const kind = req.mediaType === 'audio' ? 'music library' : 'movie ("Other videos") or TV library';
      return { status: 'deferred', reason: `the Plex server has no ${kind}: add one that covers the output directory` };
    }
    const ratingKeys = req.items.flatMap((i) => keys.get(i.path) ?? []);
    if (ratingKeys.length === 0) {
      return {
        status: 'deferred',
        reason: `none of the ${req.items.length} ${what} files is in a Plex library yet (scanned and waited); the server playlist is left as it is`,
      };
    }
    const { machineIdentifier } = await this.deps.api.identity(admin);
    const place: Placement = {
      conn: { baseUrl, token: scopeToken, signal: req.signal },
      type: req.mediaType,
      name: `YT: ${req.title}`,
      uris: chunk(ratingKeys, URI_BATCH).map((c) => itemsUri(machineIdentifier, c)),
    };
    const { id, note } = await this.place(req, place, s);
    const history = withScope(s.plexPlaylistTokenHistory, scopeToken);
    if (history !== null) await this.deps.saveHistory(history);
    return {
      status: 'synced',
      serverPlaylistId: id,
      itemsSynced: ratingKeys.length,
      itemsSkipped: req.items.length - ratingKeys.length,
      ...(note ? { note } : {}),
    };
  }

  private async place(req: PlaylistSyncRequest, p: Placement, s: PlexSettings): Promise<{ id: string; note?: string }> {
    const { api, logger } = this.deps;
    const prev = req.previous;
    let sameScopeCopy = false;
    if (prev) {
      const found = await api.playlist(p.conn, prev.serverPlaylistId);
      if (found && !found.smart && found.playlistType === p.type && (prev.mediaType ?? p.type) === p.type) {
        if (await this.replace(p, found.ratingKey)) return { id: found.ratingKey };
      }
      sameScopeCopy = found !== null;
    }
    let note: string | undefined;
    let stale = false;
    if (prev) {
      const deleted = await this.deleteStranded(prev.serverPlaylistId, p, s, sameScopeCopy);
      if (sameScopeCopy)
        note = `replaced the ${prev.mediaType ?? 'earlier'} playlist by ${p.type === 'audio' ? 'an audio' : 'a video'} playlist`;
      else if (deleted) note = "moved to the playlist token's account; the copy in the earlier account was deleted";
      else {
        stale = true;
        logger.warn(
          { playlistId: req.playlistId, serverPlaylistId: prev.serverPlaylistId },
          stalePlaylistTexts('Plex').log,
        );
      }
    }
    const same = (await api.playlists(p.conn, p.type)).find((pl) => pl.title === p.name && !pl.smart);
    if (same && (await this.replace(p, same.ratingKey))) {
      const adopted = stale
        ? stalePlaylistTexts('Plex', 'adopted').note
        : note && `${note}: used the playlist of the same name`;
      return { id: same.ratingKey, note: adopted };
    }
    const created = await api.createPlaylist(p.conn, { type: p.type, title: p.name, uri: p.uris[0]! });
    for (const uri of p.uris.slice(1)) await api.addItems(p.conn, created.ratingKey, uri);
    return {
      id: created.ratingKey,
      note: stale ? stalePlaylistTexts('Plex').note : note && `${note}: created a new one`,
    };
  }

  /** Clear, then add everything in one `uri` (per URI_BATCH keys); false when the playlist vanished meanwhile. */
  private async replace(p: Placement, id: string): Promise<boolean> {
    if (!(await this.deps.api.clearItems(p.conn, id))) return false;
    for (const uri of p.uris) await this.deps.api.addItems(p.conn, id, uri);
    return true;
  }

  /**
   * Best effort: deletes the previous playlist with the token that can see it: the current scope
   * when it is there (a video/audio switch), else earlier playlist tokens, else the admin token.
   * Failures (a revoked old token, an unreachable server) are logged, never thrown.
   */
  private async deleteStranded(id: string, p: Placement, s: PlexSettings, inScope: boolean): Promise<boolean> {
    const tokens = inScope
      ? [p.conn.token]
      : [...earlierScopes(s.plexPlaylistTokenHistory, p.conn.token), s.plexApiKey];
    for (const token of new Set(tokens)) {
      if (!inScope && token === p.conn.token) continue;
      try {
        if (await this.deps.api.deletePlaylist({ ...p.conn, token }, id)) return true;
      } catch (err) {
        this.deps.logger.warn(
          { serverPlaylistId: id, err: (err as Error).message },
          'Deleting a stranded Plex playlist failed',
        );
      }
    }
    return false;
  }
}
