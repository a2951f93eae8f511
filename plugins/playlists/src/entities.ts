import type { PlaylistMediaType, PlaylistSetupError, PlaylistSortOrder } from '@vidkeep/contracts';
import { defineEntity } from '@vidkeep/plugin-kit';
import { watchCopyEntity } from '@vidkeep/read-models';

/** A followed playlist (`playlists`). Only this plugin writes it. */
export interface PlaylistRow {
  id: number;
  playlistId: string;
  title: string;
  url: string;
  description: string | null;
  uploader: string | null;
  uploaderId: string | null;
  thumbnail: string | null;
  availability: string | null;
  /** Entries the platform reported at the last listing (null: it did not say). */
  reportedCount: number | null;
  enabled: boolean;
  autoDownload: boolean;
  /** Per media-server kind: false = do not sync there; kinds not listed sync. */
  syncTargets: Record<string, boolean>;
  publicOnServers: boolean;
  sortOrder: PlaylistSortOrder;
  defaultSubFolder: string | null;
  videoQuality: string | null;
  minDuration: number | null;
  maxDuration: number | null;
  titleFilterRegex: string | null;
  audioFormat: string | null;
  defaultRating: string | null;
  lastFetched: Date | null;
  lastListingComplete: boolean;
  autoDownloadBaselineAt: Date | null;
  autoDownloadBaselineId: number | null;
  autoDownloadSetupError: PlaylistSetupError | null;
  /** The `.m3u` last written, relative to the output directory (renamed with the title). */
  m3uPath: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const PlaylistEntity = defineEntity<PlaylistRow>({
  name: 'Playlist',
  tableName: 'playlists',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    playlistId: { type: 'string', length: 64, unique: true },
    title: { type: 'string', length: 500 },
    url: { type: 'string', length: 2048 },
    description: { type: 'text', nullable: true },
    uploader: { type: 'string', length: 300, nullable: true },
    uploaderId: { type: 'string', length: 64, nullable: true },
    thumbnail: { type: 'string', length: 2048, nullable: true },
    availability: { type: 'string', length: 40, nullable: true },
    reportedCount: { type: 'integer', nullable: true },
    enabled: { type: 'boolean', default: true },
    autoDownload: { type: 'boolean', default: false },
    syncTargets: { type: 'json', columnType: 'text' },
    publicOnServers: { type: 'boolean', default: false },
    sortOrder: { type: 'string', length: 16, default: 'default' },
    defaultSubFolder: { type: 'string', length: 100, nullable: true },
    videoQuality: { type: 'string', length: 8, nullable: true },
    minDuration: { type: 'integer', nullable: true },
    maxDuration: { type: 'integer', nullable: true },
    titleFilterRegex: { type: 'text', nullable: true },
    audioFormat: { type: 'string', length: 20, nullable: true },
    defaultRating: { type: 'string', length: 20, nullable: true },
    lastFetched: { type: 'datetime', nullable: true },
    lastListingComplete: { type: 'boolean', default: false },
    autoDownloadBaselineAt: { type: 'datetime', nullable: true },
    autoDownloadBaselineId: { type: 'integer', nullable: true },
    autoDownloadSetupError: { type: 'string', length: 40, nullable: true },
    m3uPath: { type: 'string', length: 1024, nullable: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

/** One entry of a playlist (`playlists_videos`), written with raw SQL by the video store. */
export interface PlaylistVideoRow {
  id: number;
  playlistRowId: number;
  sourceId: string;
  position: number;
  firstSeenAt: Date;
  channelId: string | null;
  channelName: string | null;
  title: string | null;
  duration: number | null;
  publishedAt: Date | null;
  thumbnail: string | null;
  unavailable: boolean;
  ignored: boolean;
  ignoredAt: Date | null;
  downloadedAt: Date | null;
  removed: boolean;
  /**
   * The library's files of this video, kept from the downloader's events and re-read at every
   * listing, so publishing 5,000 entries reads this table only (as channels keep "downloaded").
   */
  filePath: string | null;
  audioFilePath: string | null;
  autoDownloadRequested: boolean;
  autoDownloadLastAttemptAt: Date | null;
}

export const PlaylistVideoEntity = defineEntity<PlaylistVideoRow>({
  name: 'PlaylistVideo',
  tableName: 'playlists_videos',
  uniques: [{ properties: ['playlistRowId', 'sourceId'] }],
  indexes: [{ properties: ['playlistRowId', 'position'] }, { properties: ['sourceId'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    playlistRowId: { type: 'integer' },
    sourceId: { type: 'string', length: 64 },
    position: { type: 'integer' },
    firstSeenAt: { type: 'datetime' },
    channelId: { type: 'string', length: 64, nullable: true },
    channelName: { type: 'string', length: 300, nullable: true },
    title: { type: 'string', length: 500, nullable: true },
    duration: { type: 'integer', nullable: true },
    publishedAt: { type: 'datetime', nullable: true },
    thumbnail: { type: 'string', length: 2048, nullable: true },
    unavailable: { type: 'boolean', default: false },
    ignored: { type: 'boolean', default: false },
    ignoredAt: { type: 'datetime', nullable: true },
    downloadedAt: { type: 'datetime', nullable: true },
    removed: { type: 'boolean', default: false },
    filePath: { type: 'string', length: 2048, nullable: true },
    audioFilePath: { type: 'string', length: 2048, nullable: true },
    autoDownloadRequested: { type: 'boolean', default: false },
    autoDownloadLastAttemptAt: { type: 'datetime', nullable: true },
  },
});

/** Per (playlist, media-server kind): spec 2.8 (`playlists_sync_state`). */
export interface PlaylistSyncStateRow {
  id: number;
  playlistRowId: number;
  server: string;
  serverPlaylistId: string | null;
  mediaType: PlaylistMediaType | null;
  lastSyncedAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  itemsSynced: number | null;
  itemsSkipped: number | null;
}

export const PlaylistSyncStateEntity = defineEntity<PlaylistSyncStateRow>({
  name: 'PlaylistSyncState',
  tableName: 'playlists_sync_state',
  uniques: [{ properties: ['playlistRowId', 'server'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    playlistRowId: { type: 'integer' },
    server: { type: 'string', length: 40 },
    serverPlaylistId: { type: 'string', length: 200, nullable: true },
    mediaType: { type: 'string', length: 8, nullable: true },
    lastSyncedAt: { type: 'datetime', nullable: true },
    lastAttemptAt: { type: 'datetime', nullable: true },
    lastError: { type: 'text', nullable: true },
    itemsSynced: { type: 'integer', nullable: true },
    itemsSkipped: { type: 'integer', nullable: true },
  },
});

/** The playlist pages' copy of the watched state (see `WatchCopy` in the plugin API); no row = unknown. */
export const PlaylistVideoWatchEntity = watchCopyEntity('PlaylistVideoWatch', 'playlists_video_watch');
