import type { Knex } from '@mikro-orm/knex';
import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

const OLD = 'channel_videos';
const NEW = 'channels_videos';

/** Renames a table and rebuilds its indexes under names that follow the new table name. */
function rename(schema: Knex.SchemaBuilder, from: string, to: string): Knex.SchemaBuilder {
  // knex types renameTable as a promise; on a schema builder it queues the statement in order.
  void schema.renameTable(from, to);
  return schema.alterTable(to, (t) => {
    t.dropUnique(['channel_id', 'source_id'], `${from}_channel_id_source_id_unique`);
    t.dropIndex(['source_id'], `${from}_source_id_index`);
    t.dropIndex(['channel_id', 'media_type', 'published_at'], `${from}_channel_id_media_type_published_at_index`);
    t.unique(['channel_id', 'source_id']);
    t.index(['source_id']);
    t.index(['channel_id', 'media_type', 'published_at']);
  });
}

/**
 * Every table starts with its plugin's id: `channel_videos` becomes `channels_videos`. The rows
 * stay.
 */
export class Migration20261124000000ChannelsRenameVideosTable extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) => rename(schema, OLD, NEW));
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => rename(schema, NEW, OLD));
  }
}
