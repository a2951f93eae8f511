import { randomBytes } from 'node:crypto';
import { copyFile, link, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const POSTER_FILE = 'poster.jpg';

/**
 * Reference 8.5: the channel's picture as `<channel folder>/poster.jpg`, written only when the
 * folder has none (a poster the user put there stays). The copy appears complete or not at all,
 * and two videos of a channel finishing at once cannot write it twice. Returns whether it wrote.
 */
export async function ensureChannelPoster(
  channelDir: string,
  source: () => Promise<string | null>,
): Promise<'written' | 'present' | 'unavailable'> {
  const target = join(channelDir, POSTER_FILE);
  const present = () =>
    stat(target).then(
      () => true,
      () => false,
    );
  if (await present()) return 'present';
  const from = await source();
  if (!from) return 'unavailable';
  const part = join(channelDir, `.${POSTER_FILE}.${randomBytes(4).toString('hex')}.vidkeep-part`);
  try {
    await copyFile(from, part);
    // link() refuses an existing target, where rename() would replace a poster written meanwhile;
    // on a file system without hard links, rename() unless one appeared.
    await link(part, target).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST' && !(await present())) await rename(part, target);
    });
  } finally {
    await rm(part, { force: true });
  }
  return 'written';
}
