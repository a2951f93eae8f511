import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * Queue control (issue 36): `lane` (`manual` for a person's request, `automatic` for sweeps,
 * download-all and the rest; a manual job starts first), `paused_at` (a job paused on its own
 * stays queued and does not start) and `front_at` (moved to the front of the queue: the most
 * recently moved starts first). Existing jobs: `manual` jobs get the manual lane, the rest the
 * automatic one; none is paused or moved.
 */
export class Migration20261129110000DownloaderJobQueueControl extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_jobs', (t) => {
        t.string('lane', 10).notNullable().defaultTo('automatic');
        t.datetime('paused_at').nullable();
        t.datetime('front_at').nullable();
      }),
    );
    this.addSql(`update downloader_jobs set lane = 'manual' where type = 'manual'`);
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_jobs', (t) => {
        t.dropColumn('lane');
        t.dropColumn('paused_at');
        t.dropColumn('front_at');
      }),
    );
  }
}
