import { defineEntity } from '@vidkeep/plugin-kit';

/**
 * The feeds table as the ORM sees it (the store reads and writes it with SQL; this description
 * lets the core's schema check compare it with the migrated database). Times are epoch ms.
 */
export const FeedTable = defineEntity<Record<string, unknown>>({
  name: 'Feed',
  tableName: 'feeds',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    kind: { type: 'string', length: 20, columnType: 'varchar(20)' },
    subject_id: { type: 'string', length: 64, columnType: 'varchar(64)', fieldName: 'subject_id' },
    format: { type: 'string', length: 10, columnType: 'varchar(10)' },
    token: { type: 'string', length: 64, columnType: 'varchar(64)', unique: true },
    created_at: { type: 'bigint', fieldName: 'created_at' },
    last_fetched_at: { type: 'bigint', fieldName: 'last_fetched_at', nullable: true },
  },
  uniques: [{ properties: ['kind', 'subject_id', 'format'] }],
});
