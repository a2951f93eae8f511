import { lstat, readdir, realpath, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { exists, isInside } from '@vidkeep/library-files';

/**
 * Safe deletion of a video's files (reference 7.1), used by the manual delete and by retention.
 *
 * - Refused, with nothing deleted, when a stored path lies outside the output directory (also
 *   through a symbolic link) or does not name the video id.
 * - Nested layout (the media file sits in a per-video folder whose name contains the id): that
 *   whole folder goes.
 * - Flat layout (the media file sits in the channel folder): only files of that folder whose names
 *   contain `[<id>]` or ` - <id>` go (media, poster, NFO, subtitles), never a folder.
 * - Afterwards the channel folder goes when only ignorable files are left (`IGNORABLE` below: the
 *   channel's artwork, `tvshow.nfo`, the channel's own `.m3u`, desktop clutter), and then a
 *   `__<subfolder>` folder that became empty. The output directory itself is never removed.
 */

/** Files a channel folder may hold that do not keep it alive once its last video is gone. */
const IGNORABLE = new Set([
  'poster.jpg',
  'poster.png',
  'folder.jpg',
  'folder.png',
  'fanart.jpg',
  'fanart.png',
  'banner.jpg',
  'banner.png',
  'backdrop.jpg',
  'landscape.jpg',
  'logo.png',
  'clearart.png',
  'tvshow.nfo',
  '.ds_store',
  'thumbs.db',
  'desktop.ini',
]);

/** Whether a file left in a channel folder is ignorable (the folder's own `<folder>.m3u` is). */
export function isIgnorable(channelDir: string, name: string): boolean {
  const lower = name.toLowerCase();
  return IGNORABLE.has(lower) || lower === `${basename(channelDir).toLowerCase()}.m3u`;
}

/** A file name that belongs to the video in the flat layout: `[<id>]`, or ` - <id>` ending the stem. */
export function namesVideo(name: string, sourceId: string): boolean {
  if (name.includes(`[${sourceId}]`)) return true;
  const at = name.indexOf(` - ${sourceId}`);
  if (at < 0) return false;
  const next = name.charAt(at + 3 + sourceId.length);
  return next === '' || next === '.';
}

export interface DeletionTarget {
  sourceId: string;
  /** Stored absolute paths of the media files (null: none of that kind). */
  paths: (string | null)[];
}

export type DeletionPlan =
  | {
      ok: true;
      /** Per-video folders, removed whole. */
      folders: string[];
      /** Channel folders of flat-layout files: their files naming the id go. */
      flatDirs: string[];
      /** The stored media files themselves (flat layout). */
      files: string[];
    }
  | { ok: false; reason: string };

const segments = (root: string, path: string) => relative(root, path).split(sep).filter(Boolean);

/** The nearest existing folder at or above `path`, resolved through symbolic links. */
async function realAncestor(path: string): Promise<string | null> {
  let dir = path;
  for (;;) {
    if (await exists(dir)) return realpath(dir);
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** Decides what may be deleted; touches nothing. */
export async function planDeletion(target: DeletionTarget, outputDir: string): Promise<DeletionPlan> {
  const { sourceId } = target;
  const realOutput = (await exists(outputDir)) ? await realpath(outputDir) : outputDir;
  const folders = new Set<string>();
  const flatDirs = new Set<string>();
  const files = new Set<string>();
  for (const path of target.paths) {
    if (!path) continue;
    if (!isInside(outputDir, path) || segments(outputDir, path).length === 0) {
      return { ok: false, reason: `its stored path ${path} is outside the output directory ${outputDir}` };
    }
    const parent = dirname(path);
    const real = await realAncestor(parent);
    if (real !== null && !isInside(realOutput, real)) {
      return {
        ok: false,
        reason: `its stored path ${path} leads outside the output directory through a symbolic link`,
      };
    }
    const depth = segments(outputDir, parent).length;
    if (depth >= 2 && basename(parent).includes(sourceId)) {
      folders.add(parent);
    } else if (basename(path).includes(sourceId)) {
      flatDirs.add(parent);
      files.add(path);
    } else {
      return {
        ok: false,
        reason: `its stored path ${path} does not contain the video id ${sourceId}, so it may belong to something else`,
      };
    }
  }
  return { ok: true, folders: [...folders], flatDirs: [...flatDirs], files: [...files] };
}

export interface DeletionOutcome {
  freedBytes: number;
  deletedFiles: string[];
  deletedFolders: string[];
}

/** Every file below `dir` with its size (symbolic links count as themselves, never followed). */
async function filesBelow(dir: string): Promise<{ path: string; size: number }[]> {
  const out: { path: string; size: number }[] = [];
  const walk = async (d: string) => {
    const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push({ path: p, size: (await lstat(p).catch(() => null))?.size ?? 0 });
    }
  };
  await walk(dir);
  return out;
}

async function fileSize(path: string): Promise<number | null> {
  const info = await lstat(path).catch(() => null);
  return info && !info.isDirectory() ? info.size : null;
}

/** Carries out a plan from `planDeletion`. */
export async function executeDeletion(
  plan: Extract<DeletionPlan, { ok: true }>,
  sourceId: string,
  outputDir: string,
): Promise<DeletionOutcome> {
  const outcome: DeletionOutcome = { freedBytes: 0, deletedFiles: [], deletedFolders: [] };
  const channelDirs = new Set<string>();
  for (const folder of plan.folders) {
    channelDirs.add(dirname(folder));
    const info = await lstat(folder).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) {
      const below = await filesBelow(folder);
      await rm(folder, { recursive: true, force: true });
      for (const f of below) {
        outcome.freedBytes += f.size;
        outcome.deletedFiles.push(f.path);
      }
    } else {
      // A link where the folder should be: remove the link, never what it points to.
      await rm(folder, { force: true });
    }
    outcome.deletedFolders.push(folder);
  }
  const targets = new Set(plan.files);
  for (const dir of plan.flatDirs) {
    channelDirs.add(dir);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) if (!e.isDirectory() && namesVideo(e.name, sourceId)) targets.add(join(dir, e.name));
  }
  for (const file of targets) {
    const size = await fileSize(file);
    if (size === null) continue;
    await rm(file, { force: true });
    outcome.freedBytes += size;
    outcome.deletedFiles.push(file);
  }
  for (const dir of channelDirs) outcome.deletedFolders.push(...(await pruneChannelFolder(dir, outputDir)));
  return outcome;
}

/**
 * Removes a channel folder holding nothing but ignorable files, then its `__<subfolder>` parent
 * when that became empty. Folders that still hold anything else stay, as does the output directory.
 */
async function pruneChannelFolder(channelDir: string, outputDir: string): Promise<string[]> {
  const removed: string[] = [];
  if (!isInside(outputDir, channelDir) || segments(outputDir, channelDir).length === 0) return removed;
  const entries = await readdir(channelDir, { withFileTypes: true }).catch(() => null);
  if (!entries) return removed;
  if (!entries.every((e) => e.isFile() && isIgnorable(channelDir, e.name))) return removed;
  for (const e of entries) await rm(join(channelDir, e.name), { force: true });
  // Not recursive: should a download have put something there meanwhile, the folder stays.
  if (
    !(await rmdir(channelDir).then(
      () => true,
      () => false,
    ))
  )
    return removed;
  removed.push(channelDir);
  const parent = dirname(channelDir);
  if (
    segments(outputDir, parent).length === 1 &&
    basename(parent).startsWith('__') &&
    basename(parent) !== '__playlists__'
  ) {
    if (
      await rmdir(parent).then(
        () => true,
        () => false,
      )
    )
      removed.push(parent);
  }
  return removed;
}
