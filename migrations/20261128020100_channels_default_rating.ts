import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** A channel's `default_rating` (reference 8.9): the content rating of its new downloads; null = none. */
export class Migration20261128020100ChannelsDefaultRating extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('channels', (t) => {
        t.string('default_rating', 20).nullable();
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('channels', (t) => {
        t.dropColumn('default_rating');
      }),
    );
  }
}
