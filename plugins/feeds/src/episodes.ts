import { stat } from 'node:fs/promises';
import { extname, isAbsolute, relative } from 'node:path';
import type { FeedFormat, FeedSubject } from '@vidkeep/contracts/feeds';
import { mediaTypeOf, type LibraryRecord, type LibraryService } from '@vidkeep/plugin-kit';
import type { AudioCache } from './audio.js';
import type { Chapter, InfoCache } from './info.js';

/** One episode of a feed: a downloaded video with the file the feed's format serves. */
export interface Episode {
  sourceId: string;
  title: string;
  description: string | null;
  published: Date;
  duration: number | null;
  /** The enclosure: absolute path, exact size on disk, media type and its extension (`mp3`). */
  file: string;
  size: number;
  mimeType: string;
  extension: string;
  thumbnail: string | null;
  chapters: Chapter[];
  /** 1-based place in the feed (serial feeds number their episodes). */
  number: number;
}

/** A feed's content now. */
export interface FeedContent {
  subject: FeedSubject;
  episodes: Episode[];
  /** Audio feeds: episodes waiting for their audio to be made. */
  pendingAudio: number;
  /** The newest change among the episodes' files (epoch ms), for Last-Modified. */
  lastModified: number;
}

const isInside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** `YYYYMMDD` at noon UTC (the day is all the library knows), else the download time. */
function publishedOf(record: LibraryRecord, timestamp: number | null): Date {
  if (timestamp) return new Date(timestamp * 1000);
  const m = record.uploadDate ? /^(\d{4})(\d{2})(\d{2})$/.exec(record.uploadDate) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)) : record.downloadedAt;
}

/** What the episodes of a feed are made from: the library's records and files, the info cache, the audio cache. */
export class EpisodeLister {
  constructor(
    private readonly deps: {
      library: () => Pick<LibraryService, 'records' | 'record'>;
      info: InfoCache;
      audio: AudioCache;
      outputDir: string;
      audioOnDemand: () => boolean;
    },
  ) {}

  /** Every episode of the subject that has a file of the feed's format, in the subject's order. */
  async content(subject: FeedSubject, format: FeedFormat): Promise<FeedContent> {
    const records = new Map((await this.deps.library().records(subject.sourceIds)).map((r) => [r.sourceId, r]));
    const ordered = subject.sourceIds.map((id) => records.get(id)).filter((r): r is LibraryRecord => !!r && !r.removed);
    const resolved = await Promise.all(ordered.map((r) => this.enclosure(r, format)));
    const episodes: Episode[] = [];
    let pendingAudio = 0;
    let lastModified = 0;
    const infos = await Promise.all(ordered.map((r, i) => (resolved[i]?.file ? this.deps.info.get(r.sourceId) : null)));
    ordered.forEach((record, i) => {
      const found = resolved[i]!;
      if (found.pending) pendingAudio++;
      const info = infos[i];
      if (!found.file || !info) return;
      lastModified = Math.max(lastModified, found.file.mtimeMs);
      episodes.push({
        sourceId: record.sourceId,
        title: record.title || record.sourceId,
        description: record.description,
        published: publishedOf(record, info.timestamp),
        duration: record.duration,
        file: found.file.path,
        size: found.file.size,
        mimeType: mediaTypeOf(found.file.path),
        extension: extname(found.file.path).slice(1).toLowerCase(),
        thumbnail: record.thumbnailPath,
        chapters: info.chapters,
        number: episodes.length + 1,
      });
    });
    return { subject, episodes, pendingAudio, lastModified: Math.floor(lastModified) };
  }

  /** The file one episode serves in a format, or null (not in the library, no such file). */
  async episodeFile(sourceId: string, format: FeedFormat): Promise<{ path: string; size: number } | null> {
    const record = await this.deps.library().record(sourceId);
    if (!record || record.removed) return null;
    return (await this.enclosure(record, format)).file;
  }

  /** The local thumbnail of a video in the library, or null. */
  async thumbnailOf(sourceId: string): Promise<string | null> {
    const record = await this.deps.library().record(sourceId);
    return record && !record.removed ? record.thumbnailPath : null;
  }

  /**
   * The file of a record for a format: audio feeds take the audio file, else the audio made on
   * demand (asked for when missing: `pending`); video feeds take the video file, else the audio file.
   * Only files inside the output directory (or the audio cache) and on disk now count.
   */
  private async enclosure(
    record: LibraryRecord,
    format: FeedFormat,
  ): Promise<{ file: { path: string; size: number; mtimeMs: number } | null; pending: boolean }> {
    const { outputDir, audio } = this.deps;
    const onDisk = async (path: string | null, dir = outputDir) => {
      if (!path || !isInside(dir, path)) return null;
      const st = await stat(path).catch(() => null);
      return st?.isFile() ? { path, size: st.size, mtimeMs: st.mtimeMs } : null;
    };
    if (format === 'video')
      return { file: (await onDisk(record.filePath)) ?? (await onDisk(record.audioFilePath)), pending: false };
    const own = await onDisk(record.audioFilePath);
    if (own) return { file: own, pending: false };
    const made = await onDisk(audio.fileOf(record.sourceId), audio.dir);
    if (made) return { file: made, pending: false };
    const video = this.deps.audioOnDemand() ? await onDisk(record.filePath) : null;
    return { file: null, pending: !!video && audio.request(record.sourceId, video.path) };
  }
}
