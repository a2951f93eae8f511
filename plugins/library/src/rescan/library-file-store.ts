import type { LibraryRecord, RecordFiles } from '@vidkeep/contracts';
import { readBool, readDate, readNumber, readText, Sql, type Orm } from '@vidkeep/plugin-kit';
import type { FileColumns, LibraryFileRow } from './reconcile.js';

/** Statements per transaction when many rows change at once. */
const BATCH = 500;

/** A change to one record, applied only while its paths are still those the change was planned on. */
export interface PlannedChange {
  id: number;
  /** The paths read before planning (a download that finished meanwhile wins). */
  expected: { filePath: string | null; audioFilePath: string | null };
  set: FileColumns & { videoResolution?: string | null };
}

/** A library record as an import writes it: the columns a finished download also writes. */
export type ImportedRecord = Omit<
  LibraryRecord,
  'id' | 'removed' | 'removedAt' | 'jobId' | 'protected' | 'missingAt' | 'normalizedRating' | 'ratingSource'
>;

/** What an import needs to know of a record the library already has. */
export interface KnownRecord {
  id: number;
  sourceId: string;
  removed: boolean;
  filePath: string | null;
  audioFilePath: string | null;
  missingAt: Date | null;
}

/**
 * The rescan's and the import's reads and writes of `library_videos` (the plugin's own table),
 * in raw SQL: 20,000 records are read in one query and changes go in batches of 500 per
 * transaction. `onWrite` tells the video store to forget its remembered totals.
 */
export class LibraryFileStore {
  private readonly sql: Sql;

  constructor(
    orm: Orm,
    private readonly onWrite: () => void,
  ) {
    this.sql = new Sql(orm);
  }

  /**
   * Every record not deleted through the service (what should be on disk), in pages of 2,000 by
   * id: turning 20,000 rows into objects at once would hold the event loop for a long moment.
   */
  async *presentPages(): AsyncGenerator<LibraryFileRow[]> {
    let after = 0;
    for (;;) {
      const page = await this.presentAfter(after, 2000);
      if (page.length === 0) return;
      yield page;
      after = page.at(-1)!.id;
    }
  }

  private async presentAfter(after: number, limit: number): Promise<LibraryFileRow[]> {
    const rows = await this.sql.all(
      `select id, source_id, file_path, file_size, audio_file_path, audio_file_size, video_resolution, missing_at
         from library_videos where removed = ? and id > ? order by id limit ?`,
      [false, after, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      sourceId: String(r.source_id),
      filePath: readText(r.file_path),
      fileSize: readNumber(r.file_size),
      audioFilePath: readText(r.audio_file_path),
      audioFileSize: readNumber(r.audio_file_size),
      videoResolution: readText(r.video_resolution),
      missingAt: readDate(r.missing_at),
    }));
  }

  /** The records of these ids (deleted ones too), 500 ids per query. */
  async known(sourceIds: string[]): Promise<Map<string, KnownRecord>> {
    const out = new Map<string, KnownRecord>();
    for (let i = 0; i < sourceIds.length; i += 500) {
      const chunk = sourceIds.slice(i, i + 500);
      const rows = await this.sql.all(
        `select id, source_id, removed, file_path, audio_file_path, missing_at from library_videos
           where source_id in (${chunk.map(() => '?').join(',')})`,
        chunk,
      );
      for (const r of rows)
        out.set(String(r.source_id), {
          id: Number(r.id),
          sourceId: String(r.source_id),
          removed: readBool(r.removed),
          filePath: readText(r.file_path),
          audioFilePath: readText(r.audio_file_path),
          missingAt: readDate(r.missing_at),
        });
    }
    return out;
  }

  /**
   * Applies changes in batches, each only where the record's paths are still the expected ones
   * (`file_path = ? or both null`, portable SQL). Resolves to the ids changed.
   */
  async apply(changes: PlannedChange[]): Promise<Set<number>> {
    const applied = new Set<number>();
    for (let i = 0; i < changes.length; i += BATCH) {
      const batch = changes.slice(i, i + BATCH);
      await this.sql.transaction(async (run) => {
        for (const c of batch) {
          const cols = Object.entries(c.set).filter(([, v]) => v !== undefined);
          if (cols.length === 0) continue;
          const assignments = cols.map(([k]) => `${COLUMN[k as keyof PlannedChange['set']]} = ?`).join(', ');
          const values = cols.map(([, v]) => (v instanceof Date ? this.sql.date(v) : v));
          const result = await run(
            `update library_videos set ${assignments}
               where id = ? and removed = ?
                 and (file_path = ? or (file_path is null and ? is null))
                 and (audio_file_path = ? or (audio_file_path is null and ? is null))`,
            [
              ...values,
              c.id,
              false,
              c.expected.filePath,
              c.expected.filePath,
              c.expected.audioFilePath,
              c.expected.audioFilePath,
            ],
          );
          if (affected(result) > 0) applied.add(c.id);
        }
      });
    }
    if (applied.size > 0) this.onWrite();
    return applied;
  }

  /** New records, in batches; a record another writer created meanwhile is left as it is. Resolves to their ids by source id. */
  async insert(records: ImportedRecord[]): Promise<Map<string, number>> {
    for (let i = 0; i < records.length; i += BATCH) {
      const batch = records.slice(i, i + BATCH);
      await this.sql.transaction(async (run) => {
        for (const r of batch) {
          await run(
            `insert into library_videos (source_id, title, channel_name, channel_id, description, duration, upload_date,
               media_type, thumbnail_path, file_path, file_size, audio_file_path, audio_file_size, video_resolution,
               subfolder, removed, removed_at, downloaded_at, job_id, protected, missing_at)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             on conflict (source_id) do nothing`,
            [
              r.sourceId,
              r.title,
              r.channelName,
              r.channelId,
              r.description,
              r.duration,
              r.uploadDate,
              r.mediaType,
              r.thumbnailPath,
              r.filePath,
              r.fileSize,
              r.audioFilePath,
              r.audioFileSize,
              r.videoResolution,
              r.subfolder,
              false,
              null,
              this.sql.date(r.downloadedAt),
              null,
              false,
              null,
            ],
          );
        }
      });
    }
    if (records.length > 0) this.onWrite();
    const ids = await this.known(records.map((r) => r.sourceId));
    return new Map([...ids].map(([sourceId, k]) => [sourceId, k.id]));
  }

  /**
   * Brings back a deleted or missing record with the files an import found: new paths and sizes,
   * no longer removed or missing. Its title, channel and history stay.
   */
  async restore(items: (Pick<LibraryRecord, 'id' | 'subfolder'> & RecordFiles)[]): Promise<void> {
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      await this.sql.transaction(async (run) => {
        for (const r of batch) {
          await run(
            `update library_videos set file_path = ?, file_size = ?, audio_file_path = ?, audio_file_size = ?,
               video_resolution = coalesce(?, video_resolution), thumbnail_path = coalesce(?, thumbnail_path),
               subfolder = ?, removed = ?, removed_at = ?, missing_at = ?
             where id = ?`,
            [
              r.filePath,
              r.fileSize,
              r.audioFilePath,
              r.audioFileSize,
              r.videoResolution,
              r.thumbnailPath,
              r.subfolder,
              false,
              null,
              null,
              r.id,
            ],
          );
        }
      });
    }
    if (items.length > 0) this.onWrite();
  }

  /** Saves measured resolutions, each only while the video file is still the one measured. */
  async saveResolutions(items: { id: number; filePath: string; resolution: string }[]): Promise<void> {
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      await this.sql.transaction(async (run) => {
        for (const r of batch)
          await run('update library_videos set video_resolution = ? where id = ? and file_path = ?', [
            r.resolution,
            r.id,
            r.filePath,
          ]);
      });
    }
    if (items.length > 0) this.onWrite();
  }
}

const COLUMN: Record<keyof PlannedChange['set'], string> = {
  filePath: 'file_path',
  fileSize: 'file_size',
  audioFilePath: 'audio_file_path',
  audioFileSize: 'audio_file_size',
  missingAt: 'missing_at',
  videoResolution: 'video_resolution',
};

/** Rows an update changed, as the driver reports it. */
function affected(result: unknown): number {
  if (typeof result === 'number') return result;
  const r = result as { affectedRows?: number; changes?: number } | null;
  return Number(r?.affectedRows ?? r?.changes ?? 0);
}
