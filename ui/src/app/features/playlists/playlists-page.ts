import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { RouterLink } from '@angular/router';
import { Live } from '../../core/live';
import { KeySet } from '../../shared/keyed';
import { ListPager } from '../../shared/list-pager';
import { PagedList } from '../../shared/paged-list';
import { formatNumber } from '../../shared/channel-format';
import type { Playlist } from './api-types';
import { PlaylistsApi } from './playlists-api';
import { FollowPanel } from './follow-panel';
import { autoDownloadState, listingText } from './playlist-format';

/** Followed playlists: follow one by URL, the list (most recently changed first), pages. */
@Component({
  selector: 'app-playlists-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink, MatButtonModule, MatProgressBarModule, ListPager, FollowPanel],
  template: `
    <h1>Playlists</h1>
    <app-follow-panel (followed)="list.load()" />

    <h2>Followed playlists</h2>
    @if (list.loading()) {
      <mat-progress-bar mode="indeterminate" aria-label="Loading playlists" />
    }
    @if (list.error()) {
      <p class="error" role="alert" data-testid="playlists-error">{{ list.error() }}</p>
    }
    <ul class="list" aria-label="Followed playlists">
      @for (p of list.items(); track p.playlist_id) {
        @let auto = autoState(p);
        <li class="item" data-testid="playlist-item" [attr.data-playlist-id]="p.playlist_id">
          <div class="thumb">
            @if (p.thumbnail && !brokenThumbs.has(p.playlist_id)) {
              <img
                [src]="p.thumbnail"
                alt=""
                loading="lazy"
                referrerpolicy="no-referrer"
                (error)="brokenThumbs.set(p.playlist_id)"
              />
            }
          </div>
          <div class="info">
            <a class="title" [routerLink]="['/playlists', p.playlist_id]" data-testid="playlist-link">{{ p.title }}</a>
            <div class="muted small">
              @if (p.uploader) {
                {{ p.uploader }} ·
              }
              {{ count(p.video_count) }}
              {{ p.video_count === 1 ? 'video' : 'videos' }} · {{ listed(p) }}
            </div>
            <p class="small" [class.warn]="auto.kind === 'waiting'" data-testid="playlist-auto-download">
              {{ auto.text }}
            </p>
          </div>
          <a mat-button class="open" [routerLink]="['/playlists', p.playlist_id]" [attr.aria-label]="'Open ' + p.title"
            >Open</a
          >
        </li>
      } @empty {
        @if (!list.loading() && !list.error()) {
          <li class="muted empty" data-testid="playlists-empty">
            No playlist followed yet: look one up above by its URL.
          </li>
        }
      }
    </ul>
    <app-list-pager [list]="list" [sizes]="[10, 25, 50, 100]" label="Pages of playlists" testId="playlists-paginator" />
  `,
  styleUrls: ['../../shared/item-list.css', './playlists-page.css'],
})
export class PlaylistsPage {
  private readonly api = inject(PlaylistsApi);
  readonly count = formatNumber;
  readonly autoState = autoDownloadState;
  readonly listed = listingText;
  readonly brokenThumbs = new KeySet<string>();
  readonly list = new PagedList<Playlist, 'updated'>({
    what: 'playlists',
    pageSize: 25,
    sortBy: 'updated',
    sortOrder: 'desc',
    fetch: async (l) => {
      const r = await this.api.list({ page: l.pageIndex() + 1, pageSize: l.pageSize() });
      return { items: r.playlists, total: r.total };
    },
  });

  constructor() {
    inject(Live)
      .ready.pipe(takeUntilDestroyed())
      .subscribe((r) => {
        if (r.reconnected || r.restarted) void this.list.load();
      });
    void this.list.load();
  }
}
