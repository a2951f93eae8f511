import type { Knex } from '@mikro-orm/knex';
import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** A table that moves, with the columns of each of its indexes as the entities declare them. */
interface MovedTable {
  /** The name after the plugin's id: `videos` of `downloader_videos` and `library_videos`. */
  name: string;
  uniques: string[][];
  indexes: string[][];
}

/**
 * The downloader's library tables and their indexes as the earlier migrations left them
 * (`downloader_initial`, `_video_watch`, `_video_protected`, `_video_missing`, `_file_scans`,
 * `_video_rating`, `_video_list_index`). The watched-state copy has only its primary key.
 */
const MOVED: MovedTable[] = [
  {
    name: 'videos',
    uniques: [['source_id']],
    indexes: [
      ['removed', 'downloaded_at', 'id', 'source_id'],
      ['channel_id'],
      ['removed', 'protected', 'downloaded_at'],
      ['removed', 'missing_at', 'downloaded_at'],
    ],
  },
  { name: 'subfolders', uniques: [['name']], indexes: [] },
  { name: 'video_watch', uniques: [], indexes: [] },
  { name: 'file_scans', uniques: [], indexes: [['operation', 'started_at']] },
];

/** The scheduler task whose run history moves with the library (`scheduler_task_runs.task_key`). */
const TASK = 'rescan-files';

/**
 * The name knex and MikroORM give an index: `<table>_<col1>_<col2>_index` or `…_unique`. SQLite
 * keeps the old names when a table is renamed, so each index is dropped under the old table's
 * name and made again under the new one; otherwise the schema would differ from the entities'.
 */
const indexName = (table: string, columns: string[], kind: 'index' | 'unique') =>
  `${table}_${columns.join('_')}_${kind}`;

/** Renames the tables of one plugin to another's and rebuilds their indexes under the new names. */
function move(schema: Knex.SchemaBuilder, fromPlugin: string, toPlugin: string): Knex.SchemaBuilder {
  let builder = schema;
  for (const { name, uniques, indexes } of MOVED) {
    const from = `${fromPlugin}_${name}`;
    const to = `${toPlugin}_${name}`;
    // knex types renameTable as a promise; on a schema builder it queues the statement in order.
    void builder.renameTable(from, to);
    if (uniques.length === 0 && indexes.length === 0) continue;
    builder = builder.alterTable(to, (t) => {
      for (const columns of uniques) t.dropUnique(columns, indexName(from, columns, 'unique'));
      for (const columns of indexes) t.dropIndex(columns, indexName(from, columns, 'index'));
      for (const columns of uniques) t.unique(columns, { indexName: indexName(to, columns, 'unique') });
      for (const columns of indexes) t.index(columns, indexName(to, columns, 'index'));
    });
  }
  return builder;
}

/**
 * The library moves out of the downloader into its own `library` plugin, which owns the videos,
 * the subfolder registry, the watched-state copy and the file scans; every table starts with its
 * plugin's id, so `downloader_videos`, `downloader_subfolders`, `downloader_video_watch` and
 * `downloader_file_scans` become `library_…`. The rows stay. The download jobs
 * (`downloader_jobs`, `downloader_job_videos`) remain the downloader's.
 *
 * The scheduled rescan moves with them: its key becomes `library.rescan-files` (a task key starts
 * with its plugin's id), so its past runs in `scheduler_task_runs` are renamed too and the
 * scheduler keeps showing them as that task's history.
 */
export class Migration20261129000000LibraryTables extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) => move(schema, 'downloader', 'library'));
    this.renameTask('downloader', 'library');
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => move(schema, 'library', 'downloader'));
    this.renameTask('library', 'downloader');
  }

  private renameTask(fromPlugin: string, toPlugin: string): void {
    const update = this.getKnex()('scheduler_task_runs')
      .where('task_key', `${fromPlugin}.${TASK}`)
      .update({ task_key: `${toPlugin}.${TASK}` });
    this.addSql(update.toQuery());
  }
}
