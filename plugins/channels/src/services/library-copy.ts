import { readBool, Sql, type Orm } from '@vidkeep/plugin-kit';
import type { LibraryState, ReadModelCopy } from '@vidkeep/read-models';

/**
 * The channel listings' copy of the library state (`libraryState` of @vidkeep/read-models): the
 * columns `downloaded_at`, `removed`, `missing` and `protected` of `channels_videos`, so a tab
 * filters and counts by them in one query. Every row listing a video gets the same state; the
 * first download date is kept across re-downloads ("downloaded ever"). Videos no channel lists
 * have no place here and are skipped.
 */

/** How the listed rows of one channel changed: a video came into the library, or left it. */
export type ChannelLibraryChange = 'downloaded' | 'removed';

/** downloaded_at, removed, missing, protected of a row (`toDb` writes a date). */
export function libraryColumns(state: LibraryState | null | undefined, toDb: (at: Date) => unknown): unknown[] {
  if (!state) return [null, false, false, false];
  return [toDb(state.downloadedAt), state.removed, state.missing, state.protected];
}

interface Held {
  channel_id: string;
  source_id: string;
  downloaded_at: unknown;
  removed: unknown;
  missing: unknown;
  protected: unknown;
}

const inLibrary = (downloaded: boolean, removed: boolean) => downloaded && !removed;

export class ChannelLibraryCopy implements ReadModelCopy<LibraryState> {
  private readonly sql: Sql;

  constructor(
    orm: Orm,
    /** After rows changed (committed): the channels whose pages and figures must be forgotten, and why. */
    private readonly changed: (channels: ReadonlyMap<string, ChannelLibraryChange | null>) => void,
  ) {
    this.sql = new Sql(orm);
  }

  async apply(values: ReadonlyMap<string, LibraryState | null>): Promise<void> {
    const ids = [...values.keys()];
    if (ids.length === 0) return;
    const rows = await this.sql.all<Held>(
      `select channel_id, source_id, downloaded_at, removed, missing, protected from channels_videos
        where source_id in (${ids.map(() => '?').join(',')})`,
      ids,
    );
    const stale = new Set<string>();
    const channels = new Map<string, ChannelLibraryChange | null>();
    for (const row of rows) {
      const want = values.get(row.source_id) ?? null;
      const had = row.downloaded_at !== null && row.downloaded_at !== undefined;
      const removed = readBool(row.removed);
      const same = want
        ? had &&
          removed === want.removed &&
          readBool(row.missing) === want.missing &&
          readBool(row.protected) === want.protected
        : !had && !removed && !readBool(row.missing) && !readBool(row.protected);
      if (same) continue;
      stale.add(row.source_id);
      const before = inLibrary(had, removed);
      const after = want ? inLibrary(true, want.removed) : false;
      const change = after && !before ? 'downloaded' : before && !after ? 'removed' : null;
      channels.set(row.channel_id, change ?? channels.get(row.channel_id) ?? null);
    }
    if (stale.size === 0) return;
    await this.sql.transaction(async (run) => {
      for (const id of stale) {
        const want = values.get(id) ?? null;
        const [downloadedAt, ...flags] = libraryColumns(want, (at) => this.sql.date(at));
        await run(
          `update channels_videos set downloaded_at = ${want ? 'coalesce(downloaded_at, ?)' : '?'},
             removed = ?, missing = ?, protected = ? where source_id = ?`,
          [downloadedAt, ...flags, id],
        );
      }
    });
    this.changed(channels);
  }

  async heldIds(): Promise<readonly string[]> {
    const rows = await this.sql.all<{ source_id: string }>(
      `select distinct source_id from channels_videos
        where downloaded_at is not null or removed = ? or missing = ? or protected = ?`,
      [true, true, true],
    );
    return rows.map((r) => r.source_id);
  }
}
