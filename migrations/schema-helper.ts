import type { Knex } from '@mikro-orm/knex';
import type { Migration } from '@mikro-orm/migrations';

/**
 * Adds the SQL of a knex schema builder to a migration. Migrations describe tables with knex's
 * schema builder rather than hand-written SQL, so the same timeline produces correct DDL for
 * SQLite today and PostgreSQL later.
 */
export function addSchema(migration: Migration, build: (schema: Knex.SchemaBuilder) => Knex.SchemaBuilder): void {
  const builder = build(migration.getKnex().schema);
  for (const statement of builder.toSQL() as unknown as { sql: string }[]) {
    migration.addSql(statement.sql);
  }
}
