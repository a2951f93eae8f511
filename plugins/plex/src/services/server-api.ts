import type { PlaylistMediaType } from '@vidkeep/contracts';
import type { PlexAnswer as PlexHttpAnswer, PlexHttp, PlexRequest } from './plex-http.js';

/**
 * The Plex Media Server calls the plugin makes (external-apis.md section 1), typed to the fields
 * it reads. Every answer is the JSON `MediaContainer` envelope; fields the plugin does not need
 * are ignored, missing ones get safe defaults.
 */
export interface Conn {
  baseUrl: string;
  /** null: no token (only `/identity` and an unclaimed server). */
  token: string | null;
  signal?: AbortSignal;
}

export interface PlexSection {
  key: string;
  title: string;
  type: string;
  locations: { id: number; path: string }[];
}

export interface PlexItem {
  ratingKey: string;
  files: string[];
  /** The token's account's state (external-apis.md 1.8): plays, resume position (ms), last view. */
  viewCount: number;
  viewOffset: number;
  lastViewedAt: Date | null;
  /** Milliseconds; null when the server did not say. */
  duration: number | null;
}

/** One play of the server's history (external-apis.md 1.9). */
export interface PlexPlay {
  /** From `historyKey` (`/status/sessions/history/<id>`): rows are numbered in the order recorded. */
  historyId: number;
  ratingKey: string;
  accountId: string;
  viewedAt: Date;
}

export interface PlexAccount {
  id: string;
  name: string;
}

export interface PlexPlaylist {
  ratingKey: string;
  title: string;
  playlistType: string;
  smart: boolean;
}

/** Metadata type numbers for `?type=` (plexapi SEARCHTYPES): what each kind of section lists. */
export const ITEM_TYPES: Record<string, number> = { movie: 1, show: 4, artist: 10 };

type Obj = Record<string, unknown>;
const container = (body: unknown): Obj => ((body as { MediaContainer?: Obj } | null)?.MediaContainer ?? {}) as Obj;
const list = (c: Obj, key: string): Obj[] => (Array.isArray(c[key]) ? (c[key] as Obj[]) : []);
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const int = (v: unknown): number => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);
const epoch = (v: unknown): Date | null => (int(v) > 0 ? new Date(int(v) * 1000) : null);

function toItem(item: Obj): PlexItem {
  const files = list(item, 'Media').flatMap((media) => list(media, 'Part').map((p) => str(p.file)));
  return {
    ratingKey: str(item.ratingKey),
    files: files.filter(Boolean),
    viewCount: int(item.viewCount),
    viewOffset: int(item.viewOffset),
    lastViewedAt: epoch(item.lastViewedAt),
    duration: int(item.duration) || null,
  };
}

function toPlaylist(m: Obj): PlexPlaylist {
  return {
    ratingKey: str(m.ratingKey),
    title: str(m.title),
    playlistType: str(m.playlistType),
    smart: m.smart === true || m.smart === '1' || m.smart === 1,
  };
}

/** `server://<machine>/com.plexapp.plugins.library/library/metadata/<rk,rk,...>`: the batch form of items. */
export const itemsUri = (machineIdentifier: string, ratingKeys: readonly string[]) =>
  `server://${machineIdentifier}/com.plexapp.plugins.library/library/metadata/${ratingKeys.join(',')}`;

export class PlexServerApi {
  /** Requests sent so far (the watch-status sync reports how many it needed). */
  requests = 0;

  constructor(
    private readonly http: PlexHttp,
    private readonly pageSize: number,
  ) {}

  private send(baseUrl: string, req: PlexRequest): Promise<PlexHttpAnswer> {
    this.requests++;
    return this.http.send(baseUrl, req);
  }

  /** The server's accounts (`/accounts`; id 0 is the server itself and is left out). */
  async accounts(c: Conn): Promise<PlexAccount[]> {
    const { body } = await this.send(c.baseUrl, { path: '/accounts', token: c.token, signal: c.signal });
    return list(container(body), 'Account')
      .map((a) => ({ id: str(a.id), name: str(a.name) }))
      .filter((a) => a.id !== '' && a.id !== '0');
  }

  /** One item with the token's account's state, or null when the server no longer has it. */
  async metadata(c: Conn, ratingKey: string): Promise<PlexItem | null> {
    const res = await this.send(c.baseUrl, {
      path: `/library/metadata/${encodeURIComponent(ratingKey)}`,
      token: c.token,
      signal: c.signal,
      allow: [404],
    });
    const first = list(container(res.body), 'Metadata')[0];
    return res.status === 404 || !first ? null : toItem(first);
  }

  /**
   * Plays of the history, oldest first, page by page: every account's with the admin token.
   * `since` keeps plays viewed at or after it (the wire key is `viewedAt>`, external-apis.md 1.9).
   */
  async history(c: Conn, f: { since?: Date; accountId?: string; ratingKey?: string } = {}): Promise<PlexPlay[]> {
    const plays: PlexPlay[] = [];
    for (let start = 0; ; start += this.pageSize) {
      const { body } = await this.send(c.baseUrl, {
        path: '/status/sessions/history/all',
        query: {
          sort: 'viewedAt:asc',
          accountID: f.accountId,
          metadataItemID: f.ratingKey,
          'viewedAt>': f.since ? Math.floor(f.since.getTime() / 1000) : undefined,
          'X-Plex-Container-Start': start,
          'X-Plex-Container-Size': this.pageSize,
        },
        token: c.token,
        signal: c.signal,
      });
      const m = container(body);
      const page = list(m, 'Metadata');
      for (const row of page) {
        const viewedAt = epoch(row.viewedAt);
        const historyId = int(str(row.historyKey).split('/').pop());
        if (viewedAt) plays.push({ historyId, ratingKey: str(row.ratingKey), accountId: str(row.accountID), viewedAt });
      }
      const total = Number(m.totalSize ?? m.size ?? 0);
      if (page.length < this.pageSize || start + page.length >= total) return plays;
    }
  }

  /** `/identity` needs no token: whether the server answers at all and who it is. */
  async identity(c: Conn): Promise<{ claimed: boolean | null; machineIdentifier: string; version: string }> {
    const m = container((await this.send(c.baseUrl, { path: '/identity', token: null, signal: c.signal })).body);
    const claimed = m.claimed === undefined ? null : m.claimed === true || m.claimed === '1' || m.claimed === 1;
    return { claimed, machineIdentifier: str(m.machineIdentifier), version: str(m.version) };
  }

  /** `/` with the token: 401 when the token is not accepted. */
  async root(c: Conn): Promise<{ friendlyName: string; machineIdentifier: string; version: string }> {
    const m = container((await this.send(c.baseUrl, { path: '/', token: c.token, signal: c.signal })).body);
    return { friendlyName: str(m.friendlyName), machineIdentifier: str(m.machineIdentifier), version: str(m.version) };
  }

  async sections(c: Conn): Promise<PlexSection[]> {
    const body = (await this.send(c.baseUrl, { path: '/library/sections', token: c.token, signal: c.signal })).body;
    return list(container(body), 'Directory').map((d) => ({
      key: str(d.key),
      title: str(d.title),
      type: str(d.type),
      locations: list(d, 'Location').map((l) => ({ id: Number(l.id), path: str(l.path) })),
    }));
  }

  /** Asks for a scan of a section, or of one folder in it; Plex answers at once and scans in the background. */
  async refresh(c: Conn, sectionKey: string, path?: string): Promise<void> {
    await this.send(c.baseUrl, {
      path: `/library/sections/${encodeURIComponent(sectionKey)}/refresh`,
      query: { path },
      token: c.token,
      signal: c.signal,
    });
  }

  /** Every item of a section with its files, page by page (`X-Plex-Container-Start`/`-Size`). */
  async items(c: Conn, section: PlexSection): Promise<PlexItem[]> {
    const type = ITEM_TYPES[section.type];
    const items: PlexItem[] = [];
    for (let start = 0; ; start += this.pageSize) {
      const { body } = await this.send(c.baseUrl, {
        path: `/library/sections/${encodeURIComponent(section.key)}/all`,
        query: { type, 'X-Plex-Container-Start': start, 'X-Plex-Container-Size': this.pageSize },
        token: c.token,
        signal: c.signal,
      });
      const m = container(body);
      const page = list(m, 'Metadata');
      for (const item of page) items.push(toItem(item));
      const total = Number(m.totalSize ?? m.size ?? 0);
      if (page.length < this.pageSize || start + page.length >= total) return items;
    }
  }

  /** One playlist in the token's scope, or null when it is not there (deleted, or another account's). */
  async playlist(c: Conn, id: string): Promise<PlexPlaylist | null> {
    const res = await this.send(c.baseUrl, {
      path: `/playlists/${encodeURIComponent(id)}`,
      token: c.token,
      signal: c.signal,
      allow: [404],
    });
    const first = list(container(res.body), 'Metadata')[0];
    return res.status === 404 || !first ? null : toPlaylist(first);
  }

  async playlists(c: Conn, type: PlaylistMediaType): Promise<PlexPlaylist[]> {
    const { body } = await this.send(c.baseUrl, {
      path: '/playlists',
      query: { playlistType: type },
      token: c.token,
      signal: c.signal,
    });
    return list(container(body), 'Metadata').map(toPlaylist);
  }

  async createPlaylist(c: Conn, p: { type: PlaylistMediaType; title: string; uri: string }): Promise<PlexPlaylist> {
    const { body } = await this.send(c.baseUrl, {
      method: 'POST',
      path: '/playlists',
      query: { uri: p.uri, type: p.type, title: p.title, smart: 0 },
      token: c.token,
      signal: c.signal,
    });
    const created = list(container(body), 'Metadata')[0];
    if (!created?.ratingKey) throw new Error('Plex did not return the new playlist');
    return toPlaylist(created);
  }

  /** Empties a playlist; false when it is not there any more. */
  clearItems(c: Conn, id: string): Promise<boolean> {
    return this.deleteIfThere(c, `/playlists/${encodeURIComponent(id)}/items`);
  }

  /** Appends items (all of them in one `uri`). */
  async addItems(c: Conn, id: string, uri: string): Promise<void> {
    const path = `/playlists/${encodeURIComponent(id)}/items`;
    await this.send(c.baseUrl, { method: 'PUT', path, query: { uri }, token: c.token, signal: c.signal });
  }

  /** Deletes a playlist; false when this token does not see it. */
  deletePlaylist(c: Conn, id: string): Promise<boolean> {
    return this.deleteIfThere(c, `/playlists/${encodeURIComponent(id)}`);
  }

  /** DELETE that tells "gone" (404: deleted, or another account's) apart from every other failure. */
  private async deleteIfThere(c: Conn, path: string): Promise<boolean> {
    const res = await this.send(c.baseUrl, {
      method: 'DELETE',
      path,
      token: c.token,
      signal: c.signal,
      allow: [404],
    });
    return res.status !== 404;
  }
}
