/**
 * Rules about a media server's settings that every kind's plugin applies the same way (pure):
 * which libraries hold a playlist's files, what to ask a server to index after a job, and which
 * connection a settings check tries. Beside `media-server-files.ts`, for the same reason.
 */
import { serverUrlProblem } from '@vidkeep/contracts';
import { scanPlan, type ScannableLibrary } from './files.js';
import type { MediaServerConnectionOk, MediaServerUser, PlaylistMediaType } from '@vidkeep/contracts';

/** A library as a server lists it: its id, its type (`music`, `movies`, ..., null) and folders. */
export interface TypedLibrary extends ScannableLibrary {
  type: string | null;
}

/** Ids compare without dashes and case: Jellyfin writes GUIDs bare and accepts dashed ones. */
const normalId = (id: string) => id.replace(/-/g, '').toLowerCase();

/** Why no library holds a playlist's files: no music library, the chosen ones are gone, or no video library. */
export type NoLibrary = 'music' | 'chosen' | 'video';

/** What to tell the user when no library fits, for a server called `label`. */
export function noLibraryMessage(label: string, why: NoLibrary): string {
  if (why === 'music')
    return `${label} has no music library: add one that covers the download folder to publish audio playlists`;
  if (why === 'chosen')
    return `None of the chosen ${label} video libraries exists any more: choose them again in the settings`;
  return `${label} has no video library: add one that covers the download folder`;
}

/**
 * The libraries that hold a playlist's files: every music library for audio; for video the chosen
 * ones (`<kind>VideoLibraryIds`), or every library that is not a music library when none is chosen.
 */
export function pickLibraries<L extends TypedLibrary>(
  all: readonly L[],
  videoLibraryIds: readonly string[],
  mediaType: PlaylistMediaType,
): { libraries: L[] } | { none: NoLibrary } {
  if (mediaType === 'audio') {
    const music = all.filter((l) => l.type === 'music');
    return music.length ? { libraries: music } : { none: 'music' };
  }
  const wanted = new Set(videoLibraryIds.map(normalId));
  const chosen = wanted.size ? all.filter((l) => wanted.has(normalId(l.id))) : all.filter((l) => l.type !== 'music');
  return chosen.length ? { libraries: chosen } : { none: wanted.size ? 'chosen' : 'video' };
}

/**
 * What to ask a server to index after a job: every new file by path in one request where the
 * libraries' folders hold it, and a rescan of the libraries of a type whose files the server sees
 * under another path. A type without a library is left out.
 */
export function refreshPlan(
  written: { video: readonly string[]; audio: readonly string[] },
  libraries: readonly TypedLibrary[],
  videoLibraryIds: readonly string[],
): { paths: string[]; libraryIds: string[] } {
  const paths: string[] = [];
  const libraryIds = new Set<string>();
  for (const type of ['video', 'audio'] as const) {
    const picked = pickLibraries(libraries, videoLibraryIds, type);
    if (written[type].length === 0 || !('libraries' in picked)) continue;
    const plan = scanPlan(written[type], picked.libraries);
    paths.push(...plan.paths);
    for (const id of plan.libraryIds) libraryIds.add(id);
  }
  return { paths, libraryIds: [...libraryIds] };
}

/**
 * Which libraries to rescan after a channel folder moved (its subfolder changed): those of either
 * type (video as chosen, music) whose folders hold the old or the new place, so the scan drops the
 * items that left and finds them where they went. When none holds either (the server sees the
 * output directory under another path), every library of those types.
 */
export function movedFolderLibraries(
  folders: readonly { from: string; to: string }[],
  libraries: readonly TypedLibrary[],
  videoLibraryIds: readonly string[],
): string[] {
  const inside = (path: string, folder: string) => {
    const base = folder.replace(/[\\/]+$/, '');
    return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}\\`);
  };
  const typed = (['video', 'audio'] as const).flatMap((t) => {
    const picked = pickLibraries(libraries, videoLibraryIds, t);
    return 'libraries' in picked ? picked.libraries : [];
  });
  const places = folders.flatMap((f) => [f.from, f.to]);
  const holding = typed.filter((l) => l.locations.some((loc) => places.some((p) => inside(p, loc))));
  return [...new Set((holding.length ? holding : typed).map((l) => l.id))];
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * The connection a settings check tries: the request's values, the saved ones for what it leaves
 * out (so the UI can test saved settings without holding the secret). The saved key goes only to
 * the saved URL, never to another address someone typed.
 */
export function connectionToTry(
  given: { url?: string; apiKey?: string },
  saved: { url: string; apiKey: string },
): { url: string; apiKey: string } | { missing: 'url' | 'key' | 'key-for-new-url' } | { invalid: string } {
  const url = given.url || saved.url;
  if (!url) return { missing: 'url' };
  const problem = serverUrlProblem(url);
  if (problem) return { invalid: problem };
  const savedServer = sameUrl(url, saved.url);
  const apiKey = given.apiKey || (savedServer ? saved.apiKey : '');
  if (!apiKey) return { missing: savedServer ? 'key' : 'key-for-new-url' };
  return { url, apiKey };
}

/** The calls a connection test makes. */
export interface CheckableServer {
  readonly label: string;
  systemInfo(): Promise<{ version: string; serverName: string | null }>;
  /** null when the server has no such user. */
  user(id: string): Promise<MediaServerUser | null>;
}

/** Tests a connection: the server's version (which needs the key), then the user when one is set. */
export async function testConnection(
  server: CheckableServer,
  userId: string,
  userNotFound: (message: string) => Error,
): Promise<MediaServerConnectionOk> {
  const info = await server.systemInfo();
  if (!userId) return { ok: true, version: info.version, serverName: info.serverName, user: null };
  const user = await server.user(userId);
  if (!user) {
    throw userNotFound(
      `${server.label} answered, but it has no user with the id ${userId}: pick one from the user list`,
    );
  }
  return { ok: true, version: info.version, serverName: info.serverName, user: { id: user.id, name: user.name } };
}
