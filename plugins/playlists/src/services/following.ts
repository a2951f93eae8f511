import {
  ConflictError,
  PlaylistErrorCodes as E,
  type DownloadQueueService,
  type LibraryService,
  type EventBus,
  type PlaylistSetupError,
  type PluginLogger,
  type TaskResult,
  type VideosDiscoveredPayload,
} from '@vidkeep/contracts';
import { compileTitleFilter, FilterTimeoutError, matchTitles } from '@vidkeep/plugin-kit';
import type { PlaylistRow, PlaylistVideoRow } from '../entities.js';
import { durationPasses, pickAutomatic } from './automatic.js';
import type { ListingOutcome, PlaylistLister } from './lister.js';
import type { PlaylistStore } from './playlist-store.js';
import type { PlaylistQueue } from './queueing.js';
import type { PlaylistVideoStore } from './video-store.js';

/** Why automatic following waits, for a listing that could not be verified. */
export const setupErrorOf = (l: Pick<ListingOutcome, 'tooLarge'>): PlaylistSetupError =>
  l.tooLarge ? 'PLAYLIST_TOO_LARGE' : 'PLAYLIST_REFRESH_INCOMPLETE';

export const SETUP_WARNINGS: Record<PlaylistSetupError, string> = {
  PLAYLIST_TOO_LARGE:
    'Automatic downloads wait: the playlist has more than 5,000 entries, which is more than automatic following supports. You can still select and download its videos by hand.',
  PLAYLIST_REFRESH_INCOMPLETE:
    'Automatic downloads wait: the listing of the playlist could not be verified as complete, so no starting point was saved. They start after a complete refresh (Refresh, or the next scheduled run).',
};

/**
 * Automatic following of playlists (spec 1.1, 2.6, 2.7): a verified complete starting snapshot
 * before anything downloads, explicit requests for existing videos, a reset of the starting
 * point, and the scheduled run that queues discoveries first and then retries.
 */
export class PlaylistFollowing {
  constructor(
    private readonly deps: {
      store: PlaylistStore;
      videos: PlaylistVideoStore;
      lister: PlaylistLister;
      queue: PlaylistQueue;
      downloads: DownloadQueueService;
      library: LibraryService;
      limit: () => number;
      logger: PluginLogger;
      now?: () => Date;
      /** Publishes `playlists.videos.discovered`, once per sweep that queued anything. */
      events?: Pick<EventBus, 'publish'>;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * After a listing: saves the starting snapshot when automatic following waits for one and the
   * listing is verified complete, or records why it cannot. A followed playlist that grows past
   * the limit pauses; it resumes once a complete listing fits again.
   */
  async afterListing(row: PlaylistRow, outcome: ListingOutcome): Promise<PlaylistRow> {
    if (!row.autoDownload) return row;
    if (outcome.complete) {
      if (row.autoDownloadBaselineAt === null) return this.saveBaseline(row);
      return row.autoDownloadSetupError ? this.deps.store.update(row.id, { autoDownloadSetupError: null }) : row;
    }
    if (row.autoDownloadBaselineAt === null || outcome.tooLarge) {
      return this.deps.store.update(row.id, { autoDownloadSetupError: setupErrorOf(outcome) });
    }
    return row;
  }

  private async saveBaseline(row: PlaylistRow): Promise<PlaylistRow> {
    const baselineId = await this.deps.videos.maxRowId(row.id);
    this.deps.logger.info({ playlistId: row.playlistId, baselineId }, 'Playlist starting point saved');
    return this.deps.store.update(row.id, {
      autoDownloadBaselineAt: this.now(),
      autoDownloadBaselineId: baselineId,
      autoDownloadSetupError: null,
    });
  }

  /** Automatic downloads switched on: the last listing decides whether the starting point can be saved now. */
  async enable(row: PlaylistRow): Promise<PlaylistRow> {
    const on = await this.deps.store.update(row.id, { autoDownload: true });
    if (on.autoDownloadBaselineAt !== null) return on;
    if (on.lastListingComplete) return this.saveBaseline(on);
    const tooLarge = (on.reportedCount ?? 0) > 5000;
    return this.deps.store.update(row.id, { autoDownloadSetupError: setupErrorOf({ tooLarge }) });
  }

  /** "Select existing videos": entries from before the starting point, downloaded by the next runs. */
  async select(
    row: PlaylistRow,
    sourceIds: string[],
  ): Promise<{ requested: number; skipped: { sourceId: string; reason: string }[] }> {
    if (!row.autoDownload || row.autoDownloadBaselineAt === null) {
      throw new ConflictError(
        E.autoDownloadNotReady,
        row.autoDownload
          ? 'Automatic downloads have no starting point yet (see the playlist for why); download the videos by hand instead'
          : 'Turn on automatic downloads for this playlist first, or download the videos by hand',
      );
    }
    const rows = new Map((await this.deps.videos.all(row.id)).map((r) => [r.sourceId, r]));
    const library = await this.deps.library.libraryVideos(sourceIds);
    const inLibrary = new Set(library.filter((v) => !v.removed).map((v) => v.sourceId));
    const skipped: { sourceId: string; reason: string }[] = [];
    const picked: string[] = [];
    for (const id of sourceIds) {
      const r = rows.get(id);
      if (!r) skipped.push({ sourceId: id, reason: 'not in this playlist' });
      else if (r.unavailable) skipped.push({ sourceId: id, reason: 'private or deleted on the platform' });
      else if (inLibrary.has(id)) skipped.push({ sourceId: id, reason: 'already downloaded' });
      else picked.push(id);
    }
    await this.deps.videos.setRequested(row.id, picked, true);
    return { requested: picked.length, skipped };
  }

  /**
   * "Reset starting point": clears the pending requests and takes the current listing as the new
   * starting point when it was verified complete (otherwise automatic downloads wait for one).
   * Whether automatic downloads are on or paused stays as it was.
   */
  async reset(row: PlaylistRow): Promise<{ cleared: number; playlist: PlaylistRow }> {
    const cleared = await this.deps.videos.setRequested(row.id, 'all', false);
    if (row.lastListingComplete) {
      const baselineId = await this.deps.videos.maxRowId(row.id);
      const playlist = await this.deps.store.update(row.id, {
        autoDownloadBaselineAt: this.now(),
        autoDownloadBaselineId: baselineId,
        autoDownloadSetupError: null,
      });
      return { cleared, playlist };
    }
    const playlist = await this.deps.store.update(row.id, {
      autoDownloadBaselineAt: null,
      autoDownloadBaselineId: null,
      autoDownloadSetupError: row.autoDownload ? setupErrorOf({ tooLarge: (row.reportedCount ?? 0) > 5000 }) : null,
    });
    return { cleared, playlist };
  }

  /** The scheduled run over every followed playlist with automatic downloads on. */
  async sweep(signal: AbortSignal): Promise<TaskResult> {
    const playlists = (await this.deps.store.enabled()).filter((p) => p.autoDownload);
    let queued = 0;
    const jobs: string[] = [];
    const problems: string[] = [];
    const waiting: string[] = [];
    const discovered: VideosDiscoveredPayload['sources'] = [];
    for (const initial of playlists) {
      if (signal.aborted) break;
      try {
        let row = initial;
        if (!this.deps.lister.isFetching(row.id))
          row = await this.afterListing(row, await this.deps.lister.refresh(row, 'automatic'));
        if (row.autoDownloadBaselineAt === null || row.autoDownloadSetupError === 'PLAYLIST_TOO_LARGE') {
          waiting.push(`${row.title}: ${row.autoDownloadSetupError ?? 'no starting point'}`);
          continue;
        }
        const r = await this.runOne(row);
        queued += r.queued;
        jobs.push(...r.jobIds);
        if (r.discovered.length > 0)
          discovered.push({ kind: 'playlist', id: row.playlistId, title: row.title, videos: r.discovered });
      } catch (err) {
        problems.push(`${initial.title}: ${err instanceof Error ? err.message : String(err)}`);
        this.deps.logger.warn({ err, playlistId: initial.playlistId }, 'Automatic playlist download failed');
      }
    }
    const message = `${queued} video${queued === 1 ? '' : 's'} queued from ${playlists.length} playlist${playlists.length === 1 ? '' : 's'}${waiting.length ? `; ${waiting.length} waiting for a starting point` : ''}${problems.length ? `; ${problems.length} problem(s)` : ''}`;
    const videoCount = discovered.reduce((sum, d) => sum + d.videos.length, 0);
    if (videoCount > 0)
      this.deps.events?.publish('playlists.videos.discovered', { sources: discovered, videoCount, jobIds: jobs });
    const details = { queued, jobs, waiting, problems };
    if (problems.length && problems.length === playlists.length)
      return { status: 'error', outcome: 'failed', message, details };
    return { status: 'success', outcome: queued ? 'queued' : 'nothing-new', message, details };
  }

  /** Picks and queues one playlist's automatic downloads: discoveries first, then retries. */
  async runOne(
    row: PlaylistRow,
  ): Promise<{ queued: number; jobIds: string[]; discovered: { sourceId: string; title: string }[] }> {
    const rows = await this.deps.videos.all(row.id);
    const library = await this.deps.library.libraryVideos(rows.map((r) => r.sourceId));
    const pick = pickAutomatic(rows, {
      baselineId: row.autoDownloadBaselineId ?? 0,
      limit: this.deps.limit(),
      everDownloaded: new Set(library.map((v) => v.sourceId)),
      inLibrary: new Set(library.filter((v) => !v.removed).map((v) => v.sourceId)),
      active: new Set(this.deps.downloads.activeVideos().keys()),
      passesFilters: await this.passing(row, rows),
    });
    const at = this.now();
    // Spec 2.7: the attempt time is written before the videos are handed to the queue.
    await this.deps.videos.markAttempted(
      [...pick.discoveries, ...pick.retries].map((r) => r.id),
      at,
    );
    const out = { queued: 0, jobIds: [] as string[], discovered: [] as { sourceId: string; title: string }[] };
    for (const batch of [pick.discoveries, pick.retries]) {
      const r = await this.deps.queue.queue(row, batch, { allowRedownload: false }, 'automatic playlist downloads');
      out.queued += r.queued;
      out.jobIds.push(...r.jobIds);
      // New entries (not retries) that went into a job.
      if (batch === pick.discoveries && r.queued > 0)
        out.discovered = batch.map((v) => ({ sourceId: v.sourceId, title: v.title ?? v.sourceId }));
    }
    return out;
  }

  /** Entries whose title (case-insensitive) and duration pass the playlist's filters. */
  private async passing(row: PlaylistRow, rows: readonly PlaylistVideoRow[]): Promise<Set<string>> {
    const compiled = compileTitleFilter(row.titleFilterRegex, { caseInsensitive: true });
    const filter = compiled.ok ? compiled.filter : null;
    let titles: boolean[];
    try {
      titles = await matchTitles(
        filter,
        rows.map((r) => r.title ?? ''),
      );
    } catch (err) {
      if (!(err instanceof FilterTimeoutError)) throw err;
      this.deps.logger.warn({ playlistId: row.playlistId }, err.message);
      return new Set();
    }
    return new Set(rows.filter((r, i) => titles[i] && durationPasses(row, r.duration)).map((r) => r.sourceId));
  }
}
