import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MoveConflict, planFolderMove, remapPath } from './folder-move.js';
import { listFiles } from '@vidkeep/library-files';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function temp(base = tmpdir()): Promise<string> {
  const d = await mkdtemp(join(base, 'vidkeep-move-'));
  dirs.push(d);
  return d;
}
async function put(files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
}
const replaceable = new Set(['poster.jpg', 'Chan.m3u']);

describe('planFolderMove', () => {
  it('renames a folder whose target does not exist, and undo puts it back', async () => {
    const root = await temp();
    const from = join(root, 'Chan');
    const to = join(root, '__Kids', 'Chan');
    await put({ [join(from, 'A - a/A [a].mp4')]: 'video', [join(from, 'poster.jpg')]: 'p' });
    const m = await planFolderMove(from, to, replaceable);
    await m.run();
    expect(existsSync(from)).toBe(false);
    expect((await listFiles(to)).sort()).toEqual(['A - a/A [a].mp4', 'poster.jpg']);
    await m.undo();
    expect(existsSync(to)).toBe(false);
    expect(await readFile(join(from, 'A - a/A [a].mp4'), 'utf8')).toBe('video');
  });

  it('merges into an existing folder, keeping its poster, and refuses entries of the same name', async () => {
    const root = await temp();
    const from = join(root, 'Chan');
    const to = join(root, '__Kids', 'Chan');
    await put({
      [join(from, 'A - a/A [a].mp4')]: 'a',
      [join(from, 'poster.jpg')]: 'old poster',
      [join(from, 'Chan.m3u')]: '#EXTM3U',
      [join(to, 'B - b/B [b].mp4')]: 'b',
      [join(to, 'poster.jpg')]: 'their poster',
    });
    const m = await planFolderMove(from, to, replaceable);
    await m.run();
    await m.commit();
    expect(existsSync(from)).toBe(false);
    expect((await listFiles(to)).sort()).toEqual(['A - a/A [a].mp4', 'B - b/B [b].mp4', 'Chan.m3u', 'poster.jpg']);
    expect(await readFile(join(to, 'poster.jpg'), 'utf8')).toBe('their poster');

    await put({ [join(from, 'B - b/B [b].mp4')]: 'clash' });
    await expect(planFolderMove(from, to, replaceable)).rejects.toBeInstanceOf(MoveConflict);
    expect(await readFile(join(from, 'B - b/B [b].mp4'), 'utf8')).toBe('clash');
  });

  it.skipIf(!existsSync('/dev/shm'))(
    'copies across file systems, checks the copy, and removes the original only at commit',
    async () => {
      const other = await temp('/dev/shm');
      const root = await temp();
      const from = join(other, 'Chan');
      const to = join(root, 'Chan');
      await put({ [join(from, 'A - a/A [a].mp4')]: 'x'.repeat(5000) });
      const m = await planFolderMove(from, to, replaceable);
      await m.run();
      expect(await readFile(join(to, 'A - a/A [a].mp4'), 'utf8')).toHaveLength(5000);
      expect(existsSync(from)).toBe(true);
      await m.undo();
      expect(existsSync(to)).toBe(false);
      await m.run();
      await m.commit();
      expect(existsSync(from)).toBe(false);
      expect(await listFiles(to)).toEqual(['A - a/A [a].mp4']);
    },
  );
});

describe('remapPath', () => {
  it('moves paths inside the folder and keeps others', () => {
    expect(remapPath('/d/Chan/x/y.mp4', '/d/Chan', '/d/__K/Chan')).toBe('/d/__K/Chan/x/y.mp4');
    expect(remapPath('/d/Other/y.mp4', '/d/Chan', '/d/__K/Chan')).toBe('/d/Other/y.mp4');
    expect(remapPath('/d/Channel 2/y.mp4', '/d/Chan', '/d/__K/Chan')).toBe('/d/Channel 2/y.mp4');
    expect(remapPath(null, '/d/Chan', '/x')).toBeNull();
  });
});
