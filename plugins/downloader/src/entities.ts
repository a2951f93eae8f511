import type {
  Diagnosis,
  FileScanCounts,
  FileScanOperation,
  FileScanProblem,
  FileScanStatus,
  FileScanTrigger,
  JobAuxData,
  JobOptions,
  JobStatus,
  JobVideoState,
} from '@vidkeep/contracts';
import { BigIntType, EntitySchema } from '@vidkeep/core/plugin-api';
import { watchCopyEntity } from '@vidkeep/read-models';

export interface DownloaderJob {
  id: string;
  type: string;
  label: string;
  status: JobStatus;
  options: JobOptions;
  auxData: JobAuxData | null;
  message: string | null;
  errorCode: string | null;
  requestedBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** A queued job waiting out the back-off of an automatic retry starts no earlier than this. */
  retryAt: Date | null;
  updatedAt: Date;
}

export const DownloaderJobEntity = new EntitySchema<DownloaderJob>({
  name: 'DownloaderJob',
  tableName: 'downloader_jobs',
  properties: {
    id: { type: 'string', length: 36, primary: true },
    type: { type: 'string', length: 40 },
    label: { type: 'string', length: 300 },
    status: { type: 'string', length: 24, index: true },
    options: { type: 'json' },
    auxData: { type: 'json', nullable: true },
    message: { type: 'text', nullable: true },
    errorCode: { type: 'string', length: 64, nullable: true },
    requestedBy: { type: 'string', length: 200, nullable: true },
    createdAt: { type: 'datetime', index: true },
    startedAt: { type: 'datetime', nullable: true },
    finishedAt: { type: 'datetime', nullable: true },
    retryAt: { type: 'datetime', nullable: true },
    updatedAt: { type: 'datetime' },
  },
});

export interface DownloaderJobVideo {
  id: number;
  jobId: string;
  sourceId: string;
  url: string;
  position: number;
  state: JobVideoState;
  title: string | null;
  thumbnail: string | null;
  duration: number | null;
  diagnosis: Diagnosis | null;
  videoId: number | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export const DownloaderJobVideoEntity = new EntitySchema<DownloaderJobVideo>({
  name: 'DownloaderJobVideo',
  tableName: 'downloader_job_videos',
  indexes: [{ properties: ['jobId', 'position'] }, { properties: ['sourceId', 'state'] }],
  uniques: [{ properties: ['jobId', 'sourceId'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    jobId: { type: 'string', length: 36 },
    sourceId: { type: 'string', length: 64 },
    url: { type: 'string', length: 2048 },
    position: { type: 'integer' },
    state: { type: 'string', length: 16 },
    title: { type: 'string', length: 500, nullable: true },
    thumbnail: { type: 'string', length: 2048, nullable: true },
    duration: { type: 'integer', nullable: true },
    diagnosis: { type: 'json', nullable: true },
    videoId: { type: 'integer', nullable: true },
    startedAt: { type: 'datetime', nullable: true },
    finishedAt: { type: 'datetime', nullable: true },
  },
});

export interface DownloaderVideo {
  id: number;
  sourceId: string;
  title: string;
  channelName: string | null;
  channelId: string | null;
  description: string | null;
  duration: number | null;
  uploadDate: string | null;
  mediaType: string;
  thumbnailPath: string | null;
  filePath: string | null;
  fileSize: number | null;
  audioFilePath: string | null;
  audioFileSize: number | null;
  videoResolution: string | null;
  subfolder: string | null;
  removed: boolean;
  removedAt: Date | null;
  downloadedAt: Date;
  jobId: string | null;
  /** Never removed automatically (retention); a manual delete still removes it. */
  protected: boolean;
  /** When the file was found gone from disk (deleted or moved by hand); null while it is there. */
  missingAt: Date | null;
  /** Content rating (reference 8.9): G … NC-17, TV-Y … TV-MA; null = not rated. */
  normalizedRating: string | null;
  /** Who decided it: `Manual Override`, `Channel Default`, `Playlist Default`, `yt-dlp:age_limit=<n>`. */
  ratingSource: string | null;
}

export const DownloaderVideoEntity = new EntitySchema<DownloaderVideo>({
  name: 'DownloaderVideo',
  tableName: 'downloader_videos',
  indexes: [
    // The default order, with `sourceId` so the watched-state filters read only the index.
    { properties: ['removed', 'downloadedAt', 'id', 'sourceId'] },
    { properties: ['channelId'] },
    // The library's protected and missing filters (docs/library.md).
    { properties: ['removed', 'protected', 'downloadedAt'] },
    { properties: ['removed', 'missingAt', 'downloadedAt'] },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    sourceId: { type: 'string', length: 64, unique: true },
    title: { type: 'string', length: 500 },
    channelName: { type: 'string', length: 300, nullable: true },
    channelId: { type: 'string', length: 64, nullable: true },
    description: { type: 'text', nullable: true },
    duration: { type: 'integer', nullable: true },
    uploadDate: { type: 'string', length: 8, nullable: true },
    mediaType: { type: 'string', length: 16, default: 'video' },
    thumbnailPath: { type: 'string', length: 2048, nullable: true },
    filePath: { type: 'string', length: 2048, nullable: true },
    // Numbers in JS (files stay far below 2^53 bytes); bigint in the database.
    fileSize: { type: new BigIntType('number'), nullable: true },
    audioFilePath: { type: 'string', length: 2048, nullable: true },
    audioFileSize: { type: new BigIntType('number'), nullable: true },
    videoResolution: { type: 'string', length: 20, nullable: true, fieldName: 'video_resolution' },
    subfolder: { type: 'string', length: 100, nullable: true },
    removed: { type: 'boolean', default: false },
    removedAt: { type: 'datetime', nullable: true },
    downloadedAt: { type: 'datetime' },
    jobId: { type: 'string', length: 36, nullable: true },
    protected: { type: 'boolean', default: false },
    missingAt: { type: 'datetime', nullable: true },
    normalizedRating: { type: 'string', length: 20, nullable: true },
    ratingSource: { type: 'string', length: 100, nullable: true },
  },
});

export interface DownloaderSubfolder {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export const DownloaderSubfolderEntity = new EntitySchema<DownloaderSubfolder>({
  name: 'DownloaderSubfolder',
  tableName: 'downloader_subfolders',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string', length: 100, unique: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

/** The library's copy of the watched state (see `WatchCopy` in the plugin API); no row = unknown. */
export const DownloaderVideoWatchEntity = watchCopyEntity('DownloaderVideoWatch', 'downloader_video_watch');

/** One filesystem rescan or library import (`downloader_file_scans`): the last runs survive a restart. */
export interface DownloaderFileScan {
  id: number;
  operation: FileScanOperation;
  trigger: FileScanTrigger;
  status: FileScanStatus;
  path: string | null;
  move: boolean;
  startedAt: Date;
  finishedAt: Date | null;
  counts: FileScanCounts;
  problems: FileScanProblem[];
  message: string | null;
}

export const DownloaderFileScanEntity = new EntitySchema<DownloaderFileScan>({
  name: 'DownloaderFileScan',
  tableName: 'downloader_file_scans',
  indexes: [{ properties: ['operation', 'startedAt'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    operation: { type: 'string', length: 16 },
    trigger: { type: 'string', length: 16 },
    status: { type: 'string', length: 24 },
    path: { type: 'string', length: 1024, nullable: true },
    move: { type: 'boolean', default: false },
    startedAt: { type: 'datetime' },
    finishedAt: { type: 'datetime', nullable: true },
    counts: { type: 'json', columnType: 'text' },
    problems: { type: 'json', columnType: 'text' },
    message: { type: 'text', nullable: true },
  },
});
