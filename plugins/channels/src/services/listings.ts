import {
  ChannelErrorCodes as E,
  ConflictError,
  TAB_MEDIA_TYPE,
  type ChannelVideoPage,
  type ChannelVideosQuery,
  type DownloadQueueService,
  type LibraryService,
  type FetchAllQuery,
  type TabType,
} from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import { requireChannel } from './channel-lookup.js';
import { visibleTabs } from './channel-rows.js';
import type { ChannelStore } from './channel-store.js';
import { FULL_FETCH_LIMIT, TabFetcher, type FetchResult } from './fetcher.js';
import { firstPageQuery, pageCount } from './listing-query.js';
import { listingFailed } from './platform-errors.js';
import { toChannelVideo } from './channel-video-rows.js';
import type { ChannelVideoStore } from './video-store.js';

const HOUR = 3600_000;

export interface ListingsDeps {
  store: Pick<ChannelStore, 'byChannelId'>;
  videos: Pick<ChannelVideoStore, 'newest' | 'page' | 'oldestDate'>;
  fetcher: Pick<TabFetcher, 'start' | 'cancel'>;
  downloads: () => DownloadQueueService;
  library: () => LibraryService;
}

/** A channel tab's known videos: pages from the listing cache, refreshes and full fetches. */
export class ChannelListings {
  constructor(private readonly deps: ListingsDeps) {}

  /** Page of a tab's known videos; a tab never listed is read first, a stale one refreshed in the background. */
  async videosPage(channelId: string, q: ChannelVideosQuery): Promise<ChannelVideoPage> {
    const row = await requireChannel(this.deps.store, channelId);
    const last = row.lastFetchedByTab?.[q.tabType] ?? null;
    if (!last) {
      const outcome = await this.refresh(row, q.tabType);
      return this.page(row.channelId, q, 'fresh', outcome?.error ?? null);
    }
    if (Date.now() - Date.parse(last) > HOUR || row.terminatedAt) void this.refresh(row, q.tabType);
    return this.page(row, q, 'cache', null);
  }

  /** Full fetch of a tab (up to 5,000 entries), then the first page of what is known. */
  async fetchAll(channelId: string, q: FetchAllQuery) {
    const row = await requireChannel(this.deps.store, channelId);
    const started = Date.now();
    const p = this.deps.fetcher.start(row, q.tabType, 'full', FULL_FETCH_LIMIT);
    if (!p)
      throw new ConflictError(
        E.fetchInProgress,
        `A fetch of the ${q.tabType} tab of ${row.title} is already in progress`,
      );
    const result = await p;
    if (!result.ok || result.outcome === 'failed') throw listingFailed(q.tabType, result.error);
    const elapsedSeconds = Math.round((Date.now() - started) / 100) / 10;
    const page = await this.page(channelId, firstPageQuery(q), 'fresh', null);
    return {
      success: true,
      videosFound: result.found,
      elapsedSeconds,
      outcome: result.outcome,
      cancelled: result.outcome === 'cancelled',
      pagesRead: result.pagesRead,
      ...page,
    };
  }

  /** Stops a running Load all of a tab; what it read is saved. 404 when none runs. */
  async cancelFetch(channelId: string, tab: TabType) {
    const row = await requireChannel(this.deps.store, channelId);
    return { status: 'cancelling' as const, tabType: tab, itemsFetched: this.deps.fetcher.cancel(row, tab) };
  }

  /** Refreshes the newest entries of a tab: fewer for channels that post rarely. */
  private async refresh(row: ChannelRow, tab: TabType): Promise<FetchResult | null> {
    const newest = (await this.deps.videos.newest(row.channelId, tab, 1))[0];
    const size = TabFetcher.refreshSize(
      newest?.publishedAtSource === 'estimated' ? null : (newest?.publishedAt ?? null),
      new Date(),
    );
    return this.deps.fetcher.start(row, tab, 'refresh', size);
  }

  /** A page from the cache; given a channel id the row is read again (a fetch changed it). */
  private async page(
    channel: ChannelRow | string,
    q: ChannelVideosQuery,
    dataSource: 'cache' | 'fresh',
    fetchError: string | null,
  ): Promise<ChannelVideoPage> {
    const row = typeof channel === 'string' ? await requireChannel(this.deps.store, channel) : channel;
    const [{ rows, total }, oldest] = await Promise.all([
      this.deps.videos.page(row.channelId, q),
      this.deps.videos.oldestDate(row.channelId, q.tabType),
    ]);
    const active = this.deps.downloads().activeVideos();
    const media = TAB_MEDIA_TYPE[q.tabType];
    return {
      videos: rows.map((v) => toChannelVideo(v.row, active.get(v.row.sourceId)?.state ?? null, v.watch)),
      total,
      page: q.page,
      pageSize: q.pageSize,
      totalPages: pageCount(total, q.pageSize),
      tabType: q.tabType,
      lastFetched: row.lastFetchedByTab?.[q.tabType] ?? null,
      dataSource,
      autoDownloadsEnabled: row.enabled && row.autoDownloadEnabledTabs.split(',').includes(media),
      availableTabs: visibleTabs(row),
      oldestVideoDate: oldest ? oldest.toISOString() : null,
      fetchError,
    };
  }
}
