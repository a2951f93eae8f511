import { randomBytes } from 'node:crypto';
import { rename, rm, stat, utimes } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/*
 * Changing a library file the safe way: the new content goes into a hidden temporary sibling,
 * which then replaces the file in one rename, keeping its times; on failure the original is
 * untouched and the sibling removed.
 */

const tmpSibling = (file: string, what: string) =>
  join(dirname(file), `.${basename(file)}.${what}-${randomBytes(4).toString('hex')}.vidkeep-part`);

/** Replaces `file` by what `write` puts into a temporary sibling; keeps the file's times. */
export async function replaceSafely(file: string, what: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const before = await stat(file);
  const tmp = tmpSibling(file, what);
  try {
    await write(tmp);
    await utimes(tmp, before.atime, before.mtime);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
