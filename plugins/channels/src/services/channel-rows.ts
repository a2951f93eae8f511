/**
 * A channel row in its other shapes: its tabs as stored (comma-separated), its settings and the
 * API's channel object, and the row read back from raw SQL.
 */
import {
  MEDIA_TYPE_TAB,
  MEDIA_TYPES,
  TAB_TYPES,
  type Channel,
  type MediaType,
  type TabCount,
  type TabType,
} from '@vidkeep/contracts';
import { readBool, readDate, readJson, readNumber, readText } from '@vidkeep/plugin-kit';
import type { ChannelRow } from '../entities.js';

export function parseTabs(csv: string | null | undefined): TabType[] {
  if (!csv) return [];
  const set = new Set(csv.split(',').map((s) => s.trim()));
  return TAB_TYPES.filter((t) => set.has(t));
}

export const tabsCsv = (tabs: readonly TabType[]) => TAB_TYPES.filter((t) => tabs.includes(t)).join(',');

/** Detected tabs minus hidden ones. */
export const visibleTabs = (row: Pick<ChannelRow, 'availableTabs' | 'hiddenTabs'>) => {
  const hidden = parseTabs(row.hiddenTabs);
  return parseTabs(row.availableTabs).filter((t) => !hidden.includes(t));
};

/** The tabs automatic downloads look at: the enabled media types whose tab exists (or is not known yet). */
export function autoDownloadTabs(row: Pick<ChannelRow, 'autoDownloadEnabledTabs' | 'availableTabs' | 'hiddenTabs'>) {
  const media = row.autoDownloadEnabledTabs
    .split(',')
    .filter((m): m is MediaType => (MEDIA_TYPES as readonly string[]).includes(m));
  const visible = row.availableTabs === null ? null : visibleTabs(row);
  return media.map((m) => MEDIA_TYPE_TAB[m]).filter((t) => visible === null || visible.includes(t));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The settings part of a channel, as both the channel object and the settings endpoint show it. */
export function settingsOf(row: ChannelRow) {
  return {
    title_filter_regex: row.titleFilterRegex,
    additional_tags: row.additionalTags,
    m3u_enabled: row.m3uEnabled,
    m3u_sort_order: row.m3uSortOrder,
    auto_removal_protected: row.autoRemovalProtected,
    auto_removal_keep_recent_count: row.autoRemovalKeepRecentCount,
    auto_download_enabled_tabs: row.autoDownloadEnabledTabs,
    video_quality: row.videoQuality,
    audio_format: row.audioFormat,
    skip_video_folder: row.skipVideoFolder,
    min_duration: row.minDuration,
    max_duration: row.maxDuration,
    available_tabs: visibleTabs(row),
    hidden_tabs: parseTabs(row.hiddenTabs),
    default_rating: row.defaultRating,
  };
}

export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    channel_id: row.channelId,
    title: row.title,
    description: row.description,
    url: row.url,
    handle: row.handle,
    uploader: row.uploader,
    thumbnailUrl: row.thumbnailUrl,
    enabled: row.enabled,
    sub_folder: row.subFolder,
    ...settingsOf(row),
    tab_video_counts: row.tabVideoCounts,
    tab_counts_attempted_at: iso(row.tabCountsAttemptedAt),
    terminated_at: iso(row.terminatedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A `channels` row read with raw SQL. */
export function fromDb(r: Record<string, unknown>): ChannelRow {
  const str = readText;
  return {
    id: Number(r.id),
    channelId: String(r.channel_id),
    title: String(r.title),
    description: str(r.description),
    url: String(r.url),
    handle: str(r.handle),
    uploader: str(r.uploader),
    folderName: str(r.folder_name),
    thumbnailUrl: str(r.thumbnail_url),
    enabled: readBool(r.enabled),
    availableTabs: str(r.available_tabs),
    hiddenTabs: str(r.hidden_tabs),
    autoDownloadEnabledTabs: String(r.auto_download_enabled_tabs ?? ''),
    subFolder: str(r.sub_folder),
    videoQuality: str(r.video_quality) as ChannelRow['videoQuality'],
    audioFormat: str(r.audio_format) as ChannelRow['audioFormat'],
    titleFilterRegex: str(r.title_filter_regex),
    additionalTags: str(r.additional_tags),
    m3uEnabled: readBool(r.m3u_enabled),
    m3uSortOrder: r.m3u_sort_order === 'newest_first' ? 'newest_first' : 'oldest_first',
    autoRemovalProtected: readBool(r.auto_removal_protected),
    autoRemovalKeepRecentCount:
      r.auto_removal_keep_recent_count === null || r.auto_removal_keep_recent_count === undefined
        ? null
        : Number(r.auto_removal_keep_recent_count),
    skipVideoFolder:
      r.skip_video_folder === null || r.skip_video_folder === undefined ? null : readBool(r.skip_video_folder),
    minDuration: readNumber(r.min_duration),
    maxDuration: readNumber(r.max_duration),
    tabVideoCounts: readJson<Record<string, TabCount>>(r.tab_video_counts),
    tabCountsAttemptedAt: readDate(r.tab_counts_attempted_at),
    lastFetchedByTab: readJson<Record<string, string>>(r.last_fetched_by_tab),
    terminatedAt: readDate(r.terminated_at),
    defaultRating: str(r.default_rating),
    createdAt: readDate(r.created_at) ?? new Date(0),
    updatedAt: readDate(r.updated_at) ?? new Date(0),
  };
}
