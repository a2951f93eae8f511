import {
  type JobLane,
  ConflictError,
  PlaylistErrorCodes as E,
  type DownloadQueueService,
  type LibraryReads,
  type LiveHub,
  type PluginLogger,
} from '@vidkeep/contracts';
import type { LibraryState, ReadModel } from '@vidkeep/read-models';
import type { PlaylistRow } from '../entities.js';
import type { Listing, PlaylistPlatform } from './platform.js';
import type { PlaylistStore } from './playlist-store.js';
import type { PlaylistVideoStore } from './video-store.js';

export type ListingOutcome = Omit<Listing, 'entries'> & { inserted: number; pruned: number };

/**
 * Reads a playlist from the platform into its entries, one listing per playlist at a time (a
 * second request while one runs is a conflict), with progress on the WebSocket like channel
 * fetches. The playlist row records when, whether the listing was verified complete, and how many
 * entries the platform reported.
 */
export class PlaylistLister {
  private readonly running = new Map<number, Promise<ListingOutcome>>();

  constructor(
    private readonly deps: {
      platform: PlaylistPlatform;
      store: PlaylistStore;
      videos: PlaylistVideoStore;
      downloads: DownloadQueueService;
      /** The library copy: its `read` gives the library's state of listed entries. */
      libraryState: Pick<ReadModel<LibraryReads, LibraryState>, 'read'>;
      hub: LiveHub | null;
      logger: PluginLogger;
      signal: AbortSignal;
    },
  ) {}

  isFetching(playlistRowId: number): boolean {
    return this.running.has(playlistRowId);
  }

  /**
   * Lists the playlist now; a ConflictError when a listing of it is already running. A sweep
   * (`automatic`) waits for the platform budget and cool-down.
   */
  refresh(row: PlaylistRow, lane: JobLane = 'manual'): Promise<ListingOutcome> {
    if (this.running.has(row.id)) {
      throw new ConflictError(E.fetchInProgress, `A listing of "${row.title}" is already running`);
    }
    const run = this.run(row, lane).finally(() => this.running.delete(row.id));
    this.running.set(row.id, run);
    return run;
  }

  private push(row: PlaylistRow, stage: 'listing' | 'saving' | 'done', itemsFetched: number): void {
    this.deps.hub?.broadcast(
      { type: 'playlistFetchProgress', playlistId: row.playlistId, stage, itemsFetched },
      { coalesceKey: `playlistFetch:${row.playlistId}` },
    );
  }

  private async run(row: PlaylistRow, lane: JobLane): Promise<ListingOutcome> {
    const { platform, videos, store, logger, libraryState } = this.deps;
    const started = Date.now();
    this.push(row, 'listing', 0);
    let read = 0;
    try {
      const listing = await platform.list(row.playlistId, {
        signal: this.deps.signal,
        lane,
        onProgress: (n) => {
          read = n;
          if (n % 100 === 0) this.push(row, 'listing', n);
        },
      });
      const listMs = Date.now() - started;
      this.push(row, 'saving', listing.read);
      const ids = listing.entries.map((e) => e.sourceId);
      const library = await libraryState.read(ids);
      const now = new Date();
      const saved = await videos.saveListing(row.id, listing.entries, {
        complete: listing.complete,
        library,
        now,
      });
      const firstThumb = listing.entries.find((e) => !e.unavailable && e.thumbnail)?.thumbnail ?? null;
      await store.update(row.id, {
        lastFetched: now,
        lastListingComplete: listing.complete,
        reportedCount: listing.reportedCount ?? (listing.complete ? listing.read : row.reportedCount),
        ...(row.thumbnail ? {} : { thumbnail: firstThumb }),
      });
      const { entries: _entries, ...judged } = listing;
      logger.info(
        {
          playlistId: row.playlistId,
          read: listing.read,
          complete: listing.complete,
          inserted: saved.inserted,
          pruned: saved.pruned,
          listMs,
          saveMs: Date.now() - started - listMs,
        },
        listing.complete ? 'Playlist listed' : `Playlist listed partly: ${listing.problem}`,
      );
      this.deps.hub?.broadcast({ type: 'playlistUpdated', playlistId: row.playlistId, reason: 'listed' });
      return { ...judged, ...saved };
    } finally {
      this.push(row, 'done', read);
    }
  }
}
