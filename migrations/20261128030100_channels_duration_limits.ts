import { Migration } from '@mikro-orm/migrations';
import { addSchema } from './schema-helper.js';

/**
 * A channel's `min_duration` and `max_duration` (seconds, reference 1.4): the videos its automatic
 * downloads and download-all choose must last at least / at most that long. Null (every existing
 * channel): no limit.
 */
export class Migration20261128030100ChannelsDurationLimits extends Migration {
  override async up(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('channels', (t) => {
        t.integer('min_duration').nullable();
        t.integer('max_duration').nullable();
      }),
    );
  }

  override async down(): Promise<void> {
    addSchema(this, (schema) =>
      schema.alterTable('channels', (t) => {
        t.dropColumn('min_duration');
        t.dropColumn('max_duration');
      }),
    );
  }
}
