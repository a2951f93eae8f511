import { DatePipe, LowerCasePipe, NgTemplateOutlet } from '@angular/common';
import { Component, DestroyRef, computed, effect, inject, input, signal, untracked } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatDialog } from '@angular/material/dialog';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatInputModule } from '@angular/material/input';
import { MatPaginatorModule, type PageEvent } from '@angular/material/paginator';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { MatSelectModule } from '@angular/material/select';
import { MatSlideToggleModule, type MatSlideToggleChange } from '@angular/material/slide-toggle';
import { MatTabsModule } from '@angular/material/tabs';
import { Title } from '@angular/platform-browser';
import { RouterLink } from '@angular/router';
import { Subject, debounceTime, distinctUntilChanged } from 'rxjs';
import { Api, toApiError } from '../../core/api';
import { Live } from '../../core/live';
import type {
  BulkIgnoreResponse,
  Channel,
  ChannelSettings,
  ChannelTabsResponse,
  ChannelVideo,
  ChannelVideoPage,
  DownloadAllPreview,
  DownloadAllResponse,
  DownloadResponse,
  FetchAllResponse,
  FetchStatusResponse,
  IgnoreResponse,
  TabAutoDownloadResponse,
  TabStats,
  TabStatsResponse,
  TabType,
  UpdateChannelsResponse,
} from './api-types';
import {
  autoDownloadTabs,
  fetchProgressText,
  formatClock,
  formatNumber,
  formatTotalDuration,
  plural,
  subfolderLabel,
  tabLabel,
  tabStatsText,
} from './channel-format';
import {
  DEFAULT_VIDEO_STATE,
  TRI_STATE_CHOICES,
  VIDEO_SORT_CHOICES,
  channelVideosQuery,
  chunk,
  type SortOrder,
  type TriState,
  type VideoSort,
} from './channel-query';
import { isActiveStatus } from '../downloads/queue-state';
import { ChannelSettingsDialog, type ChannelSettingsDialogData } from './channel-settings-dialog';
import { advanceFetch, fetchStateFromMessage, fetchStateFromStatus, type FetchState } from './fetch-state';

const VIEW_KEY = 'vidkeep.channelView';
const POLL_MS = 500;
const BULK_IGNORE_MAX = 5000;
type View = 'grid' | 'list';

/** One channel: header, tabs with figures, the known videos, fetching, downloading, settings. */
@Component({
  selector: 'app-channel-page',
  imports: [
    DatePipe,
    LowerCasePipe,
    NgTemplateOutlet,
    RouterLink,
    MatTabsModule,
    MatFormFieldModule,
    MatInputModule,
    MatSelectModule,
    MatButtonModule,
    MatCheckboxModule,
    MatSlideToggleModule,
    MatPaginatorModule,
    MatProgressBarModule,
  ],
  templateUrl: './channel-page.html',
  styleUrl: './channel-page.css',
})
export class ChannelPage {
  private readonly api = inject(Api);
  private readonly live = inject(Live);
  private readonly dialog = inject(MatDialog);
  private readonly title = inject(Title);

  /** From the route `/channels/:channelId` (withComponentInputBinding). */
  readonly channelId = input.required<string>();

  readonly label = tabLabel;
  readonly clock = formatClock;
  readonly statsText = tabStatsText;
  readonly folderLabel = subfolderLabel;
  readonly sortChoices = VIDEO_SORT_CHOICES;
  readonly triChoices = TRI_STATE_CHOICES;

  // Header
  readonly channel = signal<Channel | null>(null);
  readonly channelLoading = signal(false);
  readonly channelError = signal<string | null>(null);
  readonly notFound = signal(false);
  readonly brokenAvatar = signal(false);
  readonly headerNotice = signal<string | null>(null);
  readonly headerError = signal<string | null>(null);
  readonly resubscribing = signal(false);

  // Tabs and their figures
  readonly tabs = signal<TabType[]>([]);
  readonly tabsLoaded = signal(false);
  readonly tabsError = signal<string | null>(null);
  readonly selectedIndex = signal(0);
  readonly currentTab = computed<TabType>(() => this.tabs()[this.selectedIndex()] ?? 'videos');
  readonly stats = signal<Partial<Record<TabType, TabStats>>>({});
  readonly statsError = signal<string | null>(null);
  readonly currentStats = computed(() => this.stats()[this.currentTab()] ?? null);
  readonly autoBusy = signal(false);
  readonly autoError = signal<string | null>(null);
  readonly autoOn = computed(() =>
    autoDownloadTabs(this.channel()?.auto_download_enabled_tabs).includes(this.currentTab()),
  );

  // The video list
  readonly view = signal<View>(localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid');
  readonly searchText = signal('');
  readonly search = signal('');
  readonly downloaded = signal<TriState>(DEFAULT_VIDEO_STATE.downloaded);
  readonly ignored = signal<TriState>(DEFAULT_VIDEO_STATE.ignored);
  readonly watched = signal<TriState>(DEFAULT_VIDEO_STATE.watched);
  readonly sortBy = signal<VideoSort>(DEFAULT_VIDEO_STATE.sortBy);
  readonly sortOrder = signal<SortOrder>(DEFAULT_VIDEO_STATE.sortOrder);
  readonly pageIndex = signal(0);
  readonly pageSize = signal(DEFAULT_VIDEO_STATE.pageSize);
  readonly page = signal<ChannelVideoPage | null>(null);
  readonly videos = computed(() => this.page()?.videos ?? []);
  readonly filtersActive = computed(
    () => !!this.search() || this.downloaded() !== 'off' || this.ignored() !== 'off' || this.watched() !== 'off',
  );
  readonly videosLoading = signal(false);
  readonly videosError = signal<string | null>(null);
  readonly brokenThumbs = signal<ReadonlySet<string>>(new Set());
  readonly itemErrors = signal<Record<string, string>>({});
  readonly itemBusy = signal<ReadonlySet<string>>(new Set());

  // Selection (kept across pages of one tab): sourceId → URL
  readonly selected = signal<ReadonlyMap<string, string>>(new Map());
  readonly pageSelection = computed(() => {
    const ids = this.videos().map((v) => v.sourceId);
    const n = ids.filter((id) => this.selected().has(id)).length;
    return { all: ids.length > 0 && n === ids.length, some: n > 0 && n < ids.length };
  });
  readonly actionBusy = signal(false);
  readonly actionNotice = signal<string | null>(null);
  readonly actionError = signal<string | null>(null);

  // "Load all"
  readonly fetch = signal<FetchState | null>(null);
  readonly fetchForTab = computed(() => {
    const f = this.fetch();
    return f && f.tab === this.currentTab() ? f : null;
  });
  readonly fetchNotice = signal<string | null>(null);
  readonly fetchError = signal<string | null>(null);

  // Download all
  readonly dlPreview = signal<DownloadAllPreview | null>(null);
  readonly dlLoading = signal(false);
  readonly dlBusy = signal(false);
  readonly dlNotice = signal<string | null>(null);
  readonly dlError = signal<string | null>(null);

  private readonly searches = new Subject<string>();
  private videosGeneration = 0;
  private statsGeneration = 0;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private pollInFlight = false;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  private reloadStatsToo = false;

  constructor() {
    effect(() => {
      const id = this.channelId();
      untracked(() => void this.open(id));
    });
    this.searches.pipe(debounceTime(300), distinctUntilChanged(), takeUntilDestroyed()).subscribe((text) => {
      this.search.set(text.trim());
      this.pageIndex.set(0);
      void this.loadVideos();
    });
    this.live
      .on('channelFetchProgress', 'videoActivityUpdated', 'jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (m.type === 'channelFetchProgress') {
          if (m.channelId !== this.channelId()) return;
          if (m.fetchType === 'full') this.onProgress(fetchStateFromMessage(m, false));
          else if (m.stage === 'done' && m.tabType === this.currentTab()) this.scheduleReload();
        } else if (m.type === 'videoActivityUpdated') {
          this.scheduleReload();
        } else if (!isActiveStatus(m.job.status)) {
          this.scheduleReload(true);
        }
      });
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.open(this.channelId(), true);
    });
    inject(DestroyRef).onDestroy(() => {
      this.stopPolling();
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Loading

  private base(): string {
    return `/api/channels/${encodeURIComponent(this.channelId())}`;
  }

  /** Loads everything of a channel; `keep` keeps the chosen tab and filters (after a reconnect). */
  async open(id: string, keep = false): Promise<void> {
    if (!keep) {
      this.channel.set(null);
      this.notFound.set(false);
      this.tabs.set([]);
      this.tabsLoaded.set(false);
      this.stats.set({});
      this.selectedIndex.set(0);
      this.page.set(null);
      this.fetch.set(null);
      this.stopPolling();
      this.resetTabState();
    }
    void this.loadChannel(id);
    await this.loadTabs(id);
    if (id !== this.channelId() || this.notFound()) return;
    void this.checkFetchStatus();
    // Stats after the videos: the first visit of a channel lists its tab on the server, which
    // changes the figures.
    await this.loadVideos();
    if (id === this.channelId()) await this.loadStats();
  }

  async loadChannel(id = this.channelId()): Promise<void> {
    this.channelLoading.set(true);
    try {
      const c = await this.api.get<Channel>(`/getchannelinfo/${encodeURIComponent(id)}`);
      if (id !== this.channelId()) return;
      this.channel.set(c);
      this.brokenAvatar.set(false);
      this.channelError.set(null);
      this.title.setTitle(`${c.title} · vidkeep`);
    } catch (err) {
      if (id !== this.channelId()) return;
      const e = toApiError(err);
      if (e.status === 404) this.notFound.set(true);
      this.channelError.set(
        e.status === 404
          ? `This channel is not known here: ${e.message}`
          : `The channel could not be loaded: ${e.message}`,
      );
    } finally {
      this.channelLoading.set(false);
    }
  }

  async loadTabs(id = this.channelId()): Promise<void> {
    try {
      const r = await this.api.get<ChannelTabsResponse>(`/api/channels/${encodeURIComponent(id)}/tabs`);
      if (id !== this.channelId()) return;
      const before = this.currentTab();
      this.tabs.set(r.availableTabs);
      const index = r.availableTabs.indexOf(before);
      this.selectedIndex.set(index >= 0 ? index : 0);
      this.tabsError.set(null);
    } catch (err) {
      if (id !== this.channelId()) return;
      const e = toApiError(err);
      if (e.status === 404) this.notFound.set(true);
      else this.tabsError.set(`The tabs could not be read: ${e.message}`);
    } finally {
      if (id === this.channelId()) this.tabsLoaded.set(true);
    }
  }

  async loadStats(): Promise<void> {
    const generation = ++this.statsGeneration;
    try {
      const r = await this.api.get<TabStatsResponse>(`${this.base()}/tab-stats`);
      if (generation !== this.statsGeneration) return;
      this.stats.set(r.tabs as Partial<Record<TabType, TabStats>>);
      this.statsError.set(null);
    } catch (err) {
      if (generation === this.statsGeneration)
        this.statsError.set(`The tab figures could not be loaded: ${toApiError(err).message}`);
    }
  }

  async loadVideos(quiet = false): Promise<void> {
    if (this.tabs().length === 0) return;
    const generation = ++this.videosGeneration;
    if (!quiet) this.videosLoading.set(true);
    const query = channelVideosQuery({
      tabType: this.currentTab(),
      pageIndex: this.pageIndex(),
      pageSize: this.pageSize(),
      search: this.search(),
      downloaded: this.downloaded(),
      ignored: this.ignored(),
      watched: this.watched(),
      sortBy: this.sortBy(),
      sortOrder: this.sortOrder(),
    });
    try {
      const r = await this.api.get<ChannelVideoPage>(
        `/getchannelvideos/${encodeURIComponent(this.channelId())}`,
        query,
      );
      if (generation !== this.videosGeneration) return;
      if (r.videos.length === 0 && r.total > 0 && this.pageIndex() > 0) {
        this.pageIndex.set(Math.max(0, r.totalPages - 1));
        void this.loadVideos(quiet);
        return;
      }
      this.page.set(r);
      this.videosError.set(null);
    } catch (err) {
      if (generation === this.videosGeneration)
        this.videosError.set(`The videos could not be loaded: ${toApiError(err).message}`);
    } finally {
      if (generation === this.videosGeneration) this.videosLoading.set(false);
    }
  }

  private scheduleReload(withStats = false): void {
    if (withStats) this.reloadStatsToo = true;
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      if (this.reloadStatsToo) void this.loadStats();
      this.reloadStatsToo = false;
      void this.loadVideos(true);
    }, 1000);
  }

  // ------------------------------------------------------------------------------------------
  // Header

  openSettings(): void {
    const c = this.channel();
    const data: ChannelSettingsDialogData = { channelId: this.channelId(), title: c?.title ?? this.channelId() };
    const ref = this.dialog.open<ChannelSettingsDialog, ChannelSettingsDialogData, ChannelSettings>(
      ChannelSettingsDialog,
      {
        data,
        width: '720px',
        maxWidth: '96vw',
        autoFocus: 'first-tabbable',
        restoreFocus: true,
      },
    );
    ref.afterClosed().subscribe((saved) => {
      if (!saved) return;
      this.headerNotice.set('Settings saved.');
      void this.open(this.channelId(), true);
    });
  }

  async resubscribe(): Promise<void> {
    const c = this.channel();
    if (!c) return;
    this.resubscribing.set(true);
    this.headerError.set(null);
    try {
      await this.api.post<UpdateChannelsResponse>('/updatechannels', {
        add: [{ url: c.url, channel_id: c.channel_id }],
      });
      this.headerNotice.set(`Subscribed to ${c.title}.`);
      await this.loadChannel();
    } catch (err) {
      this.headerError.set(`Not subscribed: ${toApiError(err).message}`);
    } finally {
      this.resubscribing.set(false);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Tabs

  selectTab(index: number): void {
    if (index === this.selectedIndex()) return;
    this.selectedIndex.set(index);
    this.resetTabState();
    this.page.set(null);
    void this.loadVideos();
    if (!this.fetch()) void this.checkFetchStatus();
  }

  /** What belongs to one tab: selection, page, notices of its actions. */
  private resetTabState(): void {
    this.pageIndex.set(0);
    this.selected.set(new Map());
    this.itemErrors.set({});
    this.actionNotice.set(null);
    this.actionError.set(null);
    this.dlPreview.set(null);
    this.dlNotice.set(null);
    this.dlError.set(null);
    this.autoError.set(null);
    this.fetchNotice.set(null);
    this.fetchError.set(null);
  }

  async setAutoDownload(e: MatSlideToggleChange): Promise<void> {
    const tab = this.currentTab();
    this.autoBusy.set(true);
    this.autoError.set(null);
    try {
      const r = await this.api.patch<TabAutoDownloadResponse>(`${this.base()}/tabs/${tab}/auto-download`, {
        enabled: e.checked,
      });
      const c = this.channel();
      if (c) this.channel.set({ ...c, auto_download_enabled_tabs: r.autoDownloadEnabledTabs });
    } catch (err) {
      e.source.checked = !e.checked;
      this.autoError.set(`Not changed: ${toApiError(err).message}`);
    } finally {
      this.autoBusy.set(false);
    }
  }

  statsPercent(s: TabStats | null): number {
    return s?.percent ?? 0;
  }

  // ------------------------------------------------------------------------------------------
  // Filters, view, paging

  onSearch(text: string): void {
    this.searchText.set(text);
    this.searches.next(text);
  }

  setFilter(which: 'downloaded' | 'ignored' | 'watched', value: TriState): void {
    this[which].set(value);
    this.pageIndex.set(0);
    void this.loadVideos();
  }

  setSort(field: VideoSort, order: SortOrder): void {
    this.sortBy.set(field);
    this.sortOrder.set(order);
    this.pageIndex.set(0);
    void this.loadVideos();
  }

  orderLabel(order: SortOrder): string {
    return VIDEO_SORT_CHOICES.find((s) => s.value === this.sortBy())?.[order] ?? order;
  }

  toggleView(): void {
    const next: View = this.view() === 'grid' ? 'list' : 'grid';
    this.view.set(next);
    localStorage.setItem(VIEW_KEY, next);
  }

  onPage(e: PageEvent): void {
    this.pageIndex.set(e.pageIndex);
    this.pageSize.set(e.pageSize);
    void this.loadVideos();
  }

  thumbFailed(id: string): void {
    this.brokenThumbs.set(new Set([...this.brokenThumbs(), id]));
  }

  // ------------------------------------------------------------------------------------------
  // Selection and actions on videos

  isSelected(v: ChannelVideo): boolean {
    return this.selected().has(v.sourceId);
  }

  toggleSelect(v: ChannelVideo, on: boolean): void {
    const next = new Map(this.selected());
    if (on) next.set(v.sourceId, v.url);
    else next.delete(v.sourceId);
    this.selected.set(next);
  }

  selectPage(on: boolean): void {
    const next = new Map(this.selected());
    for (const v of this.videos()) {
      if (on) next.set(v.sourceId, v.url);
      else next.delete(v.sourceId);
    }
    this.selected.set(next);
  }

  clearSelection(): void {
    this.selected.set(new Map());
  }

  /** `POST /api/videos/download` in batches of 50 URLs. */
  async downloadSelected(): Promise<void> {
    const urls = [...this.selected().values()];
    if (urls.length === 0) return;
    this.actionBusy.set(true);
    this.actionNotice.set(null);
    this.actionError.set(null);
    let queued = 0;
    let active = 0;
    let sent = 0;
    try {
      for (const batch of chunk(urls)) {
        const r = await this.api.post<DownloadResponse>('/api/videos/download', { urls: batch });
        queued += r.queued;
        active += r.alreadyActiveIds?.length ?? 0;
        sent += batch.length;
      }
      this.selected.set(new Map());
      this.actionNotice.set(
        `Queued ${plural(queued, 'video')}${active ? ` (${plural(active, 'video')} already queued or downloading)` : ''}.`,
      );
      this.scheduleReload();
    } catch (err) {
      const done = sent
        ? `Queued ${plural(queued, 'video')} of the first ${formatNumber(sent)}; the rest failed: `
        : 'Not queued: ';
      this.actionError.set(done + toApiError(err).message);
      if (sent) this.scheduleReload();
    } finally {
      this.actionBusy.set(false);
    }
  }

  async ignoreSelected(): Promise<void> {
    const ids = [...this.selected().keys()];
    if (ids.length === 0) return;
    this.actionBusy.set(true);
    this.actionNotice.set(null);
    this.actionError.set(null);
    try {
      const messages: string[] = [];
      for (const batch of chunk(ids, BULK_IGNORE_MAX)) {
        const r = await this.api.post<BulkIgnoreResponse>(`${this.base()}/videos/bulk-ignore`, { sourceIds: batch });
        messages.push(r.message);
      }
      this.selected.set(new Map());
      this.actionNotice.set(messages.join(' '));
      void this.loadVideos(true);
      void this.loadStats();
    } catch (err) {
      this.actionError.set(`Not ignored: ${toApiError(err).message}`);
    } finally {
      this.actionBusy.set(false);
    }
  }

  async setIgnored(v: ChannelVideo, ignored: boolean): Promise<void> {
    this.setBusy(v.sourceId, true);
    this.setItemError(v.sourceId, null);
    try {
      await this.api.post<IgnoreResponse>(
        `${this.base()}/videos/${encodeURIComponent(v.sourceId)}/${ignored ? 'ignore' : 'unignore'}`,
      );
      const p = this.page();
      if (p) this.page.set({ ...p, videos: p.videos.map((x) => (x.sourceId === v.sourceId ? { ...x, ignored } : x)) });
      void this.loadStats();
      // With an ignored filter the video leaves the page.
      if (this.ignored() !== 'off') void this.loadVideos(true);
    } catch (err) {
      this.setItemError(v.sourceId, `${ignored ? 'Not ignored' : 'Still ignored'}: ${toApiError(err).message}`);
    } finally {
      this.setBusy(v.sourceId, false);
    }
  }

  private setBusy(id: string, on: boolean): void {
    const next = new Set(this.itemBusy());
    if (on) next.add(id);
    else next.delete(id);
    this.itemBusy.set(next);
  }

  private setItemError(id: string, message: string | null): void {
    const next = { ...this.itemErrors() };
    if (message) next[id] = message;
    else delete next[id];
    this.itemErrors.set(next);
  }

  // ------------------------------------------------------------------------------------------
  // "Load all": POST /fetchallchannelvideos while polling fetch-status every 500 ms

  fetchText(f: FetchState): string {
    return fetchProgressText(f.stage === 'starting' ? null : f.stage, f.itemsFetched);
  }

  async fetchAll(): Promise<void> {
    const tab = this.currentTab();
    const id = this.channelId();
    this.fetchNotice.set(null);
    this.fetchError.set(null);
    this.fetch.set({ tab, stage: 'starting', itemsFetched: 0, own: true });
    this.startPolling(tab);
    try {
      const r = await this.api.post<FetchAllResponse>(
        `/fetchallchannelvideos/${encodeURIComponent(id)}`,
        {},
        { tabType: tab },
      );
      if (id !== this.channelId()) return;
      this.stopPolling();
      this.fetch.set(null);
      this.fetchNotice.set(
        `Loaded the ${tabLabel(tab)} tab: ${plural(r.videosFound, 'video')} found in ${formatTotalDuration(r.elapsedSeconds)}.`,
      );
      void this.loadStats();
      if (tab === this.currentTab()) await this.loadVideos(true);
    } catch (err) {
      if (id !== this.channelId()) return;
      const e = toApiError(err);
      this.fetchError.set(
        e.status === 409 ? `${e.message} Its progress is shown below.` : `Loading all videos failed: ${e.message}`,
      );
      if (e.status === 409) {
        // Someone else's fetch of this tab runs: show it until it ends.
        this.fetch.set({ tab, stage: 'starting', itemsFetched: 0, own: false });
        this.startPolling(tab);
      } else {
        this.stopPolling();
        this.fetch.set(null);
      }
    }
  }

  /** On opening a tab: a fetch already running (another window, the scheduler) is shown too. */
  private async checkFetchStatus(): Promise<void> {
    const tab = this.currentTab();
    try {
      const s = await this.api.get<FetchStatusResponse>(`${this.base()}/fetch-status`, { tabType: tab });
      const state = fetchStateFromStatus(s, tab, false);
      if (state && !this.fetch()) {
        this.fetch.set(state);
        this.startPolling(tab);
      }
    } catch {
      // Only a hint for the user: the list itself shows its own errors.
    }
  }

  private startPolling(tab: TabType): void {
    this.stopPolling();
    this.pollTimer = setInterval(() => void this.poll(tab), POLL_MS);
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
      const s = await this.api.get<FetchStatusResponse>(`${this.base()}/fetch-status`, { tabType: tab });
      if (!this.pollTimer) return;
      const state = fetchStateFromStatus(s, tab, false);
      if (state) this.onProgress(state);
      else if (!this.fetch()?.own) this.observedFetchEnded(tab);
    } catch {
      // A missed poll is harmless: the next one (or the WebSocket) brings the progress.
    } finally {
      this.pollInFlight = false;
    }
  }

  private onProgress(next: FetchState): void {
    const current = this.fetch();
    if (!current && next.stage === 'done') {
      // A fetch we did not see start ended: its videos are new here.
      if (next.tab === this.currentTab()) this.scheduleReload(true);
      return;
    }
    if (current && current.tab !== next.tab) return;
    const merged = advanceFetch(current, next);
    if (merged.stage === 'done' && !merged.own) {
      this.observedFetchEnded(merged.tab);
      return;
    }
    this.fetch.set(merged);
  }

  /** A fetch this page did not start ended (its POST answer goes elsewhere): reload. */
  private observedFetchEnded(tab: TabType): void {
    this.stopPolling();
    this.fetch.set(null);
    this.fetchError.set(null);
    this.fetchNotice.set(`The ${tabLabel(tab)} tab finished loading.`);
    void this.loadStats();
    if (tab === this.currentTab()) void this.loadVideos(true);
  }

  // ------------------------------------------------------------------------------------------
  // Download all

  async previewDownloadAll(): Promise<void> {
    const tab = this.currentTab();
    this.dlLoading.set(true);
    this.dlNotice.set(null);
    this.dlError.set(null);
    this.dlPreview.set(null);
    try {
      const r = await this.api.get<DownloadAllPreview>(`${this.base()}/download-all/preview`, { tabType: tab });
      if (tab === this.currentTab()) this.dlPreview.set(r);
    } catch (err) {
      this.dlError.set(`The preview could not be loaded: ${toApiError(err).message}`);
    } finally {
      this.dlLoading.set(false);
    }
  }

  previewText(p: DownloadAllPreview): string {
    if (p.count === 0)
      return 'Nothing to download: every known video of this tab is downloaded, ignored, members-only, not yet live or already queued.';
    const missing = p.missingDurations ? ` (${plural(p.missingDurations, 'video')} without a known length)` : '';
    return `${plural(p.count, 'video')} would be queued as one job, about ${formatTotalDuration(p.totalDurationSeconds)} in total${missing}.`;
  }

  async confirmDownloadAll(): Promise<void> {
    const tab = this.currentTab();
    this.dlBusy.set(true);
    this.dlError.set(null);
    try {
      const r = await this.api.post<DownloadAllResponse>(`${this.base()}/download-all`, { tabType: tab });
      this.dlPreview.set(null);
      this.dlNotice.set(
        r.queued > 0 ? `Queued ${plural(r.queued, 'video')} as one job.` : 'Nothing to download: no video was queued.',
      );
      this.scheduleReload();
    } catch (err) {
      this.dlError.set(`Not queued: ${toApiError(err).message}`);
    } finally {
      this.dlBusy.set(false);
    }
  }
}
