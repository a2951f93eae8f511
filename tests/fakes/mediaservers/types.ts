/**
 * What every fake media server (Plex-, Jellyfin- and Emby-type) offers the tests, whatever its wire
 * protocol: the shared conformance suite (`tests/integration/mediaservers/`) drives all three
 * through this interface only. Each fake follows the server's real API as described in
 * docs/media-servers.md (faithful paths, auth headers, ids, paging, status codes and texts).
 */
export type MediaServerKind = 'plex' | 'jellyfin' | 'emby';

/** How a fake misbehaves on purpose; `none` restores normal answers. */
export type FakeServerFailure =
  /** Every authenticated request answers 401 (a revoked token or API key). */
  | 'unauthorized'
  /** Every request answers 500. */
  | 'server-error'
  /** The server stops accepting connections (ECONNREFUSED) until set back. */
  | 'down'
  /** Scans are accepted but index nothing until set back (a library scan that takes minutes). */
  | 'slow-scan'
  | 'none';

/** A playlist as the fake server holds it. */
export interface FakeServerPlaylist {
  id: string;
  name: string;
  mediaType: 'video' | 'audio';
  /** Jellyfin: IsPublic; Emby: shared (fixed at creation); Plex: null (no such flag). */
  public: boolean | null;
  /** The user/account that owns it (Plex: the token's account; Jellyfin/Emby: the user id). */
  owner: string;
  /** The absolute file paths of its items, in order. */
  paths: string[];
}

/** An account of a fake server, as the watch-status tests see it. */
export interface FakeWatchUser {
  id: string;
  name: string;
  /** The owner (Plex-type: account `1`) or, for Jellyfin/Emby, the configured playlist user. */
  primary: boolean;
}

/**
 * What the users of a fake server watch. The fakes keep per-user played state (and the Plex-type
 * play history) the way the real servers do and answer the watch-status calls from it.
 */
export interface FakeWatching {
  users(): FakeWatchUser[];
  /** Adds an account (a Plex friend or home user; a Jellyfin/Emby user) and returns its id. */
  addUser(name: string): string;
  /** Removes an account from the server. */
  removeUser(id: string): void;
  /**
   * `userId` plays the indexed file at `path`: to the end (played, play count + 1, a history row
   * on the Plex-type server) or, with `positionMs`, stopping there (in progress).
   */
  play(path: string, userId: string, o?: { at?: Date; positionMs?: number }): void;
}

export interface FakeMediaServer {
  readonly kind: MediaServerKind;
  /** Base URL, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /**
   * The config keys (as `PATCH /api/config` takes them) that connect the kind's plugin to this
   * fake: URL, token or API key, user id, library ids. Libraries cover the given output
   * directory: a video library and a music library over the whole directory.
   */
  readonly config: Record<string, unknown>;
  /** Environment variables the service needs to reach this fake (e.g. a plex.tv base URL), or {}. */
  readonly env: Record<string, string>;
  /** Every request served, in order (`path` with its query string). */
  readonly requests: { method: string; path: string }[];
  /** Playlists on the server now. */
  playlists(): FakeServerPlaylist[];
  /** Deletes a playlist on the server as a user would (the service's stored id goes stale). */
  deletePlaylist(id: string): void;
  /** Files the fake has indexed (found by a scan), absolute paths. */
  indexedPaths(): string[];
  fail(mode: FakeServerFailure): void;
  readonly watching: FakeWatching;
  close(): Promise<void>;
}

/** Starts a fake of one kind whose libraries cover `outputDir`. */
export type StartFakeServer = (options: { outputDir: string }) => Promise<FakeMediaServer>;
