import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * The per-video `protected` flag (reference 1.5): a protected video is never removed
 * automatically (retention); a manual delete still removes it. Existing videos start unprotected.
 */
export class Migration20261127000000DownloaderVideoProtected extends Migration {
  override async up(): Promise<void> {
    const no = this.getKnex().raw('false');
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.boolean('protected').notNullable().defaultTo(no);
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.dropColumn('protected');
      }),
    );
  }
}
