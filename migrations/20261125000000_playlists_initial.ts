import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** Followed playlists, their entries, and the per-server sync state (spec 2.6 to 2.8). */
export class Migration20261125000000PlaylistsInitial extends Migration {
  override async up(): Promise<void> {
    const knex = this.getKnex();
    const no = knex.raw('false');
    const yes = knex.raw('true');
    addSchema(this, (schema) =>
      schema
        .createTable('playlists', (t) => {
          t.increments('id').primary();
          t.string('playlist_id', 64).notNullable().unique();
          t.string('title', 500).notNullable();
          t.string('url', 2048).notNullable();
          t.text('description').nullable();
          t.string('uploader', 300).nullable();
          t.string('uploader_id', 64).nullable();
          t.string('thumbnail', 2048).nullable();
          t.string('availability', 40).nullable();
          t.integer('reported_count').nullable();
          t.boolean('enabled').notNullable().defaultTo(yes);
          t.boolean('auto_download').notNullable().defaultTo(no);
          t.text('sync_targets').notNullable();
          t.boolean('public_on_servers').notNullable().defaultTo(no);
          t.string('sort_order', 16).notNullable().defaultTo('default');
          t.string('default_sub_folder', 100).nullable();
          t.string('video_quality', 8).nullable();
          t.integer('min_duration').nullable();
          t.integer('max_duration').nullable();
          t.text('title_filter_regex').nullable();
          t.string('audio_format', 20).nullable();
          t.string('default_rating', 20).nullable();
          t.datetime('last_fetched').nullable();
          t.boolean('last_listing_complete').notNullable().defaultTo(no);
          t.datetime('auto_download_baseline_at').nullable();
          t.integer('auto_download_baseline_id').nullable();
          t.string('auto_download_setup_error', 40).nullable();
          t.string('m3u_path', 1024).nullable();
          t.datetime('created_at').notNullable();
          t.datetime('updated_at').notNullable();
        })
        .createTable('playlists_videos', (t) => {
          t.increments('id').primary();
          t.integer('playlist_row_id').notNullable();
          t.string('source_id', 64).notNullable().index();
          t.integer('position').notNullable();
          t.datetime('first_seen_at').notNullable();
          t.string('channel_id', 64).nullable();
          t.string('channel_name', 300).nullable();
          t.string('title', 500).nullable();
          t.integer('duration').nullable();
          t.datetime('published_at').nullable();
          t.string('thumbnail', 2048).nullable();
          t.boolean('unavailable').notNullable().defaultTo(no);
          t.boolean('ignored').notNullable().defaultTo(no);
          t.datetime('ignored_at').nullable();
          t.datetime('downloaded_at').nullable();
          t.boolean('removed').notNullable().defaultTo(no);
          t.string('file_path', 2048).nullable();
          t.string('audio_file_path', 2048).nullable();
          t.boolean('auto_download_requested').notNullable().defaultTo(no);
          t.datetime('auto_download_last_attempt_at').nullable();
          t.unique(['playlist_row_id', 'source_id']);
          t.index(['playlist_row_id', 'position']);
        })
        .createTable('playlists_sync_state', (t) => {
          t.increments('id').primary();
          t.integer('playlist_row_id').notNullable();
          t.string('server', 40).notNullable();
          t.string('server_playlist_id', 200).nullable();
          t.string('media_type', 8).nullable();
          t.datetime('last_synced_at').nullable();
          t.datetime('last_attempt_at').nullable();
          t.text('last_error').nullable();
          t.integer('items_synced').nullable();
          t.integer('items_skipped').nullable();
          t.unique(['playlist_row_id', 'server']);
        }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.dropTable('playlists_sync_state').dropTable('playlists_videos').dropTable('playlists'),
    );
  }
}
