import type { LibraryFlags, LibraryRecord, LibraryVideo, RetentionCandidate, VideoListQuery } from '@vidkeep/contracts';
import { likeEscape, readBool, readDate, readNumber, readText, Sql, type Orm } from '@vidkeep/plugin-kit';
import type { ListedWatch, WatchCopy } from '@vidkeep/read-models';
import { COLUMNS, fromRow, libraryFilters, SORT_COLUMNS, type ListedVideo } from './video-rows.js';

/** The library's records of downloaded videos. */
/** A present video's files and subfolder (where its channel folder is). */
export interface PlacedVideo {
  id: number;
  sourceId: string;
  channelId: string;
  filePath: string | null;
  audioFilePath: string | null;
  subfolder: string | null;
}

export class VideoStore {
  private readonly sql: Sql;
  /**
   * `list` totals per filter until the next write (this store is the table's only writer; the
   * watched state copy calls `watchChanged` after each of its writes).
   */
  private readonly totals = new Map<string, number>();
  private writes = 0;

  constructor(
    private readonly orm: Orm,
    private readonly watch: WatchCopy,
  ) {
    this.sql = new Sql(orm);
  }

  /** The watched state copy changed: totals of watched filters may be wrong now. */
  watchChanged(): void {
    this.changed();
  }

  /** The file rescan or an import (`LibraryFileStore`) wrote records: remembered totals may be wrong now. */
  filesWritten(): void {
    this.changed();
  }

  /** The watched state of a few videos (one video's page, a status lookup). */
  watchOf(sourceIds: string[]): Promise<Map<string, ListedWatch>> {
    return this.watch.of(sourceIds);
  }

  private em() {
    return this.orm.em.fork();
  }

  private changed(): void {
    this.writes++;
    this.totals.clear();
  }

  /** Saves a finished download; a video downloaded again keeps its protection flag. */
  async upsert(row: Omit<LibraryRecord, 'id' | 'protected'>): Promise<LibraryRecord> {
    const em = this.em();
    const existing = await em.findOne<LibraryRecord>('LibraryVideo', { sourceId: row.sourceId });
    const saved = existing
      ? em.assign(existing, row)
      : em.create<LibraryRecord>('LibraryVideo', { ...row, protected: false } as LibraryRecord);
    try {
      await em.flush();
    } finally {
      this.changed();
    }
    return saved;
  }

  async bySourceId(sourceId: string): Promise<LibraryRecord | null> {
    return this.em().findOne<LibraryRecord>('LibraryVideo', { sourceId });
  }

  async bySourceIds(sourceIds: string[]): Promise<LibraryRecord[]> {
    if (sourceIds.length === 0) return [];
    return this.em().find<LibraryRecord>('LibraryVideo', { sourceId: { $in: sourceIds } });
  }

  /**
   * What other plugins need of many videos at once (a playlist's `.m3u` of 5,000 entries): raw
   * SQL over the unique source id, 500 ids per query, no entity hydration.
   */
  async library(sourceIds: string[]): Promise<LibraryVideo[]> {
    const out: LibraryVideo[] = [];
    for (let i = 0; i < sourceIds.length; i += 500) {
      const chunk = sourceIds.slice(i, i + 500);
      out.push(...(await this.libraryRows(`source_id in (${chunk.map(() => '?').join(',')})`, chunk)));
    }
    return out;
  }

  /** Every video not removed (its files are meant to be on disk); with `removedToo` every record. */
  present(removedToo = false): Promise<LibraryVideo[]> {
    return removedToo ? this.libraryRows('1 = 1', []) : this.libraryRows('removed = ?', [false]);
  }

  private async libraryRows(where: string, params: unknown[]): Promise<LibraryVideo[]> {
    const rows = await this.sql.all(
      `select id, source_id, title, channel_name, duration, file_path, file_size, audio_file_path, audio_file_size,
         removed, downloaded_at, protected, missing_at from library_videos where ${where}`,
      params,
    );
    return rows.map((r) => ({
      videoId: Number(r.id),
      sourceId: String(r.source_id),
      title: String(r.title),
      channelName: readText(r.channel_name),
      duration: readNumber(r.duration),
      filePath: readText(r.file_path),
      fileSize: readNumber(r.file_size),
      audioFilePath: readText(r.audio_file_path),
      audioFileSize: readNumber(r.audio_file_size),
      removed: readBool(r.removed),
      downloadedAt: readDate(r.downloaded_at) ?? new Date(0),
      protected: readBool(r.protected),
      missing: !readBool(r.removed) && r.missing_at !== null && r.missing_at !== undefined,
    }));
  }

  /** Every video protected or missing on disk (what other plugins' copies of these flags mark). */
  async flagged(): Promise<LibraryFlags[]> {
    const rows = await this.sql.all(
      `select source_id, protected, removed, missing_at from library_videos
        where protected = ? or (missing_at is not null and removed = ?)`,
      [true, false],
    );
    return rows.map((r) => ({
      sourceId: String(r.source_id),
      protected: readBool(r.protected),
      missing: !readBool(r.removed) && r.missing_at !== null && r.missing_at !== undefined,
    }));
  }

  /** Every video present in the library (not removed), for retention: one query, no hydration. */
  async retentionCandidates(): Promise<RetentionCandidate[]> {
    const rows = await this.sql.all(
      `select source_id, title, channel_id, channel_name, downloaded_at, file_size, audio_file_size, protected
         from library_videos where removed = ? order by downloaded_at asc, id asc`,
      [false],
    );
    return rows.map((r) => ({
      sourceId: String(r.source_id),
      title: String(r.title),
      channelId: readText(r.channel_id),
      channelName: readText(r.channel_name),
      downloadedAt: readDate(r.downloaded_at) ?? new Date(0),
      fileSize: readNumber(r.file_size),
      audioFileSize: readNumber(r.audio_file_size),
      protected: readBool(r.protected),
    }));
  }

  async setProtected(id: number, value: boolean): Promise<void> {
    try {
      await this.em().nativeUpdate<LibraryRecord>('LibraryVideo', { id }, { protected: value });
    } finally {
      this.changed(); // the protected filter's totals
    }
  }

  async setRating(id: number, rating: string | null, source: string | null): Promise<void> {
    try {
      await this.em().nativeUpdate<LibraryRecord>(
        'LibraryVideo',
        { id },
        { normalizedRating: rating, ratingSource: source },
      );
    } finally {
      this.changed();
    }
  }

  async byIds(ids: number[]): Promise<LibraryRecord[]> {
    if (ids.length === 0) return [];
    return this.em().find<LibraryRecord>('LibraryVideo', { id: { $in: ids } });
  }

  async byChannel(channelId: string): Promise<LibraryRecord[]> {
    return this.em().find<LibraryRecord>('LibraryVideo', { channelId }, { orderBy: { id: 'asc' } });
  }

  async markRemoved(id: number): Promise<void> {
    try {
      await this.em().nativeUpdate<LibraryRecord>('LibraryVideo', { id }, { removed: true, removedAt: new Date() });
    } finally {
      this.changed();
    }
  }

  /**
   * One page of the library. Raw SQL: this list is read on every library visit and the ORM's
   * hydration of 50 entities cost more than the query itself. The watched state comes from the
   * plugin's own copy (`left join`: `watchedState` filters before paging, so totals stay right). The total of a filter is counted once and remembered until a video or the copy is
   * written; a count that raced a write is not kept.
   */
  async list(q: VideoListQuery): Promise<{ videos: ListedVideo[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (!q.includeRemoved) {
      where.push('v.removed = ?');
      params.push(false);
    }
    if (q.channelId) {
      where.push('v.channel_id = ?');
      params.push(q.channelId);
    }
    const search = q.search?.trim();
    if (search) {
      const like = `%${likeEscape(search.toLowerCase())}%`;
      where.push("(lower(v.title) like ? escape '\\' or lower(v.channel_name) like ? escape '\\' or v.source_id = ?)");
      params.push(like, like, search);
    }
    for (const c of libraryFilters(q, (d) => this.sql.date(d))) {
      where.push(c.sql);
      params.push(...c.params);
    }
    const watched = this.watch.stateCondition('w', q.watchedState);
    if (watched) {
      where.push(watched.sql);
      params.push(...watched.params);
    }
    const filter = where.length ? ` where ${where.join(' and ')}` : '';
    // The copy is joined here only to filter; the page's own watched columns are joined to its rows.
    const from = watched ? `library_videos v ${this.watch.join('w', 'v.source_id')}` : 'library_videos v';
    const order = q.sortOrder === 'asc' ? 'asc' : 'desc';
    const sort = SORT_COLUMNS[q.sortBy];
    const key = `${filter}\n${JSON.stringify(params)}`;
    const known = this.totals.get(key);
    const writes = this.writes;
    const [rows, total] = await Promise.all([
      this.sql.read(
        this.watch.pageQuery(
          `select ${COLUMNS} from ${from}${filter} order by v.${sort} ${order}, v.id ${order} limit ? offset ?`,
          `p.${sort} ${order}, p.id ${order}`,
        ),
        [...params, q.pageSize, (q.page - 1) * q.pageSize],
      ),
      known ??
        this.sql
          .read<{ n: number }>(`select count(*) as n from ${from}${filter}`, params)
          .then((r) => Number(r[0]?.n ?? 0)),
    ]);
    if (known === undefined && writes === this.writes) {
      if (this.totals.size >= 200) this.totals.clear(); // searches make keys; keep the map small
      this.totals.set(key, total);
    }
    return { videos: rows.map((r) => ({ video: fromRow(r), watch: this.watch.fields(r) })), total };
  }

  /** Bytes of the files the service downloaded and still has. */
  async usedBytes(): Promise<number> {
    const rows = await this.em()
      .getConnection()
      .execute<{ total: number | null }[]>(
        'select sum(coalesce(file_size, 0) + coalesce(audio_file_size, 0)) as total from library_videos where removed = ?',
        [false],
      );
    return Number(rows[0]?.total ?? 0);
  }

  /** Where the files of every present video with a channel are: for channel folders (posters, moves). */
  async placed(channelId?: string): Promise<PlacedVideo[]> {
    const rows = await this.sql.all(
      `select id, source_id, channel_id, file_path, audio_file_path, subfolder from library_videos
        where removed = ? and channel_id is not null${channelId === undefined ? '' : ' and channel_id = ?'}`,
      channelId === undefined ? [false] : [false, channelId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      sourceId: String(r.source_id),
      channelId: String(r.channel_id),
      filePath: readText(r.file_path),
      audioFilePath: readText(r.audio_file_path),
      subfolder: readText(r.subfolder),
    }));
  }

  /** New paths and subfolder of videos whose files moved, in one transaction (all or none). */
  async relocate(
    moved: readonly Pick<PlacedVideo, 'id' | 'filePath' | 'audioFilePath' | 'subfolder'>[],
  ): Promise<void> {
    try {
      await this.em().transactional(async (em) => {
        for (const m of moved)
          await em.nativeUpdate<LibraryRecord>(
            'LibraryVideo',
            { id: m.id },
            { filePath: m.filePath, audioFilePath: m.audioFilePath, subfolder: m.subfolder },
          );
      });
    } finally {
      this.changed();
    }
  }
}
