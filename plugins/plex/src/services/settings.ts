import { relative, sep } from 'node:path';
import { PLEX_UNCLAIMED_SERVER, type PlexConfigSection } from '@vidkeep/contracts';

/**
 * What the plugin's config means, without I/O: where the server is, which token reads the
 * libraries and which one owns the playlists, and which libraries a download refreshes.
 */
export type PlexSettings = PlexConfigSection & { mediaserverUrl: string };

const MAX_HISTORY = 5;
/** Above this many folders for one library a job refreshes the whole library instead. */
export const MAX_REFRESH_PATHS = 5;

/**
 * The server's base URL: `mediaserverUrl` (which MEDIASERVER_URL seeds and overrides) wins,
 * else `http(s)://plexIP:plexPort`; null when neither is set. Trailing slashes are dropped.
 */
export function baseUrlOf(s: Pick<PlexSettings, 'mediaserverUrl' | 'plexIP' | 'plexPort' | 'plexViaHttps'>) {
  const url = s.mediaserverUrl.trim();
  if (url) return url.replace(/\/+$/, '');
  const ip = s.plexIP.trim();
  if (!ip) return null;
  const host = ip.includes(':') && !ip.startsWith('[') ? `[${ip}]` : ip;
  return `${s.plexViaHttps ? 'https' : 'http'}://${host}:${s.plexPort.trim() || '32400'}`;
}

/** Spec 1.1: a server is synced when it has a URL and an admin token. */
export const isConfigured = (s: PlexSettings) => baseUrlOf(s) !== null && s.plexApiKey !== '';

/** The token whose account owns the playlists; null = send none (an unclaimed server). */
export function playlistTokenOf(s: Pick<PlexSettings, 'plexApiKey' | 'plexPlaylistToken'>): string | null {
  if (s.plexPlaylistToken === PLEX_UNCLAIMED_SERVER) return null;
  return s.plexPlaylistToken || s.plexApiKey;
}

/** The stored form of a scope (`UNCLAIMED_SERVER` for none), as the history keeps it. */
export const scopeKey = (token: string | null) => token ?? PLEX_UNCLAIMED_SERVER;

/** Earlier scopes, newest first, without the current one. */
export function earlierScopes(history: string, current: string | null): (string | null)[] {
  return history
    .split(' ')
    .filter((t) => t && t !== scopeKey(current))
    .map((t) => (t === PLEX_UNCLAIMED_SERVER ? null : t));
}

/** The history after a sync in `current`; null when it does not change. */
export function withScope(history: string, current: string | null): string | null {
  const list = history.split(' ').filter(Boolean);
  const key = scopeKey(current);
  if (list[0] === key) return null;
  return [key, ...list.filter((t) => t !== key)].slice(0, MAX_HISTORY).join(' ');
}

/** One downloaded file, as the library refresh needs it. */
export interface DownloadedFile {
  /** Clean subfolder name (no `__`), null for the root of the output directory. */
  subfolder: string | null;
  path: string;
}

export interface RefreshTarget {
  libraryId: string;
  /** Folders to scan; null = the whole library. */
  paths: string[] | null;
}

/**
 * The channel folder holding a file (`<out>/<Channel>` or `<out>/__<sub>/<Channel>`): one scan
 * covers every video of that channel the job brought, whatever the per-video folders are.
 */
export function channelFolderOf(outputDir: string, file: string): string {
  const rel = relative(outputDir, file);
  const parts = rel.split(sep);
  if (rel.startsWith('..') || parts.length < 2) return file.slice(0, file.lastIndexOf(sep)) || sep;
  const depth = parts[0]!.startsWith('__') && parts.length > 2 ? 2 : 1;
  return [outputDir.replace(/[\\/]+$/, ''), ...parts.slice(0, depth)].join(sep);
}

/**
 * Reference 8.10: each file refreshes the library mapped to its subfolder, else the default
 * library; one request per (library, channel folder), or one for the whole library when a job
 * touched many folders. No library configured: nothing.
 */
export function refreshTargets(
  files: readonly DownloadedFile[],
  s: Pick<PlexSettings, 'plexSourceLibraryId' | 'plexSubfolderLibraryMappings'>,
  outputDir: string,
): RefreshTarget[] {
  const byLibrary = new Map<string, Set<string>>();
  for (const f of files) {
    const mapped = s.plexSubfolderLibraryMappings.find((m) => (m.subfolder ?? null) === (f.subfolder ?? null));
    const libraryId = mapped?.libraryId ?? s.plexSourceLibraryId;
    if (!libraryId) continue;
    const folders = byLibrary.get(libraryId) ?? new Set<string>();
    folders.add(channelFolderOf(outputDir, f.path));
    byLibrary.set(libraryId, folders);
  }
  return [...byLibrary].map(([libraryId, folders]) => ({
    libraryId,
    paths: folders.size > MAX_REFRESH_PATHS ? null : [...folders],
  }));
}
