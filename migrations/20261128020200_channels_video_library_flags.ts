import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * The channel listings' copy of two library flags, so that `protectedFilter` and `missingFilter`
 * of `/getchannelvideos` are conditions on the plugin's own table (no join across plugins):
 * `protected` (never removed automatically) and `missing` (downloaded, file gone from disk). Kept
 * from `downloader.videos.changed` and re-checked at every start; false for every existing row.
 */
export class Migration20261128020200ChannelsVideoLibraryFlags extends Migration {
  override async up(): Promise<void> {
    const no = this.getKnex().raw('false');
    addSchema(this, (schema) =>
      schema.alterTable('channels_videos', (t) => {
        t.boolean('protected').notNullable().defaultTo(no);
        t.boolean('missing').notNullable().defaultTo(no);
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('channels_videos', (t) => {
        t.dropColumn('protected');
        t.dropColumn('missing');
      }),
    );
  }
}
