import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * The library's default order (`removed`, `downloaded_at`, then `id`) now also carries
 * `source_id`, so a filter on the watched-state copy (`watchedState=unknown`, joined on
 * `source_id`) reads only the index, never the rows it skips: the last page of "unknown" on
 * 20,000 videos went from ~20 ms to ~5 ms (docs/performance.md). The new index replaces the old
 * one, which is its prefix; `id` is named so the order ties break in the index too.
 */
export class Migration20261128040000DownloaderVideoListIndex extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.dropIndex(['removed', 'downloaded_at']);
        t.index(['removed', 'downloaded_at', 'id', 'source_id']);
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.dropIndex(['removed', 'downloaded_at', 'id', 'source_id']);
        t.index(['removed', 'downloaded_at']);
      }),
    );
  }
}
