import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/** Channel subscriptions and the channel-video listing cache. */
export class Migration20261123000000ChannelsInitial extends Migration {
  override async up(): Promise<void> {
    const knex = this.getKnex();
    const no = knex.raw('false');
    addSchema(this, (schema) =>
      schema
        .createTable('channels', (t) => {
          t.increments('id').primary();
          // Spec 2.3: the channel id index is non-unique (duplicate rows can exist).
          t.string('channel_id', 64).notNullable().index();
          t.string('title', 300).notNullable();
          t.text('description').nullable();
          t.string('url', 2048).notNullable();
          t.string('handle', 200).nullable();
          t.string('uploader', 300).nullable();
          t.string('folder_name', 255).nullable();
          t.string('thumbnail_url', 2048).nullable();
          t.boolean('enabled').notNullable().defaultTo(no);
          t.string('available_tabs', 40).nullable();
          t.string('hidden_tabs', 40).nullable();
          t.string('auto_download_enabled_tabs', 40).notNullable().defaultTo('video');
          t.string('sub_folder', 100).nullable();
          t.string('video_quality', 8).nullable();
          t.string('audio_format', 20).nullable();
          t.text('title_filter_regex').nullable();
          t.text('additional_tags').nullable();
          t.boolean('m3u_enabled').notNullable().defaultTo(no);
          t.string('m3u_sort_order', 20).notNullable().defaultTo('oldest_first');
          t.boolean('auto_removal_protected').notNullable().defaultTo(no);
          t.integer('auto_removal_keep_recent_count').nullable();
          t.boolean('skip_video_folder').nullable();
          t.text('tab_video_counts').nullable();
          t.datetime('tab_counts_attempted_at').nullable();
          t.text('last_fetched_by_tab').nullable();
          t.datetime('terminated_at').nullable();
          t.datetime('created_at').notNullable();
          t.datetime('updated_at').notNullable();
          t.index(['enabled', 'title']);
        })
        .createTable('channel_videos', (t) => {
          t.increments('id').primary();
          t.string('channel_id', 64).notNullable();
          t.string('source_id', 64).notNullable().index();
          t.string('media_type', 16).notNullable().defaultTo('video');
          t.string('title', 500).notNullable();
          t.string('thumbnail', 2048).nullable();
          t.integer('duration').nullable();
          t.datetime('published_at').nullable();
          t.string('published_at_source', 20).nullable();
          t.string('availability', 40).nullable();
          t.string('live_status', 40).nullable();
          t.boolean('ignored').notNullable().defaultTo(no);
          t.datetime('ignored_at').nullable();
          t.datetime('downloaded_at').nullable();
          t.boolean('removed').notNullable().defaultTo(no);
          t.datetime('first_seen_at').notNullable();
          t.unique(['channel_id', 'source_id']);
          t.index(['channel_id', 'media_type', 'published_at']);
        }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) => schema.dropTable('channel_videos').dropTable('channels'));
  }
}
