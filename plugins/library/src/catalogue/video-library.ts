import { readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
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
  type VideoFileEntry,
  type VideoLinkEntry,
  type VideoLinkProvider,
  type VideoLinksResponse,
  type VideoMetadataResponse,
  type VideoRatingRequest,
  type VideoRatingResponse,
  type RemovedVideo,
  type VideoProtectedResponse,
  type DeleteVideoResponse,
  type EventBus,
  type LocalStatusEntry,
  type LocalStatusResponse,
  type Video,
  type VideoList,
  type VideoListQuery,
  type LibraryRecord,
} from '@vidkeep/contracts';
import { executeDeletion, planDeletion } from '../deletion/delete.js';
import { isInside, MANUAL_OVERRIDE, ratingTarget, rewriteNfoRating, writeMp4Rating } from '@vidkeep/library-files';
import { fileStatus } from './file-status.js';
import { toVideo, type VideoStore } from './video-store.js';

/** A file of the library that exists now. */
export interface StoredFile {
  path: string;
  size: number;
}

export interface LibraryDeps {
  videos: VideoStore;
  /** What is queued or downloading now (the downloader's contribution; empty without one). */
  activeVideos: () => ReadonlyMap<string, { jobId: string; state: 'queued' | 'downloading' }>;
  events: EventBus;
  outputDir: string;
  imagesDir: string;
  /** Where an earlier version kept posters (`RuntimePaths.legacyImagesDir`): still read, never written. */
  legacyImagesDir?: string | null;
  /** Where the info.json of each download is kept (`<jobsDir>/info`). */
  infoDir?: string;
  /** The plugins that say where a video appears (`videoLinkProvidersRef`), live. */
  linkProviders?: () => readonly VideoLinkProvider[];
  /** Logs what did not work but is not the caller's failure. */
  warn?: (message: string, context: Record<string, unknown>) => void;
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
      message: `Deleted ${removed.deletedFiles.length} file(s) of "${removed.title}"`,
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
        for (const warning of await this.serially(() => this.writeRating(row, r.rating)))
          out.warnings.push({ sourceId: row.sourceId, warning });
      } catch (err) {
        out.failed.push(failureOf(row, err));
      }
    }
    if (changed.length) this.deps.events.publish('downloader.videos.changed', { sourceIds: changed });
    return out;
  }

  /** Writes a rating into a video's files; what could not be done, in words. */
  private async writeRating(row: LibraryRecord, rating: string | null): Promise<string[]> {
    const { outputDir } = this.deps;
    if (row.removed) return ['Its files were deleted: the rating is kept in the library only'];
    const media = row.filePath;
    if (!media) {
      return ['Audio-only downloads (mp3) carry no content rating: it is kept in the library only'];
    }
    if (!isInside(outputDir, media)) return ['The file is outside the output directory: it was not changed'];
    const present = await stat(media).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!present) return ['The file is no longer on disk: the rating is kept in the library only'];
    const warnings: string[] = [];
    const decided = { rating, source: MANUAL_OVERRIDE };
    if (ratingTarget(media) === 'mp4') {
      await writeMp4Rating(media, rating).catch((err: unknown) => {
        warnings.push(`The rating was not written into the file: ${(err as Error).message}`);
        this.deps.warn?.('Writing a content rating into a file failed', { sourceId: row.sourceId, err });
      });
    } else {
      warnings.push(`${extname(media) || 'This'} files carry no content rating here: only the NFO has it`);
    }
    const nfo = join(dirname(media), `${basename(media, extname(media))}.nfo`);
    if (
      await stat(nfo).then(
        () => true,
        () => false,
      )
    ) {
      await rewriteNfoRating(nfo, decided).catch((err: unknown) => {
        warnings.push(`The NFO was not updated: ${(err as Error).message}`);
      });
    }
    return warnings;
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

  /**
   * Reference 1.7: what the stored info.json says (description, tags, chapters, counts at download
   * time, formats offered) and the video's files as they are on disk now.
   */
  async metadata(sourceId: string): Promise<VideoMetadataResponse> {
    const row = await this.find(sourceId);
    const info = await this.readInfo(row.sourceId);
    return { ...metadataFields(info, row.videoResolution), relatedFiles: await this.relatedFiles(row) };
  }

  private async readInfo(sourceId: string): Promise<Record<string, unknown> | null> {
    if (!this.deps.infoDir) return null;
    try {
      const parsed: unknown = JSON.parse(await readFile(join(this.deps.infoDir, `${sourceId}.info.json`), 'utf8'));
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  /** The media files, and beside them the files named with `[<id>]` (poster, NFO, subtitles). */
  private async relatedFiles(row: LibraryRecord): Promise<VideoFileEntry[]> {
    const { outputDir } = this.deps;
    const out: VideoFileEntry[] = [];
    const seen = new Set<string>();
    const add = async (path: string, kind?: VideoFileEntry['kind']) => {
      if (seen.has(path)) return;
      seen.add(path);
      const info = await stat(path).catch(() => null);
      out.push({
        kind: kind ?? fileKind(path),
        name: basename(path),
        path,
        size: info?.isFile() ? info.size : null,
        exists: !!info?.isFile(),
      });
    };
    const media = [row.filePath, row.audioFilePath].filter((p): p is string => !!p && isInside(outputDir, p));
    if (row.filePath && media.includes(row.filePath)) await add(row.filePath, 'video');
    if (row.audioFilePath && media.includes(row.audioFilePath)) await add(row.audioFilePath, 'audio');
    for (const dir of new Set(media.map((p) => dirname(p)))) {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.sort())
        if (name.includes(`[${row.sourceId}]`) && !name.startsWith('.')) await add(join(dir, name));
    }
    return out;
  }

  /** Where the video appears besides the library: its channel, followed playlists (from the plugins that know). */
  async links(sourceId: string): Promise<VideoLinksResponse> {
    const row = await this.find(sourceId);
    const providers = this.deps.linkProviders?.() ?? [];
    const lists = await Promise.all(
      providers.map((p) =>
        p.linksOf({ sourceId: row.sourceId, channelId: row.channelId }).catch((err: unknown): VideoLinkEntry[] => {
          this.deps.warn?.('A plugin could not say where a video appears', { sourceId, err });
          return [];
        }),
      ),
    );
    return { links: lists.flat() };
  }

  /** What is downloaded, gone or active among `sourceIds`, without asking the platform. */
  async localStatus(sourceIds: string[]): Promise<LocalStatusResponse> {
    const ids = [...new Set(sourceIds)];
    const rows = new Map((await this.deps.videos.bySourceIds(ids)).map((v) => [v.sourceId, v]));
    const watch = await this.deps.videos.watchOf([...rows.keys()]);
    const active = this.deps.activeVideos();
    const results = await Promise.all(
      ids.map(async (sourceId): Promise<LocalStatusEntry> => {
        const row = rows.get(sourceId);
        const act = active.get(sourceId);
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

const SUBTITLE = new Set(['.srt', '.vtt', '.ass', '.ssa']);
const IMAGE = new Set(['.jpg', '.jpeg', '.png', '.webp']);

function fileKind(path: string): VideoFileEntry['kind'] {
  const ext = extname(path).toLowerCase();
  if (ext === '.nfo') return 'nfo';
  if (SUBTITLE.has(ext)) return 'subtitle';
  if (IMAGE.has(ext)) return 'thumbnail';
  if (['.mp4', '.mkv', '.webm', '.m4v', '.mov'].includes(ext)) return 'video';
  if (['.mp3', '.m4a', '.opus', '.ogg', '.flac'].includes(ext)) return 'audio';
  return 'other';
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The metadata fields of an info.json (all null without one). */
export function metadataFields(
  info: Record<string, unknown> | null,
  videoResolution: string | null,
): Omit<VideoMetadataResponse, 'relatedFiles'> {
  const i = info ?? {};
  const day = typeof i.upload_date === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(i.upload_date) : null;
  const formats = Array.isArray(i.formats) ? (i.formats as Record<string, unknown>[]) : [];
  const heights = [
    ...new Set(
      formats
        .filter((f) => f && f.vcodec !== 'none' && typeof f.height === 'number' && f.height > 0)
        .map((f) => f.height as number),
    ),
  ].sort((a, b) => b - a);
  const measured = videoResolution && videoResolution !== '0x0' ? /^(\d+)x(\d+)$/.exec(videoResolution) : null;
  const width = int(i.width) ?? (measured ? Number(measured[1]) : null);
  const height = int(i.height) ?? (measured ? Number(measured[2]) : null);
  const chapters = Array.isArray(i.chapters) ? (i.chapters as Record<string, unknown>[]) : [];
  const live = text(i.live_status);
  return {
    infoJsonAvailable: info !== null,
    description: text(i.description),
    viewCount: int(i.view_count),
    likeCount: int(i.like_count),
    commentCount: int(i.comment_count),
    tags: strings(i.tags),
    categories: strings(i.categories),
    chapters: chapters
      .filter((c) => c && typeof c.start_time === 'number')
      .map((c) => ({
        title: typeof c.title === 'string' ? c.title : '',
        startTime: c.start_time as number,
        endTime: num(c.end_time),
      })),
    uploadDate: day ? `${day[1]}-${day[2]}-${day[3]}` : null,
    resolution: width && height ? `${width}x${height}` : text(i.resolution),
    width,
    height,
    fps: num(i.fps),
    aspectRatio: num(i.aspect_ratio) ?? (width && height ? Math.round((width / height) * 100) / 100 : null),
    language: text(i.language),
    isLive: live ? live === 'is_live' : typeof i.is_live === 'boolean' ? i.is_live : null,
    wasLive: live ? live === 'was_live' || live === 'post_live' : typeof i.was_live === 'boolean' ? i.was_live : null,
    availability: text(i.availability),
    channelFollowerCount: int(i.channel_follower_count),
    ageLimit: int(i.age_limit),
    webpageUrl: text(i.webpage_url),
    availableResolutions: heights,
    downloadedTier: height ? `${height}p` : null,
  };
}
