import { computed, signal, type Signal } from '@angular/core';
import { KeySet } from '../../../shared/keyed';
import { PagedList } from '../../../shared/paged-list';
import type { WatchedState } from '../../../shared/watch-state';
import type { PlaylistVideo } from '../api-types';
import type { PlaylistsApi } from '../playlists-api';
import { playlistVideosQuery, type DownloadState, type PlaylistVideoSort } from '../playlist-format';

export interface PlaylistVideosOptions {
  api: PlaylistsApi;
  playlistId: Signal<string>;
}

/**
 * The entries of the playlist, the way `PagedList` keeps a list: search, sort (position or first
 * seen) and pages from it, plus the download-state and watched filters.
 */
export class PlaylistVideos {
  readonly downloadState = signal<DownloadState>('all');
  readonly watchedState = signal<WatchedState>('any');
  readonly list: PagedList<PlaylistVideo, PlaylistVideoSort>;
  readonly videos: Signal<PlaylistVideo[]>;
  readonly filtersActive = computed(
    () => !!this.list.search() || this.downloadState() !== 'all' || this.watchedState() !== 'any',
  );
  readonly brokenThumbs = new KeySet<string>();

  constructor(options: PlaylistVideosOptions) {
    this.list = new PagedList<PlaylistVideo, PlaylistVideoSort>({
      what: 'videos',
      pageSize: 50,
      sortBy: 'position',
      sortOrder: 'asc',
      fetch: async (l) => {
        const query = playlistVideosQuery({
          pageIndex: l.pageIndex(),
          pageSize: l.pageSize(),
          search: l.search(),
          sortBy: l.sortBy(),
          sortOrder: l.sortOrder(),
          downloadState: this.downloadState(),
          watchedState: this.watchedState(),
        });
        const page = await options.api.videos(options.playlistId(), query);
        return { items: page.videos, total: page.total };
      },
    });
    this.videos = this.list.items;
  }

  /** Loads the page the filters describe; `quiet` refreshes without the loading bar. */
  load(quiet = false): Promise<void> {
    return this.list.load({ quiet });
  }

  setDownloadState(state: DownloadState): void {
    this.downloadState.set(state);
    this.list.firstPage();
  }

  setWatchedState(state: WatchedState): void {
    this.watchedState.set(state);
    this.list.firstPage();
  }

  /** Another playlist: its first page, and nothing of this one meanwhile. */
  reset(): void {
    this.list.pageIndex.set(0);
    this.list.clear();
    this.brokenThumbs.clear();
  }

  /** Changes one shown entry in place (an action the server confirmed), without a reload. */
  update(sourceId: string, change: Partial<PlaylistVideo>): void {
    this.list.items.update((videos) => videos.map((v) => (v.source_id === sourceId ? { ...v, ...change } : v)));
  }
}
