import { realpath, rm, stat } from 'node:fs/promises';
import {
  ConflictError,
  DomainError,
  DownloaderErrorCodes,
  InvalidInputError,
  normalizeRating,
  NotFoundError,
  type BulkDeleteRequest,
  type BulkDeleteResponse,
  type BulkFailure,
  type VideoRatingRequest,
  type VideoRatingResponse,
  type RemovedVideo,
  type VideoProtectedResponse,
  type DeleteVideoResponse,
  type Video,
  type VideoList,
  type VideoListQuery,
  type LibraryRecord,
} from '@vidkeep/contracts';
import { executeDeletion, planDeletion } from '../deletion/delete.js';
import { isInside, MANUAL_OVERRIDE } from '@vidkeep/library-files';
import { writeRatingToFiles } from './rating-files.js';
import { toVideo } from './video-rows.js';
import type { LibraryDeps } from './library-deps.js';

/** A file of the library that exists now. */
export interface StoredFile {
  path: string;
  size: number;
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

  /**
   * A recorded file still on disk, resolved through symbolic links, that stays inside the folder it
   * is recorded in (the output directory, or the images folder for a poster) once resolved: a link
   * planted there never serves a file from elsewhere (deletion refuses such paths too).
   */
  async onDisk(path: string): Promise<StoredFile> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw fileMissing('The file is no longer on disk');
    const { outputDir, imagesDir, legacyImagesDir } = this.deps;
    const roots = [outputDir, imagesDir, legacyImagesDir].filter((r): r is string => !!r && isInside(r, path));
    const real = await realpath(path);
    const realRoots = await Promise.all(roots.map((r) => realpath(r).catch(() => r)));
    if (!realRoots.some((r) => isInside(r, real))) {
      throw fileMissing('The file leads outside its folder through a symbolic link, so it is not served');
    }
    return { path, size: info.size };
  }

  /**
   * Deletes a video's files the safe way (`files/delete.ts`, reference 7.1) and keeps its record,
   * marked removed, so it still counts as downloaded and is never fetched again by itself.
   * Deletions run one at a time. Refused, with nothing deleted, for an unsafe stored path.
   */
  remove(sourceId: string, options: { respectProtection?: boolean } = {}): Promise<RemovedVideo & { title: string }> {
    return this.serially(() => this.removeNow(sourceId, options));
  }

  /** File changes (deletions, rating rewrites) run one at a time. */
  private deleting: Promise<unknown> = Promise.resolve();

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.deleting.then(work);
    this.deleting = next.catch(() => undefined);
    return next;
  }

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
    return { sourceId: row.sourceId, title: row.title, ...outcome };
  }

  /** The manual delete (`DELETE /api/videos/:sourceId`); protection does not stop it. */
  async deleteVideo(sourceId: string): Promise<DeleteVideoResponse> {
    const removed = await this.remove(sourceId);
    return {
      success: true,
      message: `Deleted the ${removed.deletedFiles.length === 1 ? 'file' : `${removed.deletedFiles.length} files`} of "${removed.title}"`,
      deletedFiles: removed.deletedFiles,
    };
  }

  /** Sets the per-video protection flag (reference 1.5); also on a removed video's record. */
  async setProtected(sourceId: string, value: boolean): Promise<VideoProtectedResponse> {
    const row = await this.find(sourceId);
    await this.deps.videos.setProtected(row.id, value);
    this.deps.events.publish('downloader.videos.changed', { sourceIds: [row.sourceId] });
    return { sourceId: row.sourceId, protected: value };
  }

  /**
   * The records a bulk request names (`sourceIds` win over `videoIds`), in request order, and a
   * failure for every id the library does not know.
   */
  private async named(req: { videoIds?: number[]; sourceIds?: string[] }): Promise<{
    rows: LibraryRecord[];
    failed: BulkFailure[];
  }> {
    const notFound = (sourceId: string | null, videoId: number | null): BulkFailure => ({
      sourceId,
      videoId,
      error: `No downloaded video ${sourceId ?? `with id ${videoId}`}`,
      code: DownloaderErrorCodes.videoNotFound,
    });
    if (req.sourceIds?.length) {
      const ids = [...new Set(req.sourceIds)];
      const found = new Map((await this.deps.videos.bySourceIds(ids)).map((r) => [r.sourceId, r]));
      return {
        rows: ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])),
        failed: ids.filter((id) => !found.has(id)).map((id) => notFound(id, null)),
      };
    }
    if (req.videoIds?.length) {
      const ids = [...new Set(req.videoIds)];
      const found = new Map((await this.deps.videos.byIds(ids)).map((r) => [r.id, r]));
      return {
        rows: ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : [])),
        failed: ids.filter((id) => !found.has(id)).map((id) => notFound(null, id)),
      };
    }
    throw new InvalidInputError(DownloaderErrorCodes.invalidRequest, 'Name the videos: sourceIds or videoIds', {
      details: [{ path: 'body/sourceIds', message: 'sourceIds or videoIds must list at least one video' }],
    });
  }

  /**
   * Sets the content rating of videos by hand (reference 1.5 `POST /api/videos/rating`): saved as
   * `Manual Override` (kept on a re-download), then written into the MP4's iTunes tags and the
   * NFO. A file that cannot carry it (an audio-only mp3, a file gone, a failed rewrite) gives a
   * warning; the saved rating stands.
   */
  async setRating(req: VideoRatingRequest): Promise<VideoRatingResponse> {
    const r = normalizeRating(req.rating);
    if (!r.ok) {
      throw new InvalidInputError(DownloaderErrorCodes.invalidRating, r.error, {
        details: [{ path: 'body/rating', message: r.error }],
      });
    }
    const { rows, failed } = await this.named(req);
    const out: VideoRatingResponse = { success: [], warnings: [], failed };
    const changed: string[] = [];
    for (const row of rows) {
      try {
        await this.deps.videos.setRating(row.id, r.rating, MANUAL_OVERRIDE);
        changed.push(row.sourceId);
        out.success.push(row.sourceId);
        for (const warning of await this.serially(() => writeRatingToFiles(row, r.rating, this.deps)))
          out.warnings.push({ sourceId: row.sourceId, warning });
      } catch (err) {
        out.failed.push(failureOf(row, err));
      }
    }
    if (changed.length) this.deps.events.publish('downloader.videos.changed', { sourceIds: changed });
    return out;
  }

  /**
   * Deletes the files of several videos (reference 1.5 `DELETE /api/videos`), one at a time, as
   * the single delete does; protection does not stop it. One video's failure stops no other.
   */
  async deleteMany(req: BulkDeleteRequest): Promise<BulkDeleteResponse> {
    const { rows, failed } = await this.named(req);
    const deleted: string[] = [];
    for (const row of rows) {
      try {
        await this.remove(row.sourceId);
        deleted.push(row.sourceId);
      } catch (err) {
        failed.push(failureOf(row, err));
      }
    }
    return { success: failed.length === 0, deleted, failed };
  }

  private async find(sourceId: string): Promise<LibraryRecord> {
    const row = await this.deps.videos.bySourceId(sourceId);
    if (!row) throw new NotFoundError(DownloaderErrorCodes.videoNotFound, `No downloaded video ${sourceId}`);
    return row;
  }
}

function failureOf(row: LibraryRecord, err: unknown): BulkFailure {
  const domain = err instanceof DomainError ? err : null;
  return {
    sourceId: row.sourceId,
    videoId: row.id,
    error: domain ? domain.message : `Failed: ${(err as Error).message}`,
    code: domain?.code ?? 'DOWNLOAD_FAILED',
  };
}
