import type { Knex } from '@mikro-orm/knex';

/**
 * A plugin's copy of the watched state (`<plugin>_video_watch`): one row per video a media
 * server reported on, no row = unknown. The downloader, channels and playlists each own one (they
 * cannot join the watch-status plugin's tables); the rows are kept by
 * `@vidkeep/core/plugin-api`'s `WatchCopy`, whose entity describes the same columns.
 */
export function createVideoWatchTable(schema: Knex.SchemaBuilder, table: string): Knex.SchemaBuilder {
  return schema.createTable(table, (t) => {
    t.string('source_id', 64).notNullable().primary();
    t.boolean('watched').notNullable();
    t.text('watched_by').notNullable();
    t.datetime('last_watched_at').nullable();
  });
}
