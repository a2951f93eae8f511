import type {
  ChannelDownload,
  ChannelFolderMove,
  ChannelFolderMoveResult,
  DownloadRecord,
  LibraryFlags,
  LibraryRecord,
  LibraryService,
  LibraryVideo,
  RecordFileStatus,
  RemovedVideo,
  RetentionCandidate,
} from '@vidkeep/contracts';
import type { ChannelFolderMover } from '../channel-folders/channel-move.js';
import { fileStatus } from './file-status.js';
import type { VideoLibrary } from './video-library.js';
import type { SubfolderStore } from '../subfolders/subfolder-store.js';
import type { VideoStore } from './video-store.js';

export interface LibraryServiceDeps {
  videos: VideoStore;
  subfolders: SubfolderStore;
  library: VideoLibrary;
  mover: ChannelFolderMover;
}

/** What other plugins (the downloader, channels, playlists, retention, media servers) ask of the library. */
export class LocalLibraryService implements LibraryService {
  constructor(private readonly deps: LibraryServiceDeps) {}

  record(sourceId: string): Promise<LibraryRecord | null> {
    return this.deps.videos.bySourceId(sourceId);
  }

  records(sourceIds: string[]): Promise<LibraryRecord[]> {
    return this.deps.videos.bySourceIds(sourceIds);
  }

  recordDownload(record: DownloadRecord): Promise<LibraryRecord> {
    return this.deps.videos.upsert(record);
  }

  fileStatus(record: LibraryRecord): Promise<RecordFileStatus> {
    return fileStatus(record);
  }

  usedBytes(): Promise<number> {
    return this.deps.videos.usedBytes();
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

  allVideos(): Promise<LibraryVideo[]> {
    return this.deps.videos.present(true);
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

  registerSubfolders(names: string[]): Promise<void> {
    return this.deps.subfolders.registerSubfolders(names);
  }

  listSubfolders(): Promise<string[]> {
    return this.deps.subfolders.subfolders();
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
