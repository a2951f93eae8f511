import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** Jobs with their per-video rows, downloaded videos and the subfolder registry. */
export class Migration20261122010000DownloaderInitial extends Migration {
  override async up(): Promise<void> {
    const knex = this.getKnex();
    addSchema(this, (schema) =>
      schema
        .createTable('downloader_jobs', (t) => {
          t.string('id', 36).notNullable().primary();
          t.string('type', 40).notNullable();
          t.string('label', 300).notNullable();
          t.string('status', 24).notNullable().index();
          t.json('options').notNullable();
          t.json('aux_data').nullable();
          t.text('message').nullable();
          t.string('error_code', 64).nullable();
          t.string('requested_by', 200).nullable();
          t.datetime('created_at').notNullable().index();
          t.datetime('started_at').nullable();
          t.datetime('finished_at').nullable();
          t.datetime('updated_at').notNullable();
        })
        .createTable('downloader_job_videos', (t) => {
          t.increments('id').primary();
          t.string('job_id', 36).notNullable();
          t.string('source_id', 64).notNullable();
          t.string('url', 2048).notNullable();
          t.integer('position').notNullable();
          t.string('state', 16).notNullable();
          t.string('title', 500).nullable();
          t.string('thumbnail', 2048).nullable();
          t.integer('duration').nullable();
          t.json('diagnosis').nullable();
          t.integer('video_id').nullable();
          t.datetime('started_at').nullable();
          t.datetime('finished_at').nullable();
          t.index(['job_id', 'position']);
          t.index(['source_id', 'state']);
          t.unique(['job_id', 'source_id']);
        })
        .createTable('downloader_videos', (t) => {
          t.increments('id').primary();
          t.string('source_id', 64).notNullable().unique();
          t.string('title', 500).notNullable();
          t.string('channel_name', 300).nullable();
          t.string('channel_id', 64).nullable();
          t.text('description').nullable();
          t.integer('duration').nullable();
          t.string('upload_date', 8).nullable();
          t.string('media_type', 16).notNullable().defaultTo('video');
          t.string('thumbnail_path', 2048).nullable();
          t.string('file_path', 2048).nullable();
          t.bigInteger('file_size').nullable();
          t.string('audio_file_path', 2048).nullable();
          t.bigInteger('audio_file_size').nullable();
          t.string('video_resolution', 20).nullable();
          t.string('subfolder', 100).nullable();
          t.boolean('removed').notNullable().defaultTo(knex.raw('false'));
          t.datetime('removed_at').nullable();
          t.datetime('downloaded_at').notNullable();
          t.string('job_id', 36).nullable();
          t.index(['removed', 'downloaded_at']);
          t.index(['channel_id']);
        })
        .createTable('downloader_subfolders', (t) => {
          t.increments('id').primary();
          t.string('name', 100).notNullable().unique();
          t.datetime('created_at').notNullable();
          t.datetime('updated_at').notNullable();
        }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema
        .dropTable('downloader_subfolders')
        .dropTable('downloader_videos')
        .dropTable('downloader_job_videos')
        .dropTable('downloader_jobs'),
    );
  }
}
