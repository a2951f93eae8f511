import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executeDeletion, isIgnorable, namesVideo, planDeletion } from './delete.js';

const ID = 'abcdefghijk';
let root: string;
let out: string;

async function file(path: string, bytes = 10): Promise<string> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, Buffer.alloc(bytes));
  return path;
}

async function remove(paths: (string | null)[], sourceId = ID) {
  const plan = await planDeletion({ sourceId, paths }, out);
  if (!plan.ok) throw new Error(plan.reason);
  return executeDeletion(plan, sourceId, out);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vidkeep-delete-'));
  out = join(root, 'data');
  await mkdir(out);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('names', () => {
  it('belong to the video with [id] anywhere or " - id" ending the stem', () => {
    expect(namesVideo(`Chan - Title [${ID}].mp4`, ID)).toBe(true);
    expect(namesVideo(`Chan - Title [${ID}].en.srt`, ID)).toBe(true);
    expect(namesVideo(`Chan - Title - ${ID}.nfo`, ID)).toBe(true);
    expect(namesVideo(`Chan - Title - ${ID}`, ID)).toBe(true);
    expect(namesVideo(`Chan - Title - ${ID}xyz.mp4`, ID)).toBe(false);
    expect(namesVideo(`Chan - ${ID} explained [zzzzzzzzzzz].mp4`, ID)).toBe(false);
    expect(namesVideo('poster.jpg', ID)).toBe(false);
  });

  it('of channel artwork, tvshow.nfo and the channel .m3u are ignorable', () => {
    expect(isIgnorable('/o/Chan', 'poster.jpg')).toBe(true);
    expect(isIgnorable('/o/Chan', 'Fanart.JPG')).toBe(true);
    expect(isIgnorable('/o/Chan', 'tvshow.nfo')).toBe(true);
    expect(isIgnorable('/o/Chan', 'Chan.m3u')).toBe(true);
    expect(isIgnorable('/o/Chan', 'Other.m3u')).toBe(false);
    expect(isIgnorable('/o/Chan', 'notes.txt')).toBe(false);
  });
});

describe('refusals (nothing is touched)', () => {
  it('a stored path outside the output directory', async () => {
    const outside = await file(join(root, 'elsewhere', `X [${ID}].mp4`));
    const plan = await planDeletion({ sourceId: ID, paths: [outside] }, out);
    expect(plan).toMatchObject({ ok: false, reason: expect.stringMatching(/outside the output directory/) });
    expect(existsSync(outside)).toBe(true);
    const sneaky = await planDeletion({ sourceId: ID, paths: [join(out, '..', 'elsewhere', `X [${ID}].mp4`)] }, out);
    expect(sneaky.ok).toBe(false);
    expect((await planDeletion({ sourceId: ID, paths: [out] }, out)).ok).toBe(false);
  });

  it('a stored path that does not name the video id', async () => {
    const other = await file(join(out, 'Chan', 'Chan - Something else [zzzzzzzzzzz].mp4'));
    const plan = await planDeletion({ sourceId: ID, paths: [other] }, out);
    expect(plan).toMatchObject({ ok: false, reason: expect.stringMatching(/does not contain the video id/) });
  });

  it('a path that leads outside through a symbolic link', async () => {
    await file(join(root, 'elsewhere', 'Folder', `X [${ID}].mp4`));
    await mkdir(join(out, 'Chan'), { recursive: true });
    await symlink(join(root, 'elsewhere', 'Folder'), join(out, 'Chan', `Chan - X - ${ID}`));
    const plan = await planDeletion(
      { sourceId: ID, paths: [join(out, 'Chan', `Chan - X - ${ID}`, `X [${ID}].mp4`)] },
      out,
    );
    expect(plan).toMatchObject({ ok: false, reason: expect.stringMatching(/symbolic link/) });
  });

  it('a video with one safe and one unsafe path', async () => {
    const safe = await file(join(out, 'Chan', `Chan - X [${ID}].mp4`));
    const plan = await planDeletion({ sourceId: ID, paths: [safe, join(root, `X [${ID}].mp3`)] }, out);
    expect(plan.ok).toBe(false);
  });
});

describe('nested layout', () => {
  it('removes the whole per-video folder, then the channel folder left with artwork only', async () => {
    const folder = join(out, 'Chan', `Chan - Title - ${ID}`);
    const media = await file(join(folder, `Chan - Title [${ID}].mp4`), 1000);
    await file(join(folder, `Chan - Title [${ID}].nfo`), 20);
    await file(join(folder, 'extra', 'leftover.txt'), 5);
    await file(join(out, 'Chan', 'poster.jpg'));
    const outcome = await remove([media, null]);
    expect(outcome.freedBytes).toBe(1025);
    expect(outcome.deletedFolders).toEqual([folder, join(out, 'Chan')]);
    expect(await readdir(out)).toEqual([]);
  });

  it('keeps the channel folder while another video or an unknown file is in it, and the __subfolder too', async () => {
    const sub = join(out, '__Music', 'Chan');
    const media = await file(join(sub, `Chan - Title - ${ID}`, `Chan - Title [${ID}].mp4`));
    const kept = await file(join(sub, 'Chan - Other - zzzzzzzzzzz', 'Chan - Other [zzzzzzzzzzz].mp4'));
    await remove([media]);
    expect(existsSync(kept)).toBe(true);
    expect(await readdir(sub)).toEqual(['Chan - Other - zzzzzzzzzzz']);
  });

  it('removes an emptied __subfolder', async () => {
    const sub = join(out, '__Music', 'Chan');
    const media = await file(join(sub, `Chan - Title - ${ID}`, `Chan - Title [${ID}].mp4`));
    await file(join(sub, 'Chan.m3u'));
    await file(join(out, 'Other', 'keep.mp4'));
    const outcome = await remove([media]);
    expect(outcome.deletedFolders).toEqual([join(sub, `Chan - Title - ${ID}`), sub, join(out, '__Music')]);
    expect(await readdir(out)).toEqual(['Other']);
  });
});

describe('flat layout', () => {
  it('removes only the files of the channel folder that name the id', async () => {
    const chan = join(out, 'Chan');
    const media = await file(join(chan, `Chan - Title [${ID}].mp4`), 100);
    const audio = await file(join(chan, `Chan - Title [${ID}].mp3`), 50);
    await file(join(chan, `Chan - Title [${ID}].jpg`), 7);
    await file(join(chan, `Chan - Title - ${ID}.nfo`), 3);
    const other = await file(join(chan, 'Chan - Other [zzzzzzzzzzz].mp4'));
    const notes = await file(join(chan, `notes about ${ID}.txt`));
    await mkdir(join(chan, `Chan - Folder - ${ID}`));
    const outcome = await remove([media, audio]);
    expect(outcome.freedBytes).toBe(160);
    expect(outcome.deletedFolders).toEqual([]);
    expect((await readdir(chan)).sort()).toEqual([
      'Chan - Folder - abcdefghijk',
      'Chan - Other [zzzzzzzzzzz].mp4',
      `notes about ${ID}.txt`,
    ]);
    expect(existsSync(other) && existsSync(notes)).toBe(true);
  });

  it('removes the channel folder when only ignorable files are left', async () => {
    const chan = join(out, 'Chan');
    const media = await file(join(chan, `Chan - Title [${ID}].mp4`));
    await file(join(chan, 'poster.jpg'));
    await file(join(chan, 'tvshow.nfo'));
    const outcome = await remove([media]);
    expect(outcome.deletedFolders).toEqual([chan]);
    expect(existsSync(chan)).toBe(false);
  });

  it('never removes the output directory itself', async () => {
    const media = await file(join(out, `Loose [${ID}].mp4`));
    await remove([media]);
    expect(existsSync(out)).toBe(true);
  });
});

describe('missing files', () => {
  it('are not an error: nothing to free', async () => {
    const outcome = await remove([join(out, 'Chan', `Chan - Title - ${ID}`, `Chan - Title [${ID}].mp4`), null]);
    expect(outcome).toEqual({ freedBytes: 0, deletedFiles: [], deletedFolders: [] });
  });
});
