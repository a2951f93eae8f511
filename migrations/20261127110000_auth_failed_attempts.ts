import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * Failed sign-in and setup attempts, so that a lockout survives a restart (before, the counts
 * lived in memory only and a restart lifted them). Rows leave once outside the limiter's window.
 */
export class Migration20261127110000AuthFailedAttempts extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.createTable('auth_failed_attempts', (t) => {
        t.increments('id').primary();
        t.string('limiter', 16).notNullable();
        t.string('attempt_key', 200).notNullable();
        t.datetime('attempted_at').notNullable();
        t.index(['limiter', 'attempted_at']);
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('auth_failed_attempts'));
  }
}
