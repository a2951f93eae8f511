import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';
import { createVideoWatchTable } from './video-watch-table.js';

/** The playlists plugin's copy of the watched state, so its playlist-video pages filter and page by it in one query. */
export class Migration20261126100200PlaylistsVideoWatch extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) => createVideoWatchTable(schema, 'playlists_video_watch'));
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('playlists_video_watch'));
  }
}
