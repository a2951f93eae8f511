import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** Sessions (token stored as SHA-256) and API keys (SHA-256 hash, prefix, usage). */
export class Migration20261122000000AuthInitial extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema
        .createTable('auth_sessions', (t) => {
          t.increments('id').primary();
          t.string('token_hash', 64).notNullable().unique();
          t.string('username', 32).notNullable();
          t.string('user_agent', 512).notNullable().defaultTo('');
          t.string('ip_address', 64).notNullable().defaultTo('');
          t.datetime('created_at').notNullable();
          t.datetime('last_used_at').notNullable();
          t.datetime('expires_at').notNullable().index();
        })
        .createTable('auth_api_keys', (t) => {
          t.increments('id').primary();
          t.string('name', 100).notNullable();
          t.string('key_prefix', 16).notNullable();
          t.string('key_hash', 64).notNullable().unique();
          t.datetime('created_at').notNullable();
          t.datetime('last_used_at').nullable();
          // raw `true`: knex would write SQLite's default as the string '1', which differs from the entity.
          t.boolean('is_active').notNullable().defaultTo(this.getKnex().raw('true'));
        }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('auth_api_keys').dropTable('auth_sessions'));
  }
}
