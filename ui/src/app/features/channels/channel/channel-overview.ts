import { computed, signal, type Signal } from '@angular/core';
import type { Title } from '@angular/platform-browser';
import { toApiError } from '../../../core/api';
import type { Channel, TabStats, TabType } from '../api-types';
import type { ChannelsApi } from '../channels-api';
import { autoDownloadTabs } from '../../../shared/channel-format';
import { PendingAction } from '../../../shared/pending-action';

export interface ChannelOverviewOptions {
  api: ChannelsApi;
  title: Title;
  /** The channel of the route; answers for another one (the user moved on) are dropped. */
  channelId: Signal<string>;
}

/**
 * What the channel page knows about the channel itself: its header, its tabs (and which one is
 * chosen), the figures of each tab and their auto-download switch.
 */
export class ChannelOverview {
  readonly channel = signal<Channel | null>(null);
  readonly loading = signal(false);
  readonly error = signal<string | null>(null);
  readonly notFound = signal(false);
  /** The avatar failed to load: the initial shows instead (until the channel loads again). */
  readonly brokenAvatar = signal(false);

  readonly tabs = signal<TabType[]>([]);
  readonly tabsLoaded = signal(false);
  readonly tabsError = signal<string | null>(null);
  readonly selectedIndex = signal(0);
  readonly currentTab = computed<TabType>(() => this.tabs()[this.selectedIndex()] ?? 'videos');

  readonly stats = signal<Partial<Record<TabType, TabStats>>>({});
  readonly statsError = signal<string | null>(null);
  readonly currentStats = computed(() => this.stats()[this.currentTab()] ?? null);

  readonly autoOn = computed(() =>
    autoDownloadTabs(this.channel()?.auto_download_enabled_tabs).includes(this.currentTab()),
  );
  /** Switching auto-download of the current tab. */
  readonly auto = new PendingAction('Not changed: ');

  private statsGeneration = 0;

  constructor(private readonly options: ChannelOverviewOptions) {}

  /** Another channel: nothing of the last one stays. */
  reset(): void {
    this.channel.set(null);
    this.notFound.set(false);
    this.tabs.set([]);
    this.tabsLoaded.set(false);
    this.stats.set({});
    this.selectedIndex.set(0);
  }

  async loadChannel(id = this.options.channelId()): Promise<void> {
    this.loading.set(true);
    try {
      const c = await this.options.api.channel(id);
      if (id !== this.options.channelId()) return;
      this.channel.set(c);
      this.brokenAvatar.set(false);
      this.error.set(null);
      this.options.title.setTitle(`${c.title} · vidkeep`);
    } catch (err) {
      if (id !== this.options.channelId()) return;
      const e = toApiError(err);
      if (e.status === 404) this.notFound.set(true);
      this.error.set(
        e.status === 404
          ? `This channel is not known here: ${e.message}`
          : `The channel could not be loaded: ${e.message}`,
      );
    } finally {
      this.loading.set(false);
    }
  }

  /** The tabs; the chosen one stays chosen when it still exists. */
  async loadTabs(id = this.options.channelId()): Promise<void> {
    try {
      const r = await this.options.api.tabs(id);
      if (id !== this.options.channelId()) return;
      const index = r.availableTabs.indexOf(this.currentTab());
      this.tabs.set(r.availableTabs);
      this.selectedIndex.set(index >= 0 ? index : 0);
      this.tabsError.set(null);
    } catch (err) {
      if (id !== this.options.channelId()) return;
      const e = toApiError(err);
      if (e.status === 404) this.notFound.set(true);
      else this.tabsError.set(`The tabs could not be read: ${e.message}`);
    } finally {
      if (id === this.options.channelId()) this.tabsLoaded.set(true);
    }
  }

  async loadStats(): Promise<void> {
    const generation = ++this.statsGeneration;
    try {
      const r = await this.options.api.tabStats(this.options.channelId());
      if (generation !== this.statsGeneration) return;
      this.stats.set(r.tabs);
      this.statsError.set(null);
    } catch (err) {
      if (generation === this.statsGeneration)
        this.statsError.set(`The tab figures could not be loaded: ${toApiError(err).message}`);
    }
  }

  /** Turns auto-download of the current tab on or off; false when the server refused. */
  async setAutoDownload(enabled: boolean): Promise<boolean> {
    const id = this.options.channelId();
    const tab = this.currentTab();
    return this.auto.run(async () => {
      const r = await this.options.api.setTabAutoDownload(id, tab, enabled);
      const c = this.channel();
      if (c) this.channel.set({ ...c, auto_download_enabled_tabs: r.autoDownloadEnabledTabs });
    });
  }
}
