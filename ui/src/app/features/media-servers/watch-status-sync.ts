import { signal } from '@angular/core';
import { toApiError } from '../../core/api';
import type { MediaServersApi } from './media-servers-api';
import type { WatchStatusOverview } from './watch-status-format';

/** contracts `WatchStatusErrorCodes.syncRunning`. */
export const SYNC_RUNNING_CODE = 'WATCH_STATUS_SYNC_RUNNING';
/** How often the card looks again while a sync runs. */
export const WATCH_SYNC_POLL_MS = 2000;

/**
 * The watch-status sync as the Media servers page shows it: the overview
 * (`GET /api/mediaservers/watch-status`: on or off, the rule, running, the last run per server),
 * "Sync now" (`POST …/sync`: 202 started, 409 while one runs), and a look every 2 s while a sync
 * runs until its result is there.
 */
export class WatchStatusSync {
  readonly overview = signal<WatchStatusOverview | null>(null);
  readonly loadError = signal<string | null>(null);
  /** The watch-status plugin does not answer (not loaded, or switched off). */
  readonly unavailable = signal(false);
  readonly busy = signal(false);
  readonly error = signal<string | null>(null);
  readonly notice = signal<string | null>(null);
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A sync this page started (or found running on Sync now): say when it ended. */
  private waiting = false;
  private stopped = false;

  constructor(private readonly api: MediaServersApi) {}

  async load(): Promise<void> {
    try {
      const overview = await this.api.watchStatus();
      if (this.stopped) return;
      this.overview.set(overview);
      this.loadError.set(null);
      this.unavailable.set(false);
      if (overview.running) this.lookAgain();
      else if (this.waiting) {
        this.waiting = false;
        this.notice.set('The sync ended: its result is listed above.');
      }
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 404) {
        this.unavailable.set(true);
        this.overview.set(null);
      } else {
        this.loadError.set(`The watch status could not be read: ${e.message}`);
      }
    }
  }

  /** Starts a sync now; while one runs already, says so and waits for its result. */
  async syncNow(): Promise<void> {
    this.notice.set(null);
    this.error.set(null);
    this.busy.set(true);
    try {
      await this.api.startWatchStatusSync();
      this.notice.set('Sync started: the result shows here when it ends.');
      this.markRunning();
    } catch (err) {
      const e = toApiError(err);
      if (e.code === SYNC_RUNNING_CODE) {
        this.error.set('A sync is already running: its result shows here when it ends.');
        this.markRunning();
      } else {
        this.error.set(`Not started: ${e.message}`);
      }
    } finally {
      this.busy.set(false);
    }
  }

  /** The page goes away: no more looks. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private markRunning(): void {
    this.waiting = true;
    this.overview.update((o) => (o ? { ...o, running: true } : o));
    this.lookAgain();
  }

  private lookAgain(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.load();
    }, WATCH_SYNC_POLL_MS);
  }
}
