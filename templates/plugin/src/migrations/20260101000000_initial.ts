import { Migration } from '@vidkeep/plugin-kit/migration';

/**
 * Creates the plugin's table. vidkeep runs a plugin's migrations after its own, records them as
 * `acme-guestbook:<name>` (so a restart runs none) and rolls them back if they touch a table
 * that is not the plugin's. Describe tables with knex's schema builder rather than SQL text, so
 * the migration also works on the databases vidkeep may support later.
 */
export class Initial extends Migration {
  override async up(): Promise<void> {
    const builder = this.getKnex().schema.createTable('acme_guestbook_entries', (t) => {
      t.increments('id').primary();
      t.string('name', 80).notNullable();
      t.string('message', 500).notNullable();
      t.datetime('created_at').notNullable().index();
    });
    for (const statement of builder.toSQL()) this.addSql(statement.sql);
  }
}
