import { dayStart, type ChannelVideo, type ChannelVideosQuery, type PublishedAtSource } from '@vidkeep/contracts';
import { readBool, readDate } from '@vidkeep/plugin-kit';
import { shortsUrl, videoUrl } from '@vidkeep/platform';
import { UNKNOWN_WATCH, type ListedWatch } from '@vidkeep/read-models';
import type { ChannelVideoRow } from '../entities.js';
import { isMembersOnly } from './entries.js';

/**
 * A row of `channels_videos` as SQL reads it and as the API shows it, and the SQL of a tab's
 * library filters and sorts (the store's queries use them).
 */

export const COLUMNS = [
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
  'missing',
  'protected',
  'first_seen_at',
] as const;

export function fromDb(r: Record<string, unknown>): ChannelVideoRow {
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
export const SORTS: Record<ChannelVideosQuery['sortBy'], (alias: string) => string> = {
  date: (a) => `${a}.published_at`,
  title: (a) => `lower(${a}.title)`,
  duration: (a) => `${a}.duration`,
};

/** The part of a page's cache key that the library filters make. */
export const libraryKey = (q: ChannelVideosQuery) =>
  `${q.protectedFilter}|${q.missingFilter}|${q.minDuration ?? ''}|${q.maxDuration ?? ''}|${q.dateFrom ?? ''}|${q.dateTo ?? ''}`;

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
  if (q.dateFrom) out.push({ sql: `v.published_at >= ? and ${dated}`, params: [date(dayStart(q.dateFrom))] });
  if (q.dateTo) out.push({ sql: `v.published_at < ? and ${dated}`, params: [date(dayStart(q.dateTo, true))] });
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
