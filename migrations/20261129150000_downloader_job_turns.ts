import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * Fair turns between channels (issue 36): `turn_at` is when a job last joined the queue. Automatic
 * jobs start in that order, so a job that yields its slot to another channel's job after a video
 * goes to the back of the line instead of taking the slot again. Existing jobs joined when they
 * were created.
 */
export class Migration20261129150000DownloaderJobTurns extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_jobs', (t) => {
        t.datetime('turn_at').nullable();
      }),
    );
    this.addSql(`update downloader_jobs set turn_at = created_at`);
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_jobs', (t) => {
        t.dropColumn('turn_at');
      }),
    );
  }
}
