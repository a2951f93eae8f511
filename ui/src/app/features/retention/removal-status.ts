import { computed, inject, signal } from '@angular/core';
import { toApiError } from '../../core/api';
import { PendingAction } from '../../shared/pending-action';
import { resultHeadline, type AutoRemovalStatus } from './removal-words';
import { RetentionApi } from './retention-api';

/** How often the page looks again while a removal runs. */
export const STATUS_POLL_MS = 5000;

/**
 * What the Retention page knows beside its form: the last run (`GET /api/auto-removal/status`,
 * looked at again while one runs) and whether watched videos can be known at all (watch-status
 * sync on, a media server connected). Create it in an injection context.
 */
export class RemovalStatus {
  private readonly api = inject(RetentionApi);
  readonly status = signal<AutoRemovalStatus | null>(null);
  readonly statusError = signal<string | null>(null);

  /** Watch-status sync on or off; `unavailable` when its plugin does not answer; null while unknown. */
  readonly watchSync = signal<{ enabled: boolean } | 'unavailable' | null>(null);
  /** Whether any media server is connected; null while unknown. */
  readonly anyConnected = signal<boolean | null>(null);
  /** Why the watched rule may remove nothing, in plain words. */
  readonly watchedNotes = computed<string[]>(() => {
    const notes: string[] = [];
    const sync = this.watchSync();
    if (sync === 'unavailable')
      notes.push(
        'The watch-status plugin is not running, so no video is known to be watched: this rule removes nothing.',
      );
    else if (sync && !sync.enabled)
      notes.push('Watch-status sync is switched off: this rule is skipped until it is switched on.');
    if (this.anyConnected() === false)
      notes.push('No media server is connected: nothing is known to be watched until one is.');
    return notes;
  });

  /** A person's Run now (`POST /api/auto-removal/run`, saved settings, nightly switch or not). */
  readonly running = new PendingAction('Not run: ');
  /** What the last Run now removed, in words. */
  readonly runOutcome = signal<string | null>(null);

  private statusTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  async loadStatus(): Promise<void> {
    try {
      const status = await this.api.status();
      if (this.stopped) return;
      this.status.set(status);
      this.statusError.set(null);
      if (status.running) this.lookAgain();
    } catch (err) {
      const e = toApiError(err);
      // Without the retention plugin the page says so once; no second message here.
      if (e.status !== 404) this.statusError.set(`The last run could not be read: ${e.message}`);
    }
  }

  /** Runs automatic removal now; then the last run shows its whole result. */
  async runNow(): Promise<void> {
    this.runOutcome.set(null);
    await this.running.run(async () => this.runOutcome.set(resultHeadline(await this.api.run())));
    await this.loadStatus();
  }

  /** Whether watched videos can be known: the sync's state and the connected media servers. */
  async loadWatchContext(): Promise<void> {
    await Promise.all([
      this.api.watchStatus().then(
        (o) => this.watchSync.set({ enabled: o.enabled }),
        (err: unknown) => this.watchSync.set(toApiError(err).status === 404 ? 'unavailable' : null),
      ),
      this.api.mediaServers().then(
        (s) => this.anyConnected.set(s.servers.some((server) => server.connected)),
        () => this.anyConnected.set(null),
      ),
    ]);
  }

  /** The page goes away: no more looks at a running removal. */
  stop(): void {
    this.stopped = true;
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = null;
  }

  private lookAgain(): void {
    if (this.statusTimer || this.stopped) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = null;
      void this.loadStatus();
    }, STATUS_POLL_MS);
  }
}
