import type {
  FileScanCounts,
  FileScanOperation,
  FileScanProblem,
  FileScanStatus,
  FileScanTrigger,
  LibraryRecord,
} from '@vidkeep/contracts';
import { defineEntity } from '@vidkeep/plugin-kit';
import { watchCopyEntity } from '@vidkeep/read-models';

export const LibraryVideoEntity = defineEntity<LibraryRecord>({
  name: 'LibraryVideo',
  tableName: 'library_videos',
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
    fileSize: { type: 'bigint', bigintAs: 'number', nullable: true },
    audioFilePath: { type: 'string', length: 2048, nullable: true },
    audioFileSize: { type: 'bigint', bigintAs: 'number', nullable: true },
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

export interface LibrarySubfolder {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export const LibrarySubfolderEntity = defineEntity<LibrarySubfolder>({
  name: 'LibrarySubfolder',
  tableName: 'library_subfolders',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string', length: 100, unique: true },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

/** The library's copy of the watched state (see `WatchCopy` in the plugin API); no row = unknown. */
export const LibraryVideoWatchEntity = watchCopyEntity('LibraryVideoWatch', 'library_video_watch');

/** One filesystem rescan or library import (`library_file_scans`): the last runs survive a restart. */
export interface LibraryFileScan {
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

export const LibraryFileScanEntity = defineEntity<LibraryFileScan>({
  name: 'LibraryFileScan',
  tableName: 'library_file_scans',
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
