/**
 * What a fake Jellyfin or Emby server holds: libraries over real folders, the items a scan found
 * there (the files the downloader really wrote), and playlists. Scans run a moment after they are
 * asked for, like the servers' queued scan tasks; the `slow-scan` failure makes them find nothing.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FakeServerPlaylist } from '../types.js';

const VIDEO = new Set(['.mp4', '.mkv', '.webm', '.m4v', '.mov', '.avi']);
const AUDIO = new Set(['.mp3', '.m4a', '.flac', '.opus', '.ogg']);

export interface FakeLibrary {
  /** The library's item id (`ItemId` in VirtualFolderInfo). */
  id: string;
  name: string;
  collectionType: 'homevideos' | 'music';
  locations: string[];
}

export interface FakeItem {
  id: string;
  name: string;
  path: string;
  /** BaseItemDto `Type`. */
  type: 'Video' | 'Audio';
  mediaType: 'Video' | 'Audio';
  libraryId: string;
}

export interface FakePlaylistRecord {
  id: string;
  name: string;
  mediaType: 'video' | 'audio';
  public: boolean;
  owner: string;
  itemIds: string[];
}

/** A user's state of one item (`UserItemDataDto`, external-apis.md 2.7 and 3.7). */
export interface FakeUserData {
  played: boolean;
  playCount: number;
  positionTicks: number;
  lastPlayed: Date | null;
}

const TICKS_PER_MS = 10_000;

export class FakeMediaLibrary {
  readonly items = new Map<string, FakeItem>();
  /** Per user id (lower case, no dashes), per item id. */
  private readonly userData = new Map<string, Map<string, FakeUserData>>();
  /** `<library id>\0<path>` of every item, to index each file once. */
  private readonly indexed = new Set<string>();
  readonly playlists = new Map<string, FakePlaylistRecord>();
  slowScan = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly libraries: FakeLibrary[],
    private readonly newId: () => string,
    /** How long a queued scan takes to run. */
    private readonly scanDelayMs = 30,
  ) {}

  library(id: string): FakeLibrary | undefined {
    return this.libraries.find((l) => l.id.toLowerCase() === id.toLowerCase());
  }

  /** Whether any library scan is queued (VirtualFolderInfo `RefreshStatus`). */
  get scanning(): boolean {
    return this.timers.size > 0;
  }

  /** Queues a scan of whole libraries (`/Library/Refresh`, `/Items/{id}/Refresh`). */
  scanLibraries(ids: string[]): void {
    this.later(() => {
      for (const lib of this.libraries.filter((l) => ids.includes(l.id))) {
        for (const [id, item] of this.items)
          if (item.libraryId === lib.id && !existsSync(item.path)) {
            this.items.delete(id);
            this.indexed.delete(`${lib.id}\0${item.path}`);
          }
        for (const loc of lib.locations) this.indexTree(lib, loc);
      }
    });
  }

  /** Queues a scan of single paths (`/Library/Media/Updated`); paths outside every library are ignored. */
  scanPaths(paths: string[]): void {
    this.later(() => {
      for (const path of paths) {
        for (const lib of this.libraries) {
          if (lib.locations.some((loc) => path === loc || path.startsWith(`${loc}/`))) this.indexTree(lib, path);
        }
      }
    });
  }

  private later(scan: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.slowScan) scan();
    }, this.scanDelayMs);
    this.timers.add(timer);
  }

  /** Indexes a file, or every file below a folder; folders holding `.ignore` are skipped as both servers do. */
  private indexTree(lib: FakeLibrary, path: string): void {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      if (existsSync(join(path, '.ignore'))) return;
      for (const name of readdirSync(path)) this.indexTree(lib, join(path, name));
      return;
    }
    const ext = extname(path).toLowerCase();
    const audio = lib.collectionType === 'music';
    if (!(audio ? AUDIO : VIDEO).has(ext)) return;
    const key = `${lib.id}\0${path}`;
    if (this.indexed.has(key)) return;
    this.indexed.add(key);
    const id = this.newId();
    const name = path.split('/').at(-1)!.slice(0, -ext.length);
    this.items.set(id, {
      id,
      name,
      path,
      type: audio ? 'Audio' : 'Video',
      mediaType: audio ? 'Audio' : 'Video',
      libraryId: lib.id,
    });
  }

  dataOf(userId: string, itemId: string): FakeUserData | undefined {
    return this.userData.get(userId.replace(/-/g, '').toLowerCase())?.get(itemId);
  }

  /** A play of every indexed item of `path` (video and music libraries alike) by `userId`. */
  play(path: string, userId: string, at: Date, positionMs?: number): void {
    const items = [...this.items.values()].filter((i) => i.path === path);
    if (!items.length) throw new Error(`The fake server has not indexed ${path}`);
    const key = userId.replace(/-/g, '').toLowerCase();
    const data = this.userData.get(key) ?? new Map<string, FakeUserData>();
    this.userData.set(key, data);
    for (const item of items) {
      const prev = data.get(item.id) ?? { played: false, playCount: 0, positionTicks: 0, lastPlayed: null };
      data.set(
        item.id,
        positionMs === undefined
          ? { played: true, playCount: prev.playCount + 1, positionTicks: 0, lastPlayed: at }
          : { ...prev, positionTicks: positionMs * TICKS_PER_MS, lastPlayed: at },
      );
    }
  }

  indexedPaths(): string[] {
    return [...this.items.values()].map((i) => i.path);
  }

  /** Items of a library (or all), optionally of some types, in a stable order (by name, like SortName). */
  list(filter: { parentId?: string; types?: string[]; ids?: string[]; path?: string }): FakeItem[] {
    return [...this.items.values()]
      .filter((i) => !filter.parentId || i.libraryId.toLowerCase() === filter.parentId.toLowerCase())
      .filter((i) => !filter.types?.length || filter.types.some((t) => t.toLowerCase() === i.type.toLowerCase()))
      .filter((i) => !filter.ids?.length || filter.ids.includes(i.id))
      .filter((i) => !filter.path || i.path === filter.path)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  view(p: FakePlaylistRecord): FakeServerPlaylist {
    return {
      id: p.id,
      name: p.name,
      mediaType: p.mediaType,
      public: p.public,
      owner: p.owner,
      paths: p.itemIds.map((id) => this.items.get(id)?.path ?? `<missing item ${id}>`),
    };
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/** The libraries every fake starts with: videos and music, both over the whole output directory. */
export function defaultLibraries(outputDir: string, videoId: string, musicId: string): FakeLibrary[] {
  return [
    { id: videoId, name: 'Videos', collectionType: 'homevideos', locations: [outputDir] },
    { id: musicId, name: 'Music', collectionType: 'music', locations: [outputDir] },
  ];
}

/** `a,b` or repeated keys, as both servers bind list parameters. */
export const listParam = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `StartIndex`/`Limit` paging of a QueryResult. */
export function page<T>(
  all: T[],
  query: Map<string, string>,
): { Items: T[]; TotalRecordCount: number; StartIndex: number } {
  const start = Number(query.get('startindex') ?? 0) || 0;
  const limit = query.has('limit') ? Number(query.get('limit')) : all.length;
  return { Items: all.slice(start, start + limit), TotalRecordCount: all.length, StartIndex: start };
}
