import type { AudioFormat, PublishedAtSource, Resolution, TabCount } from '@vidkeep/contracts';
import { EntitySchema, watchCopyEntity } from '@vidkeep/core/plugin-api';

export interface ChannelRow {
  id: number;
  channelId: string;
  title: string;
  description: string | null;
  url: string;
  handle: string | null;
  uploader: string | null;
  folderName: string | null;
  thumbnailUrl: string | null;
  enabled: boolean;
  /** CSV of detected tabs (`videos,shorts,streams`); null = never detected. */
  availableTabs: string | null;
  hiddenTabs: string | null;
  autoDownloadEnabledTabs: string;
  subFolder: string | null;
  /** Validated on every write (settings rules), so the column holds only these. */
  videoQuality: Resolution | null;
  audioFormat: AudioFormat | null;
  titleFilterRegex: string | null;
  additionalTags: string | null;
  m3uEnabled: boolean;
  m3uSortOrder: 'oldest_first' | 'newest_first';
  autoRemovalProtected: boolean;
  autoRemovalKeepRecentCount: number | null;
  skipVideoFolder: boolean | null;
  /** Seconds: automatic downloads and download-all skip shorter / longer videos (null: no limit). */
  minDuration: number | null;
  maxDuration: number | null;
  tabVideoCounts: Record<string, TabCount> | null;
  tabCountsAttemptedAt: Date | null;
  /** Last listing refresh per tab (ISO times). */
  lastFetchedByTab: Record<string, string> | null;
  terminatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ChannelEntity = new EntitySchema<ChannelRow>({
  name: 'Channel',
  tableName: 'channels',
  indexes: [{ properties: ['enabled', 'title'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    channelId: { type: 'string', length: 64, index: true },
    title: { type: 'string', length: 300 },
    description: { type: 'text', nullable: true },
    url: { type: 'string', length: 2048 },
    handle: { type: 'string', length: 200, nullable: true },
    uploader: { type: 'string', length: 300, nullable: true },
    folderName: { type: 'string', length: 255, nullable: true },
    thumbnailUrl: { type: 'string', length: 2048, nullable: true },
    enabled: { type: 'boolean', default: false },
    availableTabs: { type: 'string', length: 40, nullable: true },
    hiddenTabs: { type: 'string', length: 40, nullable: true },
    autoDownloadEnabledTabs: { type: 'string', length: 40, default: 'video' },
    subFolder: { type: 'string', length: 100, nullable: true },
    videoQuality: { type: 'string', length: 8, nullable: true },
    audioFormat: { type: 'string', length: 20, nullable: true },
    titleFilterRegex: { type: 'text', nullable: true },
    additionalTags: { type: 'text', nullable: true },
    m3uEnabled: { type: 'boolean', default: false },
    m3uSortOrder: { type: 'string', length: 20, default: 'oldest_first' },
    autoRemovalProtected: { type: 'boolean', default: false },
    autoRemovalKeepRecentCount: { type: 'integer', nullable: true },
    skipVideoFolder: { type: 'boolean', nullable: true },
    minDuration: { type: 'integer', nullable: true },
    maxDuration: { type: 'integer', nullable: true },
    tabVideoCounts: { type: 'json', nullable: true, columnType: 'text' },
    tabCountsAttemptedAt: { type: 'datetime', nullable: true },
    lastFetchedByTab: { type: 'json', nullable: true, columnType: 'text' },
    terminatedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

export interface ChannelVideoRow {
  id: number;
  channelId: string;
  sourceId: string;
  mediaType: string;
  title: string;
  thumbnail: string | null;
  duration: number | null;
  publishedAt: Date | null;
  publishedAtSource: PublishedAtSource;
  availability: string | null;
  liveStatus: string | null;
  ignored: boolean;
  ignoredAt: Date | null;
  downloadedAt: Date | null;
  removed: boolean;
  firstSeenAt: Date;
}

export const ChannelVideoEntity = new EntitySchema<ChannelVideoRow>({
  name: 'ChannelVideo',
  tableName: 'channels_videos',
  uniques: [{ properties: ['channelId', 'sourceId'] }],
  indexes: [{ properties: ['channelId', 'mediaType', 'publishedAt'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    channelId: { type: 'string', length: 64 },
    sourceId: { type: 'string', length: 64, index: true },
    mediaType: { type: 'string', length: 16, default: 'video' },
    title: { type: 'string', length: 500 },
    thumbnail: { type: 'string', length: 2048, nullable: true },
    duration: { type: 'integer', nullable: true },
    publishedAt: { type: 'datetime', nullable: true },
    publishedAtSource: { type: 'string', length: 20, nullable: true },
    availability: { type: 'string', length: 40, nullable: true },
    liveStatus: { type: 'string', length: 40, nullable: true },
    ignored: { type: 'boolean', default: false },
    ignoredAt: { type: 'datetime', nullable: true },
    downloadedAt: { type: 'datetime', nullable: true },
    removed: { type: 'boolean', default: false },
    firstSeenAt: { type: 'datetime' },
  },
});

/** The channel listings' copy of the watched state (see `WatchCopy` in the plugin API); no row = unknown. */
export const ChannelVideoWatchEntity = watchCopyEntity('ChannelVideoWatch', 'channels_video_watch');
