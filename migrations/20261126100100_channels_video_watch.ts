import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';
import { createVideoWatchTable } from './video-watch-table.js';

/** The channels plugin's copy of the watched state, so its channel-video listings filter and page by it in one query. */
export class Migration20261126100100ChannelsVideoWatch extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) => createVideoWatchTable(schema, 'channels_video_watch'));
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('channels_video_watch'));
  }
}
