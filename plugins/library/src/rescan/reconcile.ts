import { basename } from 'node:path';
import type { MediaKind } from '../disk/media-files.js';
import { preferenceOf } from '../disk/media-files.js';
import type { WalkedFile } from '../disk/walk.js';

/** What the rescan needs of a library record (one not deleted through the service). */
export interface LibraryFileRow {
  id: number;
  sourceId: string;
  filePath: string | null;
  fileSize: number | null;
  audioFilePath: string | null;
  audioFileSize: number | null;
  videoResolution: string | null;
  missingAt: Date | null;
}

/** The disk as the walk saw it, plus what was stat'ed directly (stored paths outside the walk). */
export interface DiskView {
  /** Size of the file at an absolute path, or null when it is not there. */
  sizeAt(path: string): number | null;
  /** Media files of a kind that carry this id (in their name or their info.json), best first. */
  filesOf(sourceId: string, kind: MediaKind): WalkedFile[];
}

/** The columns a rescan changes; absent = unchanged. */
export interface FileColumns {
  filePath?: string | null;
  fileSize?: number | null;
  audioFilePath?: string | null;
  audioFileSize?: number | null;
  missingAt?: Date | null;
}

export type RowOutcome = 'unchanged' | 'changed' | 'missing' | 'stillMissing';

export interface RowPlan {
  row: LibraryFileRow;
  outcome: RowOutcome;
  set: FileColumns;
  /** Found at a new place (paths changed). */
  moved: boolean;
  foundAgain: boolean;
  resized: boolean;
  /** The video file to measure with ffprobe (resolution unknown, or the file changed size). */
  probe: string | null;
}

/**
 * Decides, for one record, what the disk says: files where the record says (sizes refreshed),
 * found elsewhere by id (paths updated), or gone (the record is marked missing, never removed).
 * `claimed` holds files already given to another record, so two records never take one file.
 * Pure: the caller walked the disk and writes the result.
 */
export function planRow(row: LibraryFileRow, disk: DiskView, claimed: Set<string>, now: Date): RowPlan {
  const set: FileColumns = {};
  let moved = false;
  let resized = false;
  const locate = (
    stored: string | null,
    storedSize: number | null,
    kind: MediaKind,
  ): { path: string; size: number; changedSize: boolean } | null => {
    if (stored === null) return null;
    const here = disk.sizeAt(stored);
    if (here !== null) {
      claimed.add(stored);
      return { path: stored, size: here, changedSize: storedSize !== here };
    }
    const candidates = disk.filesOf(row.sourceId, kind).filter((f) => !claimed.has(f.path));
    if (candidates.length === 0) return null;
    // The same file name elsewhere first (a folder moved or renamed), then the preferred container.
    const name = basename(stored);
    const pick = candidates.find((f) => f.name === name) ?? candidates[0]!;
    claimed.add(pick.path);
    return { path: pick.path, size: pick.size, changedSize: storedSize !== pick.size };
  };

  const video = locate(row.filePath, row.fileSize, 'video');
  const audio = locate(row.audioFilePath, row.audioFileSize, 'audio');
  for (const [found, pathKey, sizeKey, stored] of [
    [video, 'filePath', 'fileSize', row.filePath],
    [audio, 'audioFilePath', 'audioFileSize', row.audioFilePath],
  ] as const) {
    if (!found) continue;
    if (found.path !== stored) {
      set[pathKey] = found.path;
      moved = true;
    }
    if (found.changedSize) {
      set[sizeKey] = found.size;
      resized = true;
    }
  }

  // The primary file decides whether the video is there: the video, or the audio of an audio-only download.
  const primaryStored = row.filePath ?? row.audioFilePath;
  const primary = row.filePath !== null ? video : audio;
  let foundAgain = false;
  let outcome: RowOutcome;
  if (primaryStored !== null && primary === null) {
    if (row.missingAt === null) {
      set.missingAt = now;
      outcome = 'missing';
    } else outcome = 'stillMissing';
  } else {
    if (row.missingAt !== null) {
      set.missingAt = null;
      foundAgain = true;
    }
    outcome = Object.keys(set).length > 0 ? 'changed' : 'unchanged';
  }
  const probe = video && (row.videoResolution === null || video.changedSize) ? video.path : null;
  if (outcome === 'unchanged' && probe) outcome = 'changed';
  return { row, outcome, set, moved, foundAgain, resized, probe };
}

/** Orders a video's candidate files: the preferred container first, then by path. */
export function byPreference(a: WalkedFile, b: WalkedFile): number {
  return preferenceOf(a.name) - preferenceOf(b.name) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}
