import { NgTemplateOutlet } from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  effect,
  inject,
  input,
  signal,
  untracked,
} from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatTabsModule } from '@angular/material/tabs';
import { Title } from '@angular/platform-browser';
import { RouterLink } from '@angular/router';
import { Live } from '../../../core/live';
import { FeedsSection } from '../../../shared/feeds/feeds-section';
import { isActiveStatus } from '../../../shared/queue-state';
import { tabBadgeText, tabLabel } from '../../../shared/channel-format';
import { ChannelsApi } from '../channels-api';
import { ChannelHeader } from './channel-header';
import { ChannelOverview } from './channel-overview';
import { ChannelVideos } from './channel-videos';
import { DownloadAll } from './download-all';
import { DownloadAllPanel } from './download-all-panel';
import { FetchTracker } from './fetch-tracker';
import { SelectionBar, type VideoView } from './selection-bar';
import { TabStatsBar } from './tab-stats-bar';
import { VideoActions } from './video-actions';
import { VideoFilters } from './video-filters';
import { VideoList } from './video-list';

const VIEW_KEY = 'vidkeep.channelView';
/** Live messages arriving together cost one reload. */
const RELOAD_DELAY_MS = 1000;

/**
 * One channel: header, tabs with figures, the known videos, fetching, downloading, settings.
 * The state lives in `ChannelOverview`, `ChannelVideos`, `VideoActions`, `FetchTracker` and
 * `DownloadAll`; the page creates them, wires what one tells the others, and reloads on live
 * messages.
 */
@Component({
  selector: 'app-channel-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    NgTemplateOutlet,
    RouterLink,
    MatTabsModule,
    ChannelHeader,
    TabStatsBar,
    DownloadAllPanel,
    VideoFilters,
    SelectionBar,
    VideoList,
    FeedsSection,
  ],
  templateUrl: './channel-page.html',
  styleUrl: './channel-page.css',
})
export class ChannelPage {
  private readonly api = inject(ChannelsApi);
  private readonly live = inject(Live);

  /** From the route `/channels/:channelId` (withComponentInputBinding). */
  readonly channelId = input.required<string>();
  readonly label = tabLabel;
  readonly badge = tabBadgeText;

  readonly overview = new ChannelOverview({ api: this.api, title: inject(Title), channelId: this.channelId });
  private readonly tab = this.overview.currentTab;
  readonly videos = new ChannelVideos({
    api: this.api,
    channelId: this.channelId,
    tab: this.tab,
    ready: () => this.overview.tabs().length > 0,
  });
  readonly actions = new VideoActions({
    api: this.api,
    channelId: this.channelId,
    videos: this.videos,
    queued: () => this.scheduleReload(),
    ignoredChanged: () => void this.overview.loadStats(),
  });
  readonly fetch = new FetchTracker({
    api: this.api,
    channelId: this.channelId,
    tab: this.tab,
    listed: (tab) => {
      void this.overview.loadStats();
      if (tab === this.tab()) void this.videos.load(true);
    },
    listedUnseen: () => this.scheduleReload(true),
  });
  readonly downloadAll = new DownloadAll({
    api: this.api,
    channelId: this.channelId,
    tab: this.tab,
    queued: () => this.scheduleReload(),
  });
  readonly view = signal<VideoView>(localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid');

  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  private reloadStatsToo = false;

  constructor() {
    effect(() => {
      const id = this.channelId();
      untracked(() => void this.open(id));
    });
    this.live
      .on('channelFetchProgress', 'channelUpdated', 'videoActivityUpdated', 'jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (m.type === 'channelFetchProgress') {
          if (m.channelId !== this.channelId()) return;
          if (m.fetchType === 'full') this.fetch.onMessage(m);
          else if (m.stage === 'done' && m.tabType === this.tab()) this.scheduleReload();
        } else if (m.type === 'channelUpdated') {
          // One of its videos was downloaded or deleted: the figures count again, no reload needed.
          if (m.channelId === this.channelId()) this.scheduleReload(true);
        } else if (m.type === 'videoActivityUpdated') {
          this.scheduleReload();
        } else if (!isActiveStatus(m.job.status)) {
          this.scheduleReload(true);
        }
      });
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.open(this.channelId(), true);
    });
    inject(DestroyRef).onDestroy(() => this.reloadTimer && clearTimeout(this.reloadTimer));
  }

  /** Loads everything of a channel; `keep` keeps the chosen tab and filters (after a reconnect). */
  async open(id: string, keep = false): Promise<void> {
    if (!keep) {
      this.overview.reset();
      this.videos.reset();
      this.fetch.reset();
      this.resetTabState();
    }
    void this.overview.loadChannel(id);
    await this.overview.loadTabs(id);
    if (id !== this.channelId() || this.overview.notFound()) return;
    void this.fetch.check();
    // Stats after the videos: the first visit of a channel lists its tab on the server, which
    // changes the figures.
    await this.videos.load();
    if (id === this.channelId()) await this.overview.loadStats();
  }

  selectTab(index: number): void {
    if (index === this.overview.selectedIndex()) return;
    this.overview.selectedIndex.set(index);
    this.resetTabState();
    this.videos.reset();
    void this.videos.load();
    if (!this.fetch.state()) void this.fetch.check();
  }

  setView(view: VideoView): void {
    this.view.set(view);
    localStorage.setItem(VIEW_KEY, view);
  }

  /** What belongs to one tab: selection, page, notices of its actions. */
  private resetTabState(): void {
    this.videos.list.pageIndex.set(0);
    this.actions.reset();
    this.downloadAll.reset();
    this.overview.auto.error.set(null);
    this.fetch.clearMessages();
  }

  private scheduleReload(withStats = false): void {
    if (withStats) this.reloadStatsToo = true;
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      if (this.reloadStatsToo) void this.overview.loadStats();
      this.reloadStatsToo = false;
      void this.videos.load(true);
    }, RELOAD_DELAY_MS);
  }
}
