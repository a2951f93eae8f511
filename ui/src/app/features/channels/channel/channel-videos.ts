import { computed, signal, type Signal, type WritableSignal } from '@angular/core';
import { KeySet } from '../../../shared/keyed';
import { PagedList, type PageAnswer } from '../../../shared/paged-list';
import { NO_RANGES, rangeQuery, rangesActive, type Ranges } from '../../../shared/range-filters';
import type { ChannelVideo, ChannelVideoPage, TabType } from '../api-types';
import type { ChannelsApi } from '../channels-api';
import { DEFAULT_VIDEO_STATE, channelVideosQuery, type TriState, type VideoSort } from '../../../shared/channel-query';

export type VideoFilter = 'downloaded' | 'ignored' | 'watched' | 'protected' | 'missing';
export const VIDEO_FILTERS: readonly VideoFilter[] = ['downloaded', 'ignored', 'watched', 'protected', 'missing'];

/** A page of `GET /getchannelvideos/:id` as the paged list keeps it. */
type VideoPageAnswer = PageAnswer<ChannelVideo> & { page: ChannelVideoPage };

export interface ChannelVideosOptions {
  api: ChannelsApi;
  channelId: Signal<string>;
  tab: Signal<TabType>;
  /** False until the channel's tabs are known: there is no list to ask for before. */
  ready: () => boolean;
}

/**
 * The known videos of the chosen tab, the way `PagedList` keeps a list: search, sort and pages
 * from it, plus the downloaded / ignored / watched filters and what the page says besides its
 * videos (when the tab was listed, a failed listing).
 */
export class ChannelVideos {
  readonly filters: Readonly<Record<VideoFilter, WritableSignal<TriState>>> = {
    downloaded: signal(DEFAULT_VIDEO_STATE.downloaded),
    ignored: signal(DEFAULT_VIDEO_STATE.ignored),
    watched: signal(DEFAULT_VIDEO_STATE.watched),
    protected: signal<TriState>('off'),
    missing: signal<TriState>('off'),
  };
  /** Publication and length bounds ("More filters"). */
  readonly ranges = signal<Ranges>(NO_RANGES);
  readonly list: PagedList<ChannelVideo, VideoSort, VideoPageAnswer>;
  readonly videos: Signal<ChannelVideo[]>;
  /** The last page as the server answered it; null while another tab or channel loads. */
  readonly page = computed(() => this.list.answer()?.page ?? null);
  readonly filtersActive = computed(
    () => !!this.list.search() || VIDEO_FILTERS.some((f) => this.filters[f]() !== 'off') || rangesActive(this.ranges()),
  );
  readonly brokenThumbs = new KeySet<string>();

  constructor(private readonly options: ChannelVideosOptions) {
    this.list = new PagedList<ChannelVideo, VideoSort, VideoPageAnswer>({
      what: 'videos',
      pageSize: DEFAULT_VIDEO_STATE.pageSize,
      sortBy: DEFAULT_VIDEO_STATE.sortBy,
      sortOrder: DEFAULT_VIDEO_STATE.sortOrder,
      fetch: async (l) => {
        const query = channelVideosQuery({
          tabType: options.tab(),
          pageIndex: l.pageIndex(),
          pageSize: l.pageSize(),
          search: l.search(),
          downloaded: this.filters.downloaded(),
          ignored: this.filters.ignored(),
          watched: this.filters.watched(),
          protected: this.filters.protected(),
          missing: this.filters.missing(),
          ranges: rangeQuery(this.ranges(), { from: 'dateFrom', to: 'dateTo' }, false),
          sortBy: l.sortBy(),
          sortOrder: l.sortOrder(),
        });
        const page = await options.api.videos(options.channelId(), query);
        return { items: page.videos, total: page.total, page };
      },
    });
    this.videos = this.list.items;
  }

  /** Loads the page the filters describe; `quiet` refreshes without the loading bar. */
  async load(quiet = false): Promise<void> {
    if (this.options.ready()) await this.list.load({ quiet });
  }

  setFilter(which: VideoFilter, value: TriState): void {
    this.filters[which].set(value);
    this.list.firstPage();
  }

  setRanges(value: Ranges): void {
    this.ranges.set(value);
    this.list.firstPage();
  }

  /** Another tab or channel: its first page, and nothing of this one meanwhile. */
  reset(): void {
    this.list.pageIndex.set(0);
    this.list.clear();
  }

  /** Changes one shown video in place (an action the server confirmed), without a reload. */
  update(sourceId: string, change: Partial<ChannelVideo>): void {
    this.list.items.update((videos) => videos.map((v) => (v.sourceId === sourceId ? { ...v, ...change } : v)));
  }
}
