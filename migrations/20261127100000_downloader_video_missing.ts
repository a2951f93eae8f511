import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * `missing_at`: when the library noticed that a recorded video's file is gone from disk (deleted
 * or moved by hand outside the service). The row stays, so history and "already downloaded" are
 * kept; a download or a rescan that finds the file again clears it. Null for every existing row.
 */
export class Migration20261127100000DownloaderVideoMissing extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.datetime('missing_at').nullable();
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.dropColumn('missing_at');
      }),
    );
  }
}
