import type { Video, VideoListQuery } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import type { DownloaderSubfolder, DownloaderVideo } from '../entities.js';
import { videoUrl } from '../url.js';

const SORT_COLUMNS: Record<VideoListQuery['sortBy'], keyof DownloaderVideo> = {
  downloadedAt: 'downloadedAt',
  title: 'title',
  channelName: 'channelName',
  duration: 'duration',
  uploadDate: 'uploadDate',
  fileSize: 'fileSize',
};

/** Escapes LIKE wildcards so a search for `100%` means the text, not a pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toVideo(v: DownloaderVideo): Video {
  return {
    id: v.id,
    sourceId: v.sourceId,
    title: v.title,
    channelName: v.channelName,
    channelId: v.channelId,
    description: v.description,
    duration: v.duration,
    uploadDate: v.uploadDate,
    mediaType: v.mediaType,
    sourceUrl: videoUrl(v.sourceId),
    thumbnailUrl: v.thumbnailPath ? `/api/videos/${v.sourceId}/thumbnail` : null,
    filePath: v.filePath,
    fileSize: v.fileSize === null ? null : Number(v.fileSize),
    audioFilePath: v.audioFilePath,
    audioFileSize: v.audioFileSize === null ? null : Number(v.audioFileSize),
    video_resolution: v.videoResolution,
    subfolder: v.subfolder,
    removed: v.removed,
    downloadedAt: v.downloadedAt.toISOString(),
    jobId: v.jobId,
  };
}

/** Downloaded videos and the subfolder registry. */
export class VideoStore {
  constructor(private readonly orm: Orm) {}

  private em() {
    return this.orm.em.fork();
  }

  async upsert(row: Omit<DownloaderVideo, 'id'>): Promise<DownloaderVideo> {
    const em = this.em();
    const existing = await em.findOne<DownloaderVideo>('DownloaderVideo', { sourceId: row.sourceId });
    if (existing) {
      em.assign(existing, row);
      await em.flush();
      return existing;
    }
    const created = em.create<DownloaderVideo>('DownloaderVideo', row as DownloaderVideo);
    await em.flush();
    return created;
  }

  async bySourceId(sourceId: string): Promise<DownloaderVideo | null> {
    return this.em().findOne<DownloaderVideo>('DownloaderVideo', { sourceId });
  }

  async bySourceIds(sourceIds: string[]): Promise<DownloaderVideo[]> {
    if (sourceIds.length === 0) return [];
    return this.em().find<DownloaderVideo>('DownloaderVideo', { sourceId: { $in: sourceIds } });
  }

  async byChannel(channelId: string): Promise<DownloaderVideo[]> {
    return this.em().find<DownloaderVideo>('DownloaderVideo', { channelId }, { orderBy: { id: 'asc' } });
  }

  async markRemoved(id: number): Promise<void> {
    await this.em().nativeUpdate<DownloaderVideo>('DownloaderVideo', { id }, { removed: true, removedAt: new Date() });
  }

  async list(q: VideoListQuery): Promise<{ videos: DownloaderVideo[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (!q.includeRemoved) where.removed = false;
    if (q.channelId) where.channelId = q.channelId;
    const search = q.search?.trim();
    if (search) {
      const like = `%${likeEscape(search)}%`;
      where.$or = [{ title: { $like: like } }, { channelName: { $like: like } }, { sourceId: search }];
    }
    const [videos, total] = await this.em().findAndCount<DownloaderVideo>('DownloaderVideo', where as never, {
      orderBy: { [SORT_COLUMNS[q.sortBy]]: q.sortOrder, id: q.sortOrder } as never,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { videos, total };
  }

  /** Bytes of the files the service downloaded and still has. */
  async usedBytes(): Promise<number> {
    const rows = await this.em()
      .getConnection()
      .execute<{ total: number | null }[]>(
        'select sum(coalesce(file_size, 0) + coalesce(audio_file_size, 0)) as total from downloader_videos where removed = ?',
        [false],
      );
    return Number(rows[0]?.total ?? 0);
  }

  async registerSubfolders(names: string[]): Promise<void> {
    const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    if (unique.length === 0) return;
    const em = this.em();
    const existing = await em.find<DownloaderSubfolder>('DownloaderSubfolder', { name: { $in: unique } });
    const now = new Date();
    for (const row of existing) row.updatedAt = now;
    const known = new Set(existing.map((r) => r.name));
    for (const name of unique) if (!known.has(name)) em.create<DownloaderSubfolder>('DownloaderSubfolder', { name, createdAt: now, updatedAt: now } as DownloaderSubfolder);
    await em.flush();
  }

  async subfolders(): Promise<string[]> {
    const rows = await this.em().find<DownloaderSubfolder>('DownloaderSubfolder', {}, { orderBy: { name: 'asc' } });
    return rows.map((r) => r.name);
  }
}
