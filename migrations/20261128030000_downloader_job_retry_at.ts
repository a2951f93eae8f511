import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * `retry_at`: a queued job whose videos failed for a passing reason (HTTP 403 on a media URL, a
 * server error, a dropped connection) waits until then before it downloads them again (the
 * back-off of `downloadAutoRetryDelaySeconds`). Null: it may start as soon as there is room, which
 * is what every existing job gets.
 */
export class Migration20261128030000DownloaderJobRetryAt extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_jobs', (t) => {
        t.datetime('retry_at').nullable();
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_jobs', (t) => {
        t.dropColumn('retry_at');
      }),
    );
  }
}
