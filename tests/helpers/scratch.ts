import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process.js';

/**
 * A temp folder (outside the repository, so a test run leaves the clone clean) from which
 * manifest packages and plugin files resolve as if they sat in the repository: its
 * `node_modules` links to the repository's. Remove it with `rm(dir, { recursive: true })`
 * (the link is removed, not what it points to).
 */
export async function scratchDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `vidkeep-${prefix}-`));
  await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

export async function removeScratch(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
