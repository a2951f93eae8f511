import {
  type JobLane,
  ChannelErrorCodes as E,
  ConflictError,
  NotFoundError,
  TAB_MEDIA_TYPE,
  type DownloadQueueService,
  type LibraryReads,
  type FetchOutcome,
  type FetchStatusResponse,
  type LiveHub,
  type LiveMessage,
  type PluginLogger,
  type TabType,
} from '@vidkeep/contracts';
import type { LibraryState, ReadModel } from '@vidkeep/read-models';
import type { ChannelRow } from '../entities.js';
import type { ChannelStore } from './channel-store.js';
import { estimateMissingDates } from './entries.js';
import { expectedEntries, fetchOutcome, listedTotal, secondsLeft } from './fetch-progress.js';
import type { ChannelPlatform } from './platform.js';
import type { ChannelVideoStore } from './video-store.js';

export { FULL_FETCH_LIMIT } from './fetch-progress.js';
const DAY = 24 * 3600_000;

interface FetchState {
  type: 'full' | 'refresh';
  /** A sweep (`automatic`) or a person (`manual`): sweeps wait for the platform budget and cool-down. */
  lane: JobLane;
  startTime: Date;
  stage: 'listing' | 'saving';
  itemsFetched: number;
  /** Pages of the listing read (full fetches follow yt-dlp's page lines). */
  pagesRead: number;
  /** The tab total known when the fetch started, at most 5,000; null when unknown. */
  expectedTotal: number | null;
  /** `sleepRequests` pacing each page request of a full fetch (0 for refreshes, which are not paced). */
  sleepRequests: number;
  /** Stops this fetch's yt-dlp (a cancel). */
  controller: AbortController;
  cancelling: boolean;
  done: Promise<FetchResult>;
}

export interface FetchResult {
  ok: boolean;
  /** Entries saved (a cancelled full fetch saves what it read until then). */
  found: number;
  error: string | null;
  /** How a full fetch ended (`cancelled` is ok: what was read is saved); refreshes: `complete` or `failed`. */
  outcome: FetchOutcome;
  pagesRead: number;
}

/** How the last full fetch of a tab ended, for `fetch-status` once it is over. */
type LastFetch = NonNullable<FetchStatusResponse['lastFetch']>;

/**
 * Reads channel tabs from the platform into the listing cache: quick refreshes of the newest
 * entries and full fetches ("Load all", up to 5,000) with progress page by page and a cancel.
 * One fetch per channel tab at a time.
 */
export class TabFetcher {
  private readonly running = new Map<string, FetchState>();
  private readonly last = new Map<string, LastFetch>();

  constructor(
    private readonly deps: {
      store: ChannelStore;
      videos: ChannelVideoStore;
      platform: ChannelPlatform;
      downloads: () => DownloadQueueService;
      /** The library copy: its `read` gives the library's state of listed videos. */
      libraryState: Pick<ReadModel<LibraryReads, LibraryState>, 'read'>;
      hub: LiveHub | null;
      logger: PluginLogger;
      signal: AbortSignal;
      /** The downloader's `sleepRequests`: seconds yt-dlp waits before each request of a long listing. */
      sleepRequests: () => number;
    },
  ) {}

  private key(channelId: string, tab: TabType) {
    return `${channelId}:${tab}`;
  }

  isFetching(channelId: string, tab: TabType): FetchState['type'] | null {
    return this.running.get(this.key(channelId, tab))?.type ?? null;
  }

  status(channelId: string, tab?: TabType): FetchStatusResponse {
    const entries = tab
      ? [[tab, this.running.get(this.key(channelId, tab))] as const]
      : (['videos', 'shorts', 'streams'] as const).map((t) => [t, this.running.get(this.key(channelId, t))] as const);
    const found = entries.find(([, s]) => s);
    if (!found || !found[1]) {
      const last = tab ? this.last.get(this.key(channelId, tab)) : undefined;
      return last ? { isFetching: false, lastFetch: last } : { isFetching: false };
    }
    const [t, s] = found;
    return {
      isFetching: true,
      startTime: s.startTime.toISOString(),
      type: s.type,
      tabType: t,
      // Spec 4.4: progress only on a tab-specific check of a load-more (full) fetch.
      ...(tab && s.type === 'full' ? { progress: { stage: s.stage, ...this.progressOf(s) } } : {}),
    };
  }

  /**
   * Stops a running full fetch of a tab (its yt-dlp); what it read until then is saved. Refreshes
   * read a few dozen entries and are not cancelled; a fetch that is already saving the whole tab
   * ends by itself (409). Answers the entries read so far.
   */
  cancel(channel: Pick<ChannelRow, 'channelId' | 'title'>, tab: TabType): number {
    const s = this.running.get(this.key(channel.channelId, tab));
    if (!s || s.type !== 'full')
      throw new NotFoundError(E.fetchNotRunning, `No Load all of the ${tab} tab of ${channel.title} is running`);
    if (s.stage === 'saving' && !s.cancelling)
      throw new ConflictError(
        E.fetchInProgress,
        `The Load all of the ${tab} tab of ${channel.title} has read the tab and is saving it: it ends in a moment`,
      );
    if (!s.cancelling) {
      s.cancelling = true;
      s.controller.abort();
      this.deps.logger.info({ channelId: channel.channelId, tab, entries: s.itemsFetched }, 'Load all cancelled');
      this.push(channel.channelId, tab, s);
    }
    return s.itemsFetched;
  }

  /** How many newest entries a refresh reads: fewer for channels that posted recently. */
  static refreshSize(newest: Date | null, now: Date): number {
    if (!newest) return 50;
    const days = (now.getTime() - newest.getTime()) / DAY;
    return days <= 10 ? Math.min(50, Math.max(5, Math.ceil(5 * Math.max(days, 1)))) : 50;
  }

  /**
   * Starts (or joins) a fetch of one tab. A full fetch while another fetch of the same tab runs
   * returns null (the caller answers 409); a refresh joins the running one.
   */
  start(
    channel: ChannelRow,
    tab: TabType,
    type: 'full' | 'refresh',
    limit: number,
    lane: JobLane = 'manual',
  ): Promise<FetchResult> | null {
    const key = this.key(channel.channelId, tab);
    const existing = this.running.get(key);
    if (existing) return type === 'full' ? null : existing.done;
    const state: FetchState = {
      type,
      lane,
      startTime: new Date(),
      stage: 'listing',
      itemsFetched: 0,
      pagesRead: 0,
      expectedTotal: type === 'full' ? expectedEntries(channel.tabVideoCounts?.[TAB_MEDIA_TYPE[tab]]) : null,
      sleepRequests: type === 'full' ? this.deps.sleepRequests() : 0,
      controller: new AbortController(),
      cancelling: false,
      done: Promise.resolve({ ok: true, found: 0, error: null, outcome: 'complete', pagesRead: 0 }),
    };
    this.running.set(key, state);
    const finish = (outcome: FetchOutcome, pagesRead: number, error: string | null) => {
      this.running.delete(key);
      if (type === 'full') {
        this.last.set(key, {
          tabType: tab,
          outcome,
          startTime: state.startTime.toISOString(),
          endTime: new Date().toISOString(),
          itemsFetched: state.itemsFetched,
          pagesRead,
          error,
        });
      }
      this.push(channel.channelId, tab, state, outcome);
    };
    state.done = this.run(channel, tab, limit, state).then(
      (result) => {
        finish(result.outcome, result.pagesRead, result.error);
        return result;
      },
      (err: unknown) => {
        finish('failed', state.pagesRead, err instanceof Error ? err.message : String(err));
        throw err;
      },
    );
    return state.done;
  }

  private progressOf(s: FetchState) {
    return {
      itemsFetched: s.itemsFetched,
      pagesRead: s.pagesRead,
      expectedTotal: s.expectedTotal,
      etaSeconds:
        s.stage === 'listing' ? secondsLeft(s.itemsFetched, s.expectedTotal, Date.now() - s.startTime.getTime()) : 0,
      sleepRequests: s.sleepRequests,
      cancelling: s.cancelling,
    };
  }

  /** `channelFetchProgress`; `outcome` given: the fetch ended (`done`). */
  private push(channelId: string, tab: TabType, s: FetchState, outcome?: FetchOutcome): void {
    const message: LiveMessage<'channelFetchProgress'> = {
      type: 'channelFetchProgress',
      channelId,
      tabType: tab,
      fetchType: s.type,
      stage: outcome ? 'done' : s.stage,
      itemsFetched: s.itemsFetched,
      ...(s.type === 'full' ? { ...this.progressOf(s), ...(outcome ? { outcome, etaSeconds: null } : {}) } : {}),
    };
    this.deps.hub?.broadcast(message, { coalesceKey: `channelFetch:${channelId}:${tab}` });
  }

  private async run(channel: ChannelRow, tab: TabType, limit: number, state: FetchState): Promise<FetchResult> {
    const { platform, videos, store, logger } = this.deps;
    const started = Date.now();
    const full = state.type === 'full';
    const signal = AbortSignal.any([this.deps.signal, state.controller.signal]);
    // yt-dlp asks for page N once N pages (the tab's own page and N - 1 more) are read; the
    // entries that arrive after that are page N's, so N + 1 pages are read.
    let asked = 0;
    // A full fetch reads one entry more than it keeps: a 5,001st entry says the tab goes on.
    const r = await platform.listTab(channel.channelId, tab, full ? limit + 1 : limit, {
      signal,
      lane: state.lane,
      onProgress: (read) => {
        state.itemsFetched = Math.min(read, limit);
        state.pagesRead = asked + 1;
        this.push(channel.channelId, tab, state);
      },
      ...(full
        ? {
            onPage: (page: number) => {
              asked = Math.max(asked, page);
              state.pagesRead = asked;
              this.push(channel.channelId, tab, state);
            },
          }
        : {}),
    });
    const cancelled = !r.ok && r.failure.aborted && state.cancelling && !this.deps.signal.aborted;
    if (!r.ok && !cancelled) {
      const error = r.failure.diagnosis.cause;
      logger.warn(
        { channelId: channel.channelId, tab, error: r.failure.stderr.slice(-500) },
        'Channel tab listing failed',
      );
      if (/terminated/i.test(r.failure.stderr)) await store.update(channel.id, { terminatedAt: new Date() });
      return { ok: false, found: 0, error, outcome: 'failed', pagesRead: state.pagesRead };
    }
    const listing = r.ok ? r.value : r.partial;
    const outcome = full ? fetchOutcome({ read: listing.read, ok: r.ok, cancelled }) : 'complete';
    // The page asked for last is read too when yt-dlp ended by itself (it may have had no entry).
    if (r.ok && listing.read > 0) state.pagesRead = asked + 1;
    state.stage = 'saving';
    state.itemsFetched = Math.min(listing.read, limit);
    this.push(channel.channelId, tab, state);
    const now = new Date();
    const listed = listing.videos.slice(0, limit);
    estimateMissingDates(listed, now);
    // The library's state of the listed videos, written with the rows.
    const library = await this.deps.libraryState.read(listed.map((v) => v.sourceId));
    await videos.upsert(channel.channelId, listed, library, now);
    const fresh = (await store.byChannelId(channel.channelId)) ?? channel;
    await store.update(channel.id, {
      lastFetchedByTab: { ...(fresh.lastFetchedByTab ?? {}), [tab]: now.toISOString() },
      // A listing that read the whole tab knows its total: "total unknown" no longer applies.
      ...(outcome === 'complete' && full
        ? { tabVideoCounts: { ...(fresh.tabVideoCounts ?? {}), [TAB_MEDIA_TYPE[tab]]: listedTotal(listed, now) } }
        : {}),
      ...(channel.terminatedAt ? { terminatedAt: null } : {}),
    });
    logger.info(
      {
        channelId: channel.channelId,
        tab,
        type: state.type,
        outcome,
        entries: listed.length,
        pages: state.pagesRead,
        ms: Date.now() - started,
      },
      'Channel tab listed',
    );
    return { ok: true, found: listed.length, error: null, outcome, pagesRead: state.pagesRead };
  }
}
