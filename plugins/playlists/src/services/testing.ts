import type { PlaylistVideoRow } from '../entities.js';

/**
 * An entry row for unit tests: entry `id` at position `id`, first seen `id` minutes after
 * 2026-01-01, nothing downloaded, ignored or requested; `extra` overrides any field.
 */
export function entryRow(id: number, extra: Partial<PlaylistVideoRow> = {}): PlaylistVideoRow {
  return {
    id,
    playlistRowId: 1,
    sourceId: `v${id}`,
    position: id,
    firstSeenAt: new Date(Date.UTC(2026, 0, 1, 0, id)),
    channelId: null,
    channelName: null,
    title: `Video ${id}`,
    duration: 60,
    publishedAt: null,
    thumbnail: null,
    unavailable: false,
    ignored: false,
    ignoredAt: null,
    downloadedAt: null,
    removed: false,
    filePath: null,
    audioFilePath: null,
    autoDownloadRequested: false,
    autoDownloadLastAttemptAt: null,
    ...extra,
  };
}
