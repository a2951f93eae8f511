import { readBool, readText, Sql, type Orm } from '@vidkeep/plugin-kit';
import type { LibraryState, ReadModelCopy } from '@vidkeep/read-models';

/**
 * The playlist entries' copy of the library state (`libraryState` of @vidkeep/read-models): the
 * columns `downloaded_at`, `removed`, `file_path` and `audio_file_path` of `playlists_videos`, so
 * a playlist filters and counts "in the library" in one query and writes its `.m3u` from its own
 * rows. Every entry of a video gets the same state. Videos no playlist holds are skipped.
 */

/** Why a playlist's entries changed: a video came into the library, or its files moved or left. */
export type PlaylistLibraryChange = 'downloaded' | 'm3u';

/** downloaded_at, removed, file_path, audio_file_path of an entry (`toDb` writes a date). */
export function libraryColumns(state: LibraryState | null | undefined, toDb: (at: Date) => unknown): unknown[] {
  if (!state) return [null, false, null, null];
  return [toDb(state.downloadedAt), state.removed, state.filePath, state.audioFilePath];
}

interface Held {
  id: number;
  playlist_row_id: number;
  source_id: string;
  downloaded_at: unknown;
  removed: unknown;
  file_path: unknown;
  audio_file_path: unknown;
}

export class PlaylistLibraryCopy implements ReadModelCopy<LibraryState> {
  private readonly sql: Sql;

  constructor(
    orm: Orm,
    /** After entries changed (committed): the playlists (row ids) holding them, and why. */
    private readonly changed: (playlists: ReadonlyMap<number, PlaylistLibraryChange>) => void | Promise<void>,
  ) {
    this.sql = new Sql(orm);
  }

  async apply(values: ReadonlyMap<string, LibraryState | null>): Promise<void> {
    const ids = [...values.keys()];
    if (ids.length === 0) return;
    const rows = await this.sql.all<Held>(
      `select id, playlist_row_id, source_id, downloaded_at, removed, file_path, audio_file_path from playlists_videos
        where source_id in (${ids.map(() => '?').join(',')})`,
      ids,
    );
    const updates: unknown[][] = [];
    const playlists = new Map<number, PlaylistLibraryChange>();
    for (const row of rows) {
      const want = values.get(row.source_id) ?? null;
      const had = row.downloaded_at !== null && row.downloaded_at !== undefined;
      const removed = readBool(row.removed);
      const same = want
        ? had &&
          removed === want.removed &&
          readText(row.file_path) === want.filePath &&
          readText(row.audio_file_path) === want.audioFilePath
        : !had && !removed;
      if (same) continue;
      const before = had && !removed;
      const after = want !== null && !want.removed;
      // The download date stays while the video stays in the library (its files moved, say).
      const [downloadedAt, ...rest] = libraryColumns(want, (at) => this.sql.date(at));
      updates.push([before && after ? row.downloaded_at : downloadedAt, ...rest, after, row.id]);
      const playlist = Number(row.playlist_row_id);
      if (after && !before) playlists.set(playlist, 'downloaded');
      else if (!playlists.has(playlist)) playlists.set(playlist, 'm3u');
    }
    if (updates.length === 0) return;
    await this.sql.transaction(async (run) => {
      for (const [downloadedAt, removed, filePath, audioFilePath, inLibrary, id] of updates)
        // A request for automatic download is done once the video is in the library.
        await run(
          `update playlists_videos set downloaded_at = ?, removed = ?, file_path = ?, audio_file_path = ?,
             auto_download_requested = case when ? then ? else auto_download_requested end where id = ?`,
          [downloadedAt, removed, filePath, audioFilePath, inLibrary, false, id],
        );
    });
    await this.changed(playlists);
  }

  async heldIds(): Promise<readonly string[]> {
    const rows = await this.sql.all<{ source_id: string }>(
      'select distinct source_id from playlists_videos where downloaded_at is not null or removed = ?',
      [true],
    );
    return rows.map((r) => r.source_id);
  }
}
