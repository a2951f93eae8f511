import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import { exists, placeFile } from '@vidkeep/library-files';
import { movedName } from './import-plan.js';
import type { ImportDeps, Planned } from './import-types.js';

const THUMB_EXTS = ['.jpg', '.jpeg', '.webp', '.png'];

/** A sidecar of a media file: the same name stem followed by `.` (`.info.json`, `.en.srt`) or `-` (`-fanart.jpg`). */
export function isSidecar(name: string, stem: string): boolean {
  return name.startsWith(stem) && (name.charAt(stem.length) === '.' || name.charAt(stem.length) === '-');
}

/** Moves a video's media files and their sidecars (same name stem) into `target`; never overwrites. */
export async function moveFiles(p: Planned, target: string, listings: Map<string, string[]>, outputDir: string) {
  const moves: { from: string; to: string; dir: string; name: string }[] = [];
  const out: { video: string | null; audio: string | null } = { video: null, audio: null };
  const listing = async (dir: string) => {
    let names = listings.get(dir);
    if (!names) listings.set(dir, (names = await readdir(dir).catch(() => [])));
    return names;
  };
  for (const [kind, file] of [
    ['video', p.video],
    ['audio', p.audio],
  ] as const) {
    if (!file) continue;
    const stem = basename(file.name, extname(file.name));
    for (const name of await listing(file.dir)) {
      if (!isSidecar(name, stem)) continue;
      const from = join(file.dir, name);
      if (moves.some((m) => m.from === from)) continue;
      const to = join(target, movedName(name, stem, p.sourceId));
      moves.push({ from, to, dir: file.dir, name });
      if (from === file.path) out[kind] = to;
    }
  }
  for (const m of moves)
    if (m.from !== m.to && (await exists(m.to)))
      throw new Error(`${relative(outputDir, m.to)} is already there; nothing of this video was moved`);
  await mkdir(target, { recursive: true });
  for (const m of moves) {
    if (m.from === m.to) continue;
    await placeFile(m.from, m.to);
    listings.set(
      m.dir,
      (listings.get(m.dir) ?? []).filter((n) => n !== m.name),
    );
  }
  listings.delete(target);
  return out;
}

/** The library's poster from a thumbnail beside the media file (`<name>.jpg`, or WebP/PNG converted). */
export async function importPoster(
  mediaPath: string,
  sourceId: string,
  names: string[],
  deps: Pick<ImportDeps, 'imagesDir' | 'convertImage'>,
): Promise<string | null> {
  const stem = basename(mediaPath, extname(mediaPath));
  const found = THUMB_EXTS.map((ext) => `${stem}${ext}`).find((n) => names.includes(n));
  if (!found) return null;
  const from = join(dirname(mediaPath), found);
  const to = join(deps.imagesDir, `videothumb-${sourceId}.jpg`);
  await mkdir(deps.imagesDir, { recursive: true });
  const ext = extname(found).toLowerCase();
  if (ext === '.jpg' || ext === '.jpeg') {
    await copyFile(from, to);
    return to;
  }
  return (await deps.convertImage(from, to)) ? to : null;
}
