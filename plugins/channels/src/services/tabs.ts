import { ChannelErrorCodes as E, InvalidInputError, type PluginLogger, type TabType } from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import { requireChannel } from './channel-lookup.js';
import { parseTabs, tabsCsv, visibleTabs } from './channel-rows.js';
import type { ChannelStore } from './channel-store.js';
import { platformError } from './platform-errors.js';
import type { ChannelPlatform } from './platform.js';
import { usableMediaTypes, type SettingsPatch } from './settings.js';
import { countsDue, statsTabs, tabStats, withTabAutoDownload } from './tab-stats.js';
import type { ChannelVideoStore } from './video-store.js';

export interface TabsDeps {
  store: Pick<ChannelStore, 'byChannelId' | 'update'>;
  videos: Pick<ChannelVideoStore, 'stats'>;
  platform: Pick<ChannelPlatform, 'detectTabs'>;
  logger: PluginLogger;
  /** Looks up the platform's tab totals for one channel. */
  refreshTabCounts: (channel: ChannelRow) => Promise<void>;
}

/** A channel's tabs: detection, visibility, automatic downloads per tab, and stats. */
export class ChannelTabs {
  constructor(private readonly deps: TabsDeps) {}

  /** Detects tabs and stores them; auto-download keeps only tabs that exist. Failures keep the row as it was. */
  async detect(row: ChannelRow): Promise<ChannelRow> {
    const r = await this.deps.platform.detectTabs(row.channelId);
    if (!r.ok) {
      this.deps.logger.warn({ channelId: row.channelId, error: r.failure.diagnosis.cause }, 'Tab detection failed');
      return row;
    }
    const next = { ...row, availableTabs: tabsCsv(r.value) };
    const patch: SettingsPatch = {
      availableTabs: next.availableTabs,
      autoDownloadEnabledTabs: usableMediaTypes(row.autoDownloadEnabledTabs, next),
    };
    await this.deps.store.update(row.id, patch);
    return { ...row, ...patch };
  }

  /** Visible tabs; detected on first use. */
  async visible(channelId: string): Promise<TabType[]> {
    let row = await requireChannel(this.deps.store, channelId);
    if (row.availableTabs === null) row = await this.detect(row);
    return visibleTabs(row);
  }

  /** Detects tabs again, ignoring what was detected before; hidden tabs stay hidden. */
  async redetect(channelId: string) {
    const row = await requireChannel(this.deps.store, channelId);
    const r = await this.deps.platform.detectTabs(row.channelId);
    if (!r.ok) throw platformError(r.failure, "the channel's tabs");
    const hidden = parseTabs(row.hiddenTabs);
    const detected = r.value;
    const next = { availableTabs: tabsCsv(detected), hiddenTabs: row.hiddenTabs };
    const autoDownloadEnabledTabs = usableMediaTypes(row.autoDownloadEnabledTabs, next);
    await this.deps.store.update(row.id, { availableTabs: next.availableTabs, autoDownloadEnabledTabs });
    return {
      availableTabs: detected.filter((t) => !hidden.includes(t)),
      detectedTabs: detected,
      hiddenTabs: hidden,
      autoDownloadEnabledTabs,
    };
  }

  /** Turns one tab's automatic downloads on or off; answers the new media-type CSV. */
  async setAutoDownload(channelId: string, tab: TabType, enabled: boolean): Promise<string> {
    const row = await requireChannel(this.deps.store, channelId);
    if (enabled && row.availableTabs !== null && !visibleTabs(row).includes(tab)) {
      throw new InvalidInputError(E.invalidSettings, `${row.title} has no visible ${tab} tab`);
    }
    const next = withTabAutoDownload(row.autoDownloadEnabledTabs, tab, enabled);
    await this.deps.store.update(row.id, { autoDownloadEnabledTabs: next });
    return next;
  }

  /** Per-tab platform totals (looked up first when due) beside the local counts. */
  async stats(channelId: string) {
    let row = await requireChannel(this.deps.store, channelId);
    const tabs = statsTabs(row);
    if (countsDue(row, tabs, Date.now())) {
      await this.deps.refreshTabCounts(row);
      row = await requireChannel(this.deps.store, channelId);
    }
    const stats = await this.deps.videos.stats(row.channelId);
    return { channelId: row.channelId, tabs: tabStats(row, tabs, stats) };
  }
}
