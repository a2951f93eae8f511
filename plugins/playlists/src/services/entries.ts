import type { SourceInfo } from '@vidkeep/contracts';

/** One flat entry of a playlist listing, as a `playlists_videos` row stores it. */
export interface ListedEntry {
  sourceId: string;
  /** 1-based place in the playlist's own order. */
  position: number;
  title: string | null;
  channelId: string | null;
  channelName: string | null;
  duration: number | null;
  publishedAt: Date | null;
  thumbnail: string | null;
  /** Private or deleted: kept in its place, never downloaded, not counted. */
  unavailable: boolean;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** The placeholders the platform shows for entries nobody may watch (reference 6.2). */
const PLACEHOLDER = /^\[(?:private|deleted|unavailable)[^\]]*\]$/i;
const UNAVAILABLE = new Set(['private', 'needs_auth']);

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null;

function thumbnailOf(entry: SourceInfo): string | null {
  if (typeof entry.thumbnail === 'string' && entry.thumbnail) return entry.thumbnail.slice(0, 2048);
  const list = Array.isArray(entry.thumbnails) ? (entry.thumbnails as { url?: unknown }[]) : [];
  const last = list[list.length - 1];
  return last && typeof last.url === 'string' ? last.url.slice(0, 2048) : null;
}

/**
 * One flat playlist entry; null for what is not a video (a nested playlist, a bad id). The
 * uploader is the video's own channel, never the playlist owner: a listing that omits it gives
 * null, and the store keeps the attribution it had.
 */
export function parsePlaylistEntry(entry: SourceInfo, position: number): ListedEntry | null {
  if (entry._type === 'playlist' || entry.ie_key === 'YoutubeTab') return null;
  const id = entry.id;
  if (typeof id !== 'string' || !ID.test(id)) return null;
  const title = text(entry.title, 500);
  const unavailable =
    (title !== null && PLACEHOLDER.test(title)) ||
    (typeof entry.availability === 'string' && UNAVAILABLE.has(entry.availability));
  const channelId = typeof entry.channel_id === 'string' && CHANNEL_ID.test(entry.channel_id) ? entry.channel_id : null;
  const ts = typeof entry.timestamp === 'number' && Number.isFinite(entry.timestamp) ? entry.timestamp : null;
  return {
    sourceId: id,
    position,
    title,
    channelId: unavailable ? null : channelId,
    channelName: unavailable ? null : (text(entry.channel, 300) ?? text(entry.uploader, 300)),
    duration:
      typeof entry.duration === 'number' && Number.isFinite(entry.duration) && !unavailable
        ? Math.round(entry.duration)
        : null,
    publishedAt: ts === null ? null : new Date(ts * 1000),
    thumbnail: unavailable ? null : thumbnailOf(entry),
    unavailable,
  };
}

/** What a listing says about the playlist itself (present on every flat entry and on the page). */
export interface ListedPlaylist {
  playlistId: string;
  title: string | null;
  uploader: string | null;
  uploaderId: string | null;
  description: string | null;
  availability: string | null;
  thumbnail: string | null;
  /** Entries the platform reports; null when it did not say. */
  reportedCount: number | null;
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** The playlist's own fields from `--dump-single-json` (with `-I 0`). */
export function parsePlaylistPage(info: SourceInfo, fallbackId: string): ListedPlaylist {
  return {
    playlistId: typeof info.id === 'string' && ID.test(info.id) ? info.id : fallbackId,
    title: text(info.title, 500),
    uploader: text(info.uploader, 300) ?? text(info.channel, 300),
    uploaderId: typeof info.channel_id === 'string' && CHANNEL_ID.test(info.channel_id) ? info.channel_id : null,
    description: typeof info.description === 'string' ? info.description.slice(0, 5000) : null,
    availability: text(info.availability, 40),
    thumbnail: thumbnailOf(info),
    reportedCount: count(info.playlist_count),
  };
}

/** The reported count that `--dump-json` repeats on every flat entry. */
export const reportedCountOf = (entry: SourceInfo): number | null =>
  count(entry.playlist_count) ?? count(entry.n_entries);
