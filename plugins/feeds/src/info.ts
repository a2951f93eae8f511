import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** One chapter as the info.json has it (seconds). */
export interface Chapter {
  start: number;
  title: string;
}

/** What a feed takes from a video's info.json: its chapters and its exact publication time. */
export interface EpisodeInfo {
  chapters: Chapter[];
  /** Epoch seconds of publication (`release_timestamp`, else `timestamp`); null: only the day is known. */
  timestamp: number | null;
}

const NONE: EpisodeInfo = { chapters: [], timestamp: null };

/** Reads the chapters and publication time out of a parsed info.json. */
export function episodeInfoOf(info: unknown): EpisodeInfo {
  if (!info || typeof info !== 'object') return NONE;
  const o = info as Record<string, unknown>;
  const chapters: Chapter[] = [];
  if (Array.isArray(o.chapters))
    for (const c of o.chapters as Record<string, unknown>[]) {
      const start = Number(c?.start_time);
      if (!Number.isFinite(start) || start < 0) continue;
      chapters.push({
        start,
        title: typeof c.title === 'string' && c.title.trim() ? c.title.trim() : `Chapter ${chapters.length + 1}`,
      });
    }
  const ts = [o.release_timestamp, o.timestamp].map(Number).find((n) => Number.isFinite(n) && n > 0);
  return { chapters: chapters.sort((a, b) => a.start - b.start), timestamp: ts ?? null };
}

/**
 * The info.json of each downloaded video (`CONFIG_DIR/jobs/info/<id>.info.json`, kept at download
 * time), read once and remembered: an info.json with its formats list is often half a megabyte, so
 * a feed built after every library change must not parse (or even look at) 200 of them each time.
 * Only a download writes it: the plugin forgets a video's entry when the video is downloaded
 * again, moved or removed (`forget`).
 */
export class InfoCache {
  private readonly cache = new Map<string, EpisodeInfo>();

  constructor(private readonly infoDir: string) {}

  forget(sourceId: string): void {
    this.cache.delete(sourceId);
  }

  async get(sourceId: string): Promise<EpisodeInfo> {
    const hit = this.cache.get(sourceId);
    if (hit) return hit;
    const file = join(this.infoDir, `${sourceId}.info.json`);
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) return NONE;
    let info = NONE;
    try {
      info = episodeInfoOf(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      // A broken info.json: the episode has no chapters and its day of upload.
    }
    this.cache.set(sourceId, info);
    return info;
  }
}
