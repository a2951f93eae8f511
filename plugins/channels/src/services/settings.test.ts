import { InvalidInputError } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import type { ChannelRow } from '../entities.js';
import { changesSubfolder, downloadSettingsOf, invalidSettings, validateSettings } from './settings.js';

const row = (over: Partial<ChannelRow> = {}): ChannelRow =>
  ({
    id: 1,
    channelId: 'UCabcdefghijklmnopqrstuv',
    title: 'C',
    availableTabs: 'videos,shorts',
    hiddenTabs: null,
    autoDownloadEnabledTabs: 'video,short',
    subFolder: null,
    autoRemovalProtected: false,
    autoRemovalKeepRecentCount: null,
    minDuration: null,
    maxDuration: null,
    ...over,
  }) as ChannelRow;

describe('channel settings rules (spec 2.3)', () => {
  it('rejects the reserved __playlists__ subfolder and path-like names', () => {
    for (const subfolder of ['__playlists__', '../up', 'a/b', '.hidden']) {
      const r = validateSettings(row(), { subfolder });
      expect(r.ok, subfolder).toBe(false);
    }
    expect(validateSettings(row(), { subfolder: ' Music ' })).toEqual({ ok: true, patch: { subFolder: 'Music' } });
    expect(validateSettings(row(), { subfolder: '' })).toEqual({ ok: true, patch: { subFolder: null } });
  });

  it('takes duration limits in seconds, the longest longer than the shortest (also against the stored one)', () => {
    expect(validateSettings(row(), { min_duration: 60, max_duration: 1200 })).toEqual({
      ok: true,
      patch: { minDuration: 60, maxDuration: 1200 },
    });
    expect(validateSettings(row({ minDuration: 60, maxDuration: 1200 }), { min_duration: null })).toEqual({
      ok: true,
      patch: { minDuration: null },
    });
    const equal = validateSettings(row(), { min_duration: 300, max_duration: 300 });
    expect(equal).toEqual({
      ok: false,
      errors: [{ path: 'max_duration', message: 'max_duration (300 s) must be longer than min_duration (300 s)' }],
    });
    const againstStored = validateSettings(row({ minDuration: null, maxDuration: 120 }), { min_duration: 600 });
    expect(againstStored.ok ? null : againstStored.errors[0]?.path).toBe('min_duration');
  });

  it('checks additional tags: characters and separator', () => {
    expect(validateSettings(row(), { additional_tags: 'kids | music_video|how-to' })).toEqual({
      ok: true,
      patch: { additionalTags: 'kids|music_video|how-to' },
    });
    const bad = validateSettings(row(), { additional_tags: 'a;b' });
    expect(bad.ok).toBe(false);
  });

  it('protection clears the keep-recent count, and the count is rejected while protected', () => {
    expect(validateSettings(row({ autoRemovalKeepRecentCount: 5 }), { auto_removal_protected: true })).toEqual({
      ok: true,
      patch: { autoRemovalProtected: true, autoRemovalKeepRecentCount: null },
    });
    const r = validateSettings(row({ autoRemovalProtected: true }), { auto_removal_keep_recent_count: 3 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]!.path).toBe('auto_removal_keep_recent_count');
    const both = validateSettings(row(), { auto_removal_protected: true, auto_removal_keep_recent_count: 3 });
    expect(both.ok).toBe(false);
  });

  it('keeps one tab visible and drops auto-download of hidden tabs', () => {
    expect(validateSettings(row(), { hidden_tabs: ['videos', 'shorts'] }).ok).toBe(false);
    expect(validateSettings(row(), { hidden_tabs: ['shorts'] })).toEqual({
      ok: true,
      patch: { hiddenTabs: 'shorts', autoDownloadEnabledTabs: 'video' },
    });
  });

  it('reports every problem at once', () => {
    const r = validateSettings(row(), { subfolder: '__playlists__', title_filter_regex: '(', additional_tags: '<x>' });
    expect(!r.ok && r.errors.map((e) => e.path)).toEqual(['subfolder', 'title_filter_regex', 'additional_tags']);
  });
});

describe('settings that break the rules', () => {
  const problems = [
    { path: 'subfolder', message: 'reserved' },
    { path: 'additional_tags', message: 'bad characters' },
  ];

  it.each([
    ['alone', '', 'subfolder: reserved; additional_tags: bad characters'],
    [
      'after what was not done',
      'No channel was changed: ',
      'No channel was changed: subfolder: reserved; additional_tags: bad characters',
    ],
  ])('list every problem, %s', (_what, prefix, message) => {
    const e = invalidSettings(problems, prefix);
    expect(e).toBeInstanceOf(InvalidInputError);
    expect([e.code, e.message, e.details]).toEqual(['CHANNELS_INVALID_SETTINGS', message, problems]);
  });
});

describe('whether a patch moves the channel to another subfolder', () => {
  it.each<[string | null, string | null | undefined, boolean]>([
    [null, undefined, false],
    [null, null, false],
    ['Music', 'Music', false],
    [null, 'Music', true],
    ['Music', null, true],
    ['Music', 'Talks', true],
  ])('from %s to %s: %s', (from, to, moves) => {
    expect(changesSubfolder({ subFolder: from }, to === undefined ? {} : { subFolder: to })).toBe(moves);
  });
});

describe('what the downloader is told of a channel', () => {
  it('is its folder, subfolder, quality, audio format, tags and layout', () => {
    const settings = downloadSettingsOf(
      row({
        enabled: true,
        folderName: 'Alpha',
        subFolder: 'Music',
        videoQuality: '720',
        audioFormat: 'mp3_only',
        additionalTags: 'a|b',
        skipVideoFolder: null,
      }),
    );
    expect(settings).toEqual({
      channelId: 'UCabcdefghijklmnopqrstuv',
      enabled: true,
      folderName: 'Alpha',
      subfolder: 'Music',
      videoQuality: '720',
      audioFormat: 'mp3_only',
      additionalTags: 'a|b',
      skipVideoFolder: null,
    });
  });
});
