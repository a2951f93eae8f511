import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** Run history of scheduled tasks (spec 2.13). */
export class Migration20261122020000SchedulerInitial extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.createTable('scheduler_task_runs', (t) => {
        t.increments('id').primary();
        t.string('task_key', 100).notNullable();
        t.string('trigger_type', 16).notNullable();
        t.string('status', 16).notNullable();
        t.string('outcome', 100).nullable();
        t.text('message').nullable();
        t.json('details').nullable();
        t.datetime('started_at').notNullable();
        t.datetime('finished_at').nullable();
        t.index(['task_key', 'started_at']);
        t.index(['status']);
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('scheduler_task_runs'));
  }
}
