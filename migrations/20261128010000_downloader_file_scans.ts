import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * `downloader_file_scans`: filesystem rescans and library imports (docs/library.md), saved when
 * they start and when they end, so the last run of each survives a restart.
 */
export class Migration20261128010000DownloaderFileScans extends Migration {
  override async up(): Promise<void> {
    const no = this.getKnex().raw('false');
    addSchema(this, (schema) =>
      schema.createTable('downloader_file_scans', (t) => {
        t.increments('id').primary();
        t.string('operation', 16).notNullable();
        t.string('trigger', 16).notNullable();
        t.string('status', 24).notNullable();
        t.string('path', 1024).nullable();
        t.boolean('move').notNullable().defaultTo(no);
        t.datetime('started_at').notNullable();
        t.datetime('finished_at').nullable();
        t.text('counts').notNullable();
        t.text('problems').notNullable();
        t.text('message').nullable();
        t.index(['operation', 'started_at']);
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('downloader_file_scans'));
  }
}
