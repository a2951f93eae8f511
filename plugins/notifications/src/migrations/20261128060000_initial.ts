import { Migration } from '@vidkeep/plugin-kit/migration';

/**
 * The webhooks and their delivery log. Recorded as `notifications:<name>` among the per-plugin
 * migrations (the plugin is written against the kit alone, like a plugin from outside the
 * repository, so it carries its own migrations instead of joining the shared timeline).
 * Times are epoch milliseconds.
 */
export class Initial extends Migration {
  override async up(): Promise<void> {
    // `knex.schema` is a new builder each time; one builder would collect both tables.
    const webhooks = this.getKnex().schema.createTable('notifications_webhooks', (t) => {
      t.increments('id').primary();
      t.string('name', 100).notNullable();
      t.string('url', 2000).notNullable();
      t.text('events').notNullable();
      t.string('secret', 200).notNullable();
      t.boolean('enabled').notNullable().defaultTo(true);
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    const deliveries = this.getKnex().schema.createTable('notifications_deliveries', (t) => {
      t.string('id', 36).notNullable().primary();
      t.integer('webhook_id').notNullable().index();
      t.string('event', 40).notNullable();
      t.string('title', 300).notNullable();
      t.text('body').notNullable();
      t.string('status', 10).notNullable();
      // A raw default: knex would quote it ('0'), which the schema check reads as a text default.
      t.integer('attempts').notNullable().defaultTo(this.getKnex().raw('0'));
      t.integer('max_attempts').notNullable();
      t.bigInteger('next_attempt_at').nullable().index();
      t.bigInteger('last_attempt_at').nullable();
      t.integer('last_status_code').nullable();
      t.string('last_error', 500).nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('delivered_at').nullable();
    });
    for (const statement of [...webhooks.toSQL(), ...deliveries.toSQL()]) this.addSql(statement.sql);
  }
}
