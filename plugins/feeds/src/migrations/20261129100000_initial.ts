import { Migration } from '@vidkeep/plugin-kit/migration';

/**
 * The feeds: one row per channel or playlist and format, with its private token. Recorded as
 * `feeds:<name>` among the per-plugin migrations. Times are epoch milliseconds.
 */
export class Initial extends Migration {
  override async up(): Promise<void> {
    const feeds = this.getKnex().schema.createTable('feeds', (t) => {
      t.increments('id').primary();
      t.string('kind', 20).notNullable();
      t.string('subject_id', 64).notNullable();
      t.string('format', 10).notNullable();
      t.string('token', 64).notNullable().unique();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('last_fetched_at').nullable();
      t.unique(['kind', 'subject_id', 'format']);
    });
    for (const statement of feeds.toSQL()) this.addSql(statement.sql);
  }
}
