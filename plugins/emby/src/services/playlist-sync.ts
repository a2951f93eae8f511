import { setTimeout as sleep } from 'node:timers/promises';
import {
  matchServerFiles,
  resolveAfterScan,
  scanBackoffDelays,
  scanPlan,
  serverPlaylistName,
  type MediaServerLibrary,
  type MediaServerProvider,
  type PlaylistSyncRequest,
  type PlaylistSyncResult,
  type PluginLogger,
} from '@vidkeep/contracts';
import type { EmbyClient } from './client.js';
import { isConfigured, librariesFor, type EmbySettings } from './settings.js';

/**
 * Publishes playlists as native Emby playlists (spec 1.1): find the files among the items Emby
 * indexed (asking it to scan what it does not know yet, then looking again with back-off for about
 * a minute), defer when it knows none of them, otherwise delete the playlist the last sync left and
 * create the new one (items in batches of 200); the new id is stored. Emby has no public flag an
 * API key may set: a public playlist is created server-wide (without a user), a private one for
 * the configured user, so flipping the setting takes effect at the next sync, which recreates it.
 */
export class EmbyPlaylists implements MediaServerProvider {
  readonly kind = 'emby';
  readonly label = 'Emby';

  constructor(
    private readonly deps: {
      settings: () => EmbySettings;
      client: () => EmbyClient;
      /** How long to look for files after asking for a scan (about a minute in production). */
      scanWaitMs: number;
      logger: PluginLogger;
    },
  ) {}

  isConfigured(): boolean {
    return isConfigured(this.deps.settings());
  }

  async syncPlaylist(req: PlaylistSyncRequest): Promise<PlaylistSyncResult> {
    const settings = this.deps.settings();
    const client = this.deps.client();
    const { signal } = req;
    const libraries = librariesFor(await client.libraries(signal), settings, req.mediaType);
    const found = await resolveAfterScan(req.items, {
      lookup: async (files) =>
        matchServerFiles(
          files,
          await client.files(
            libraries.map((l) => l.id),
            req.mediaType,
            signal,
          ),
        ),
      scan: (missing) =>
        this.scan(
          client,
          libraries,
          req,
          missing.map((f) => f.path),
        ),
      sleep: (ms) => sleep(ms, undefined, { signal }),
      delays: scanBackoffDelays(this.deps.scanWaitMs),
    });
    const itemIds = req.items.flatMap((i) => found.get(i.path) ?? []);
    if (itemIds.length === 0) {
      const what = req.mediaType === 'audio' ? 'mp3 files' : 'videos';
      return {
        status: 'deferred',
        reason: `Emby has not indexed any of the ${req.items.length} ${what} yet (asked it to scan and waited); the next sync tries again`,
      };
    }
    let note: string | undefined;
    if (req.previous && !(await client.deleteItem(req.previous.serverPlaylistId, signal))) {
      note = 'The playlist the last sync created was gone from Emby, so a new one was created';
      this.deps.logger.warn(
        { playlistId: req.playlistId, serverPlaylistId: req.previous.serverPlaylistId },
        'The stored Emby playlist no longer exists; creating a new one',
      );
    }
    const serverPlaylistId = await client.createPlaylist(
      {
        name: serverPlaylistName(req.title),
        itemIds,
        mediaType: req.mediaType,
        userId: req.public ? null : settings.embyUserId,
      },
      signal,
    );
    return {
      status: 'synced',
      serverPlaylistId,
      itemsSynced: itemIds.length,
      itemsSkipped: req.items.length - itemIds.length,
      ...(note ? { note } : {}),
    };
  }

  /** Audio: rescan the music libraries (spec 1.1). Video: name the files, or rescan where the server sees them elsewhere. */
  private async scan(
    client: EmbyClient,
    libraries: readonly MediaServerLibrary[],
    req: PlaylistSyncRequest,
    paths: string[],
  ): Promise<void> {
    const plan =
      req.mediaType === 'audio' ? { paths: [], libraryIds: libraries.map((l) => l.id) } : scanPlan(paths, libraries);
    if (plan.paths.length) await client.mediaUpdated(plan.paths, req.signal);
    for (const id of plan.libraryIds) await client.refreshLibrary(id, req.signal);
  }
}
