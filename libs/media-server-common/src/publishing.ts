/**
 * Spec 1.1's publishing rules for the server kinds that replace a playlist by deleting and
 * recreating it (the Jellyfin- and Emby-type servers, whose APIs descend from one ancestor), and
 * the indexing of a job's new files that every kind needs. Written once over the calls a kind
 * offers (`RecreatingServer`), because plugins never import each other; no I/O of their own.
 */
import {
  matchServerFiles,
  resolveAfterScan,
  scanBackoffDelays,
  scanPlan,
  serverPlaylistName,
  type ServerFile,
} from './files.js';
import { stalePlaylistTexts } from './failures.js';
import { movedFolderLibraries, pickLibraries, refreshPlan, type NoLibrary, type TypedLibrary } from './settings.js';
import type { PlaylistMediaType, PlaylistSyncRequest, PlaylistSyncResult } from '@vidkeep/contracts';

/** The calls of a server that indexes libraries and replaces playlists by recreating them. */
export interface RecreatingServer {
  /** How users call the server ("Jellyfin"). */
  readonly label: string;
  libraries(signal?: AbortSignal): Promise<TypedLibrary[]>;
  /** Every file of the type in the libraries, with the path as the server sees it. */
  files(libraryIds: readonly string[], mediaType: PlaylistMediaType, signal?: AbortSignal): Promise<ServerFile[]>;
  /** Tells the server about new files by path. */
  mediaUpdated(paths: readonly string[], signal?: AbortSignal): Promise<void>;
  refreshLibrary(id: string, signal?: AbortSignal): Promise<void>;
  /** Deletes a playlist; false when it no longer exists. */
  deleteItem(id: string, signal?: AbortSignal): Promise<boolean>;
  /** Creates a playlist with the items in order; `public` as the kind can express it. */
  createPlaylist(
    p: { name: string; itemIds: string[]; mediaType: PlaylistMediaType; public: boolean },
    signal?: AbortSignal,
  ): Promise<string>;
}

export interface RecreateOptions {
  /** `<kind>VideoLibraryIds`. */
  videoLibraryIds: readonly string[];
  /** How long to look for files after asking for a scan (about a minute in production). */
  scanWaitMs: number;
  /** The kind's error when no library holds files of the playlist's type. */
  noLibrary(why: NoLibrary): Error;
  warn(fields: Record<string, unknown>, message: string): void;
  /** Waits, rejecting when the signal aborts (the caller's timers; contracts have none). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/**
 * Publishes one playlist: finds the files among the items the server indexed (asking it to scan
 * what it does not know yet: the music libraries for audio, the files by path or their libraries
 * for video; then looking again with back-off), defers when it knows none of them (nothing on the
 * server changes), otherwise deletes the playlist the last sync left (a missing one is a warning
 * and a note) and creates the new one, whose id the caller stores.
 */
export async function publishByRecreating(
  server: RecreatingServer,
  req: PlaylistSyncRequest,
  o: RecreateOptions,
): Promise<PlaylistSyncResult> {
  const { signal } = req;
  const picked = pickLibraries(await server.libraries(signal), o.videoLibraryIds, req.mediaType);
  if ('none' in picked) throw o.noLibrary(picked.none);
  const libraries = picked.libraries;
  const ids = libraries.map((l) => l.id);
  const found = await resolveAfterScan(req.items, {
    lookup: async (files) => matchServerFiles(files, await server.files(ids, req.mediaType, signal)),
    scan: async (missing) => {
      const plan =
        req.mediaType === 'audio'
          ? { paths: [], libraryIds: ids }
          : scanPlan(
              missing.map((f) => f.path),
              libraries,
            );
      if (plan.paths.length) await server.mediaUpdated(plan.paths, signal);
      for (const id of plan.libraryIds) await server.refreshLibrary(id, signal);
    },
    sleep: (ms) => o.sleep(ms, signal),
    delays: scanBackoffDelays(o.scanWaitMs),
  });
  const itemIds = req.items.flatMap((i) => found.get(i.path) ?? []);
  if (itemIds.length === 0) {
    const what = req.mediaType === 'audio' ? 'mp3 files' : 'videos';
    return {
      status: 'deferred',
      reason: `${server.label} has not indexed any of the ${req.items.length} ${what} yet (asked it to scan and waited); the next sync tries again`,
    };
  }
  let note: string | undefined;
  if (req.previous && !(await server.deleteItem(req.previous.serverPlaylistId, signal))) {
    const texts = stalePlaylistTexts(server.label);
    note = texts.note;
    o.warn({ playlistId: req.playlistId, serverPlaylistId: req.previous.serverPlaylistId }, texts.log);
  }
  const serverPlaylistId = await server.createPlaylist(
    { name: serverPlaylistName(req.title), itemIds, mediaType: req.mediaType, public: req.public },
    signal,
  );
  return {
    status: 'synced',
    serverPlaylistId,
    itemsSynced: itemIds.length,
    itemsSkipped: req.items.length - itemIds.length,
    ...(note ? { note } : {}),
  };
}

/**
 * The files each download job wrote, by type, until the job finishes: servers are asked to index
 * once per job, not once per file.
 */
export class JobFiles {
  private readonly jobs = new Map<string, { video: Set<string>; audio: Set<string> }>();

  add(jobId: string, files: { video: string | null; audio: string | null }): void {
    const written = this.jobs.get(jobId) ?? { video: new Set<string>(), audio: new Set<string>() };
    if (files.video) written.video.add(files.video);
    if (files.audio) written.audio.add(files.audio);
    this.jobs.set(jobId, written);
  }

  /** The job's files (forgotten from here on), or null when it wrote none. */
  take(jobId: string): { video: string[]; audio: string[] } | null {
    const written = this.jobs.get(jobId);
    this.jobs.delete(jobId);
    return written ? { video: [...written.video], audio: [...written.audio] } : null;
  }
}

/** Asks a server to index one job's files: by path in one request, libraries rescanned where needed. */
export async function indexNewFiles(
  server: Pick<RecreatingServer, 'libraries' | 'mediaUpdated' | 'refreshLibrary'>,
  written: { video: readonly string[]; audio: readonly string[] },
  videoLibraryIds: readonly string[],
  signal?: AbortSignal,
): Promise<{ paths: string[]; libraryIds: string[] }> {
  const plan = refreshPlan(written, await server.libraries(signal), videoLibraryIds);
  if (plan.paths.length) await server.mediaUpdated(plan.paths, signal);
  for (const id of plan.libraryIds) await server.refreshLibrary(id, signal);
  return plan;
}

/** After a channel folder moved: rescans the libraries holding its old or new place; returns their ids. */
export async function rescanMovedFolders(
  server: Pick<RecreatingServer, 'libraries' | 'refreshLibrary'>,
  folders: readonly { from: string; to: string }[],
  videoLibraryIds: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const ids = movedFolderLibraries(folders, await server.libraries(signal), videoLibraryIds);
  for (const id of ids) await server.refreshLibrary(id, signal);
  return ids;
}
