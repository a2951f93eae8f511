import { DatePipe } from '@angular/common';
import { Component, DestroyRef, ElementRef, inject, signal, viewChild, ChangeDetectionStrategy } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { RouterLink } from '@angular/router';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatSelectModule } from '@angular/material/select';
import { MatTooltipModule } from '@angular/material/tooltip';
import { BusyButton } from '../../shared/busy-button';
import { toApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { Live } from '../../core/live';
import { ConfirmButton } from '../../shared/confirm-button';
import { ConfirmInline } from '../../shared/confirm-inline';
import { KeyMessages, KeySet } from '../../shared/keyed';
import { ListControls } from '../../shared/list-controls';
import { ListPager } from '../../shared/list-pager';
import { ListStatus } from '../../shared/list-status';
import { PagedList } from '../../shared/paged-list';
import { RangeFilters } from '../../shared/range-filters';
import { RATINGS, ratingSourceLabel, ratingText } from '../../shared/ratings';
import { ShieldIcon } from '../../shared/shield-icon';
import { WatchBadge } from '../../shared/watch-badge';
import { WatchedFilter } from '../../shared/watched-filter';
import type { Video } from './api-types';
import { formatBytes, formatDuration } from '../../shared/format';
import { isActiveStatus } from '../../shared/queue-state';
import { LibraryBulk } from './library-bulk';
import { LibraryFilters } from './library-filters';
import { LibraryApi, videoFileUrl, videoThumbnailUrl, type VideoQuery } from './library-api';
import { SORT_CHOICES, type SortField } from './library-query';
import { resolutionLabel } from '../../shared/resolution';
import { deleteQuestion } from './delete-question';

/**
 * Downloaded videos: search, sort, the watched filter, pages, play in the browser, protect from
 * automatic removal, delete. Each video shows whether it was watched (and by whom on hover).
 */
@Component({
  selector: 'app-library-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    BusyButton,
    DatePipe,
    ConfirmButton,
    ConfirmInline,
    ListControls,
    ListPager,
    MatButtonModule,
    MatCheckboxModule,
    MatFormFieldModule,
    MatSelectModule,
    RangeFilters,
    RouterLink,
    ListStatus,
    MatTooltipModule,
    ShieldIcon,
    WatchBadge,
    WatchedFilter,
  ],
  templateUrl: './library-page.html',
  styleUrls: ['../../shared/media-card.css', '../../shared/badges.css', './library-page.css'],
})
export class LibraryPage {
  private readonly api = inject(LibraryApi);
  private readonly auth = inject(Auth);
  private readonly live = inject(Live);
  private readonly playerRef = viewChild<ElementRef<HTMLElement>>('player');
  readonly sortChoices = SORT_CHOICES;
  readonly ratings = RATINGS;
  /** The filters; a change goes back to the first page. */
  readonly filters = new LibraryFilters(() => this.list.firstPage());
  readonly list = new PagedList<Video, SortField>({
    what: 'library',
    pageSize: 24,
    sortBy: 'downloadedAt',
    sortOrder: 'desc',
    fetch: async (l) => {
      const query: VideoQuery = {
        page: l.pageIndex() + 1,
        pageSize: l.pageSize(),
        sortBy: l.sortBy(),
        sortOrder: l.sortOrder(),
        search: l.search() || undefined,
        ...this.filters.query(),
      };
      const r = await this.api.videos(query);
      return { items: r.videos, total: r.total };
    },
  });
  /** Selecting videos, and rating or deleting the selected ones. */
  readonly bulk = new LibraryBulk(this.api, this.list, (ids) => {
    if (ids.includes(this.playing()?.sourceId ?? '')) this.closePlayer();
  });
  readonly notice = signal<string | null>(null);
  readonly brokenThumbs = new KeySet<string>();
  readonly playing = signal<Video | null>(null);
  readonly playerError = signal<string | null>(null);
  readonly confirming = signal<string | null>(null);
  readonly deleting = signal<string | null>(null);
  readonly itemErrors = new KeyMessages<string>();
  /** Videos whose protection is being changed. */
  readonly protecting = new KeySet<string>();

  private reloadTimer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    // Newly downloaded videos appear without a reload.
    this.live
      .on('jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (!isActiveStatus(m.job.status) && m.job.counts.completed > 0) this.scheduleReload();
      });
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.list.load();
    });
    inject(DestroyRef).onDestroy(() => this.reloadTimer && clearTimeout(this.reloadTimer));
    void this.list.load();
  }

  resolution = resolutionLabel;
  duration = formatDuration;
  rating = ratingText;
  ratingSource = ratingSourceLabel;
  deleteQuestion = deleteQuestion;

  size(v: Video): string {
    return formatBytes(v.fileSize ?? v.audioFileSize);
  }

  thumbUrl(v: Video): string {
    return videoThumbnailUrl(v.sourceId, this.auth.token());
  }

  fileUrl(v: Video, download = false): string {
    return videoFileUrl(v.sourceId, this.auth.token(), download);
  }

  play(v: Video): void {
    this.playerError.set(null);
    this.playing.set(v);
    // Bring the player into view and give it the focus (after it is rendered).
    setTimeout(() => {
      const el = this.playerRef()?.nativeElement;
      el?.focus();
      el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    });
  }

  closePlayer(): void {
    this.playing.set(null);
    this.playerError.set(null);
  }

  askDelete(v: Video): void {
    this.notice.set(null);
    this.itemErrors.set(v.sourceId, null);
    this.confirming.set(v.sourceId);
  }

  async remove(v: Video): Promise<void> {
    this.deleting.set(v.sourceId);
    this.itemErrors.set(v.sourceId, null);
    try {
      const r = await this.api.removeVideo(v.sourceId);
      if (this.playing()?.sourceId === v.sourceId) this.closePlayer();
      this.confirming.set(null);
      this.notice.set(r.message);
      await this.list.load();
    } catch (err) {
      this.itemErrors.set(v.sourceId, `Not deleted: ${toApiError(err).message}`);
    } finally {
      this.deleting.set(null);
    }
  }

  /**
   * Protects a video from automatic removal (or stops): shown at once, put back with the
   * server's explanation when it refuses.
   */
  async setProtected(v: Video, on: boolean): Promise<void> {
    const id = v.sourceId;
    if (this.protecting.has(id)) return;
    const before = v.protected;
    this.notice.set(null);
    this.itemErrors.set(id, null);
    this.protecting.set(id);
    this.updateItem(id, { protected: on });
    try {
      const r = await this.api.setProtected(id, on);
      this.updateItem(id, { protected: r.protected });
    } catch (err) {
      this.updateItem(id, { protected: before });
      const what = on ? 'Not protected' : 'Still protected';
      this.itemErrors.set(id, `${what}: ${toApiError(err).message}`);
    } finally {
      this.protecting.set(id, false);
    }
  }

  private updateItem(sourceId: string, change: Partial<Video>): void {
    this.list.items.update((items) => items.map((v) => (v.sourceId === sourceId ? { ...v, ...change } : v)));
  }

  private scheduleReload(): void {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      void this.list.load();
    }, 1000);
  }
}
