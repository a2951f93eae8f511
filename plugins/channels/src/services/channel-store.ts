import type { ChannelListQuery } from '@vidkeep/contracts';
import { Sql, type Orm } from '@vidkeep/plugin-kit';
import type { ChannelRow } from '../entities.js';
import { fromDb } from './channel-rows.js';

export const DEFAULT_SUBFOLDER_KEY = '__default__';

/**
 * The `channels` table; only this plugin writes it, so it keeps every row in memory (a few
 * hundred bytes per channel) and serves reads from there: the channel list and every
 * channel-page request then cost no query. Every write goes through this class and refreshes
 * the rows it touched from the database, so the memory copy never drifts. Returned rows are
 * shared: callers copy (`{ ...row, ...patch }`) instead of mutating them.
 */
export class ChannelStore {
  private readonly sql: Sql;
  private rows: Map<number, ChannelRow> | null = null;
  private loading: Promise<Map<number, ChannelRow>> | null = null;
  private generation = 0;

  constructor(private readonly orm: Orm) {
    this.sql = new Sql(orm);
  }

  private async all(): Promise<Map<number, ChannelRow>> {
    if (this.rows) return this.rows;
    if (!this.loading) {
      const generation = this.generation;
      this.loading = this.sql.all('select * from channels order by id').then((raw) => {
        const map = new Map(raw.map((r) => fromDb(r)).map((r) => [r.id, r] as const));
        // A write that happened while loading may be missing from this snapshot: load again next time.
        if (generation === this.generation) this.rows = map;
        this.loading = null;
        return map;
      });
    }
    return this.loading;
  }

  /** Re-reads written rows into memory. */
  private async refresh(ids: number[]): Promise<void> {
    this.generation += 1;
    if (!this.rows) return;
    const raw = await this.sql.all(`select * from channels where id in (${ids.map(() => '?').join(',')})`, ids);
    for (const id of ids) this.rows?.delete(id);
    for (const r of raw) {
      const row = fromDb(r);
      this.rows?.set(row.id, row);
    }
    this.listed = null;
    this.indexed = null;
  }

  /**
   * The enabled channels sorted per sort order, and their subfolder names, for the rows they
   * were made from: the unfiltered channel list (page 1 is every client's first request) then
   * slices a sorted array instead of sorting every channel per request.
   */
  private listed: {
    rows: Map<number, ChannelRow>;
    enabled: ChannelRow[];
    subFolders: string[];
    sorted: Map<string, ChannelRow[]>;
  } | null = null;

  private listing(rows: Map<number, ChannelRow>) {
    if (this.listed?.rows !== rows) {
      const enabled = [...rows.values()].filter((r) => r.enabled);
      const names = [...new Set(enabled.map((r) => r.subFolder).filter((f): f is string => !!f))].sort((a, b) =>
        a.localeCompare(b),
      );
      const subFolders = enabled.some((r) => !r.subFolder) ? [DEFAULT_SUBFOLDER_KEY, ...names] : names;
      this.listed = { rows, enabled, subFolders, sorted: new Map() };
    }
    return this.listed;
  }

  private sortRows(rows: ChannelRow[], q: ChannelListQuery): ChannelRow[] {
    const byTitle = q.sortBy === 'title' || q.sortBy === 'name' || q.sortBy === 'uploader';
    const keyed = rows.map((r) => ({
      r,
      k: byTitle ? this.titleKey(r) : q.sortBy === 'createdAt' ? r.createdAt.getTime() : r.updatedAt.getTime(),
    }));
    const dir = q.sortOrder === 'desc' ? -1 : 1;
    keyed.sort((a, b) => (a.k < b.k ? -dir : a.k > b.k ? dir : a.r.id - b.r.id));
    return keyed.map((x) => x.r);
  }

  /** The channel's row (the oldest one when duplicates exist). */
  async byChannelId(channelId: string): Promise<ChannelRow | null> {
    const rows = await this.all();
    if (this.indexed?.rows !== rows) {
      // Every channel page asks for its channel: a map per set of rows, not a scan of them all.
      const byId = new Map<string, ChannelRow>();
      for (const row of rows.values()) {
        const seen = byId.get(row.channelId);
        if (!seen || row.id < seen.id) byId.set(row.channelId, row);
      }
      this.indexed = { rows, byId };
    }
    return this.indexed.byId.get(channelId) ?? null;
  }

  private indexed: { rows: Map<number, ChannelRow>; byId: Map<string, ChannelRow> } | null = null;

  async byHandleOrUrl(handle: string | null, url: string): Promise<ChannelRow | null> {
    const h = handle?.toLowerCase() ?? null;
    for (const row of (await this.all()).values()) {
      if (row.url === url || (h !== null && row.handle?.toLowerCase() === h)) return row;
    }
    return null;
  }

  async enabled(): Promise<ChannelRow[]> {
    return [...(await this.all()).values()].filter((r) => r.enabled);
  }

  /** Ids among `channelIds` with an enabled subscription. */
  async subscribedIds(channelIds: string[]): Promise<Set<string>> {
    const wanted = new Set(channelIds);
    return new Set((await this.enabled()).filter((r) => wanted.has(r.channelId)).map((r) => r.channelId));
  }

  /** Lower-case text a search looks in, per row (rows are replaced, never changed, so a WeakMap is safe). */
  private readonly haystacks = new WeakMap<ChannelRow, string>();
  private readonly titleKeys = new WeakMap<ChannelRow, string>();

  private haystack(r: ChannelRow): string {
    let h = this.haystacks.get(r);
    if (h === undefined) {
      h = `${r.title}\n${r.url}\n${r.handle ?? ''}`.toLowerCase();
      this.haystacks.set(r, h);
    }
    return h;
  }

  private titleKey(r: ChannelRow): string {
    let k = this.titleKeys.get(r);
    if (k === undefined) {
      k = r.title.toLowerCase();
      this.titleKeys.set(r, k);
    }
    return k;
  }

  async list(q: ChannelListQuery): Promise<{ rows: ChannelRow[]; total: number; subFolders: string[] }> {
    const listing = this.listing(await this.all());
    const search = q.search?.trim().toLowerCase();
    const folder = q.subFolder === undefined || q.subFolder === '' ? undefined : q.subFolder;
    let sorted: ChannelRow[];
    if (!search && folder === undefined) {
      const key = `${q.sortBy}|${q.sortOrder}`;
      sorted = listing.sorted.get(key) ?? this.sortRows(listing.enabled, q);
      listing.sorted.set(key, sorted);
    } else {
      const matching = listing.enabled.filter((r) => {
        if (search && !this.haystack(r).includes(search)) return false;
        if (folder === DEFAULT_SUBFOLDER_KEY) return !r.subFolder;
        if (folder !== undefined) return r.subFolder === folder.replace(/^__/, '');
        return true;
      });
      sorted = this.sortRows(matching, q);
    }
    const start = (q.page - 1) * q.pageSize;
    return { rows: sorted.slice(start, start + q.pageSize), total: sorted.length, subFolders: listing.subFolders };
  }

  async create(data: Omit<ChannelRow, 'id' | 'createdAt' | 'updatedAt'>): Promise<ChannelRow> {
    const em = this.orm.em.fork();
    const now = new Date();
    const row = em.create<ChannelRow>('Channel', { ...data, createdAt: now, updatedAt: now } as ChannelRow);
    await em.flush();
    await this.refresh([row.id]);
    return (this.rows?.get(row.id) ?? row) as ChannelRow;
  }

  async update(id: number, patch: Partial<Omit<ChannelRow, 'id'>>): Promise<void> {
    await this.orm.em.fork().nativeUpdate<ChannelRow>('Channel', { id }, { ...patch, updatedAt: new Date() });
    await this.refresh([id]);
  }

  /** Applies several changes at once: all of them or none. */
  async updateMany(changes: { id: number; patch: Partial<Omit<ChannelRow, 'id'>> }[]): Promise<void> {
    if (changes.length === 0) return;
    await this.orm.em.fork().transactional(async (em) => {
      const now = new Date();
      for (const c of changes)
        await em.nativeUpdate<ChannelRow>('Channel', { id: c.id }, { ...c.patch, updatedAt: now });
    });
    await this.refresh([...new Set(changes.map((c) => c.id))]);
  }

  async subFolders(): Promise<string[]> {
    return [...new Set([...(await this.all()).values()].map((r) => r.subFolder).filter((f): f is string => !!f))];
  }

  async countUsingDefaultSubfolder(): Promise<number> {
    return (await this.enabled()).filter((r) => !r.subFolder).length;
  }

  async usingGlobalFileStructure(): Promise<{ count: number; names: string[] }> {
    const rows = (await this.enabled()).filter((r) => r.skipVideoFolder === null);
    const names = rows
      .slice()
      .sort((a, b) =>
        a.title.toLowerCase() < b.title.toLowerCase()
          ? -1
          : a.title.toLowerCase() > b.title.toLowerCase()
            ? 1
            : a.id - b.id,
      )
      .slice(0, 10)
      .map((r) => r.title);
    return { count: rows.length, names };
  }

  /** Enabled channels whose tab counts are due, oldest attempts first (never attempted first of all). */
  async dueForTabCounts(attemptedBefore: Date, limit: number): Promise<ChannelRow[]> {
    const at = (r: ChannelRow) => r.tabCountsAttemptedAt?.getTime() ?? -1;
    return (await this.enabled())
      .filter((r) => at(r) < attemptedBefore.getTime())
      .sort((a, b) => at(a) - at(b) || a.id - b.id)
      .slice(0, limit);
  }
}
