import type { AudioFormat, Resolution } from '../config/downloader.js';
import type { JobOptions, JobSummary } from '../schemas/downloader/jobs.js';
import type { VideoSearchResult } from '../schemas/downloader/search.js';
import type { StorageStatus } from '../schemas/downloader/storage.js';
import type { ChannelDirectory } from './channels.js';
import type { LibraryReads } from './library.js';
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

/**
 * The download queue, provided by the downloader plugin (`downloadQueueServiceRef`): jobs, what
 * is downloading, and the storage limits that pause it. The library (what was downloaded) is the
 * library plugin's `LibraryService`.
 */
export interface DownloadQueueService {
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
  storageStatus(): Promise<StorageStatus>;
}

/**
 * The downloader's service as plugin API 1.0 knew it: the queue and the library in one. The
 * downloader still provides it (delegating the library half to the library plugin) so plugins
 * written against 1.0 keep working; new code uses `downloadQueueServiceRef` and
 * `libraryServiceRef`.
 * @deprecated since plugin API 1.2: use `DownloadQueueService` and `LibraryService`.
 */
export interface DownloaderService extends DownloadQueueService, LibraryReads {}

/** @deprecated since plugin API 1.2: use `downloadQueueServiceRef` and `libraryServiceRef`. */
export const downloaderServiceRef = serviceRef<DownloaderService>('downloader.service');

export const downloadQueueServiceRef = serviceRef<DownloadQueueService>('downloader.queue');

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

/** A video a search found, before the library says what it has of it. */
export type FoundVideo = Pick<
  VideoSearchResult,
  'sourceId' | 'title' | 'url' | 'channelName' | 'channelId' | 'duration' | 'thumbnailUrl' | 'publishedAt' | 'viewCount'
>;

/**
 * Extension point of the downloader's video search (`POST /api/videos/search`): a search through
 * the platform's Data API, contributed by the channels plugin, which owns the key and its quota.
 * Without an available contribution, or when it fails, the downloader searches with yt-dlp.
 */
export interface VideoSearchProvider {
  /** False while it cannot search: no key, or the key rests after its quota. */
  available(): boolean;
  /** Videos in the platform's relevance order; throws when the search fails. */
  search(query: string, count: number, signal: AbortSignal): Promise<FoundVideo[]>;
}

export const videoSearchProvidersRef = multiServiceRef<VideoSearchProvider>('downloader.videoSearch');
