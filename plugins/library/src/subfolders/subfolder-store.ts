import type { Orm } from '@vidkeep/plugin-kit';
import type { LibrarySubfolder } from '../entities.js';

/** The subfolder registry's names (`library_subfolders`, spec 2.9). */
export class SubfolderStore {
  constructor(private readonly orm: Orm) {}

  /** Adds names (trimmed, empty ones dropped); a known name only gets its `updatedAt` renewed. */
  async registerSubfolders(names: string[]): Promise<void> {
    const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    if (unique.length === 0) return;
    const em = this.orm.em.fork();
    const existing = await em.find<LibrarySubfolder>('LibrarySubfolder', { name: { $in: unique } });
    const now = new Date();
    for (const row of existing) row.updatedAt = now;
    const known = new Set(existing.map((r) => r.name));
    for (const name of unique)
      if (!known.has(name))
        em.create<LibrarySubfolder>('LibrarySubfolder', {
          name,
          createdAt: now,
          updatedAt: now,
        } as LibrarySubfolder);
    await em.flush();
  }

  /** Removes a name from the registry; resolves to the rows removed. */
  async unregisterSubfolder(name: string): Promise<number> {
    return this.orm.em.fork().nativeDelete<LibrarySubfolder>('LibrarySubfolder', { name });
  }

  async subfolders(): Promise<string[]> {
    const rows = await this.orm.em.fork().find<LibrarySubfolder>('LibrarySubfolder', {}, { orderBy: { name: 'asc' } });
    return rows.map((r) => r.name);
  }
}
