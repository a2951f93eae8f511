import type { MediaType, SourceInfo } from '@vidkeep/contracts';
import type { ChannelVideoRow } from '../entities.js';

/** A flat listing entry turned into what a channel-video row stores. */
export type ListedVideo = Pick<
  ChannelVideoRow,
  'sourceId' | 'title' | 'thumbnail' | 'duration' | 'publishedAt' | 'publishedAtSource' | 'availability' | 'liveStatus'
> & { mediaType: MediaType };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function thumbnailOf(entry: SourceInfo, id: string): string {
  if (typeof entry.thumbnail === 'string' && entry.thumbnail) return entry.thumbnail;
  const list = Array.isArray(entry.thumbnails) ? (entry.thumbnails as { id?: unknown; url?: unknown }[]) : [];
  const pick = list.find((t) => t.id === 'medium' || t.id === '3') ?? list[list.length - 1];
  if (pick && typeof pick.url === 'string') return pick.url;
  return `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;
}

function dateOf(entry: SourceInfo): Date | null {
  if (typeof entry.timestamp === 'number' && Number.isFinite(entry.timestamp)) return new Date(entry.timestamp * 1000);
  const d = typeof entry.upload_date === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(entry.upload_date) : null;
  if (d) return new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
  if (typeof entry.release_timestamp === 'number' && Number.isFinite(entry.release_timestamp))
    return new Date(entry.release_timestamp * 1000);
  return null;
}

/** One flat entry of a channel tab; null for entries that are not videos (nested tabs, bad ids). */
export function parseEntry(entry: SourceInfo, mediaType: MediaType): ListedVideo | null {
  if (entry._type === 'playlist' || entry.ie_key === 'YoutubeTab') return null;
  const id = entry.id;
  if (typeof id !== 'string' || !ID.test(id)) return null;
  const publishedAt = dateOf(entry);
  return {
    sourceId: id,
    title: (typeof entry.title === 'string' && entry.title.trim() ? entry.title : 'Untitled').slice(0, 500),
    thumbnail: thumbnailOf(entry, id).slice(0, 2048),
    duration: typeof entry.duration === 'number' && Number.isFinite(entry.duration) ? Math.round(entry.duration) : null,
    publishedAt,
    publishedAtSource: publishedAt ? 'approximate' : null,
    availability: typeof entry.availability === 'string' ? entry.availability : null,
    liveStatus: typeof entry.live_status === 'string' ? entry.live_status : null,
    mediaType,
  };
}

/**
 * Gives dateless entries an `estimated` time for ordering only: tabs list newest first, so an
 * entry without a date sits one second before the entry above it (the first one: `now`).
 */
export function estimateMissingDates(videos: ListedVideo[], now: Date): void {
  let above = now.getTime();
  for (const v of videos) {
    if (v.publishedAt) {
      above = v.publishedAt.getTime();
      continue;
    }
    above -= 1000;
    v.publishedAt = new Date(above);
    v.publishedAtSource = 'estimated';
  }
}

/** Members-only videos are listed but never counted or downloaded. */
export const isMembersOnly = (availability: string | null) => availability === 'subscriber_only';

/** Live now or not started yet: nothing to download. */
export const isNotDownloadableYet = (liveStatus: string | null) =>
  liveStatus === 'is_live' || liveStatus === 'is_upcoming';
