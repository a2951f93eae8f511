import { DestroyRef, computed, inject, signal, type Signal } from '@angular/core';
import type { LiveMessage } from '@vidkeep/contracts';
import { toApiError } from '../../../core/api';
import type { FetchAllResponse, FetchOutcome, TabType } from '../api-types';
import type { ChannelsApi } from '../channels-api';
import {
  channelFetchProgressText,
  fetchPacingText,
  formatTotalDuration,
  plural,
  tabLabel,
} from '../../../shared/channel-format';
import {
  advanceFetch,
  fetchStateFromMessage,
  fetchStateFromStatus,
  startingFetch,
  type FetchState,
} from './fetch-state';

/** How often `fetch-status` is asked while a full fetch runs. */
export const FETCH_POLL_MS = 500;

export interface FetchTrackerOptions {
  api: ChannelsApi;
  channelId: Signal<string>;
  tab: Signal<TabType>;
  /** A full listing of `tab` ended that this page saw running: its figures and videos changed. */
  listed: (tab: TabType) => void;
  /** One ended that this page never saw running (only its last message): reload soon. */
  listedUnseen: (tab: TabType) => void;
}

/**
 * "Load all" of a tab: `POST /fetchallchannelvideos` lists the whole tab, which takes a while
 * (yt-dlp reads it page by page, about 30 entries a page, `sleepRequests` apart); meanwhile
 * `fetch-status` is polled every 500 ms and pushed `channelFetchProgress` messages move the
 * progress too: pages and entries read, the time left, the pacing. It can be cancelled (what was
 * read is kept). A fetch someone else started (another window, the scheduler) is shown the same
 * way until it ends. Create it in an injection context (it stops polling on destroy).
 */
export class FetchTracker {
  readonly state = signal<FetchState | null>(null);
  /** The fetch of the tab shown, if any. */
  readonly forTab = computed(() => {
    const f = this.state();
    return f && f.tab === this.options.tab() ? f : null;
  });
  readonly notice = signal<string | null>(null);
  readonly error = signal<string | null>(null);
  /** The cancel request is under way. */
  readonly cancelling = signal(false);

  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private pollInFlight = false;

  constructor(private readonly options: FetchTrackerOptions) {
    inject(DestroyRef).onDestroy(() => this.stopPolling());
  }

  /** The words of the progress: "Listing the tab: page 40, 1,200 of 5,000 entries read, about 2 min left". */
  text(f: FetchState): string {
    return channelFetchProgressText(f);
  }

  /** Why it takes its time: yt-dlp's pages and their pacing. */
  pacing(f: FetchState): string {
    return fetchPacingText(f.sleepRequests);
  }

  /** How far the listing is, in percent of the entries expected; null when the total is not known. */
  percent(f: FetchState): number | null {
    if (f.expectedTotal === null || f.expectedTotal <= 0) return null;
    return Math.min(100, Math.round((f.itemsFetched / f.expectedTotal) * 100));
  }

  /** Another channel: no fetch shown. */
  reset(): void {
    this.stopPolling();
    this.state.set(null);
  }

  /** Another tab: its own messages. */
  clearMessages(): void {
    this.notice.set(null);
    this.error.set(null);
  }

  async start(): Promise<void> {
    const tab = this.options.tab();
    const id = this.options.channelId();
    this.clearMessages();
    this.state.set(startingFetch(tab, true));
    this.startPolling(tab);
    try {
      const r = await this.options.api.fetchAll(id, tab);
      if (id !== this.options.channelId()) return;
      this.reset();
      this.notice.set(loadedNotice(tab, r));
      this.options.listed(tab);
    } catch (err) {
      if (id !== this.options.channelId()) return;
      const e = toApiError(err);
      this.error.set(
        e.status === 409 ? `${e.message} Its progress is shown below.` : `Loading all videos failed: ${e.message}`,
      );
      if (e.status === 409) {
        // Someone else's fetch of this tab runs: show it until it ends.
        this.state.set(startingFetch(tab, false));
        this.startPolling(tab);
      } else {
        this.reset();
      }
    }
  }

  /** On opening a tab: a fetch already running (another window, the scheduler) is shown too. */
  async check(): Promise<void> {
    const tab = this.options.tab();
    try {
      const s = await this.options.api.fetchStatus(this.options.channelId(), tab);
      const state = fetchStateFromStatus(s, tab, false);
      if (state && !this.state()) {
        this.state.set(state);
        this.startPolling(tab);
      }
    } catch {
      // Only a hint for the user: the list itself shows its own errors.
    }
  }

  /**
   * Stops the running Load all of the tab shown: yt-dlp stops, what it read is kept. The POST
   * (or the fetch's end, for one started elsewhere) then says how it ended.
   */
  async cancel(): Promise<void> {
    const f = this.forTab();
    if (!f || f.cancelling || this.cancelling()) return;
    this.cancelling.set(true);
    try {
      await this.options.api.cancelFetch(this.options.channelId(), f.tab);
      this.onProgress({ ...f, cancelling: true });
    } catch (err) {
      const e = toApiError(err);
      // 404: it ended meanwhile; its end is shown as it arrives.
      if (e.status !== 404) this.error.set(`Not cancelled: ${e.message}`);
    } finally {
      this.cancelling.set(false);
    }
  }

  /** A pushed `channelFetchProgress` of a full fetch of this channel. */
  onMessage(m: LiveMessage<'channelFetchProgress'>): void {
    this.onProgress(fetchStateFromMessage(m, false));
  }

  private startPolling(tab: TabType): void {
    this.stopPolling();
    this.pollTimer = setInterval(() => void this.poll(tab), FETCH_POLL_MS);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.pollInFlight = false;
  }

  private async poll(tab: TabType): Promise<void> {
    if (this.pollInFlight) return;
    this.pollInFlight = true;
    try {
      const s = await this.options.api.fetchStatus(this.options.channelId(), tab);
      if (!this.pollTimer) return;
      const state = fetchStateFromStatus(s, tab, false);
      if (state) this.onProgress(state);
      else if (!this.state()?.own) this.observedEnd(tab);
    } catch {
      // A missed poll is harmless: the next one (or the WebSocket) brings the progress.
    } finally {
      this.pollInFlight = false;
    }
  }

  private onProgress(next: FetchState): void {
    const current = this.state();
    if (!current && next.stage === 'done') {
      // A fetch we did not see start ended: its videos are new here.
      if (next.tab === this.options.tab()) this.options.listedUnseen(next.tab);
      return;
    }
    if (current && current.tab !== next.tab) return;
    const merged = advanceFetch(current, next);
    if (merged.stage === 'done' && !merged.own) {
      this.observedEnd(merged.tab, next.outcome);
      return;
    }
    this.state.set(merged);
  }

  /** A fetch this page did not start ended (its POST answer goes elsewhere). */
  private observedEnd(tab: TabType, outcome?: FetchOutcome): void {
    this.reset();
    this.error.set(null);
    this.notice.set(
      outcome === 'cancelled'
        ? `Load all of the ${tabLabel(tab)} tab was cancelled; what it read is kept.`
        : `The ${tabLabel(tab)} tab finished loading.`,
    );
    this.options.listed(tab);
  }
}

/** What the page says when its own Load all ended, as it ended. */
export function loadedNotice(
  tab: TabType,
  r: Pick<FetchAllResponse, 'videosFound' | 'elapsedSeconds' | 'outcome' | 'pagesRead'>,
): string {
  const label = tabLabel(tab);
  const took = formatTotalDuration(r.elapsedSeconds);
  if (r.outcome === 'cancelled')
    return `Load all of the ${label} tab cancelled after ${took}: the ${plural(r.videosFound, 'video')} read so far are kept. Load all again to read the rest.`;
  if (r.outcome === 'limit')
    return `Loaded the newest ${plural(r.videosFound, 'video')} of the ${label} tab in ${took}: it has more, and Load all reads at most 5,000.`;
  return `Loaded the ${label} tab: ${plural(r.videosFound, 'video')} found in ${took} (${plural(r.pagesRead, 'page')}).`;
}
