import { TAB_TYPES, type Channel, type ChannelListQuery, type TabCount, type TabType } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import type { ChannelRow } from '../entities.js';
import { likeEscape, readBool, readDate, readJson, Sql } from './db.js';

export const DEFAULT_SUBFOLDER_KEY = '__default__';

export function parseTabs(csv: string | null | undefined): TabType[] {
  if (!csv) return [];
  const set = new Set(csv.split(',').map((s) => s.trim()));
  return TAB_TYPES.filter((t) => set.has(t));
}

export const tabsCsv = (tabs: readonly TabType[]) => TAB_TYPES.filter((t) => tabs.includes(t)).join(',');

/** Detected tabs minus hidden ones. */
export const visibleTabs = (row: Pick<ChannelRow, 'availableTabs' | 'hiddenTabs'>) => {
  const hidden = parseTabs(row.hiddenTabs);
  return parseTabs(row.availableTabs).filter((t) => !hidden.includes(t));
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The settings part of a channel, as both the channel object and the settings endpoint show it. */
export function settingsOf(row: ChannelRow) {
  return {
    title_filter_regex: row.titleFilterRegex,
    additional_tags: row.additionalTags,
    m3u_enabled: row.m3uEnabled,
    m3u_sort_order: row.m3uSortOrder,
    auto_removal_protected: row.autoRemovalProtected,
    auto_removal_keep_recent_count: row.autoRemovalKeepRecentCount,
    auto_download_enabled_tabs: row.autoDownloadEnabledTabs,
    video_quality: row.videoQuality as Channel['video_quality'],
    audio_format: row.audioFormat as Channel['audio_format'],
    skip_video_folder: row.skipVideoFolder,
    available_tabs: visibleTabs(row),
    hidden_tabs: parseTabs(row.hiddenTabs),
  };
}

export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    channel_id: row.channelId,
    title: row.title,
    description: row.description,
    url: row.url,
    handle: row.handle,
    uploader: row.uploader,
    thumbnailUrl: row.thumbnailUrl,
    enabled: row.enabled,
    sub_folder: row.subFolder,
    ...settingsOf(row),
    tab_video_counts: row.tabVideoCounts,
    tab_counts_attempted_at: iso(row.tabCountsAttemptedAt),
    terminated_at: iso(row.terminatedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A `channels` row read with raw SQL. */
function fromDb(r: Record<string, unknown>): ChannelRow {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: Number(r.id),
    channelId: String(r.channel_id),
    title: String(r.title),
    description: str(r.description),
    url: String(r.url),
    handle: str(r.handle),
    uploader: str(r.uploader),
    folderName: str(r.folder_name),
    thumbnailUrl: str(r.thumbnail_url),
    enabled: readBool(r.enabled),
    availableTabs: str(r.available_tabs),
    hiddenTabs: str(r.hidden_tabs),
    autoDownloadEnabledTabs: String(r.auto_download_enabled_tabs ?? ''),
    subFolder: str(r.sub_folder),
    videoQuality: str(r.video_quality),
    audioFormat: str(r.audio_format),
    titleFilterRegex: str(r.title_filter_regex),
    additionalTags: str(r.additional_tags),
    m3uEnabled: readBool(r.m3u_enabled),
    m3uSortOrder: r.m3u_sort_order === 'newest_first' ? 'newest_first' : 'oldest_first',
    autoRemovalProtected: readBool(r.auto_removal_protected),
    autoRemovalKeepRecentCount: r.auto_removal_keep_recent_count === null || r.auto_removal_keep_recent_count === undefined ? null : Number(r.auto_removal_keep_recent_count),
    skipVideoFolder: r.skip_video_folder === null || r.skip_video_folder === undefined ? null : readBool(r.skip_video_folder),
    tabVideoCounts: readJson<Record<string, TabCount>>(r.tab_video_counts),
    tabCountsAttemptedAt: readDate(r.tab_counts_attempted_at),
    lastFetchedByTab: readJson<Record<string, string>>(r.last_fetched_by_tab),
    terminatedAt: readDate(r.terminated_at),
    createdAt: readDate(r.created_at) ?? new Date(0),
    updatedAt: readDate(r.updated_at) ?? new Date(0),
  };
}

const SORT_SQL: Record<ChannelListQuery['sortBy'], string> = {
  title: 'lower(title)',
  name: 'lower(title)',
  uploader: 'lower(title)',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** The `channels` table; only this plugin writes it. */
export class ChannelStore {
  private readonly sql: Sql;

  constructor(private readonly orm: Orm) {
    this.sql = new Sql(orm);
  }

  /** The channel's row (the oldest one when duplicates exist). */
  async byChannelId(channelId: string): Promise<ChannelRow | null> {
    const r = await this.sql.one('select * from channels where channel_id = ? order by id limit 1', [channelId]);
    return r ? fromDb(r) : null;
  }

  async byHandleOrUrl(handle: string | null, url: string): Promise<ChannelRow | null> {
    const r = await this.sql.one(
      'select * from channels where url = ? or (handle is not null and lower(handle) = lower(?)) order by id limit 1',
      [url, handle ?? ''],
    );
    return r ? fromDb(r) : null;
  }

  async enabled(): Promise<ChannelRow[]> {
    return (await this.sql.all('select * from channels where enabled = ? order by id', [true])).map(fromDb);
  }

  /** Ids among `channelIds` with an enabled subscription. */
  async subscribedIds(channelIds: string[]): Promise<Set<string>> {
    if (channelIds.length === 0) return new Set();
    const rows = await this.sql.all<{ channel_id: string }>(
      `select distinct channel_id from channels where enabled = ? and channel_id in (${channelIds.map(() => '?').join(',')})`,
      [true, ...channelIds],
    );
    return new Set(rows.map((r) => r.channel_id));
  }

  async list(q: ChannelListQuery): Promise<{ rows: ChannelRow[]; total: number; subFolders: string[] }> {
    const where = ['enabled = ?'];
    const params: unknown[] = [true];
    const search = q.search?.trim().toLowerCase();
    if (search) {
      const like = `%${likeEscape(search)}%`;
      where.push("(lower(title) like ? escape '\\' or lower(url) like ? escape '\\' or lower(coalesce(handle, '')) like ? escape '\\')");
      params.push(like, like, like);
    }
    if (q.subFolder !== undefined && q.subFolder !== '') {
      if (q.subFolder === DEFAULT_SUBFOLDER_KEY) where.push("(sub_folder is null or sub_folder = '')");
      else {
        where.push('sub_folder = ?');
        params.push(q.subFolder.replace(/^__/, ''));
      }
    }
    const clause = where.join(' and ');
    const order = `${SORT_SQL[q.sortBy]} ${q.sortOrder === 'desc' ? 'desc' : 'asc'}, id asc`;
    const [count, rows, folders] = await Promise.all([
      this.sql.one<{ n: number }>(`select count(*) as n from channels where ${clause}`, params),
      this.sql.all(`select * from channels where ${clause} order by ${order} limit ? offset ?`, [...params, q.pageSize, (q.page - 1) * q.pageSize]),
      this.sql.all<{ f: string | null }>('select distinct sub_folder as f from channels where enabled = ?', [true]),
    ]);
    const names = folders.map((f) => f.f).filter((f): f is string => !!f).sort((a, b) => a.localeCompare(b));
    const subFolders = folders.some((f) => !f.f) ? [DEFAULT_SUBFOLDER_KEY, ...names] : names;
    return { rows: rows.map(fromDb), total: Number(count?.n ?? 0), subFolders };
  }

  async create(data: Omit<ChannelRow, 'id' | 'createdAt' | 'updatedAt'>): Promise<ChannelRow> {
    const em = this.orm.em.fork();
    const now = new Date();
    const row = em.create<ChannelRow>('Channel', { ...data, createdAt: now, updatedAt: now } as ChannelRow);
    await em.flush();
    return row;
  }

  async update(id: number, patch: Partial<Omit<ChannelRow, 'id'>>): Promise<void> {
    await this.orm.em.fork().nativeUpdate<ChannelRow>('Channel', { id }, { ...patch, updatedAt: new Date() });
  }

  /** Applies several changes at once: all of them or none. */
  async updateMany(changes: { id: number; patch: Partial<Omit<ChannelRow, 'id'>> }[]): Promise<void> {
    if (changes.length === 0) return;
    await this.orm.em.fork().transactional(async (em) => {
      const now = new Date();
      for (const c of changes) await em.nativeUpdate<ChannelRow>('Channel', { id: c.id }, { ...c.patch, updatedAt: now });
    });
  }

  async subFolders(): Promise<string[]> {
    const rows = await this.sql.all<{ f: string }>("select distinct sub_folder as f from channels where sub_folder is not null and sub_folder <> ''");
    return rows.map((r) => r.f);
  }

  async countUsingDefaultSubfolder(): Promise<number> {
    const r = await this.sql.one<{ n: number }>("select count(*) as n from channels where enabled = ? and (sub_folder is null or sub_folder = '')", [true]);
    return Number(r?.n ?? 0);
  }

  async usingGlobalFileStructure(): Promise<{ count: number; names: string[] }> {
    const [c, names] = await Promise.all([
      this.sql.one<{ n: number }>('select count(*) as n from channels where enabled = ? and skip_video_folder is null', [true]),
      this.sql.all<{ title: string }>('select title from channels where enabled = ? and skip_video_folder is null order by lower(title), id limit 10', [true]),
    ]);
    return { count: Number(c?.n ?? 0), names: names.map((n) => n.title) };
  }

  /** Enabled channels whose tab counts are due, oldest attempts first. */
  async dueForTabCounts(attemptedBefore: Date, limit: number): Promise<ChannelRow[]> {
    const rows = await this.sql.all(
      'select * from channels where enabled = ? and (tab_counts_attempted_at is null or tab_counts_attempted_at < ?) order by tab_counts_attempted_at is not null, tab_counts_attempted_at, id limit ?',
      [true, this.sql.date(attemptedBefore), limit],
    );
    return rows.map(fromDb);
  }
}
