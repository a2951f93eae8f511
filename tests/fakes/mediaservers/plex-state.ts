/**
 * What the fake Plex server holds: accounts with their tokens, two libraries over the output
 * directory (an "Other videos" movie section and a music section), the items a scan found on
 * disk, and playlists owned by accounts. Routes (`plex-routes.ts`) read and change it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, sep } from 'node:path';
import type { FakeServerFailure } from './types.js';

export interface PlexAccount {
  id: number;
  name: string;
  token: string;
}

export interface PlexSection {
  key: string;
  title: string;
  type: 'movie' | 'artist';
  agent: string;
  scanner: string;
  uuid: string;
  locations: { id: number; path: string }[];
  refreshing: boolean;
  scannedAt: number;
}

export interface PlexItem {
  ratingKey: string;
  sectionKey: string;
  /** `movie` (metadata type 1) or `track` (10). */
  type: 'movie' | 'track';
  title: string;
  file: string;
  size: number;
  addedAt: number;
}

export interface PlexPlaylistRecord {
  ratingKey: string;
  title: string;
  playlistType: 'video' | 'audio';
  ownerId: number;
  items: { playlistItemID: number; ratingKey: string }[];
  addedAt: number;
  updatedAt: number;
}

/** One account's view state of one item (external-apis.md 1.8). */
export interface PlexView {
  viewCount: number;
  /** Resume position in ms (0: none). */
  viewOffset: number;
  /** Epoch seconds. */
  lastViewedAt: number;
}

/** One play in the server's history (external-apis.md 1.9); rows have no resume offset. */
export interface PlexHistoryRow {
  historyId: number;
  ratingKey: string;
  accountID: number;
  viewedAt: number;
}

export const ADMIN_TOKEN = 'fake-plex-admin-token';
const VIDEO_EXT = new Set(['.mp4', '.mkv', '.webm', '.m4v', '.mov', '.avi']);
const AUDIO_EXT = new Set(['.mp3', '.m4a', '.flac', '.ogg', '.opus']);
const now = () => Math.floor(Date.now() / 1000);

/** Files under `dir` (Plex skips hidden files and folders, such as the downloader's staging folder). */
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name.startsWith('.')) return [];
    const path = join(dir, d.name);
    return d.isDirectory() ? walk(path) : d.isFile() ? [path] : [];
  });
}

export class PlexState {
  readonly machineIdentifier = randomBytes(20).toString('hex');
  readonly accounts: PlexAccount[] = [{ id: 1, name: 'admin', token: ADMIN_TOKEN }];
  readonly sections: PlexSection[];
  /** Indexed items by absolute file path. */
  readonly items = new Map<string, PlexItem>();
  readonly playlists = new Map<string, PlexPlaylistRecord>();
  /** View state per account id, then per rating key. */
  readonly views = new Map<number, Map<string, PlexView>>();
  readonly history: PlexHistoryRow[] = [];
  failure: FakeServerFailure = 'none';
  private nextKey = 100;
  private nextPlaylistItem = 1;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    outputDir: string,
    private readonly scanDelayMs: number,
  ) {
    const section = (key: string, title: string, type: PlexSection['type'], agent: string, scanner: string) => ({
      key,
      title,
      type,
      agent,
      scanner,
      uuid: randomBytes(16).toString('hex'),
      locations: [{ id: Number(key), path: outputDir }],
      refreshing: false,
      scannedAt: 0,
    });
    this.sections = [
      section('1', 'Videos', 'movie', 'com.plexapp.agents.none', 'Plex Video Files Scanner'),
      section('2', 'Music', 'artist', 'tv.plex.agents.none', 'Plex Music'),
    ];
  }

  newKey(): string {
    return String(this.nextKey++);
  }

  newPlaylistItemId(): number {
    return this.nextPlaylistItem++;
  }

  accountOf(token: string | null): PlexAccount | undefined {
    return token ? this.accounts.find((a) => a.token === token) : undefined;
  }

  addAccount(name: string): string {
    const token = `fake-plex-token-${name}`;
    // A friend's server account id is their plex.tv user id: large and never reused.
    const id = Math.max(...this.accounts.map((a) => a.id), 1000) + 1;
    this.accounts.push({ id, name, token });
    return token;
  }

  view(accountId: number, ratingKey: string): PlexView | undefined {
    return this.views.get(accountId)?.get(ratingKey);
  }

  /** A play of an indexed file: to the end (a history row, the count up) or stopped at `positionMs`. */
  play(file: string, accountId: number, at: Date, positionMs?: number): void {
    const item = this.items.get(file);
    if (!item) throw new Error(`The fake Plex has not indexed ${file}`);
    const views = this.views.get(accountId) ?? new Map<string, PlexView>();
    this.views.set(accountId, views);
    const prev = views.get(item.ratingKey) ?? { viewCount: 0, viewOffset: 0, lastViewedAt: 0 };
    const viewedAt = Math.floor(at.getTime() / 1000);
    if (positionMs !== undefined) {
      views.set(item.ratingKey, { ...prev, viewOffset: positionMs, lastViewedAt: viewedAt });
      return;
    }
    views.set(item.ratingKey, { viewCount: prev.viewCount + 1, viewOffset: 0, lastViewedAt: viewedAt });
    this.history.push({
      historyId: this.history.length + 1,
      ratingKey: item.ratingKey,
      accountID: accountId,
      viewedAt,
    });
  }

  section(key: string): PlexSection | undefined {
    return this.sections.find((s) => s.key === key);
  }

  itemByKey(ratingKey: string): PlexItem | undefined {
    for (const item of this.items.values()) if (item.ratingKey === ratingKey) return item;
    return undefined;
  }

  /**
   * Starts a scan of a section (or of one folder of it) and answers at once, like Plex: the
   * files are indexed a moment later. With the `slow-scan` failure nothing gets indexed.
   */
  scan(section: PlexSection, path: string | null): void {
    section.refreshing = true;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      section.refreshing = false;
      if (this.failure === 'slow-scan') return;
      const roots = section.locations
        .map((l) => l.path)
        .filter((root) => !path || path === root || path.startsWith(root + sep))
        .map((root) => path ?? root);
      for (const root of roots) this.index(section, root);
      section.scannedAt = now();
    }, this.scanDelayMs);
    this.timers.add(timer);
  }

  private index(section: PlexSection, root: string): void {
    const wanted = section.type === 'movie' ? VIDEO_EXT : AUDIO_EXT;
    const seen = new Set<string>();
    for (const file of walk(root)) {
      if (!wanted.has(extname(file).toLowerCase())) continue;
      seen.add(file);
      if (this.items.has(file)) continue;
      this.items.set(file, {
        ratingKey: this.newKey(),
        sectionKey: section.key,
        type: section.type === 'movie' ? 'movie' : 'track',
        title: basename(file, extname(file)),
        file,
        size: statSync(file).size,
        addedAt: now(),
      });
    }
    // Files gone from disk leave the library (Plex's "empty trash after every scan").
    for (const [file, item] of this.items) {
      if (item.sectionKey === section.key && (file === root || file.startsWith(root + sep)) && !seen.has(file)) {
        this.items.delete(file);
      }
    }
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
