import type { PlaylistVideosQuery } from '@vidkeep/contracts';
import { likeEscape, Sql, type Orm } from '@vidkeep/plugin-kit';
import type { LibraryState, WatchCopy } from '@vidkeep/read-models';
import type { PlaylistVideoRow } from '../entities.js';
import type { ListedEntry } from './entries.js';
import { libraryColumns } from './library-copy.js';
import {
  fromDb,
  IN_LIBRARY,
  INSERT_COLUMNS,
  SORTS,
  type ListedEntryRow,
  type PlaylistCounts,
  type PublishedRow,
  type SavedListing,
} from './playlist-video-rows.js';

const CHUNK = 200;
/** The entries of every playlist (`playlists_videos`); only this plugin writes it. */
export class PlaylistVideoStore {
  private readonly sql: Sql;

  constructor(
    orm: Orm,
    private readonly watch: WatchCopy,
  ) {
    this.sql = new Sql(orm);
  }

  /**
   * Saves a listing in one transaction. New entries get `first_seen_at = now` (never changed
   * later); known ones get their new position and fresher details, keeping a channel attribution
   * the listing omits. `library` holds the library's state of the listed ids (the library copy's
   * `read`). Only a listing verified
   * complete removes the rows it no longer shows.
   */
  async saveListing(
    playlistRowId: number,
    entries: ListedEntry[],
    options: { complete: boolean; library: ReadonlyMap<string, LibraryState>; now: Date },
  ): Promise<SavedListing> {
    const nowDb = this.sql.date(options.now);
    const known = new Set(
      (
        await this.sql.all<{ source_id: string }>('select source_id from playlists_videos where playlist_row_id = ?', [
          playlistRowId,
        ])
      ).map((r) => r.source_id),
    );
    const listed = new Set(entries.map((e) => e.sourceId));
    const gone = options.complete ? [...known].filter((id) => !listed.has(id)) : [];
    await this.sql.transaction(async (run) => {
      for (let i = 0; i < entries.length; i += CHUNK) {
        const chunk = entries.slice(i, i + CHUNK);
        const params: unknown[] = [];
        for (const e of chunk) {
          params.push(
            playlistRowId,
            e.sourceId,
            e.position,
            nowDb,
            e.channelId,
            e.channelName,
            e.title,
            e.duration,
            this.sql.date(e.publishedAt),
            e.thumbnail,
            e.unavailable,
            ...libraryColumns(options.library.get(e.sourceId), (at) => this.sql.date(at)),
          );
        }
        const row = `(${INSERT_COLUMNS.map(() => '?').join(',')})`;
        await run(
          `insert into playlists_videos (${INSERT_COLUMNS.join(',')}) values ${chunk.map(() => row).join(',')}
           on conflict (playlist_row_id, source_id) do update set
             position = excluded.position,
             title = coalesce(excluded.title, playlists_videos.title),
             channel_id = coalesce(excluded.channel_id, playlists_videos.channel_id),
             channel_name = coalesce(excluded.channel_name, playlists_videos.channel_name),
             duration = coalesce(excluded.duration, playlists_videos.duration),
             published_at = coalesce(excluded.published_at, playlists_videos.published_at),
             thumbnail = coalesce(excluded.thumbnail, playlists_videos.thumbnail),
             unavailable = excluded.unavailable,
             downloaded_at = coalesce(playlists_videos.downloaded_at, excluded.downloaded_at),
             removed = excluded.removed,
             file_path = excluded.file_path,
             audio_file_path = excluded.audio_file_path`,
          params,
        );
      }
      for (let i = 0; i < gone.length; i += CHUNK) {
        const chunk = gone.slice(i, i + CHUNK);
        await run(
          `delete from playlists_videos where playlist_row_id = ? and source_id in (${chunk.map(() => '?').join(',')})`,
          [playlistRowId, ...chunk],
        );
      }
    });
    return { inserted: entries.filter((e) => !known.has(e.sourceId)).length, pruned: gone.length };
  }

  /** The highest row id of a playlist: new rows after a starting snapshot have larger ids. */
  async maxRowId(playlistRowId: number): Promise<number> {
    const r = await this.sql.one<{ m: number | null }>(
      'select max(id) as m from playlists_videos where playlist_row_id = ?',
      [playlistRowId],
    );
    return r?.m === null || r?.m === undefined ? 0 : Number(r.m);
  }

  /**
   * A page of entries. Watched state comes from the plugin's own copy (`left join`), so
   * `watchedState` filters before paging and the total stays right.
   */
  async page(playlistRowId: number, q: PlaylistVideosQuery): Promise<{ rows: ListedEntryRow[]; total: number }> {
    const where = ['v.playlist_row_id = ?'];
    const params: unknown[] = [playlistRowId];
    if (q.downloadState === 'downloaded') {
      where.push(IN_LIBRARY);
      params.push(false);
    } else if (q.downloadState === 'not_downloaded') {
      where.push(`not (${IN_LIBRARY})`);
      params.push(false);
    }
    const search = q.search?.trim();
    if (search) {
      where.push("(lower(v.title) like ? escape '\\' or lower(v.channel_name) like ? escape '\\')");
      const like = `%${likeEscape(search.toLowerCase())}%`;
      params.push(like, like);
    }
    const watched = this.watch.stateCondition('w', q.watchedState);
    if (watched) {
      where.push(watched.sql);
      params.push(...watched.params);
    }
    const clause = where.join(' and ');
    // The copy is joined here only to filter; the page's own watched columns are joined to its rows.
    const from = watched ? `playlists_videos v ${this.watch.join('w', 'v.source_id')}` : 'playlists_videos v';
    const sort = SORTS[q.sortOrder];
    const [count, rows] = await Promise.all([
      this.sql.one<{ n: number }>(`select count(*) as n from ${from} where ${clause}`, params),
      this.sql.all(
        this.watch.pageQuery(
          `select v.* from ${from} where ${clause} order by ${sort('v')} limit ? offset ?`,
          sort('p'),
        ),
        [...params, q.pageSize, (q.page - 1) * q.pageSize],
      ),
    ]);
    return {
      rows: rows.map((r) => ({ row: fromDb(r), watch: this.watch.fields(r) })),
      total: Number(count?.n ?? 0),
    };
  }

  /**
   * What a playlist publishes: entries downloaded, not deleted and not ignored, in the playlist's
   * order, with only the columns publishing reads (5,000 full rows cost node-sqlite3 ~50 ms).
   */
  async published(playlistRowId: number): Promise<PublishedRow[]> {
    const rows = await this.sql.all<Record<string, unknown>>(
      `select id, source_id, position, title, channel_name, duration, file_path, audio_file_path from playlists_videos
       where playlist_row_id = ? and ${IN_LIBRARY} and ignored = ? order by position, id`,
      [playlistRowId, false, false],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      sourceId: String(r.source_id),
      position: Number(r.position),
      title: r.title === null ? null : String(r.title),
      channelName: r.channel_name === null ? null : String(r.channel_name),
      duration: r.duration === null ? null : Number(r.duration),
      filePath: r.file_path === null ? null : String(r.file_path),
      audioFilePath: r.audio_file_path === null ? null : String(r.audio_file_path),
    }));
  }

  /** Published entries without a file of the given kind (counted as not syncable). */
  async countWithout(playlistRowId: number, kind: 'video' | 'audio'): Promise<number> {
    const column = kind === 'audio' ? 'audio_file_path' : 'file_path';
    const r = await this.sql.one<{ n: number }>(
      `select count(*) as n from playlists_videos
       where playlist_row_id = ? and ${IN_LIBRARY} and ignored = ? and ${column} is null`,
      [playlistRowId, false, false],
    );
    return Number(r?.n ?? 0);
  }

  /** Every entry of a playlist in its own order. */
  async all(playlistRowId: number): Promise<PlaylistVideoRow[]> {
    const rows = await this.sql.all('select * from playlists_videos where playlist_row_id = ? order by position, id', [
      playlistRowId,
    ]);
    return rows.map(fromDb);
  }

  async one(playlistRowId: number, sourceId: string): Promise<PlaylistVideoRow | null> {
    const r = await this.sql.one('select * from playlists_videos where playlist_row_id = ? and source_id = ?', [
      playlistRowId,
      sourceId,
    ]);
    return r ? fromDb(r) : null;
  }

  async counts(playlistRowIds: number[]): Promise<Map<number, PlaylistCounts>> {
    const out = new Map<number, PlaylistCounts>();
    for (let i = 0; i < playlistRowIds.length; i += CHUNK) {
      const chunk = playlistRowIds.slice(i, i + CHUNK);
      const rows = await this.sql.all<Record<string, unknown>>(
        `select playlist_row_id as p,
           sum(case when unavailable = ? then 1 else 0 end) as available,
           sum(case when unavailable = ? and ignored = ? and not (${IN_LIBRARY}) then 1 else 0 end) as pending,
           sum(case when auto_download_requested = ? and not (${IN_LIBRARY}) then 1 else 0 end) as requested
         from playlists_videos where playlist_row_id in (${chunk.map(() => '?').join(',')}) group by playlist_row_id`,
        [false, false, false, false, true, false, ...chunk],
      );
      for (const r of rows) {
        out.set(Number(r.p), {
          available: Number(r.available ?? 0),
          notDownloaded: Number(r.pending ?? 0),
          requested: Number(r.requested ?? 0),
        });
      }
    }
    for (const id of playlistRowIds) if (!out.has(id)) out.set(id, { available: 0, notDownloaded: 0, requested: 0 });
    return out;
  }

  /** The playlists (row ids) that list a video (the video page's links). */
  holding(sourceId: string): Promise<number[]> {
    return this.playlistsHolding(sourceId);
  }

  private async playlistsHolding(sourceId: string): Promise<number[]> {
    const rows = await this.sql.all<{ p: number }>(
      'select distinct playlist_row_id as p from playlists_videos where source_id = ?',
      [sourceId],
    );
    return rows.map((r) => Number(r.p));
  }

  async setIgnored(playlistRowId: number, sourceId: string, ignored: boolean, at: Date): Promise<boolean> {
    const row = await this.one(playlistRowId, sourceId);
    if (!row) return false;
    await this.sql.run('update playlists_videos set ignored = ?, ignored_at = ? where id = ?', [
      ignored,
      ignored ? this.sql.date(at) : null,
      row.id,
    ]);
    return true;
  }

  /** Marks entries as explicitly requested for automatic download (or clears every request). */
  async setRequested(playlistRowId: number, sourceIds: string[] | 'all', requested: boolean): Promise<number> {
    if (sourceIds === 'all') {
      const before = await this.sql.one<{ n: number }>(
        'select count(*) as n from playlists_videos where playlist_row_id = ? and auto_download_requested = ?',
        [playlistRowId, !requested],
      );
      await this.sql.run('update playlists_videos set auto_download_requested = ? where playlist_row_id = ?', [
        requested,
        playlistRowId,
      ]);
      return Number(before?.n ?? 0);
    }
    for (let i = 0; i < sourceIds.length; i += CHUNK) {
      const chunk = sourceIds.slice(i, i + CHUNK);
      await this.sql.run(
        `update playlists_videos set auto_download_requested = ? where playlist_row_id = ? and source_id in (${chunk
          .map(() => '?')
          .join(',')})`,
        [requested, playlistRowId, ...chunk],
      );
    }
    return sourceIds.length;
  }

  /** Writes the scheduling time of an automatic attempt before the videos are queued (spec 2.7). */
  async markAttempted(rowIds: number[], at: Date): Promise<void> {
    for (let i = 0; i < rowIds.length; i += CHUNK) {
      const chunk = rowIds.slice(i, i + CHUNK);
      await this.sql.run(
        `update playlists_videos set auto_download_last_attempt_at = ? where id in (${chunk.map(() => '?').join(',')})`,
        [this.sql.date(at), ...chunk],
      );
    }
  }
}
