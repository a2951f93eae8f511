import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import {
  DownloaderErrorCodes,
  NotFoundError,
  type DeleteVideoResponse,
  type EventBus,
  type LocalStatusEntry,
  type LocalStatusResponse,
  type Video,
  type VideoList,
  type VideoListQuery,
} from '@vidkeep/contracts';
import type { DownloaderVideo } from '../entities.js';
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
    return { videos: videos.map(toVideo), total, page: query.page, pageSize: query.pageSize };
  }

  async get(sourceId: string): Promise<Video> {
    return toVideo(await this.find(sourceId));
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
    if (!row.thumbnailPath || !isInside(this.deps.imagesDir, row.thumbnailPath)) throw fileMissing('No thumbnail');
    return row.thumbnailPath;
  }

  async onDisk(path: string): Promise<StoredFile> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw fileMissing('The file is no longer on disk');
    return { path, size: info.size };
  }

  /**
   * Deletes the media files and their companions (poster, NFO, subtitles) and an emptied
   * per-video folder; the record stays, marked removed, so the video still counts as downloaded.
   */
  async remove(sourceId: string): Promise<DeleteVideoResponse> {
    const { outputDir, imagesDir } = this.deps;
    const row = await this.find(sourceId);
    const deleted: string[] = [];
    const dirs = new Set<string>();
    for (const media of [row.filePath, row.audioFilePath]) {
      if (!media || !isInside(outputDir, media)) continue;
      const dir = dirname(media);
      const stem = basename(media, extname(media));
      dirs.add(dir);
      const siblings = await readdir(dir).catch(() => [] as string[]);
      for (const name of siblings) {
        if (name === basename(media) || name.startsWith(`${stem}.`)) {
          const p = join(dir, name);
          await rm(p, { force: true });
          if (!deleted.includes(p)) deleted.push(p);
        }
      }
    }
    for (const dir of dirs) if (dir !== outputDir && isInside(outputDir, dir)) await rmdir(dir).catch(() => undefined);
    if (row.thumbnailPath && isInside(imagesDir, row.thumbnailPath)) await rm(row.thumbnailPath, { force: true });
    await this.deps.videos.markRemoved(row.id);
    this.deps.events.publish('downloader.video.removed', { videoId: row.id, sourceId: row.sourceId });
    return { success: true, message: `Deleted ${deleted.length} file(s) of "${row.title}"`, deletedFiles: deleted };
  }

  /** What is downloaded, gone or active among `sourceIds`, without asking the platform. */
  async localStatus(sourceIds: string[]): Promise<LocalStatusResponse> {
    const ids = [...new Set(sourceIds)];
    const rows = new Map((await this.deps.videos.bySourceIds(ids)).map((v) => [v.sourceId, v]));
    const results = await Promise.all(
      ids.map(async (sourceId): Promise<LocalStatusEntry> => {
        const row = rows.get(sourceId);
        const act = this.deps.activity.get(sourceId);
        return {
          sourceId,
          status: row ? await fileStatus(row) : 'not_downloaded',
          activity: act?.state ?? null,
          jobId: act?.jobId ?? null,
          video: row ? toVideo(row) : null,
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

async function fileStatus(row: DownloaderVideo): Promise<LocalStatusEntry['status']> {
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
