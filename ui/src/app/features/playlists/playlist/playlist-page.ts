import { ChangeDetectionStrategy, Component, DestroyRef, effect, inject, input, untracked } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { Title } from '@angular/platform-browser';
import { RouterLink } from '@angular/router';
import { Live } from '../../../core/live';
import { FeedsSection } from '../../../shared/feeds/feeds-section';
import { PlaylistsApi } from '../playlists-api';
import { EntryActions } from './entry-actions';
import { EntryBar } from './entry-bar';
import { EntryFilters } from './entry-filters';
import { EntryList } from './entry-list';
import { ListingTracker } from './listing-tracker';
import { PlaylistHeader } from './playlist-header';
import { PlaylistOverview } from './playlist-overview';
import { PlaylistVideos } from './playlist-videos';
import { PublishActions } from './publish-actions';
import { SyncPanel } from './sync-panel';

/** Live messages arriving together cost one reload. */
const RELOAD_DELAY_MS = 1000;

/**
 * One followed playlist: header, its entries with filters and actions, listing, publishing.
 * The state lives in `PlaylistOverview`, `PlaylistVideos`, `EntryActions`, `ListingTracker` and
 * `PublishActions`; the page creates them, wires what one tells the others, and reloads on
 * live messages.
 */
@Component({
  selector: 'app-playlist-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink, PlaylistHeader, EntryFilters, EntryBar, EntryList, SyncPanel, FeedsSection],
  template: `
    <nav class="back"><a routerLink="/playlists">← All playlists</a></nav>
    @if (overview.removed(); as message) {
      <p role="status" data-testid="playlist-removed">
        {{ message }} <a routerLink="/playlists">Back to the playlists</a>
      </p>
    } @else {
      <app-playlist-header [overview]="overview" [listing]="listing" (changed)="reload(true)" />
      @if (overview.detail()) {
        <section class="column" aria-label="Videos of the playlist">
          <app-entry-filters [videos]="videos" />
          <app-entry-bar [actions]="actions" [overview]="overview" [empty]="videos.videos().length === 0" />
          <app-entry-list [videos]="videos" [actions]="actions" />
        </section>
        <app-sync-panel [overview]="overview" [publish]="publish" />
        <app-feeds-section kind="playlist" [subjectId]="playlistId()" />
      }
    }
  `,
  styles: `
    .column {
      display: flex;
      flex-direction: column;
      gap: 8px;
      margin-top: 8px;
    }
  `,
})
export class PlaylistPage {
  private readonly api = inject(PlaylistsApi);
  private readonly live = inject(Live);

  /** From the route `/playlists/:playlistId` (withComponentInputBinding). */
  readonly playlistId = input.required<string>();

  readonly overview = new PlaylistOverview({ api: this.api, title: inject(Title), playlistId: this.playlistId });
  readonly videos = new PlaylistVideos({ api: this.api, playlistId: this.playlistId });
  readonly actions = new EntryActions({
    api: this.api,
    playlistId: this.playlistId,
    videos: this.videos,
    changed: () => this.scheduleReload(true),
  });
  readonly listing = new ListingTracker({
    api: this.api,
    playlistId: this.playlistId,
    listed: () => void this.reload(true),
  });
  readonly publish = new PublishActions({
    api: this.api,
    playlistId: this.playlistId,
    detail: () => this.overview.detail(),
    readDetail: () => this.overview.refresh(),
    published: () => this.scheduleReload(true),
  });

  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  private reloadDetailToo = false;

  constructor() {
    effect(() => {
      const id = this.playlistId();
      untracked(() => void this.open(id));
    });
    this.live
      .on('playlistFetchProgress', 'playlistUpdated', 'jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (m.type === 'jobUpdated') return this.scheduleReload();
        if (m.playlistId !== this.playlistId()) return;
        if (m.type === 'playlistFetchProgress') this.listing.onMessage(m);
        else {
          void this.publish.onUpdated(m);
          this.scheduleReload(true);
        }
      });
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (!r.reconnected && !r.restarted) return;
      void this.reload(true);
      void this.publish.recheck();
    });
    inject(DestroyRef).onDestroy(() => this.reloadTimer && clearTimeout(this.reloadTimer));
  }

  /** Loads everything of a playlist, nothing of the last one staying. */
  async open(id: string): Promise<void> {
    this.overview.reset();
    this.videos.reset();
    this.actions.reset();
    this.listing.reset();
    this.publish.reset();
    await this.overview.load();
    if (id !== this.playlistId() || !this.overview.detail()) return;
    this.listing.observe(this.overview.detail()!.fetching);
    await this.videos.load();
  }

  /** The entries again, and with `detail` the playlist's figures too, without loading bars. */
  async reload(detail = false): Promise<void> {
    if (this.overview.removed()) return;
    if (detail) {
      await this.overview.load(true);
      const d = this.overview.detail();
      if (d) this.listing.observe(d.fetching);
    }
    if (this.overview.detail()) await this.videos.load(true);
  }

  private scheduleReload(detail = false): void {
    if (detail) this.reloadDetailToo = true;
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      const withDetail = this.reloadDetailToo;
      this.reloadDetailToo = false;
      void this.reload(withDetail);
    }, RELOAD_DELAY_MS);
  }
}
