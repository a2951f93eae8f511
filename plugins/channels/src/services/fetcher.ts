import type { DownloaderService, FetchStatusResponse, LiveHub, PluginLogger, TabType } from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import type { ChannelStore } from './channel-store.js';
import { estimateMissingDates } from './entries.js';
import type { ChannelPlatform } from './platform.js';
import type { ChannelVideoStore } from './video-store.js';

/** A full fetch reads at most this many entries of a tab. */
export const FULL_FETCH_LIMIT = 5000;
const DAY = 24 * 3600_000;

interface FetchState {
  type: 'full' | 'refresh';
  startTime: Date;
  stage: 'listing' | 'saving';
  itemsFetched: number;
  done: Promise<FetchOutcome>;
}

export interface FetchOutcome {
  ok: boolean;
  found: number;
  error: string | null;
}

/**
 * Reads channel tabs from the platform into the listing cache: quick refreshes of the newest
 * entries and full fetches (up to 5,000) with progress. One fetch per channel tab at a time.
 */
export class TabFetcher {
  private readonly running = new Map<string, FetchState>();

  constructor(
    private readonly deps: {
      store: ChannelStore;
      videos: ChannelVideoStore;
      platform: ChannelPlatform;
      downloader: () => DownloaderService;
      hub: LiveHub | null;
      logger: PluginLogger;
      signal: AbortSignal;
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
    if (!found || !found[1]) return { isFetching: false };
    const [t, s] = found;
    return {
      isFetching: true,
      startTime: s.startTime.toISOString(),
      type: s.type,
      tabType: t,
      // Spec 4.4: progress only on a tab-specific check of a load-more (full) fetch.
      ...(tab && s.type === 'full' ? { progress: { itemsFetched: s.itemsFetched, stage: s.stage } } : {}),
    };
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
  start(channel: ChannelRow, tab: TabType, type: 'full' | 'refresh', limit: number): Promise<FetchOutcome> | null {
    const key = this.key(channel.channelId, tab);
    const existing = this.running.get(key);
    if (existing) return type === 'full' ? null : existing.done;
    const state: FetchState = {
      type,
      startTime: new Date(),
      stage: 'listing',
      itemsFetched: 0,
      done: Promise.resolve({ ok: true, found: 0, error: null }),
    };
    this.running.set(key, state);
    state.done = this.run(channel, tab, limit, state).finally(() => {
      this.running.delete(key);
      this.push(channel.channelId, tab, state, true);
    });
    return state.done;
  }

  private push(channelId: string, tab: TabType, s: FetchState, finished = false): void {
    this.deps.hub?.broadcast(
      {
        type: 'channelFetchProgress',
        channelId,
        tabType: tab,
        fetchType: s.type,
        stage: finished ? 'done' : s.stage,
        itemsFetched: s.itemsFetched,
      },
      { coalesceKey: `channelFetch:${channelId}:${tab}` },
    );
  }

  private async run(channel: ChannelRow, tab: TabType, limit: number, state: FetchState): Promise<FetchOutcome> {
    const { platform, videos, store, logger } = this.deps;
    const started = Date.now();
    const r = await platform.listTab(channel.channelId, tab, limit, {
      signal: this.deps.signal,
      onProgress: (read) => {
        state.itemsFetched = read;
        this.push(channel.channelId, tab, state);
      },
    });
    if (!r.ok) {
      const error = r.failure.diagnosis.cause;
      logger.warn(
        { channelId: channel.channelId, tab, error: r.failure.stderr.slice(-500) },
        'Channel tab listing failed',
      );
      if (/terminated/i.test(r.failure.stderr)) await store.update(channel.id, { terminatedAt: new Date() });
      return { ok: false, found: 0, error };
    }
    state.stage = 'saving';
    state.itemsFetched = r.value.read;
    this.push(channel.channelId, tab, state);
    const now = new Date();
    const listed = r.value.videos;
    estimateMissingDates(listed, now);
    // One read of the library: which listed videos it has, and its flags of those (protected, missing).
    const library = await this.deps.downloader().libraryVideos(listed.map((v) => v.sourceId));
    await videos.upsert(channel.channelId, listed, new Set(library.map((v) => v.sourceId)), now);
    const flagged = library.filter((v) => v.protected || v.missing);
    if (flagged.length)
      await videos.setLibraryFlags(
        flagged.map((v) => ({ sourceId: v.sourceId, protected: v.protected, missing: v.missing })),
      );
    const fresh = (await store.byChannelId(channel.channelId)) ?? channel;
    await store.update(channel.id, {
      lastFetchedByTab: { ...(fresh.lastFetchedByTab ?? {}), [tab]: now.toISOString() },
      ...(channel.terminatedAt ? { terminatedAt: null } : {}),
    });
    logger.info(
      { channelId: channel.channelId, tab, type: state.type, entries: listed.length, ms: Date.now() - started },
      'Channel tab listed',
    );
    return { ok: true, found: listed.length, error: null };
  }
}
