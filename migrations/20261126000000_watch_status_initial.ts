import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** Watch status per video, server and user, the servers' users, the history cursor and sync runs (spec 2.10 to 2.12). */
export class Migration20261126000000WatchStatusInitial extends Migration {
  override async up(): Promise<void> {
    const no = this.getKnex().raw('false');
    addSchema(this, (schema) =>
      schema
        .createTable('watch_status_videos', (t) => {
          t.increments('id').primary();
          t.string('source_id', 64).notNullable();
          t.string('server_type', 40).notNullable();
          t.string('server_user_id', 100).notNullable();
          t.boolean('played').notNullable().defaultTo(no);
          t.integer('play_count').notNullable();
          t.bigInteger('position_ms').notNullable();
          t.specificType('percent_watched', 'real').nullable(); // 'real' is the same type in SQLite and PostgreSQL
          t.datetime('last_watched_at').nullable();
          t.datetime('last_synced_at').notNullable();
          t.unique(['source_id', 'server_type', 'server_user_id']);
          t.index(['server_type', 'server_user_id']);
        })
        .createTable('watch_status_users', (t) => {
          t.increments('id').primary();
          t.string('server_type', 40).notNullable();
          t.string('server_user_id', 100).notNullable();
          t.string('server_user_name', 300).notNullable();
          t.boolean('is_primary').notNullable().defaultTo(no);
          t.unique(['server_type', 'server_user_id']);
        })
        .createTable('watch_status_cursors', (t) => {
          t.string('server_type', 40).notNullable().primary();
          t.datetime('newest_event_at').notNullable();
          t.string('cursor', 200).notNullable();
        })
        .createTable('watch_status_runs', (t) => {
          t.increments('id').primary();
          t.string('trigger', 16).notNullable();
          t.datetime('started_at').notNullable();
          t.datetime('completed_at').nullable();
          t.text('outcome').notNullable();
        }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema
        .dropTable('watch_status_runs')
        .dropTable('watch_status_cursors')
        .dropTable('watch_status_users')
        .dropTable('watch_status_videos'),
    );
  }
}
