import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  DownloaderErrorCodes,
  NotFoundError,
  type LibraryRecord,
  type LocalStatusEntry,
  type LocalStatusResponse,
  type VideoFileEntry,
  type VideoLinkEntry,
  type VideoLinksResponse,
  type VideoMetadataResponse,
} from '@vidkeep/contracts';
import { isInside } from '@vidkeep/library-files';
import { fileStatus } from './file-status.js';
import { fileKind, metadataFields } from './info-metadata.js';
import type { LibraryDeps } from './library-deps.js';
import { toVideo } from './video-rows.js';

/**
 * What a video's page and the URL previews read beyond its record: the stored info.json, its
 * files on disk, where else it appears, and the local status of many ids at once.
 */
export class VideoPages {
  constructor(
    private readonly deps: Pick<
      LibraryDeps,
      'videos' | 'outputDir' | 'infoDir' | 'linkProviders' | 'activeVideos' | 'warn'
    >,
  ) {}

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
