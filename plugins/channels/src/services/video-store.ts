import { TAB_MEDIA_TYPE, type ChannelVideosQuery, type TabType } from '@vidkeep/contracts';
import { likeEscape, readDate, Sql, type Orm } from '@vidkeep/plugin-kit';
import type { LibraryState, WatchCopy } from '@vidkeep/read-models';
import type { ChannelVideoRow } from '../entities.js';
import {
  COLUMNS,
  fromDb,
  libraryKey,
  listingFilters,
  SORTS,
  type ListedChannelVideo,
  type TabStatRow,
} from './channel-video-rows.js';
import type { ListedVideo } from './entries.js';
import { libraryColumns } from './library-copy.js';
import { ChannelPageMemory } from './page-memory.js';

const CHUNK = 200;

/** The channel-video listing cache (`channels_videos`); only this plugin writes it. */
export class ChannelVideoStore {
  private readonly sql: Sql;
  private readonly memory = new ChannelPageMemory();

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
   * state are kept. `library` holds the library's state of the listed ids (the library copy's
   * `read`), written with the rows so a new row is never shown as not downloaded for a moment.
   */
  async upsert(
    channelId: string,
    videos: ListedVideo[],
    library: ReadonlyMap<string, LibraryState>,
    now: Date,
  ): Promise<void> {
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
            ...libraryColumns(library.get(v.sourceId), (at) => this.sql.date(at)),
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
             removed = excluded.removed,
             missing = excluded.missing,
             protected = excluded.protected,
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
    const known = this.memory.page(channelId, key);
    if (known) return known;
    const generation = this.memory.generation;
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
    const knownTotal = totalKey === null ? undefined : this.memory.total(totalKey);
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
    if (totalKey !== null) this.memory.rememberTotal(totalKey, result.total, generation);
    this.memory.rememberPage(channelId, key, result, generation);
    return result;
  }

  /** The oldest shown publication date of a tab; remembered until the tab's rows change. */
  async oldestDate(channelId: string, tab: TabType): Promise<Date | null> {
    const key = `${channelId}:${tab}`;
    const known = this.memory.oldestDate(key);
    if (known !== undefined) return known;
    const generation = this.memory.generation;
    const r = await this.sql.one<{ d: unknown }>(
      "select min(published_at) as d from channels_videos where channel_id = ? and media_type = ? and (published_at_source is null or published_at_source <> 'estimated')",
      [channelId, TAB_MEDIA_TYPE[tab]],
    );
    const value = readDate(r?.d);
    this.memory.rememberOldest(key, value, generation);
    return value;
  }

  /** Rows of these channels changed outside this store (the library copy): their pages are forgotten. */
  rowsChanged(channelIds: Iterable<string>): void {
    for (const id of channelIds) this.forget(id);
  }

  /** Forgets what is remembered about a channel's rows (null: every channel). */
  private forget(channelId: string | null): void {
    this.memory.forget(channelId);
  }

  /** Forgets the channels that list a video; answers their ids. */
  private async forgetVideo(sourceId: string): Promise<string[]> {
    this.memory.generation += 1;
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

  /** A download knows a video's exact publication date: every channel listing it shows that one. */
  async setExactPublishedAt(sourceId: string, publishedAt: Date): Promise<void> {
    await this.forgetVideo(sourceId);
    await this.sql.run(
      "update channels_videos set published_at = ?, published_at_source = 'exact' where source_id = ?",
      [this.sql.date(publishedAt), sourceId],
    );
    await this.forgetVideo(sourceId);
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
