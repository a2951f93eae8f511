import {
  TAB_MEDIA_TYPE,
  type ChannelVideo,
  type ChannelVideosQuery,
  type PublishedAtSource,
  type TabType,
} from '@vidkeep/contracts';
import { likeEscape, readBool, readDate, Sql, type Orm } from '@vidkeep/plugin-kit';
import { UNKNOWN_WATCH, type ListedWatch, type WatchCopy } from '@vidkeep/read-models';
import type { ChannelVideoRow } from '../entities.js';
import { isMembersOnly, type ListedVideo } from './entries.js';
import { shortsUrl, videoUrl } from '@vidkeep/platform';

const COLUMNS = [
  'channel_id',
  'source_id',
  'media_type',
  'title',
  'thumbnail',
  'duration',
  'published_at',
  'published_at_source',
  'availability',
  'live_status',
  'ignored',
  'downloaded_at',
  'removed',
  'first_seen_at',
] as const;
const CHUNK = 200;
const PAGE_CACHE_CHANNELS = 200;
const PAGE_CACHE_PER_CHANNEL = 50;

function fromDb(r: Record<string, unknown>): ChannelVideoRow {
  return {
    id: Number(r.id),
    channelId: String(r.channel_id),
    sourceId: String(r.source_id),
    mediaType: String(r.media_type),
    title: String(r.title),
    thumbnail: r.thumbnail === null ? null : String(r.thumbnail),
    duration: r.duration === null || r.duration === undefined ? null : Number(r.duration),
    publishedAt: readDate(r.published_at),
    publishedAtSource: (r.published_at_source ?? null) as PublishedAtSource,
    availability: r.availability === null ? null : String(r.availability),
    liveStatus: r.live_status === null ? null : String(r.live_status),
    ignored: readBool(r.ignored),
    ignoredAt: readDate(r.ignored_at),
    downloadedAt: readDate(r.downloaded_at),
    removed: readBool(r.removed),
    firstSeenAt: readDate(r.first_seen_at) ?? new Date(0),
    protected: readBool(r.protected),
    missing: readBool(r.missing),
  };
}

export function toChannelVideo(
  row: ChannelVideoRow,
  activity: 'queued' | 'downloading' | null,
  watch: ListedWatch = UNKNOWN_WATCH,
): ChannelVideo {
  const shown = row.publishedAtSource !== 'estimated' && row.publishedAt;
  return {
    sourceId: row.sourceId,
    title: row.title,
    url: row.mediaType === 'short' ? shortsUrl(row.sourceId) : videoUrl(row.sourceId),
    thumbnail: row.thumbnail,
    duration: row.duration,
    publishedAt: shown ? row.publishedAt!.toISOString() : null,
    published_at_source: row.publishedAtSource ?? 'approximate',
    mediaType: row.mediaType,
    liveStatus: row.liveStatus,
    availability: row.availability,
    membersOnly: isMembersOnly(row.availability),
    ignored: row.ignored,
    ignoredAt: row.ignoredAt ? row.ignoredAt.toISOString() : null,
    downloaded: row.downloadedAt !== null,
    removed: row.removed,
    protected: row.protected,
    missing: row.missing,
    activity,
    watched: watch.watched,
    watched_by: [...watch.watched_by],
  };
}

/** Sort expressions over the columns of a table alias. */
const SORTS: Record<ChannelVideosQuery['sortBy'], (alias: string) => string> = {
  date: (a) => `${a}.published_at`,
  title: (a) => `lower(${a}.title)`,
  duration: (a) => `${a}.duration`,
};

/** The part of a page's cache key that the library filters make. */
const libraryKey = (q: ChannelVideosQuery) =>
  `${q.protectedFilter}|${q.missingFilter}|${q.minDuration ?? ''}|${q.maxDuration ?? ''}|${q.dateFrom ?? ''}|${q.dateTo ?? ''}`;

const day = (text: string, next = false) => {
  const d = new Date(`${text}T00:00:00.000Z`);
  if (next) d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/**
 * The library filters of a channel's videos (reference 1.4), on the plugin's own columns: the
 * copied `protected` and `missing` flags (tri-state), duration range (seconds) and publication
 * days (inclusive, UTC; estimated dates never match a bound). A video of unknown duration
 * matches no duration bound.
 */
export function listingFilters(
  q: Pick<
    ChannelVideosQuery,
    'protectedFilter' | 'missingFilter' | 'minDuration' | 'maxDuration' | 'dateFrom' | 'dateTo'
  >,
  date: (d: Date) => unknown = (d) => d,
): { sql: string; params: unknown[] }[] {
  const out: { sql: string; params: unknown[] }[] = [];
  if (q.protectedFilter !== 'off') out.push({ sql: 'v.protected = ?', params: [q.protectedFilter === 'only'] });
  if (q.missingFilter !== 'off') out.push({ sql: 'v.missing = ?', params: [q.missingFilter === 'only'] });
  if (q.minDuration !== undefined) out.push({ sql: 'v.duration >= ?', params: [q.minDuration] });
  if (q.maxDuration !== undefined) out.push({ sql: 'v.duration <= ?', params: [q.maxDuration] });
  const dated = "(v.published_at_source is null or v.published_at_source <> 'estimated')";
  if (q.dateFrom) out.push({ sql: `v.published_at >= ? and ${dated}`, params: [date(day(q.dateFrom))] });
  if (q.dateTo) out.push({ sql: `v.published_at < ? and ${dated}`, params: [date(day(q.dateTo, true))] });
  return out;
}

export interface TabStatRow {
  mediaType: string;
  loaded: number;
  downloaded: number;
  ignored: number;
}

/** A page row: the listed video and its watched state. */
export interface ListedChannelVideo {
  row: ChannelVideoRow;
  watch: ListedWatch;
}

/** The channel-video listing cache (`channels_videos`); only this plugin writes it. */
export class ChannelVideoStore {
  private readonly sql: Sql;
  private readonly oldest = new Map<string, Date | null>();
  /** Remembered pages per channel (insertion order = age; at most PAGE_CACHE_CHANNELS channels). */
  private readonly pages = new Map<string, Map<string, { rows: ListedChannelVideo[]; total: number }>>();
  /** Row count of each unfiltered tab (`<channel id>|<media type>`), forgotten with the pages. */
  private readonly totals = new Map<string, number>();

  constructor(
    orm: Orm,
    private readonly watch: WatchCopy,
  ) {
    this.sql = new Sql(orm);
  }

  /** The watched state copy changed: every remembered page may show or count the wrong videos. */
  watchChanged(): void {
    this.forget(null);
  }

  /**
   * Saves listed videos of one channel in one transaction. A better publication date replaces a
   * worse one (estimated < approximate < exact), never the other way; ignore flags and download
   * state are kept. `downloaded` marks ids the downloader has on record.
   */
  async upsert(channelId: string, videos: ListedVideo[], downloaded: ReadonlySet<string>, now: Date): Promise<void> {
    if (videos.length === 0) return;
    this.forget(channelId);
    const nowDb = this.sql.date(now);
    await this.sql.transaction(async (run) => {
      for (let i = 0; i < videos.length; i += CHUNK) {
        const chunk = videos.slice(i, i + CHUNK);
        const params: unknown[] = [];
        for (const v of chunk) {
          params.push(
            channelId,
            v.sourceId,
            v.mediaType,
            v.title,
            v.thumbnail,
            v.duration,
            this.sql.date(v.publishedAt),
            v.publishedAtSource,
            v.availability,
            v.liveStatus,
            false,
            downloaded.has(v.sourceId) ? nowDb : null,
            false,
            nowDb,
          );
        }
        const row = `(${COLUMNS.map(() => '?').join(',')})`;
        await run(
          `insert into channels_videos (${COLUMNS.join(',')}) values ${chunk.map(() => row).join(',')}
           on conflict (channel_id, source_id) do update set
             title = excluded.title,
             thumbnail = excluded.thumbnail,
             duration = coalesce(excluded.duration, channels_videos.duration),
             availability = excluded.availability,
             live_status = excluded.live_status,
             media_type = excluded.media_type,
             downloaded_at = coalesce(channels_videos.downloaded_at, excluded.downloaded_at),
             published_at = case when channels_videos.published_at_source is null or channels_videos.published_at_source = 'estimated'
                                 then excluded.published_at else channels_videos.published_at end,
             published_at_source = case when channels_videos.published_at_source is null or channels_videos.published_at_source = 'estimated'
                                 then excluded.published_at_source else channels_videos.published_at_source end`,
          params,
        );
      }
    });
    this.forget(channelId);
  }

  /**
   * A page of a tab. Pages are remembered per channel until one of the channel's rows changes
   * (this plugin is the only writer of the table, and every write below forgets the channel) or
   * the watched state copy changes, so a page viewed again costs no query; the result is
   * read-only for callers. Watched state comes from the plugin's own copy (`left join`): both
   * `watchedFilter` (`only` = watched, `exclude` = not watched, unknown included) and
   * `watchedState` filter before paging, so totals stay right.
   */
  async page(channelId: string, q: ChannelVideosQuery): Promise<{ rows: ListedChannelVideo[]; total: number }> {
    const key = `${q.tabType}|${q.page}|${q.pageSize}|${q.sortBy}|${q.sortOrder}|${q.downloadedFilter}|${q.ignoredFilter}|${q.watchedFilter}|${q.watchedState}|${q.searchQuery ?? ''}|${libraryKey(q)}`;
    const known = this.pages.get(channelId)?.get(key);
    if (known) return known;
    const generation = this.generation;
    const where = ['v.channel_id = ?', 'v.media_type = ?'];
    const params: unknown[] = [channelId, TAB_MEDIA_TYPE[q.tabType]];
    if (q.downloadedFilter === 'only') where.push('v.downloaded_at is not null');
    else if (q.downloadedFilter === 'exclude') where.push('v.downloaded_at is null');
    if (q.ignoredFilter !== 'off') {
      where.push('v.ignored = ?');
      params.push(q.ignoredFilter === 'only');
    }
    for (const c of listingFilters(q, (d) => this.sql.date(d))) {
      where.push(c.sql);
      params.push(...c.params);
    }
    const watched = [
      this.watch.triStateCondition('w', q.watchedFilter),
      this.watch.stateCondition('w', q.watchedState),
    ].filter((c) => c !== null);
    for (const c of watched) {
      where.push(c.sql);
      params.push(...c.params);
    }
    const search = q.searchQuery?.trim().toLowerCase();
    if (search) {
      where.push("lower(v.title) like ? escape '\\'");
      params.push(`%${likeEscape(search)}%`);
    }
    const clause = where.join(' and ');
    // The copy is joined here only to filter; the page's own watched columns are joined to its rows.
    const from = watched.length ? `channels_videos v ${this.watch.join('w', 'v.source_id')}` : 'channels_videos v';
    const dir = q.sortOrder === 'asc' ? 'asc' : 'desc';
    const sort = SORTS[q.sortBy];
    // An unfiltered tab's total is remembered apart from its pages (a few numbers per channel), so
    // a page not remembered costs one query, not two.
    const totalKey = where.length === 2 ? `${channelId}|${TAB_MEDIA_TYPE[q.tabType]}` : null;
    const knownTotal = totalKey === null ? undefined : this.totals.get(totalKey);
    const [count, rows] = await Promise.all([
      knownTotal !== undefined
        ? { n: knownTotal }
        : this.sql.read<{ n: number }>(`select count(*) as n from ${from} where ${clause}`, params).then((r) => r[0]),
      this.sql.read(
        this.watch.pageQuery(
          `select v.* from ${from} where ${clause} order by ${sort('v')} ${dir}, v.id ${dir} limit ? offset ?`,
          `${sort('p')} ${dir}, p.id ${dir}`,
        ),
        [...params, q.pageSize, (q.page - 1) * q.pageSize],
      ),
    ]);
    const result = {
      rows: rows.map((r) => ({ row: fromDb(r), watch: this.watch.fields(r) })),
      total: Number(count?.n ?? 0),
    };
    if (totalKey !== null && generation === this.generation) this.totals.set(totalKey, result.total);
    this.remember(channelId, key, result, generation);
    return result;
  }

  /** The oldest shown publication date of a tab; remembered until the tab's rows change. */
  async oldestDate(channelId: string, tab: TabType): Promise<Date | null> {
    const key = `${channelId}:${tab}`;
    const known = this.oldest.get(key);
    if (known !== undefined) return known;
    const generation = this.generation;
    const r = await this.sql.one<{ d: unknown }>(
      "select min(published_at) as d from channels_videos where channel_id = ? and media_type = ? and (published_at_source is null or published_at_source <> 'estimated')",
      [channelId, TAB_MEDIA_TYPE[tab]],
    );
    const value = readDate(r?.d);
    if (generation === this.generation) this.oldest.set(key, value);
    return value;
  }

  private generation = 0;

  private remember(
    channelId: string,
    key: string,
    result: { rows: ListedChannelVideo[]; total: number },
    generation: number,
  ): void {
    // A write since the read started may not be in `result`.
    if (generation !== this.generation) return;
    let forChannel = this.pages.get(channelId);
    if (!forChannel) {
      if (this.pages.size >= PAGE_CACHE_CHANNELS) this.pages.delete(this.pages.keys().next().value!);
      forChannel = new Map();
      this.pages.set(channelId, forChannel);
    }
    if (forChannel.size >= PAGE_CACHE_PER_CHANNEL) forChannel.delete(forChannel.keys().next().value!);
    forChannel.set(key, result);
  }

  /** Forgets what is remembered about a channel's rows (null: every channel). */
  private forget(channelId: string | null): void {
    this.generation += 1;
    if (channelId === null) {
      this.oldest.clear();
      this.pages.clear();
      this.totals.clear();
      return;
    }
    this.pages.delete(channelId);
    for (const type of Object.values(TAB_MEDIA_TYPE)) this.totals.delete(`${channelId}|${type}`);
    for (const tab of ['videos', 'shorts', 'streams']) this.oldest.delete(`${channelId}:${tab}`);
  }

  /** Forgets the channels that list a video; answers their ids. */
  private async forgetVideo(sourceId: string): Promise<string[]> {
    this.generation += 1;
    const rows = await this.sql.all<{ channel_id: string }>(
      'select distinct channel_id from channels_videos where source_id = ?',
      [sourceId],
    );
    for (const r of rows) this.forget(r.channel_id);
    return rows.map((r) => r.channel_id);
  }

  /** Per media type: known videos, downloaded ever and ignored; members-only videos are not counted. */
  async stats(channelId: string): Promise<TabStatRow[]> {
    const rows = await this.sql.all<Record<string, unknown>>(
      `select media_type, count(*) as loaded,
              sum(case when downloaded_at is not null then 1 else 0 end) as downloaded,
              sum(case when ignored = ? then 1 else 0 end) as ignored
         from channels_videos where channel_id = ? and (availability is null or availability <> 'subscriber_only')
        group by media_type`,
      [true, channelId],
    );
    return rows.map((r) => ({
      mediaType: String(r.media_type),
      loaded: Number(r.loaded),
      downloaded: Number(r.downloaded ?? 0),
      ignored: Number(r.ignored ?? 0),
    }));
  }

  async find(channelId: string, sourceId: string): Promise<ChannelVideoRow | null> {
    const r = await this.sql.one('select * from channels_videos where channel_id = ? and source_id = ?', [
      channelId,
      sourceId,
    ]);
    return r ? fromDb(r) : null;
  }

  /** Sets the ignored flag; returns the ids that exist for the channel. */
  async setIgnored(channelId: string, sourceIds: string[], ignored: boolean): Promise<Set<string>> {
    this.forget(channelId);
    const found = new Set<string>();
    for (let i = 0; i < sourceIds.length; i += 500) {
      const chunk = sourceIds.slice(i, i + 500);
      const marks = chunk.map(() => '?').join(',');
      const rows = await this.sql.all<{ source_id: string }>(
        `select source_id from channels_videos where channel_id = ? and source_id in (${marks})`,
        [channelId, ...chunk],
      );
      for (const r of rows) found.add(r.source_id);
      await this.sql.run(
        `update channels_videos set ignored = ?, ignored_at = ? where channel_id = ? and source_id in (${marks})`,
        [ignored, ignored ? this.sql.date(new Date()) : null, channelId, ...chunk],
      );
    }
    this.forget(channelId);
    return found;
  }

  /** The downloader finished a video: every channel listing it shows it downloaded; an exact date replaces listing dates. */
  /** Records a download of a video in every channel listing it; answers those channels' ids. */
  async markDownloaded(sourceId: string, publishedAt: Date | null, at: Date): Promise<string[]> {
    const channels = await this.forgetVideo(sourceId);
    await this.sql.run(
      'update channels_videos set downloaded_at = coalesce(downloaded_at, ?), removed = ?, missing = ? where source_id = ?',
      [this.sql.date(at), false, false, sourceId],
    );
    if (publishedAt) {
      await this.sql.run(
        "update channels_videos set published_at = ?, published_at_source = 'exact' where source_id = ?",
        [this.sql.date(publishedAt), sourceId],
      );
    }
    await this.forgetVideo(sourceId);
    return channels;
  }

  /** Records the deletion of a downloaded video; answers the ids of the channels listing it. */
  async markRemoved(sourceId: string): Promise<string[]> {
    const channels = await this.forgetVideo(sourceId);
    await this.sql.run(
      'update channels_videos set removed = ?, missing = ? where source_id = ? and downloaded_at is not null',
      [true, false, sourceId],
    );
    await this.forgetVideo(sourceId);
    return channels;
  }

  /**
   * Copies the library's flags of these videos (from `DownloaderService.libraryVideos`): every
   * listed row of an id gets them; ids the library does not know (`unknown`) get none.
   */
  async setLibraryFlags(
    flags: readonly { sourceId: string; protected: boolean; missing: boolean }[],
    unknown: readonly string[] = [],
  ): Promise<void> {
    if (flags.length === 0 && unknown.length === 0) return;
    this.forget(null);
    await this.sql.transaction(async (run) => {
      for (const f of flags)
        await run('update channels_videos set protected = ?, missing = ? where source_id = ?', [
          f.protected,
          f.missing,
          f.sourceId,
        ]);
      for (let i = 0; i < unknown.length; i += 500) {
        const chunk = unknown.slice(i, i + 500);
        await run(
          `update channels_videos set protected = ?, missing = ? where source_id in (${chunk.map(() => '?').join(',')})`,
          [false, false, ...chunk],
        );
      }
    });
    this.forget(null);
  }

  /**
   * Makes the copied flags match the library's flagged videos (every protected or missing one):
   * rows flagged here but not there are cleared, the others set. Run at every start, so a change
   * that happened while this plugin was off (or an event lost in a crash) is caught up.
   */
  async syncLibraryFlags(
    flagged: readonly { sourceId: string; protected: boolean; missing: boolean }[],
  ): Promise<number> {
    const want = new Map(flagged.map((f) => [f.sourceId, f]));
    const rows = await this.sql.all<Record<string, unknown>>(
      'select distinct source_id, protected, missing from channels_videos where protected = ? or missing = ?',
      [true, true],
    );
    const have = new Map(
      rows.map((r) => [String(r.source_id), { protected: readBool(r.protected), missing: readBool(r.missing) }]),
    );
    const stale = [...have.keys()].filter((id) => !want.has(id));
    const changed = flagged.filter((f) => {
      const h = have.get(f.sourceId);
      return !h || h.protected !== f.protected || h.missing !== f.missing;
    });
    if (stale.length || changed.length) {
      const known = changed.length
        ? new Set(
            (
              await this.sql.all<{ source_id: string }>(
                `select distinct source_id from channels_videos where source_id in (${changed.map(() => '?').join(',')})`,
                changed.map((f) => f.sourceId),
              )
            ).map((r) => r.source_id),
          )
        : new Set<string>();
      await this.setLibraryFlags(
        changed.filter((f) => known.has(f.sourceId)),
        stale,
      );
    }
    return stale.length + changed.length;
  }

  /** The channel's listed row of a video, if any (the video page's link). */
  async anyListing(sourceId: string): Promise<{ channelId: string } | null> {
    const r = await this.sql.one<{ channel_id: string }>(
      'select channel_id from channels_videos where source_id = ? limit 1',
      [sourceId],
    );
    return r ? { channelId: r.channel_id } : null;
  }

  /** The newest `limit` videos of a tab, newest first. */
  async newest(channelId: string, tab: TabType, limit: number): Promise<ChannelVideoRow[]> {
    const rows = await this.sql.all(
      'select * from channels_videos where channel_id = ? and media_type = ? order by published_at desc, id desc limit ?',
      [channelId, TAB_MEDIA_TYPE[tab], limit],
    );
    return rows.map(fromDb);
  }

  /** The 50 most recent known videos of the channel (all tabs), newest first. */
  async recent(channelId: string, limit = 50): Promise<ChannelVideoRow[]> {
    const rows = await this.sql.all(
      'select * from channels_videos where channel_id = ? order by published_at desc, id desc limit ?',
      [channelId, limit],
    );
    return rows.map(fromDb);
  }

  /** Known, never-downloaded, downloadable videos of a tab, oldest first (download-all). */
  async neverDownloaded(channelId: string, tab: TabType): Promise<ChannelVideoRow[]> {
    const rows = await this.sql.all(
      `select * from channels_videos where channel_id = ? and media_type = ? and downloaded_at is null and ignored = ?
          and (availability is null or availability <> 'subscriber_only')
          and (live_status is null or live_status not in ('is_live', 'is_upcoming'))
        order by published_at asc, id asc`,
      [channelId, TAB_MEDIA_TYPE[tab], false],
    );
    return rows.map(fromDb);
  }
}
