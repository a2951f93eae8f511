import { describe, expect, it } from 'vitest';
import { checkDownloadOverride, normalizeRating, normalizeSubfolderInput } from './download-override.js';
import { SUBFOLDER_PATTERN } from './config/downloader.js';
import { subfolderProblem } from './schemas/channels/subfolders.js';

describe('subfolder names', () => {
  it.each([
    ['__playlists__', /reserved/],
    ['playlists__', /reserved for __playlists__/], // stored as the folder __playlists__
    ['Playlists', /reserved/],
    ['__music', /must not start with __/],
    ['a/b', /single folder name/],
    ['..', /must not start with a dot/],
    ['x'.repeat(101), /at most 100/],
  ])('refuses %s', (name, why) => {
    expect(subfolderProblem(name)).toMatch(why);
  });

  it.each(['Music', 'kids_shows', 'My Playlists', 'playlist'])('accepts %s', (name) => {
    expect(subfolderProblem(name)).toBeNull();
  });

  it('the config pattern of defaultSubfolder says the same as subfolderProblem', () => {
    const pattern = new RegExp(SUBFOLDER_PATTERN, 'u');
    const names = ['Music', 'kids_shows', 'My Playlists', 'playlist', '__playlists__', 'playlists__', 'PLAYLISTS'];
    for (const name of [...names, '__music', 'a/b', 'a\\b', '.hidden', 'tab\there']) {
      expect(pattern.test(name), name).toBe(subfolderProblem(name) === null);
    }
    expect(pattern.test('')).toBe(true);
  });

  it('reads the sentinels of the download dialog: the global default is no choice, the root is null', () => {
    expect(normalizeSubfolderInput('##USE_GLOBAL_DEFAULT##')).toEqual({ ok: true, subfolder: undefined });
    expect(normalizeSubfolderInput('##ROOT##')).toEqual({ ok: true, subfolder: null });
    expect(normalizeSubfolderInput('  ')).toEqual({ ok: true, subfolder: null });
    expect(normalizeSubfolderInput(' Music ')).toEqual({ ok: true, subfolder: 'Music' });
    expect(normalizeSubfolderInput('__playlists__').ok).toBe(false);
  });
});

describe('content ratings', () => {
  it.each([
    [' pg-13 ', 'PG-13'],
    ['tv-ma', 'TV-MA'],
    ['NR', null],
    ['', null],
    [null, null],
  ])('%s is stored as %s', (input, stored) => {
    expect(normalizeRating(input)).toEqual({ ok: true, rating: stored });
  });

  it('refuses what is not a rating', () => {
    expect(normalizeRating('PG13')).toMatchObject({ ok: false, error: expect.stringContaining('PG-13') });
  });
});

describe('download overrides', () => {
  it('lists every problem at once under overrideSettings/', () => {
    expect(checkDownloadOverride({ subfolder: '__playlists__', rating: 'X' })).toEqual({
      ok: false,
      errors: [
        { path: 'overrideSettings/subfolder', message: expect.stringContaining('reserved') },
        { path: 'overrideSettings/rating', message: expect.stringContaining('rating must be one of') },
      ],
    });
  });

  it('keeps only what was given, with redownload off unless asked', () => {
    expect(checkDownloadOverride(undefined)).toEqual({ ok: true, override: { allowRedownload: false } });
    expect(
      checkDownloadOverride({ resolution: '720', subfolder: '##ROOT##', rating: 'nr', allowRedownload: true }),
    ).toEqual({ ok: true, override: { resolution: '720', subfolder: null, rating: null, allowRedownload: true } });
  });
});
