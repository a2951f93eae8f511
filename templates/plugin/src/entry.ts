import { defineEntity } from '@vidkeep/plugin-kit';

/** One signature in the guestbook. */
export interface GuestbookEntry {
  id: number;
  name: string;
  message: string;
  createdAt: Date;
}

/** A third-party plugin's tables start with its id (dashes as underscores): vidkeep checks it at start. */
export const GuestbookEntryEntity = defineEntity<GuestbookEntry>({
  name: 'AcmeGuestbookEntry',
  tableName: 'acme_guestbook_entries',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string', length: 80 },
    message: { type: 'string', length: 500 },
    createdAt: { type: 'datetime', index: true },
  },
});
