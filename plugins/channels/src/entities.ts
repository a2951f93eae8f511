import type {
  AudioFormat,
  ChannelAddSettings,
  ImportResultState,
  ImportSource,
  ImportStatus,
  PublishedAtSource,
  Resolution,
  TabCount,
} from '@vidkeep/contracts';
import { defineEntity } from '@vidkeep/plugin-kit';
import { watchCopyEntity } from '@vidkeep/read-models';

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
  /** `default_rating`: content rating of new downloads (null: none). */
  defaultRating: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ChannelEntity = defineEntity<ChannelRow>({
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
    defaultRating: { type: 'string', length: 20, nullable: true },
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
  /** Copy of the library's protection flag (`downloader.videos.changed`). */
  protected: boolean;
  /** Copy of the library's "file gone from disk" (downloaded, not removed, `missing_at` set). */
  missing: boolean;
}

export const ChannelVideoEntity = defineEntity<ChannelVideoRow>({
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
    protected: { type: 'boolean', default: false },
    missing: { type: 'boolean', default: false },
  },
});

/** The channel listings' copy of the watched state (see `WatchCopy` in the plugin API); no row = unknown. */
export const ChannelVideoWatchEntity = watchCopyEntity('ChannelVideoWatch', 'channels_video_watch');

/** One subscription import (a background job): what it was asked, how it ended. */
export interface SubscriptionImportRow {
  /** A UUID: the `jobId` of the routes. */
  id: string;
  source: ImportSource;
  status: ImportStatus;
  total: number;
  /** Default settings for channels new to vidkeep (per-channel settings are on the items). */
  settings: ChannelAddSettings | null;
  cancelRequested: boolean;
  startedAt: Date;
  finishedAt: Date | null;
}

export const SubscriptionImportEntity = defineEntity<SubscriptionImportRow>({
  name: 'SubscriptionImport',
  tableName: 'channels_subscription_imports',
  properties: {
    id: { type: 'string', length: 36, primary: true },
    source: { type: 'string', length: 16 },
    status: { type: 'string', length: 24 },
    total: { type: 'integer' },
    settings: { type: 'json', nullable: true, columnType: 'text' },
    cancelRequested: { type: 'boolean', default: false },
    startedAt: { type: 'datetime', index: true },
    finishedAt: { type: 'datetime', nullable: true },
  },
});

/** One channel of an import and its result. */
export interface SubscriptionImportItemRow {
  id: number;
  importId: string;
  /** Order of the request (results are listed in it). */
  position: number;
  channelId: string;
  title: string;
  url: string;
  settings: ChannelAddSettings | null;
  state: ImportResultState;
  restored: boolean;
  reason: string | null;
  finishedAt: Date | null;
}

export const SubscriptionImportItemEntity = defineEntity<SubscriptionImportItemRow>({
  name: 'SubscriptionImportItem',
  tableName: 'channels_subscription_import_items',
  indexes: [{ properties: ['importId', 'position'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    importId: { type: 'string', length: 36 },
    position: { type: 'integer' },
    channelId: { type: 'string', length: 64 },
    title: { type: 'string', length: 300 },
    url: { type: 'string', length: 2048 },
    settings: { type: 'json', nullable: true, columnType: 'text' },
    state: { type: 'string', length: 16 },
    restored: { type: 'boolean', default: false },
    reason: { type: 'text', nullable: true },
    finishedAt: { type: 'datetime', nullable: true },
  },
});
