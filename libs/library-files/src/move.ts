import { randomBytes } from 'node:crypto';
import { copyFile, cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/** True when `child` is `root` itself or lies inside it (after resolving `..`). */
export function isInside(root: string, child: string): boolean {
  const r = resolve(root);
  const c = resolve(child);
  return c === r || c.startsWith(r + sep);
}

/** Joins under `root` and refuses any result outside it. */
export function safeJoin(root: string, ...parts: string[]): string {
  const target = resolve(root, ...parts);
  if (!isInside(root, target)) throw new Error(`path escapes ${root}: ${parts.join('/')}`);
  return target;
}

const tag = () => randomBytes(4).toString('hex');

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/**
 * Moves one file into place atomically: it appears under its final name complete or not at
 * all (copy to a hidden sibling first when crossing filesystems, then rename over the target).
 */
export async function placeFile(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const part = join(dirname(to), `.${basename(to)}.${tag()}.vidkeep-part`);
  try {
    await moveFile(from, part);
    await rename(part, to);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
}

/**
 * Moves a directory into place atomically; an existing directory of that name (a redownload)
 * is replaced only once the new one is complete.
 */
export async function placeDirectory(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const incoming = join(dirname(to), `.${tag()}.vidkeep-incoming`);
  try {
    await rename(from, incoming);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, incoming, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
  let old: string | null = null;
  if (await exists(to)) {
    old = join(dirname(to), `.${tag()}.vidkeep-old`);
    await rename(to, old);
  }
  try {
    await rename(incoming, to);
  } catch (err) {
    if (old) await rename(old, to).catch(() => undefined);
    await rm(incoming, { recursive: true, force: true });
    throw err;
  }
  if (old) await rm(old, { recursive: true, force: true });
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Every file below `dir`, as paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(dir, p));
    }
  };
  await walk(dir);
  return out;
}
