import { signal, type Signal } from '@angular/core';
import type { LiveMessage } from '@vidkeep/contracts';
import { toApiError } from '../../../core/api';
import { fetchProgressText, plural } from '../../../shared/channel-format';
import type { PlaylistsApi } from '../playlists-api';

/** A listing that runs: this page's own Refresh, or one it saw (another window, the scheduler). */
export interface RunningListing {
  own: boolean;
  stage: 'starting' | LiveMessage<'playlistFetchProgress'>['stage'];
  itemsFetched: number;
}

export interface ListingTrackerOptions {
  api: PlaylistsApi;
  playlistId: Signal<string>;
  /** A listing ended: the entries and counts changed. */
  listed: () => void;
}

/**
 * Refresh: `POST …/refresh` lists the whole playlist before it answers, which takes a while;
 * meanwhile the `playlistFetchProgress` messages show how far it is. A listing someone else
 * started shows the same way until its last message.
 */
export class ListingTracker {
  readonly running = signal<RunningListing | null>(null);
  readonly notice = signal<string | null>(null);
  readonly warning = signal<string | null>(null);
  readonly error = signal<string | null>(null);

  constructor(private readonly options: ListingTrackerOptions) {}

  /** The words of the progress: "Listing the playlist: 120 entries read". */
  text(r: RunningListing): string {
    if (r.stage === 'starting') return r.own ? 'Starting the listing…' : 'A listing of this playlist is running…';
    return fetchProgressText(r.stage, r.itemsFetched, 'the playlist');
  }

  /** Another playlist: nothing of this one. */
  reset(): void {
    this.running.set(null);
    this.clearMessages();
  }

  async refresh(): Promise<void> {
    const id = this.options.playlistId();
    this.clearMessages();
    this.running.set({ own: true, stage: 'starting', itemsFetched: 0 });
    try {
      const r = await this.options.api.refresh(id);
      if (id !== this.options.playlistId()) return;
      this.running.set(null);
      this.notice.set(
        `Listed ${plural(r.fetched, 'entry', 'entries')}` +
          (r.complete ? ': the listing is complete.' : ', but the listing could not be verified as complete.'),
      );
      this.warning.set(r.warning);
      this.options.listed();
    } catch (err) {
      if (id !== this.options.playlistId()) return;
      const e = toApiError(err);
      if (e.status === 409) {
        // Someone else's listing runs: show it until its last message.
        this.error.set(`${e.message}. Its progress shows here.`);
        this.running.set({ own: false, stage: 'starting', itemsFetched: 0 });
      } else {
        this.running.set(null);
        this.error.set(`Not refreshed: ${e.message}`);
      }
    }
  }

  /** The detail says whether a listing runs: one this page did not start shows until it ends. */
  observe(fetching: boolean): void {
    const r = this.running();
    if (fetching && !r) this.running.set({ own: false, stage: 'starting', itemsFetched: 0 });
    else if (!fetching && r && !r.own) this.running.set(null);
  }

  /** A `playlistFetchProgress` of this playlist. */
  onMessage(m: LiveMessage<'playlistFetchProgress'>): void {
    const r = this.running();
    if (m.stage !== 'done') {
      this.running.set({ own: r?.own ?? false, stage: m.stage, itemsFetched: m.itemsFetched });
      return;
    }
    // The own Refresh ends with its answer; a listing seen from outside ends here.
    if (r && !r.own) {
      this.running.set(null);
      this.error.set(null);
      this.notice.set(`The listing finished: ${plural(m.itemsFetched, 'entry', 'entries')} read.`);
      this.options.listed();
    }
  }

  private clearMessages(): void {
    this.notice.set(null);
    this.warning.set(null);
    this.error.set(null);
  }
}
