import type {
  ChannelDownload,
  ChannelFolderMove,
  ChannelFolderMoveResult,
  DownloaderService,
  EnqueueRequest,
  EnqueueResult,
  JobSummary,
  LibraryFlags,
  LibraryVideo,
  RemovedVideo,
  RetentionCandidate,
  StorageStatus,
} from '@vidkeep/contracts';
import type { ActivityTracker } from './activity.js';
import type { ChannelFolderMover } from './channel-move.js';
import type { JobStore } from './job-store.js';
import type { MetadataService } from './metadata.js';
import type { VideoLibrary } from './library.js';
import type { DownloadQueue } from './queue.js';
import type { StorageGuard } from './storage.js';
import type { VideoStore } from './video-store.js';

export interface DownloaderServiceDeps {
  queue: DownloadQueue;
  store: JobStore;
  videos: VideoStore;
  activity: ActivityTracker;
  storage: StorageGuard;
  library: VideoLibrary;
  mover: ChannelFolderMover;
  /** What running downloads read of their videos (the channel of a video new to the library). */
  metadata?: Pick<MetadataService, 'peek'>;
}

/** What other plugins may ask of the downloader: the queue for changes, the stores for the rest. */
export class LocalDownloaderService implements DownloaderService {
  constructor(private readonly deps: DownloaderServiceDeps) {}

  enqueue(request: EnqueueRequest): Promise<EnqueueResult> {
    return this.deps.queue.enqueue(request);
  }

  cancelJob(jobId: string): Promise<JobSummary | null> {
    return this.deps.queue.cancelJob(jobId);
  }

  activeVideos() {
    return this.deps.activity.entries();
  }

  /**
   * A job owned by the channel, a video of the channel the library knows, or one whose running
   * download has read its info (a manual download of a video new to the library): true. A video
   * new to the library still waiting in the queue cannot be told apart until its download starts.
   */
  async hasActiveDownloadsForChannel(channelId: string): Promise<boolean> {
    const active = await this.deps.store.byStatus(['queued', 'running']);
    if (active.some((j) => j.options.ownerChannelId === channelId)) return true;
    const ids = [...this.deps.activity.entries().keys()];
    if (ids.some((id) => this.deps.metadata?.peek(id)?.channelId === channelId)) return true;
    const known = await this.deps.videos.bySourceIds(ids);
    return known.some((v) => v.channelId === channelId);
  }

  async downloadedSourceIds(sourceIds: string[]): Promise<Set<string>> {
    const rows = await this.deps.videos.bySourceIds(sourceIds);
    return new Set(rows.map((r) => r.sourceId));
  }

  libraryVideos(sourceIds: string[]): Promise<LibraryVideo[]> {
    return this.deps.videos.library(sourceIds);
  }

  presentVideos(): Promise<LibraryVideo[]> {
    return this.deps.videos.present();
  }

  flaggedVideos(): Promise<LibraryFlags[]> {
    return this.deps.videos.flagged();
  }

  async channelVideos(channelId: string): Promise<ChannelDownload[]> {
    const rows = await this.deps.videos.byChannel(channelId);
    return rows.map((r) => ({
      sourceId: r.sourceId,
      title: r.title,
      duration: r.duration,
      uploadDate: r.uploadDate,
      filePath: r.filePath,
      audioFilePath: r.audioFilePath,
      subfolder: r.subfolder,
      removed: r.removed,
      downloadedAt: r.downloadedAt,
    }));
  }

  storageStatus(): Promise<StorageStatus> {
    return this.deps.storage.status();
  }

  registerSubfolders(names: string[]): Promise<void> {
    return this.deps.videos.registerSubfolders(names);
  }

  listSubfolders(): Promise<string[]> {
    return this.deps.videos.subfolders();
  }

  retentionCandidates(): Promise<RetentionCandidate[]> {
    return this.deps.videos.retentionCandidates();
  }

  moveChannelFolder(move: ChannelFolderMove): Promise<ChannelFolderMoveResult> {
    return this.deps.mover.move(move);
  }

  async removeVideo(sourceId: string, options: { respectProtection?: boolean } = {}): Promise<RemovedVideo> {
    const { title: _title, ...removed } = await this.deps.library.remove(sourceId, options);
    return removed;
  }
}
