import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { walkMedia } from './walk.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'vidkeep-walk-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

describe('walkMedia', () => {
  it('finds media files with their size, id and info.json, and skips hidden folders, sidecars and links', async () => {
    const root = await tree({
      'C/C - A - aaaaaaaaaaa/C - A [aaaaaaaaaaa].mp4': '12345',
      'C/C - A - aaaaaaaaaaa/C - A [aaaaaaaaaaa].nfo': 'x',
      'flat/song.mp3': '123',
      'flat/song.info.json': '{}',
      '.vidkeep-staging/job/x [bbbbbbbbbbb].mp4': 'x',
      'skipme/y [ccccccccccc].mp4': 'x',
    });
    const outside = await tree({ 'z [ddddddddddd].mp4': 'x' });
    await symlink(outside, join(root, 'link'));
    await symlink(join(outside, 'z [ddddddddddd].mp4'), join(root, 'flat', 'z [ddddddddddd].mp4'));
    const seen: number[] = [];
    const r = await walkMedia(root, { skipDirs: new Set([join(root, 'skipme')]), onFolder: (n) => seen.push(n) });
    expect(r.files.map((f) => [f.path.slice(root.length + 1), f.size, f.kind, f.nameId, f.infoJson !== null])).toEqual([
      ['C/C - A - aaaaaaaaaaa/C - A [aaaaaaaaaaa].mp4', 5, 'video', 'aaaaaaaaaaa', false],
      ['flat/song.mp3', 3, 'audio', null, true],
    ]);
    expect(r.errors).toEqual([]);
    expect(seen.at(-1)).toBe(r.folders);
  });

  it('reports a folder it cannot read and goes on; stops when asked', async () => {
    const missing = join(tmpdir(), 'vidkeep-walk-does-not-exist');
    const r = await walkMedia(missing);
    expect(r.files).toEqual([]);
    expect(r.errors).toEqual([{ path: missing, message: expect.stringMatching(/ENOENT/) }]);
    const root = await tree({ 'a/b.mp4': 'x' });
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    await expect(walkMedia(root, { signal: stop.signal })).rejects.toThrow('stopped');
  });
});
