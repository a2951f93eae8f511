import type {
  ChannelFolderMove,
  DownloadActivity,
  DownloaderService,
  DownloadQueueService,
  EnqueueRequest,
  EnqueueResult,
  JobSummary,
  LibraryService,
  StorageStatus,
} from '@vidkeep/contracts';
import type { ActivityTracker } from './activity.js';
import type { JobStore } from './job-store.js';
import type { MetadataService } from './metadata.js';
import type { DownloadQueue } from './queue.js';
import type { StorageGuard } from './storage.js';

export interface DownloaderServiceDeps {
  queue: DownloadQueue;
  store: JobStore;
  activity: ActivityTracker;
  storage: StorageGuard;
  library: Pick<LibraryService, 'records'>;
  /** Folders inside the output directory where downloads are staged now. */
  stagingDirectories: () => string[];
  /** What running downloads read of their videos (the channel of a video new to the library). */
  metadata?: Pick<MetadataService, 'peek'>;
}

/**
 * What other plugins may ask of the download queue (`downloadQueueServiceRef`), and what the
 * library learns of it (`downloadActivityProvidersRef`).
 */
export class LocalDownloadQueueService implements DownloadQueueService, DownloadActivity {
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
    const known = await this.deps.library.records(ids);
    return known.some((v) => v.channelId === channelId);
  }

  whileNothingStarts<T>(work: () => Promise<T>): Promise<T> {
    return this.deps.queue.whileNothingQueues(work);
  }

  stagingDirectories(): string[] {
    return this.deps.stagingDirectories();
  }

  storageStatus(): Promise<StorageStatus> {
    return this.deps.storage.status();
  }
}

/**
 * `downloaderServiceRef` as plugin API 1.0 promised it: the queue, and the library's half
 * answered by the library plugin.
 */
export function legacyDownloaderService(queue: DownloadQueueService, library: LibraryService): DownloaderService {
  return {
    enqueue: (r) => queue.enqueue(r),
    cancelJob: (id) => queue.cancelJob(id),
    activeVideos: () => queue.activeVideos(),
    hasActiveDownloadsForChannel: (id) => queue.hasActiveDownloadsForChannel(id),
    storageStatus: () => queue.storageStatus(),
    downloadedSourceIds: (ids) => library.downloadedSourceIds(ids),
    libraryVideos: (ids) => library.libraryVideos(ids),
    presentVideos: () => library.presentVideos(),
    allVideos: () => library.allVideos(),
    flaggedVideos: () => library.flaggedVideos(),
    channelVideos: (id) => library.channelVideos(id),
    registerSubfolders: (names) => library.registerSubfolders(names),
    listSubfolders: () => library.listSubfolders(),
    retentionCandidates: () => library.retentionCandidates(),
    removeVideo: (id, options) => library.removeVideo(id, options),
    moveChannelFolder: (move: ChannelFolderMove) => library.moveChannelFolder(move),
  };
}
