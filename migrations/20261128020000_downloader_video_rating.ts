import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * Content ratings per video (reference 8.9): `normalized_rating` (G … NC-17, TV-Y … TV-MA; null =
 * not rated) and `rating_source` (`Manual Override`, `Channel Default`, `Playlist Default`,
 * `yt-dlp:age_limit=<n>`; null = decided before ratings existed). Existing rows stay unrated.
 */
export class Migration20261128020000DownloaderVideoRating extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.string('normalized_rating', 20).nullable();
        t.string('rating_source', 100).nullable();
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('downloader_videos', (t) => {
        t.dropColumn('normalized_rating');
        t.dropColumn('rating_source');
      }),
    );
  }
}
