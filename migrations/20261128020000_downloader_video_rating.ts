import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * Content ratings per video (reference 8.9): `normalized_rating` (G … NC-17, TV-Y … TV-MA; null =
 * not rated) and `rating_source` (`Manual Override`, `Channel Default`, `Playlist Default`,
 * `yt-dlp:age_limit=<n>`; null = decided before ratings existed). Existing rows stay unrated.
 *
 * Two indexes for the library's `protectedFilter` and `missingFilter` at any page: with them a
 * filtered page is an index range in download order (the last page of 20,000 rows went from
 * about 10 ms to 0.5 ms, and a filter's count from 5 ms to 0.05 ms; docs/library.md).
 */
export class Migration20261128020000DownloaderVideoRating extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.string('normalized_rating', 20).nullable();
        t.string('rating_source', 100).nullable();
        t.index(['removed', 'protected', 'downloaded_at']);
        t.index(['removed', 'missing_at', 'downloaded_at']);
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.dropIndex(['removed', 'protected', 'downloaded_at']);
        t.dropIndex(['removed', 'missing_at', 'downloaded_at']);
        t.dropColumn('normalized_rating');
        t.dropColumn('rating_source');
      }),
    );
  }
}
