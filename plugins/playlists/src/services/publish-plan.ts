import { dirname, relative, sep } from 'node:path';
import type { PlaylistMediaType, PlaylistSyncItem } from '@vidkeep/contracts';
import type { M3uEntry } from '@vidkeep/plugin-kit';
import type { PlaylistRow } from '../entities.js';
import type { PublishedRow } from './playlist-video-rows.js';

/**
 * What a playlist publishes, decided from its published entries (in the library, not ignored,
 * in order, with their files: `PlaylistVideoStore.published`) without any I/O (the caller passes
 * `exists` for "is the file on disk"). Spec 1.1: the playlist's own order or its
 * reverse; items not downloaded or missing on disk are skipped (a later download slots into its
 * place); the `.m3u` lists every downloaded item with the file matching the playlist's type,
 * falling back to the other file; media servers get only files of the playlist's type.
 */

export const mediaTypeOf = (row: Pick<PlaylistRow, 'audioFormat'>): PlaylistMediaType =>
  row.audioFormat === 'mp3_only' ? 'audio' : 'video';

const slash = (path: string) => (sep === '/' ? path : path.split(sep).join('/'));

/**
 * Paths relative to `fromDir` (forward slashes). Library files live under the output directory
 * (`root`), so the common case is a prefix cut: path.relative resolves both paths on every call,
 * which 5,000 times was a third of a rebuild. Anything else goes through path.relative.
 */
function relativizer(fromDir: string, root: string): (file: string) => string {
  const prefix = root.endsWith(sep) ? root : root + sep;
  const up = relative(fromDir, root);
  return (file) => {
    if (!file.startsWith(prefix)) return slash(relative(fromDir, file));
    const rest = file.slice(prefix.length);
    return slash(up ? `${up}${sep}${rest}` : rest);
  };
}

/** The label of an entry: `<channel> - <title>`. */
function label(row: PublishedRow): string {
  const title = row.title || row.sourceId;
  return row.channelName ? `${row.channelName} - ${title}` : title;
}

/** The published order: the playlist's own, or its reverse. */
const ordered = (rows: readonly PublishedRow[], reversed: boolean) => (reversed ? [...rows].reverse() : rows);

export function m3uEntries(
  rows: readonly PublishedRow[],
  options: { reversed: boolean; mediaType: PlaylistMediaType; m3uDir: string; exists: (path: string) => boolean },
): M3uEntry[] {
  const entries: M3uEntry[] = [];
  const rel = relativizer(options.m3uDir, dirname(options.m3uDir));
  for (const row of ordered(rows, options.reversed)) {
    const files = options.mediaType === 'audio' ? [row.audioFilePath, row.filePath] : [row.filePath, row.audioFilePath];
    const file = files.find((f): f is string => !!f && options.exists(f));
    if (!file) continue;
    entries.push({ path: rel(file), title: label(row), durationSeconds: row.duration });
  }
  return entries;
}

export function syncItems(
  rows: readonly PublishedRow[],
  options: {
    reversed: boolean;
    mediaType: PlaylistMediaType;
    outputDir: string;
    exists: (path: string) => boolean;
    /** Where a file was before a folder move (absolute), when it moved a few minutes ago. */
    movedFrom?: (path: string) => string | undefined;
  },
): PlaylistSyncItem[] {
  const items: PlaylistSyncItem[] = [];
  const rel = relativizer(options.outputDir, options.outputDir);
  for (const row of ordered(rows, options.reversed)) {
    const file = options.mediaType === 'audio' ? row.audioFilePath : row.filePath;
    if (!file || !options.exists(file)) continue;
    const before = options.movedFrom?.(file);
    items.push({
      sourceId: row.sourceId,
      path: file,
      relativePath: rel(file),
      ...(before ? { movedFromRelativePath: rel(before) } : {}),
      title: label(row),
      durationSeconds: row.duration,
    });
  }
  return items;
}
