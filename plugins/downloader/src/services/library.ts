import { rm, stat } from 'node:fs/promises';
import {
  ConflictError,
  DownloaderErrorCodes,
  NotFoundError,
  type RemovedVideo,
  type VideoProtectedResponse,
  type DeleteVideoResponse,
  type EventBus,
  type LocalStatusEntry,
  type LocalStatusResponse,
  type Video,
  type VideoList,
  type VideoListQuery,
} from '@vidkeep/contracts';
import type { DownloaderVideo } from '../entities.js';
import { executeDeletion, planDeletion } from '../files/delete.js';
import { isInside } from '../files/move.js';
import type { ActivityTracker } from './activity.js';
import { toVideo, type VideoStore } from './video-store.js';

/** A file of the library that exists now. */
export interface StoredFile {
  path: string;
  size: number;
}

export interface LibraryDeps {
  videos: VideoStore;
  activity: ActivityTracker;
  events: EventBus;
  outputDir: string;
  imagesDir: string;
  /** Where an earlier version kept posters (`RuntimePaths.legacyImagesDir`): still read, never written. */
  legacyImagesDir?: string | null;
  /** Called after a deletion freed space (the queue re-checks a storage pause at once). */
  onSpaceFreed?: () => void;
}

const fileMissing = (message: string) => new NotFoundError(DownloaderErrorCodes.fileMissing, message);

/**
 * The downloaded videos and their files. Only files inside the output directory (media) or the
 * images directory (posters) are ever served or deleted, whatever a record says.
 */
export class VideoLibrary {
  constructor(private readonly deps: LibraryDeps) {}

  async list(query: VideoListQuery): Promise<VideoList> {
    const { videos, total } = await this.deps.videos.list(query);
    return {
      videos: videos.map((r) => toVideo(r.video, r.watch)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async get(sourceId: string): Promise<Video> {
    const row = await this.find(sourceId);
    return toVideo(row, (await this.deps.videos.watchOf([row.sourceId])).get(row.sourceId));
  }

  /** The video's media file (or its audio file), to stream. */
  async mediaFile(sourceId: string, kind: 'video' | 'audio'): Promise<StoredFile> {
    const row = await this.find(sourceId);
    const path = kind === 'audio' ? row.audioFilePath : (row.filePath ?? row.audioFilePath);
    if (row.removed || !path) throw fileMissing(`No ${kind} file for ${row.sourceId}`);
    if (!isInside(this.deps.outputDir, path)) throw fileMissing('The file is outside the output directory');
    return this.onDisk(path);
  }

  /** Where the video's poster is recorded (see `onDisk` for whether it is still there). */
  async thumbnailPath(sourceId: string): Promise<string> {
    const row = await this.find(sourceId);
    if (!row.thumbnailPath || !this.isPoster(row.thumbnailPath)) throw fileMissing('No thumbnail');
    return row.thumbnailPath;
  }

  /** A recorded poster path the service may serve or delete: inside the images folder (or an earlier version's). */
  private isPoster(path: string): boolean {
    const { imagesDir, legacyImagesDir } = this.deps;
    return isInside(imagesDir, path) || (!!legacyImagesDir && isInside(legacyImagesDir, path));
  }

  async onDisk(path: string): Promise<StoredFile> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw fileMissing('The file is no longer on disk');
    return { path, size: info.size };
  }

  /**
   * Deletes a video's files the safe way (`files/delete.ts`, reference 7.1) and keeps its record,
   * marked removed, so it still counts as downloaded and is never fetched again by itself.
   * Deletions run one at a time. Refused, with nothing deleted, for an unsafe stored path.
   */
  remove(sourceId: string, options: { respectProtection?: boolean } = {}): Promise<RemovedVideo & { title: string }> {
    const next = this.deleting.then(() => this.removeNow(sourceId, options));
    this.deleting = next.catch(() => undefined);
    return next;
  }

  private deleting: Promise<unknown> = Promise.resolve();

  private async removeNow(
    sourceId: string,
    options: { respectProtection?: boolean },
  ): Promise<RemovedVideo & { title: string }> {
    const { outputDir } = this.deps;
    const row = await this.find(sourceId);
    if (options.respectProtection && row.protected) {
      throw new ConflictError(
        DownloaderErrorCodes.videoProtected,
        `"${row.title}" (${row.sourceId}) is protected from automatic removal; it was not deleted`,
      );
    }
    const plan = await planDeletion({ sourceId: row.sourceId, paths: [row.filePath, row.audioFilePath] }, outputDir);
    if (!plan.ok) {
      throw new ConflictError(
        DownloaderErrorCodes.unsafePath,
        `"${row.title}" (${row.sourceId}) was not deleted: ${plan.reason}. Nothing was deleted; move or delete its files by hand if they are yours.`,
      );
    }
    const outcome = await executeDeletion(plan, row.sourceId, outputDir);
    if (row.thumbnailPath && this.isPoster(row.thumbnailPath)) await rm(row.thumbnailPath, { force: true });
    await this.deps.videos.markRemoved(row.id);
    this.deps.events.publish('downloader.video.removed', { videoId: row.id, sourceId: row.sourceId });
    if (outcome.freedBytes > 0) this.deps.onSpaceFreed?.();
    return { sourceId: row.sourceId, title: row.title, ...outcome };
  }

  /** The manual delete (`DELETE /api/videos/:sourceId`); protection does not stop it. */
  async deleteVideo(sourceId: string): Promise<DeleteVideoResponse> {
    const removed = await this.remove(sourceId);
    return {
      success: true,
      message: `Deleted ${removed.deletedFiles.length} file(s) of "${removed.title}"`,
      deletedFiles: removed.deletedFiles,
    };
  }

  /** Sets the per-video protection flag (reference 1.5); also on a removed video's record. */
  async setProtected(sourceId: string, value: boolean): Promise<VideoProtectedResponse> {
    const row = await this.find(sourceId);
    await this.deps.videos.setProtected(row.id, value);
    return { sourceId: row.sourceId, protected: value };
  }

  /** What is downloaded, gone or active among `sourceIds`, without asking the platform. */
  async localStatus(sourceIds: string[]): Promise<LocalStatusResponse> {
    const ids = [...new Set(sourceIds)];
    const rows = new Map((await this.deps.videos.bySourceIds(ids)).map((v) => [v.sourceId, v]));
    const watch = await this.deps.videos.watchOf([...rows.keys()]);
    const results = await Promise.all(
      ids.map(async (sourceId): Promise<LocalStatusEntry> => {
        const row = rows.get(sourceId);
        const act = this.deps.activity.get(sourceId);
        return {
          sourceId,
          status: row ? await fileStatus(row) : 'not_downloaded',
          activity: act?.state ?? null,
          jobId: act?.jobId ?? null,
          video: row ? toVideo(row, watch.get(sourceId)) : null,
        };
      }),
    );
    return { results };
  }

  private async find(sourceId: string): Promise<DownloaderVideo> {
    const row = await this.deps.videos.bySourceId(sourceId);
    if (!row) throw new NotFoundError(DownloaderErrorCodes.videoNotFound, `No downloaded video ${sourceId}`);
    return row;
  }
}

/** Whether a library record's file is still there (`removed`: deleted through the service). */
export async function fileStatus(row: DownloaderVideo): Promise<LocalStatusEntry['status']> {
  if (row.removed) return 'removed';
  const path = row.filePath ?? row.audioFilePath;
  const present = path
    ? await stat(path).then(
        () => true,
        () => false,
      )
    : false;
  return present ? 'downloaded' : 'missing';
}
