import type { PlaylistVideosQuery } from '@vidkeep/contracts';
import { readBool, readDate, readNumber, readText } from '@vidkeep/plugin-kit';
import type { ListedWatch } from '@vidkeep/read-models';
import type { PlaylistVideoRow } from '../entities.js';

/** A row of `playlists_videos` as SQL reads and writes it, and the SQL pieces of its queries. */

export const INSERT_COLUMNS = [
  'playlist_row_id',
  'source_id',
  'position',
  'first_seen_at',
  'channel_id',
  'channel_name',
  'title',
  'duration',
  'published_at',
  'thumbnail',
  'unavailable',
  'downloaded_at',
  'removed',
  'file_path',
  'audio_file_path',
] as const;

export function fromDb(r: Record<string, unknown>): PlaylistVideoRow {
  const num = readNumber;
  const str = readText;
  return {
    id: Number(r.id),
    playlistRowId: Number(r.playlist_row_id),
    sourceId: String(r.source_id),
    position: Number(r.position),
    firstSeenAt: readDate(r.first_seen_at) ?? new Date(0),
    channelId: str(r.channel_id),
    channelName: str(r.channel_name),
    title: str(r.title),
    duration: num(r.duration),
    publishedAt: readDate(r.published_at),
    thumbnail: str(r.thumbnail),
    unavailable: readBool(r.unavailable),
    ignored: readBool(r.ignored),
    ignoredAt: readDate(r.ignored_at),
    downloadedAt: readDate(r.downloaded_at),
    removed: readBool(r.removed),
    filePath: str(r.file_path),
    audioFilePath: str(r.audio_file_path),
    autoDownloadRequested: readBool(r.auto_download_requested),
    autoDownloadLastAttemptAt: readDate(r.auto_download_last_attempt_at),
  };
}

/** In the library now: downloaded and not deleted since. */
export const IN_LIBRARY = 'downloaded_at is not null and removed = ?';
/** Orders over the columns of a table alias. */
export const SORTS: Record<PlaylistVideosQuery['sortOrder'], (alias: string) => string> = {
  asc: (a) => `${a}.position asc, ${a}.id asc`,
  desc: (a) => `${a}.position desc, ${a}.id desc`,
  recent: (a) => `${a}.first_seen_at desc, ${a}.id desc`,
};

/** A page row: the entry and its watched state. */
export interface ListedEntryRow {
  row: PlaylistVideoRow;
  watch: ListedWatch;
}

/** The columns of an entry that publishing (`.m3u`, media servers) reads. */
export type PublishedRow = Pick<
  PlaylistVideoRow,
  'id' | 'sourceId' | 'position' | 'title' | 'channelName' | 'duration' | 'filePath' | 'audioFilePath'
>;

export interface PlaylistCounts {
  /** Available entries (not private or deleted). */
  available: number;
  /** Available, not ignored, not in the library. */
  notDownloaded: number;
  /** Selected for automatic download and still pending. */
  requested: number;
}

export interface SavedListing {
  inserted: number;
  pruned: number;
}
