import { relative, sep } from 'node:path';
import type { LibraryVideo, PlaylistMediaType, PlaylistSyncItem } from '@vidkeep/contracts';
import type { M3uEntry } from '@vidkeep/core/plugin-api';
import type { PlaylistRow, PlaylistVideoRow } from '../entities.js';

/**
 * What a playlist publishes, decided from its entries and the library without any I/O (the
 * caller passes `exists` for "is the file on disk"). Spec 1.1: the playlist's own order or its
 * reverse; items not downloaded or missing on disk are skipped (a later download slots into its
 * place); the `.m3u` lists every downloaded item with the file matching the playlist's type,
 * falling back to the other file; media servers get only files of the playlist's type.
 */

export const mediaTypeOf = (row: Pick<PlaylistRow, 'audioFormat'>): PlaylistMediaType =>
  row.audioFormat === 'mp3_only' ? 'audio' : 'video';

const slash = (path: string) => path.split(sep).join('/');

interface Published {
  row: PlaylistVideoRow;
  video: LibraryVideo;
}

/** Downloaded, still in the library and not ignored, in the published order. */
function publishable(
  rows: readonly PlaylistVideoRow[],
  library: ReadonlyMap<string, LibraryVideo>,
  reversed: boolean,
): Published[] {
  const out: Published[] = [];
  for (const row of rows) {
    if (row.ignored) continue;
    const video = library.get(row.sourceId);
    if (!video || video.removed) continue;
    out.push({ row, video });
  }
  out.sort((a, b) => a.row.position - b.row.position || a.row.id - b.row.id);
  return reversed ? out.reverse() : out;
}

function label(p: Published): string {
  const title = p.video.title || p.row.title || p.row.sourceId;
  const channel = p.video.channelName ?? p.row.channelName;
  return channel ? `${channel} - ${title}` : title;
}

export function m3uEntries(
  rows: readonly PlaylistVideoRow[],
  library: ReadonlyMap<string, LibraryVideo>,
  options: { reversed: boolean; mediaType: PlaylistMediaType; m3uDir: string; exists: (path: string) => boolean },
): M3uEntry[] {
  const entries: M3uEntry[] = [];
  for (const p of publishable(rows, library, options.reversed)) {
    const files =
      options.mediaType === 'audio'
        ? [p.video.audioFilePath, p.video.filePath]
        : [p.video.filePath, p.video.audioFilePath];
    const file = files.find((f): f is string => !!f && options.exists(f));
    if (!file) continue;
    entries.push({
      path: slash(relative(options.m3uDir, file)),
      title: label(p),
      durationSeconds: p.video.duration ?? p.row.duration,
    });
  }
  return entries;
}

export function syncItems(
  rows: readonly PlaylistVideoRow[],
  library: ReadonlyMap<string, LibraryVideo>,
  options: { reversed: boolean; mediaType: PlaylistMediaType; outputDir: string; exists: (path: string) => boolean },
): { items: PlaylistSyncItem[]; unsyncable: number } {
  const items: PlaylistSyncItem[] = [];
  let unsyncable = 0;
  for (const p of publishable(rows, library, options.reversed)) {
    const file = options.mediaType === 'audio' ? p.video.audioFilePath : p.video.filePath;
    if (!file) {
      unsyncable++;
      continue;
    }
    if (!options.exists(file)) continue;
    items.push({
      sourceId: p.row.sourceId,
      path: file,
      relativePath: slash(relative(options.outputDir, file)),
      title: label(p),
      durationSeconds: p.video.duration ?? p.row.duration,
    });
  }
  return { items, unsyncable };
}
