import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrivateYtDlp } from './private-ytdlp.js';

let dir: string;
const NOW = new Date('2026-11-28T12:00:00Z');
const store = () =>
  new PrivateYtDlp(
    dir,
    () => 'python3',
    {},
    () => NOW,
  );

async function release(name: string, minutesAgo = 0): Promise<void> {
  const path = join(dir, 'releases', name);
  await mkdir(join(path, 'bin'), { recursive: true });
  await writeFile(join(path, 'bin', 'yt-dlp'), '');
  const at = new Date(NOW.getTime() - minutesAgo * 60_000);
  await utimes(path, at, at);
}
const state = (current: string | null, previous: string | null) =>
  writeFile(join(dir, 'state.json'), JSON.stringify({ current, previous }));
const left = async () => (await readdir(join(dir, 'releases'))).sort();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vidkeep-releases-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the private yt-dlp releases', () => {
  it('keeps the one in use and the one before, deletes older ones, and never a candidate being checked', async () => {
    await release('20261101-040000-aaaa', 600);
    await release('20261110-040000-bbbb', 600);
    await release('20261120-040000-cccc', 600);
    // An update is installing this one right now (maybe in the nightly worker).
    await release('20261128-115900-dddd', 1);
    await state('releases/20261120-040000-cccc', 'releases/20261110-040000-bbbb');
    expect(await store().prune(() => false)).toEqual(['releases/20261101-040000-aaaa']);
    expect(await left()).toEqual(['20261110-040000-bbbb', '20261120-040000-cccc', '20261128-115900-dddd']);
  });

  it('deletes a candidate a crash left behind, and nothing while a download runs', async () => {
    await release('20261120-040000-cccc', 600);
    await release('20261127-040000-eeee', 24 * 60);
    await state('releases/20261120-040000-cccc', null);
    expect(await store().prune(() => true)).toEqual([]);
    expect(await store().prune(() => false)).toEqual(['releases/20261127-040000-eeee']);
  });

  it('uses the environment of earlier versions until an update, then keeps it for one rollback', async () => {
    await mkdir(join(dir, 'venv', 'bin'), { recursive: true });
    await writeFile(join(dir, 'venv', 'bin', 'yt-dlp'), '');
    const s = store();
    expect(s.installed()).toBe(true);
    expect(s.binary).toBe(join(dir, 'venv', 'bin', 'yt-dlp'));
    await release('20261128-115900-dddd', 1);
    await s.promote('releases/20261128-115900-dddd');
    expect(s.binary).toBe(join(dir, 'releases', '20261128-115900-dddd', 'bin', 'yt-dlp'));
    expect(await s.prune(() => false)).toEqual([]);
    expect(existsSync(join(dir, 'venv'))).toBe(true);
    // Back, and forward again: a second update pushes the old environment out.
    expect((await s.rollback()) !== null).toBe(true);
    expect(s.binary).toBe(join(dir, 'venv', 'bin', 'yt-dlp'));
    await s.rollback();
    await release('20261128-120000-ffff', 0);
    await s.promote('releases/20261128-120000-ffff');
    expect(await s.prune(() => false)).toEqual(['venv']);
  });
});
