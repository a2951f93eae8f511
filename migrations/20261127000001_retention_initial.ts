import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** Automatic-removal runs (manual and scheduled), so the last run's result survives a restart. */
export class Migration20261127000001RetentionInitial extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.createTable('retention_runs', (t) => {
        t.increments('id').primary();
        t.string('trigger', 16).notNullable();
        t.datetime('started_at').notNullable().index();
        t.datetime('finished_at').nullable();
        t.text('result').nullable();
        t.text('error').nullable();
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('retention_runs'));
  }
}
