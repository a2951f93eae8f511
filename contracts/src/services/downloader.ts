import type { AudioFormat, Resolution } from '../config/downloader.js';
import type { ChannelFolderMoveResult } from '../schemas/channels.js';
import type { JobOptions, JobSummary, StorageStatus } from '../schemas/downloader.js';
import type { ChannelDirectory } from './channels.js';
import { multiServiceRef, serviceRef } from './ref.js';

export interface EnqueueRequest {
  /** Platform video ids, in download order. */
  sourceIds: string[];
  /** `manual`, `channel`, `download-all`, `playlist`, ... */
  type: string;
  label: string;
  options?: JobOptions;
  requestedBy?: string | null;
  /** Known metadata, shown in the queue before the download starts. */
  metadata?: Record<string, { title?: string | null; duration?: number | null; thumbnail?: string | null }>;
}

export interface EnqueueResult {
  /** Null when nothing was queued (every id already active). */
  job: JobSummary | null;
  acceptedIds: string[];
  /** Ids already queued or downloading in another job; never queued twice. */
  alreadyActiveIds: string[];
}

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

/** Provided by the downloader plugin. */
export interface DownloaderService {
  /**
   * Queues a job, committed to the database before it resolves. Throws a ConflictError
   * (`DOWNLOAD_PAUSED`) while a storage limit pauses downloads.
   */
  enqueue(request: EnqueueRequest): Promise<EnqueueResult>;
  cancelJob(jobId: string): Promise<JobSummary | null>;
  /** Video ids currently queued or downloading, with their job. */
  activeVideos(): ReadonlyMap<string, { jobId: string; state: 'queued' | 'downloading' }>;
  /** True when a queued or running job belongs to the channel (owner option) or holds one of its videos. */
  hasActiveDownloadsForChannel(channelId: string): Promise<boolean>;
  /** Ids among `sourceIds` that were ever downloaded (also when their files were deleted later). */
  downloadedSourceIds(sourceIds: string[]): Promise<Set<string>>;
  /** The library's records of these ids (also deleted ones, flagged `removed`); one query per 500 ids. */
  libraryVideos(sourceIds: string[]): Promise<LibraryVideo[]>;
  /** Every video whose files are in the library now (not removed): what media servers can report on. */
  presentVideos(): Promise<LibraryVideo[]>;
  /**
   * Every video that is protected or missing on disk (usually few): what a plugin's copy of these
   * flags must mark at start; `downloader.videos.changed` tells of later changes.
   */
  flaggedVideos(): Promise<LibraryFlags[]>;
  /** Downloaded videos recorded for a channel (also deleted ones, flagged `removed`). */
  channelVideos(channelId: string): Promise<ChannelDownload[]>;
  storageStatus(): Promise<StorageStatus>;
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

/** `DownloaderService.moveChannelFolder`: which channel, from which subfolder to which (null = the root). */
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

export const downloaderServiceRef = serviceRef<DownloaderService>('downloader.service');

/** Per-channel settings that shape a download, owned by the channels plugin. */
export interface ChannelDownloadSettings {
  channelId: string;
  enabled: boolean;
  /** Folder name to use for the channel (null: the uploader name from the video). */
  folderName: string | null;
  subfolder: string | null;
  videoQuality: Resolution | null;
  audioFormat: AudioFormat | null;
  additionalTags: string | null;
  skipVideoFolder: boolean | null;
  /** `default_rating`: the content rating of the channel's new downloads (null: none). */
  defaultRating?: string | null;
}

/**
 * Optional provider: the channels plugin tells the downloader the settings of a video's channel.
 * The downloader works without it (no channel settings apply).
 */
export interface ChannelSettingsProvider {
  settingsFor(channelId: string): Promise<ChannelDownloadSettings | null>;
}

export const channelSettingsProviderRef = serviceRef<ChannelSettingsProvider>('channels.downloadSettings');

/**
 * Extension point of the downloader: the folder settings a download of a channel's video takes
 * (the channels plugin contributes; the first active contribution answers). The downloader owns
 * the point, so it depends on nobody for it: no lazy lookup of another plugin's service, no
 * cycle (channels depends on the downloader, never the other way round).
 */
export const folderSettingsProvidersRef = multiServiceRef<ChannelSettingsProvider>('downloader.folderSettings');

/** Where else a downloaded video appears, as one plugin knows it (its channel, followed playlists). */
export interface VideoLinkEntry {
  /** `channel`, `playlist`, ... */
  kind: string;
  id: string;
  title: string;
  url: string | null;
  /** Subscribed (channel) or followed (playlist). */
  following: boolean;
}

/**
 * Extension point of the downloader's video page (`GET /api/videos/:sourceId/links`): each plugin
 * that knows videos (channels, playlists) says where this one appears. The downloader never names
 * them; a plugin switched off drops out.
 */
export interface VideoLinkProvider {
  linksOf(video: { sourceId: string; channelId: string | null }): Promise<VideoLinkEntry[]>;
}

export const videoLinkProvidersRef = multiServiceRef<VideoLinkProvider>('downloader.videoLinks');

/**
 * Optional provider (the channels plugin): a channel's picture as a local image file, which the
 * downloader copies into the channel's folder as `poster.jpg` (reference 8.5). The channels plugin
 * owns the channel and its picture; the downloader owns the library's files.
 */
export interface ChannelArtwork {
  /**
   * A local copy of the channel's picture (fetched once from the platform and kept under
   * `CONFIG_DIR/images`), or null when the channel is unknown, has no picture or it cannot be
   * fetched now. Never throws.
   */
  posterFile(channelId: string): Promise<string | null>;
}

export const channelArtworkRef = serviceRef<ChannelArtwork>('channels.artwork');

/** Extension point of the downloader: channel pictures for `poster.jpg` (the channels plugin contributes). */
export const channelArtworkProvidersRef = multiServiceRef<ChannelArtwork>('downloader.channelArtwork');

/**
 * Extension point of the downloader: where a library import records the channels of the videos
 * it adds (the channels plugin contributes its directory: unknown channels become hidden ones).
 */
export const channelDirectoriesRef = multiServiceRef<ChannelDirectory>('downloader.channelDirectories');
