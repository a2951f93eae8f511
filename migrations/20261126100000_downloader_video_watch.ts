import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';
import { createVideoWatchTable } from './video-watch-table.js';

/** The downloader plugin's copy of the watched state, so its library filter and page by it in one query. */
export class Migration20261126100000DownloaderVideoWatch extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) => createVideoWatchTable(schema, 'downloader_video_watch'));
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('downloader_video_watch'));
  }
}
