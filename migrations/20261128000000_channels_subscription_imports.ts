import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * Subscription imports and their per-channel results, so an import's outcome survives a restart
 * (and one cut off by a restart is marked interrupted instead of being lost).
 */
export class Migration20261128000000ChannelsSubscriptionImports extends Migration {
  override async up(): Promise<void> {
    const no = this.getKnex().raw('false');
    addSchema(this, (schema) =>
      schema
        .createTable('channels_subscription_imports', (t) => {
          t.string('id', 36).notNullable().primary();
          t.string('source', 16).notNullable();
          t.string('status', 24).notNullable();
          t.integer('total').notNullable();
          t.text('settings').nullable();
          t.boolean('cancel_requested').notNullable().defaultTo(no);
          t.datetime('started_at').notNullable().index();
          t.datetime('finished_at').nullable();
        })
        .createTable('channels_subscription_import_items', (t) => {
          t.increments('id').primary();
          t.string('import_id', 36).notNullable();
          t.integer('position').notNullable();
          t.string('channel_id', 64).notNullable();
          t.string('title', 300).notNullable();
          t.string('url', 2048).notNullable();
          t.text('settings').nullable();
          t.string('state', 16).notNullable();
          t.boolean('restored').notNullable().defaultTo(no);
          t.text('reason').nullable();
          t.datetime('finished_at').nullable();
          t.index(['import_id', 'position']);
        }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.dropTable('channels_subscription_import_items').dropTable('channels_subscription_imports'),
    );
  }
}
