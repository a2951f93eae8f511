import type { ChannelFolderMoveResult } from '../schemas/channels/settings.js';
import { multiServiceRef, serviceRef } from './ref.js';

/** One downloaded video of a channel, as the downloader recorded it. */
export interface ChannelDownload {
  sourceId: string;
  title: string;
  duration: number | null;
  /** YYYYMMDD. */
  uploadDate: string | null;
  filePath: string | null;
  audioFilePath: string | null;
  subfolder: string | null;
  removed: boolean;
  downloadedAt: Date;
}

/** A video the library has (or had: `removed`), as other plugins need it for files and lists. */
export interface LibraryVideo {
  videoId: number;
  sourceId: string;
  title: string;
  channelName: string | null;
  duration: number | null;
  /** Absolute paths inside the output directory. */
  filePath: string | null;
  fileSize: number | null;
  audioFilePath: string | null;
  audioFileSize: number | null;
  removed: boolean;
  downloadedAt: Date;
  /** Never removed automatically (`PATCH /api/videos/:sourceId/protected`). */
  protected: boolean;
  /** Recorded, not removed, but its file was found gone from disk (`missing_at` set). */
  missing: boolean;
}

/** What a plugin copies of the library for its own filters (protected, missing on disk). */
export interface LibraryFlags {
  sourceId: string;
  protected: boolean;
  missing: boolean;
}

/**
 * What plugins read and ask of the library (the library plugin): which videos were downloaded,
 * their files and flags, safe deletion and channel folder moves.
 */
export interface LibraryReads {
  /** Ids among `sourceIds` that were ever downloaded (also when their files were deleted later). */
  downloadedSourceIds(sourceIds: string[]): Promise<Set<string>>;
  /** The library's records of these ids (also deleted ones, flagged `removed`); one query per 500 ids. */
  libraryVideos(sourceIds: string[]): Promise<LibraryVideo[]>;
  /** Every video whose files are in the library now (not removed): what media servers can report on. */
  presentVideos(): Promise<LibraryVideo[]>;
  /** Every record, also removed ones: what a plugin's copy of the library state is synced with at boot. */
  allVideos(): Promise<LibraryVideo[]>;
  /**
   * Every video that is protected or missing on disk (usually few): what a plugin's copy of these
   * flags must mark at start; `downloader.videos.changed` tells of later changes.
   */
  flaggedVideos(): Promise<LibraryFlags[]>;
  /** Downloaded videos recorded for a channel (also deleted ones, flagged `removed`). */
  channelVideos(channelId: string): Promise<ChannelDownload[]>;
  /** Adds names to the subfolder registry (spec 2.9). */
  registerSubfolders(names: string[]): Promise<void>;
  listSubfolders(): Promise<string[]>;
  /**
   * Every video whose files the library has now (not removed), with what retention decides on:
   * its download time, the bytes its files take and its protection flag. One query.
   */
  retentionCandidates(): Promise<RetentionCandidate[]>;
  /**
   * Deletes a video's files the safe way (reference 7.1) and marks its record removed, as the
   * manual delete does; publishes `downloader.video.removed`. Throws NotFoundError for an unknown
   * video and ConflictError when the stored path is unsafe (`DOWNLOAD_UNSAFE_PATH`: nothing is
   * deleted) or, with `respectProtection`, when the video is protected (`DOWNLOAD_VIDEO_PROTECTED`).
   */
  removeVideo(sourceId: string, options?: { respectProtection?: boolean }): Promise<RemovedVideo>;
  /**
   * Moves a channel's folder from one subfolder to another (a changed subfolder setting): the
   * folder and everything in it, in one rename where possible (else copied, checked, then the old
   * one deleted), then the library records, then `downloader.videos.moved`. All or nothing: a
   * failure puts back what moved. Throws ConflictError `DOWNLOAD_CHANNEL_BUSY` while a download of
   * the channel is queued or running and `DOWNLOAD_MOVE_CONFLICT` when the target folder holds
   * files of the same names; UnavailableError `DOWNLOAD_MOVE_FAILED` when the file system refuses.
   */
  moveChannelFolder(move: ChannelFolderMove): Promise<ChannelFolderMoveResult>;
}

/** `LibraryService.moveChannelFolder`: which channel, from which subfolder to which (null = the root). */
export interface ChannelFolderMove {
  channelId: string;
  from: string | null;
  to: string | null;
}

/** A video retention may consider: present in the library (not removed). */
export interface RetentionCandidate {
  sourceId: string;
  title: string;
  channelId: string | null;
  channelName: string | null;
  /** The reference's "download time": when its files were last downloaded. */
  downloadedAt: Date;
  /** Bytes of the video file and of the audio file as recorded at download (null: unknown). */
  fileSize: number | null;
  audioFileSize: number | null;
  /** The per-video flag (`PATCH /api/videos/:sourceId/protected`): never removed automatically. */
  protected: boolean;
}

/** What one safe deletion did. */
export interface RemovedVideo {
  sourceId: string;
  /** Bytes of the files deleted, measured on disk just before deleting them. */
  freedBytes: number;
  deletedFiles: string[];
  /** Folders removed: the per-video folder, an emptied channel folder, an emptied `__subfolder`. */
  deletedFolders: string[];
}

/**
 * One record of the library (`library_videos`) as the downloader writes it when a download
 * finishes and reads it before the next: every column.
 */
export interface LibraryRecord {
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

/** Where a record's files are and what they measure: what a download or an import finds on disk. */
export type RecordFiles = Pick<
  LibraryRecord,
  'filePath' | 'fileSize' | 'audioFilePath' | 'audioFileSize' | 'videoResolution' | 'thumbnailPath'
>;

/** What a finished download records: every column but the id and the flags the library keeps. */
export type DownloadRecord = Omit<LibraryRecord, 'id' | 'protected'>;

/** Whether a record's file is there: `removed` (deleted through the library), `missing` (gone from disk). */
export type RecordFileStatus = 'downloaded' | 'missing' | 'removed';

/**
 * Provided by the library plugin (`libraryServiceRef`): what every plugin reads, and what the
 * downloader records when a download finishes.
 */
export interface LibraryService extends LibraryReads {
  /** The record of a video (also a removed one), or null. */
  record(sourceId: string): Promise<LibraryRecord | null>;
  /** The records of these ids (also removed ones); one query per 500 ids. */
  records(sourceIds: string[]): Promise<LibraryRecord[]>;
  /** Writes the record of a finished download (new, or a re-download over a removed one). */
  recordDownload(record: DownloadRecord): Promise<LibraryRecord>;
  /** Whether the record's file is on disk now. */
  fileStatus(record: LibraryRecord): Promise<RecordFileStatus>;
  /** Bytes the library's files take, as recorded (for `storageMaxUsedGb`). */
  usedBytes(): Promise<number>;
}

export const libraryServiceRef = serviceRef<LibraryService>('library.service');

/**
 * Extension point of the library: what is being downloaded now. The downloader contributes; the
 * library shows it beside its videos, leaves a channel's folder alone while it downloads and
 * skips files a download is still writing. Without a contribution nothing is downloading.
 */
export interface DownloadActivity {
  /** Video ids queued or downloading now, with their job. */
  activeVideos(): ReadonlyMap<string, { jobId: string; state: 'queued' | 'downloading' }>;
  /** True when a queued or running job belongs to the channel or holds one of its videos. */
  hasActiveDownloadsForChannel(channelId: string): Promise<boolean>;
  /** Runs `work` while no download starts (queued ones wait until it settles). */
  whileNothingStarts<T>(work: () => Promise<T>): Promise<T>;
  /** Folders inside the output directory where downloads are staged: never library content. */
  stagingDirectories(): string[];
}

export const downloadActivityProvidersRef = multiServiceRef<DownloadActivity>('library.downloadActivity');

/**
 * Extension point of the library: the media tools it measures and converts with (the downloader
 * contributes its ffprobe and ffmpeg). Without a contribution resolutions stay unknown and
 * thumbnails are kept as they are.
 */
export interface MediaTools {
  /** `WIDTHxHEIGHT` of a video file, `0x0` when it cannot be read. */
  resolution(file: string): Promise<string>;
  /** Converts an image (for example webp to jpg); false when it could not. */
  convertImage(from: string, to: string): Promise<boolean>;
  /**
   * Writes the audio of a video file to `to` (`.m4a`: the audio stream as it is when it can be,
   * else encoded to AAC); false when it could not. Optional: the feeds plugin makes audio for
   * audio feeds with it, and leaves such episodes out without it.
   */
  extractAudio?(from: string, to: string): Promise<boolean>;
}

export const mediaToolsProvidersRef = multiServiceRef<MediaTools>('library.mediaTools');
