import type {
  LibraryFlags,
  LibraryRecord,
  LibraryVideo,
  RetentionCandidate,
  Video,
  VideoListQuery,
} from '@vidkeep/contracts';
import { likeEscape, readBool, readDate, readNumber, readText, Sql, type Orm } from '@vidkeep/plugin-kit';
import { UNKNOWN_WATCH, type ListedWatch, type WatchCopy } from '@vidkeep/read-models';
import type { LibrarySubfolder } from '../entities.js';
import { videoUrl } from '@vidkeep/platform';

const SORT_COLUMNS: Record<VideoListQuery['sortBy'], string> = {
  downloadedAt: 'downloaded_at',
  title: 'title',
  channelName: 'channel_name',
  duration: 'duration',
  uploadDate: 'upload_date',
  fileSize: 'file_size',
};

const COLUMNS = (
  'id, source_id, title, channel_name, channel_id, description, duration, upload_date, media_type, thumbnail_path, file_path, ' +
  'file_size, audio_file_path, audio_file_size, video_resolution, subfolder, removed, removed_at, downloaded_at, job_id, protected, missing_at, normalized_rating, rating_source'
)
  .split(', ')
  .map((c) => `v.${c}`)
  .join(', ');

/** A `library_videos` row read with raw SQL, as the entity. */
function fromRow(r: Record<string, unknown>): LibraryRecord {
  return {
    id: Number(r.id),
    sourceId: String(r.source_id),
    title: String(r.title),
    channelName: readText(r.channel_name),
    channelId: readText(r.channel_id),
    description: readText(r.description),
    duration: readNumber(r.duration),
    uploadDate: readText(r.upload_date),
    mediaType: String(r.media_type),
    thumbnailPath: readText(r.thumbnail_path),
    filePath: readText(r.file_path),
    fileSize: readNumber(r.file_size),
    audioFilePath: readText(r.audio_file_path),
    audioFileSize: readNumber(r.audio_file_size),
    videoResolution: readText(r.video_resolution),
    subfolder: readText(r.subfolder),
    removed: readBool(r.removed),
    removedAt: readDate(r.removed_at),
    downloadedAt: readDate(r.downloaded_at) ?? new Date(0),
    jobId: readText(r.job_id),
    protected: readBool(r.protected),
    missingAt: readDate(r.missing_at),
    normalizedRating: readText(r.normalized_rating),
    ratingSource: readText(r.rating_source),
  };
}

/** A library row with its watched state (unknown where no media server reported on it). */
export function toVideo(v: LibraryRecord, watch: ListedWatch = UNKNOWN_WATCH): Video {
  return {
    id: v.id,
    sourceId: v.sourceId,
    title: v.title,
    channelName: v.channelName,
    channelId: v.channelId,
    description: v.description,
    duration: v.duration,
    uploadDate: v.uploadDate,
    mediaType: v.mediaType,
    sourceUrl: videoUrl(v.sourceId),
    thumbnailUrl: v.thumbnailPath ? `/api/videos/${v.sourceId}/thumbnail` : null,
    filePath: v.filePath,
    fileSize: v.fileSize === null ? null : Number(v.fileSize),
    audioFilePath: v.audioFilePath,
    audioFileSize: v.audioFileSize === null ? null : Number(v.audioFileSize),
    video_resolution: v.videoResolution,
    subfolder: v.subfolder,
    removed: v.removed,
    downloadedAt: v.downloadedAt.toISOString(),
    jobId: v.jobId,
    protected: v.protected,
    missingAt: v.missingAt?.toISOString() ?? null,
    normalized_rating: v.normalizedRating,
    rating_source: v.ratingSource,
    watched: watch.watched,
    watched_by: [...watch.watched_by],
  };
}

/** The size a size filter compares: the video file's, else the audio file's (audio-only downloads). */
const SIZE = 'coalesce(v.file_size, v.audio_file_size)';

/** A day `YYYY-MM-DD` as the first instant of it (UTC); `end` gives the first instant of the next day. */
function dayStart(day: string, end = false): Date {
  const d = new Date(`${day}T00:00:00.000Z`);
  if (end) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/**
 * The conditions of the library filters (reference 1.5), on columns of `library_videos v`:
 * tri-state protected and missing, download-day range (inclusive, UTC), duration and size ranges.
 * A video of unknown duration or size never matches a bound on it.
 */
export function libraryFilters(
  q: Pick<
    VideoListQuery,
    | 'protectedFilter'
    | 'missingFilter'
    | 'downloadedFrom'
    | 'downloadedTo'
    | 'minDuration'
    | 'maxDuration'
    | 'minSize'
    | 'maxSize'
  >,
  date: (d: Date) => unknown = (d) => d,
): { sql: string; params: unknown[] }[] {
  const out: { sql: string; params: unknown[] }[] = [];
  if (q.protectedFilter === 'only' || q.protectedFilter === 'exclude')
    out.push({ sql: 'v.protected = ?', params: [q.protectedFilter === 'only'] });
  // A range (not `is not null`) so that SQLite takes the (removed, missing_at, downloaded_at) index
  // and sorts the few missing rows, instead of walking every row in download order to find them.
  if (q.missingFilter === 'only') out.push({ sql: 'v.missing_at >= ?', params: [date(new Date(0))] });
  else if (q.missingFilter === 'exclude') out.push({ sql: 'v.missing_at is null', params: [] });
  if (q.downloadedFrom) out.push({ sql: 'v.downloaded_at >= ?', params: [date(dayStart(q.downloadedFrom))] });
  if (q.downloadedTo) out.push({ sql: 'v.downloaded_at < ?', params: [date(dayStart(q.downloadedTo, true))] });
  if (q.minDuration !== undefined) out.push({ sql: 'v.duration >= ?', params: [q.minDuration] });
  if (q.maxDuration !== undefined) out.push({ sql: 'v.duration <= ?', params: [q.maxDuration] });
  if (q.minSize !== undefined) out.push({ sql: `${SIZE} >= ?`, params: [q.minSize] });
  if (q.maxSize !== undefined) out.push({ sql: `${SIZE} <= ?`, params: [q.maxSize] });
  return out;
}

/** A page row of the library: the record and its watched state. */
export interface ListedVideo {
  video: LibraryRecord;
  watch: ListedWatch;
}

/** Downloaded videos and the subfolder registry. */
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

  /** Every video not removed (its files are meant to be on disk). */
  present(): Promise<LibraryVideo[]> {
    return this.libraryRows('removed = ?', [false]);
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

  async registerSubfolders(names: string[]): Promise<void> {
    const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    if (unique.length === 0) return;
    const em = this.em();
    const existing = await em.find<LibrarySubfolder>('LibrarySubfolder', { name: { $in: unique } });
    const now = new Date();
    for (const row of existing) row.updatedAt = now;
    const known = new Set(existing.map((r) => r.name));
    for (const name of unique)
      if (!known.has(name))
        em.create<LibrarySubfolder>('LibrarySubfolder', {
          name,
          createdAt: now,
          updatedAt: now,
        } as LibrarySubfolder);
    await em.flush();
  }

  /** Removes a name from the registry; resolves to the rows removed. */
  async unregisterSubfolder(name: string): Promise<number> {
    return this.em().nativeDelete<LibrarySubfolder>('LibrarySubfolder', { name });
  }

  async subfolders(): Promise<string[]> {
    const rows = await this.em().find<LibrarySubfolder>('LibrarySubfolder', {}, { orderBy: { name: 'asc' } });
    return rows.map((r) => r.name);
  }
}
