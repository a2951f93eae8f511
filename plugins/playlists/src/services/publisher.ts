import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RESERVED_SUBFOLDER,
  sanitizeFileName,
  type EventBus,
  type LiveHub,
  type MediaServerProvider,
  type PluginLogger,
  type ProviderSet,
} from '@vidkeep/contracts';
import { m3uText, writeFileAtomic } from '@vidkeep/plugin-kit';
import type { PlaylistRow } from '../entities.js';
import { Coalescer } from './coalescer.js';
import type { PlaylistStore } from './playlist-store.js';
import { m3uEntries, mediaTypeOf, syncItems } from './publish-plan.js';
import { syncsTo } from './settings.js';
import type { PublishedRow } from './playlist-video-rows.js';
import type { PlaylistVideoStore } from './video-store.js';

/** What to publish: the `.m3u` file, the media-server playlists, or both. */
export interface PublishRequest {
  m3u: boolean;
  sync: boolean;
}

export interface M3uResult {
  /** Relative to the output directory. */
  path: string;
  entries: number;
}

/**
 * Publishes playlists: the `.m3u` in `<output>/__playlists__/` and a native playlist on every
 * connected media server. One playlist publishes at a time; requests that arrive meanwhile make
 * exactly one more run (spec: syncs of one playlist are serialized). Failures are recorded per
 * server and never reach the download that triggered them.
 */
/** How long a moved file's old place is remembered (a media server's rescan is done by then). */
const MOVED_MEMORY_MS = 10 * 60_000;

export class PlaylistPublisher {
  private readonly runs: Coalescer<number, PublishRequest>;
  private readonly lastM3u = new Map<number, M3uResult | null>();
  /** Files whose channel folder moved recently: new path -> old path and when (see `noteMoved`). */
  private readonly moved = new Map<string, { from: string; at: number }>();

  constructor(
    private readonly deps: {
      store: PlaylistStore;
      videos: PlaylistVideoStore;
      providers: ProviderSet<MediaServerProvider>;
      outputDir: string;
      hub: LiveHub | null;
      logger: PluginLogger;
      signal: AbortSignal;
      /** Publishes `playlists.mediaServerSync.failed`. */
      events?: Pick<EventBus, 'publish'>;
    },
  ) {
    this.runs = new Coalescer(
      (id, req) => this.publish(id, req),
      (a, b) => ({ m3u: a.m3u || b.m3u, sync: a.sync || b.sync }),
      (id, err) => deps.logger.error({ err, playlistRowId: id }, 'Publishing a playlist failed'),
    );
  }

  /**
   * Files moved with their channel's folder. For MOVED_MEMORY_MS after it, a media server's item at
   * the old place is not taken for the file: the server lists it until it rescans the library (the
   * media-server plugins ask it to), and a playlist made of it would point at vanished items.
   */
  noteMoved(files: readonly { from: string; to: string }[]): void {
    const now = Date.now();
    for (const [path, m] of this.moved) if (now - m.at > MOVED_MEMORY_MS) this.moved.delete(path);
    for (const f of files) this.moved.set(f.to, { from: f.from, at: now });
  }

  private movedFrom(path: string): string | undefined {
    const m = this.moved.get(path);
    return m && Date.now() - m.at <= MOVED_MEMORY_MS ? m.from : undefined;
  }

  request(playlistRowId: number, req: PublishRequest): Promise<void> {
    return this.runs.request(playlistRowId, req);
  }

  /** Rebuilds the `.m3u` now (after anything already running) and says what it wrote. */
  async rebuildM3u(playlistRowId: number): Promise<M3uResult | null> {
    await this.request(playlistRowId, { m3u: true, sync: false });
    return this.lastM3u.get(playlistRowId) ?? null;
  }

  isSyncing(playlistRowId: number): boolean {
    return this.runs.isRunning(playlistRowId);
  }

  idle(): Promise<void> {
    return this.runs.idle();
  }

  /** Downloaded items without a file of the type the playlist syncs as (shown on its page). */
  unsyncableCount(row: PlaylistRow): Promise<number> {
    return this.deps.videos.countWithout(row.id, mediaTypeOf(row));
  }

  private async publish(playlistRowId: number, req: PublishRequest): Promise<void> {
    const row = await this.deps.store.byRowId(playlistRowId);
    if (!row || !row.enabled) return;
    const rows = await this.deps.videos.published(row.id);
    if (req.m3u) {
      this.lastM3u.set(row.id, await this.writeM3u(row, rows));
      this.deps.hub?.broadcast({ type: 'playlistUpdated', playlistId: row.playlistId, reason: 'm3u' });
    }
    if (req.sync && (await this.syncAll(row, rows))) {
      this.deps.hub?.broadcast({ type: 'playlistUpdated', playlistId: row.playlistId, reason: 'synced' });
    }
  }

  private async writeM3u(row: PlaylistRow, rows: readonly PublishedRow[]): Promise<M3uResult> {
    const dir = join(this.deps.outputDir, RESERVED_SUBFOLDER);
    const relPath = await this.m3uPathFor(row);
    const entries = m3uEntries(rows, {
      reversed: row.sortOrder === 'reversed',
      mediaType: mediaTypeOf(row),
      m3uDir: dir,
      exists: existsSync,
    });
    await writeFileAtomic(join(this.deps.outputDir, relPath), m3uText(entries, row.title), 0o644);
    // Two media-server kinds skip folders holding `.ignore`, so they do not index the .m3u files.
    await writeFile(join(dir, '.ignore'), '');
    if (row.m3uPath !== relPath) {
      if (row.m3uPath) await rm(join(this.deps.outputDir, row.m3uPath), { force: true });
      await this.deps.store.update(row.id, { m3uPath: relPath });
    }
    return { path: relPath, entries: entries.length };
  }

  /** `__playlists__/<sanitized title>.m3u`, with the playlist id added when another playlist has the name. */
  private async m3uPathFor(row: PlaylistRow): Promise<string> {
    const plain = `${RESERVED_SUBFOLDER}/${sanitizeFileName(row.title, row.playlistId)}.m3u`;
    const holder = await this.deps.store.byM3uPath(plain);
    if (!holder || holder.id === row.id) return plain;
    return `${RESERVED_SUBFOLDER}/${sanitizeFileName(`${row.title} [${row.playlistId}]`, row.playlistId)}.m3u`;
  }

  /** Syncs to every connected server this playlist targets; true when any server was tried. */
  private async syncAll(row: PlaylistRow, rows: readonly PublishedRow[]): Promise<boolean> {
    const mediaType = mediaTypeOf(row);
    const items = syncItems(rows, {
      reversed: row.sortOrder === 'reversed',
      mediaType,
      outputDir: this.deps.outputDir,
      exists: existsSync,
      movedFrom: (path) => this.movedFrom(path),
    });
    let tried = false;
    for (const { key, provider } of this.deps.providers.entries()) {
      if (!syncsTo(row, key) || !provider.isConfigured() || this.deps.signal.aborted) continue;
      tried = true;
      await this.syncOne(row, key, provider, mediaType, items);
    }
    return tried;
  }

  private async syncOne(
    row: PlaylistRow,
    server: string,
    provider: MediaServerProvider,
    mediaType: ReturnType<typeof mediaTypeOf>,
    items: Parameters<MediaServerProvider['syncPlaylist']>[0]['items'],
  ): Promise<void> {
    const { store, logger } = this.deps;
    const attemptAt = new Date();
    const state = await store.syncState(row.id, server);
    const previous = state?.serverPlaylistId
      ? { serverPlaylistId: state.serverPlaylistId, mediaType: state.mediaType }
      : null;
    if (items.length === 0) {
      // Spec 1.1: nothing of the playlist's type yet: an existing server playlist is left as it is.
      const what = mediaType === 'audio' ? 'mp3' : 'video';
      await store.saveSyncState(row.id, server, {
        lastAttemptAt: attemptAt,
        lastError: `Waiting: no downloaded ${what} file of this playlist yet, so the server playlist is left unchanged`,
      });
      return;
    }
    try {
      const result = await provider.syncPlaylist({
        playlistId: row.playlistId,
        title: row.title,
        mediaType,
        public: row.publicOnServers,
        items,
        previous,
        signal: this.deps.signal,
      });
      if (result.status === 'deferred') {
        await store.saveSyncState(row.id, server, {
          lastAttemptAt: attemptAt,
          lastError: `Deferred: ${result.reason}`,
        });
        logger.info({ playlistId: row.playlistId, server, reason: result.reason }, 'Playlist sync deferred');
        return;
      }
      await store.saveSyncState(row.id, server, {
        serverPlaylistId: result.serverPlaylistId,
        mediaType,
        lastSyncedAt: new Date(),
        lastAttemptAt: attemptAt,
        lastError: result.note ? `Note: ${result.note}` : null,
        itemsSynced: result.itemsSynced,
        itemsSkipped: result.itemsSkipped,
      });
      logger.info(
        { playlistId: row.playlistId, server, items: result.itemsSynced, skipped: result.itemsSkipped },
        'Playlist synced to media server',
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await store.saveSyncState(row.id, server, { lastAttemptAt: attemptAt, lastError: message.slice(0, 2000) });
      logger.warn({ playlistId: row.playlistId, server, err: message }, 'Playlist sync to media server failed');
      this.deps.events?.publish('playlists.mediaServerSync.failed', {
        playlistId: row.playlistId,
        playlistTitle: row.title,
        server,
        error: message.slice(0, 500),
      });
    }
  }
}
