import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { exists, listFiles } from '@vidkeep/library-files';

/**
 * One folder move, done in steps that can be undone until it is committed. `run` puts the files
 * in their new place (the old place keeps them only when they had to be copied across file
 * systems), `undo` puts everything back as it was, `commit` removes what a copy left behind.
 */
export interface FolderMove {
  from: string;
  to: string;
  run(): Promise<void>;
  undo(): Promise<void>;
  commit(): Promise<void>;
}

/** Thrown before anything moves: the target already holds entries of these names. */
export class MoveConflict extends Error {
  constructor(
    readonly target: string,
    readonly names: string[],
  ) {
    super(`${target} already holds ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`);
  }
}

const tag = () => randomBytes(4).toString('hex');

/** Every file below `dir` with its size: what a copy must reproduce. */
async function inventory(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const f of await listFiles(dir)) out.set(f, (await stat(join(dir, f))).size);
  return out;
}

/** Copies `from` to `to` (which must not exist) through a hidden sibling, checking every file arrived whole. */
async function copyChecked(from: string, to: string): Promise<void> {
  const incoming = join(dirname(to), `.${basename(to)}.${tag()}.vidkeep-incoming`);
  try {
    await cp(from, incoming, { recursive: true, preserveTimestamps: true, errorOnExist: true, force: false });
    const [want, got] = await Promise.all([inventory(from), inventory(incoming)]);
    for (const [f, size] of want)
      if (got.get(f) !== size) throw new Error(`copying ${join(from, f)} gave ${got.get(f) ?? 'no'} bytes of ${size}`);
    await rename(incoming, to);
  } catch (err) {
    await rm(incoming, { recursive: true, force: true });
    throw err;
  }
}

/** Moves one entry: a rename, or across file systems a checked copy (the original stays until commit). */
async function moveEntry(from: string, to: string): Promise<'renamed' | 'copied'> {
  try {
    await rename(from, to);
    return 'renamed';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyChecked(from, to);
    return 'copied';
  }
}

/**
 * Plans moving the folder `from` to `to`. When `to` does not exist the folder is renamed (or
 * copied) as a whole; when it exists (the same channel under the other subfolder already), the
 * entries are moved into it one by one, and entries of the same name refuse the move before
 * anything happens, except `replaceable` ones (the channel's poster and `.m3u`, made again
 * anyway), whose copy in `from` is dropped in favour of the target's.
 */
export async function planFolderMove(from: string, to: string, replaceable: ReadonlySet<string>): Promise<FolderMove> {
  if (!(await exists(to))) {
    let how: 'renamed' | 'copied' | null = null;
    return {
      from,
      to,
      async run() {
        await mkdir(dirname(to), { recursive: true });
        how = await moveEntry(from, to);
      },
      async undo() {
        if (how === 'renamed') await rename(to, from);
        else if (how === 'copied') await rm(to, { recursive: true, force: true });
        how = null;
      },
      async commit() {
        if (how === 'copied') await rm(from, { recursive: true, force: true });
      },
    };
  }
  const names = await readdir(from);
  const present = new Set(await readdir(to));
  const clashes = names.filter((n) => present.has(n) && !replaceable.has(n));
  if (clashes.length > 0) throw new MoveConflict(to, clashes);
  const moved: { name: string; how: 'renamed' | 'copied' }[] = [];
  return {
    from,
    to,
    async run() {
      for (const name of names) {
        if (present.has(name)) continue;
        moved.push({ name, how: await moveEntry(join(from, name), join(to, name)) });
      }
    },
    async undo() {
      for (const m of moved.splice(0).reverse()) {
        if (m.how === 'renamed') await rename(join(to, m.name), join(from, m.name));
        else await rm(join(to, m.name), { recursive: true, force: true });
      }
    },
    async commit() {
      for (const m of moved) if (m.how === 'copied') await rm(join(from, m.name), { recursive: true, force: true });
      // What is left is the dropped poster or .m3u (the target keeps its own).
      for (const name of names) if (present.has(name)) await rm(join(from, name), { recursive: true, force: true });
      await rmdir(from);
    },
  };
}

/** The path `p` had inside `from`, now inside `to` (null stays null; a path outside `from` is kept). */
export function remapPath(p: string | null, from: string, to: string): string | null {
  if (p === null) return null;
  const rel = relative(from, p);
  return rel.startsWith('..') || rel === '' ? p : join(to, rel);
}
