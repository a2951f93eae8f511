import type { PlaylistRow, PlaylistVideoRow } from '../entities.js';

/**
 * Which entries a scheduled run queues (spec 1.1, 2.6, 2.7), decided without I/O.
 *
 * - Discoveries: entries first seen after the starting snapshot (row id above the baseline id),
 *   never tried before, newest first; at most `limit`.
 * - Retries: entries explicitly requested ("select existing videos") and discoveries tried
 *   before without success, least recently tried first (never-tried requests first); at most
 *   `limit`, so one run queues at most twice the limit.
 *
 * Never queued: ignored or unavailable entries, anything queued or downloading now, and (except
 * on an explicit request) anything the library ever had (a deleted video is not fetched again),
 * or that fails the playlist's title or duration filter.
 */
export interface AutomaticPick {
  discoveries: PlaylistVideoRow[];
  retries: PlaylistVideoRow[];
}

export interface PickInput {
  baselineId: number;
  limit: number;
  /** Ids the library ever had (deleted ones too). */
  everDownloaded: ReadonlySet<string>;
  /** Ids in the library now. */
  inLibrary: ReadonlySet<string>;
  /** Ids queued or downloading. */
  active: ReadonlySet<string>;
  /** Ids whose title and duration pass the playlist's filters. */
  passesFilters: ReadonlySet<string>;
}

const time = (d: Date | null) => (d ? d.getTime() : -Infinity);

export function pickAutomatic(rows: readonly PlaylistVideoRow[], input: PickInput): AutomaticPick {
  const usable = (r: PlaylistVideoRow) => !r.unavailable && !input.active.has(r.sourceId);
  const discoverable = (r: PlaylistVideoRow) =>
    usable(r) && !r.ignored && !input.everDownloaded.has(r.sourceId) && input.passesFilters.has(r.sourceId);
  const fresh = rows.filter((r) => r.id > input.baselineId);

  const discoveries = fresh
    .filter((r) => r.autoDownloadLastAttemptAt === null && !r.autoDownloadRequested && discoverable(r))
    .sort((a, b) => b.firstSeenAt.getTime() - a.firstSeenAt.getTime() || b.id - a.id)
    .slice(0, input.limit);
  const taken = new Set(discoveries.map((r) => r.id));

  const retries = rows
    .filter((r) => {
      if (taken.has(r.id)) return false;
      if (r.autoDownloadRequested) return usable(r) && !input.inLibrary.has(r.sourceId);
      return r.id > input.baselineId && r.autoDownloadLastAttemptAt !== null && discoverable(r);
    })
    .sort((a, b) => time(a.autoDownloadLastAttemptAt) - time(b.autoDownloadLastAttemptAt) || a.id - b.id)
    .slice(0, input.limit);
  return { discoveries, retries };
}

/** Duration filter of a playlist; an unknown duration passes. */
export function durationPasses(row: Pick<PlaylistRow, 'minDuration' | 'maxDuration'>, seconds: number | null): boolean {
  if (seconds === null) return true;
  if (row.minDuration !== null && seconds < row.minDuration) return false;
  if (row.maxDuration !== null && seconds > row.maxDuration) return false;
  return true;
}
