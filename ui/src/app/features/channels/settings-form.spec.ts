import { channelSettings } from '../../../testing/fixtures/channels';
import type { ChannelSettings } from './api-types';
import {
  changedSettings,
  fromTriChoice,
  hiddenTabsHint,
  parseKeepCount,
  parseTags,
  tagsHint,
  toModel,
  toTriChoice,
} from './settings-form';

const settings = (extra: Partial<ChannelSettings> = {}): ChannelSettings =>
  channelSettings({ title: 'Fixture', ...extra });

describe('settings-form', () => {
  it('maps the skip-video-folder tri-state both ways', () => {
    expect(toTriChoice(null)).toBe('default');
    expect(toTriChoice(undefined)).toBe('default');
    expect(toTriChoice(true)).toBe('yes');
    expect(toTriChoice(false)).toBe('no');
    expect(fromTriChoice('default')).toBeNull();
    expect(fromTriChoice('yes')).toBe(true);
    expect(fromTriChoice('no')).toBe(false);
  });

  it('reads settings into the form model', () => {
    const m = toModel(
      settings({
        subfolder: 'music',
        skip_video_folder: false,
        auto_download_enabled_tabs: 'short,video',
        hidden_tabs: ['streams'],
      }),
    );
    expect(m.subfolder).toBe('music');
    expect(m.skip_video_folder).toBe('no');
    expect(m.video_quality).toBe('');
    expect(m.auto_download_tabs).toEqual(['videos', 'shorts']);
    expect(m.hidden_tabs).toEqual(['streams']);
  });

  it('sends nothing when nothing changed', () => {
    const s = settings({ subfolder: 'a', title_filter_regex: 'x' });
    expect(changedSettings(s, toModel(s))).toEqual({});
    // Whitespace around text is not a change.
    expect(changedSettings(s, { ...toModel(s), subfolder: ' a ' })).toEqual({});
  });

  it('sends only the changed fields, with null for cleared ones', () => {
    const s = settings({ subfolder: 'old', video_quality: '720', additional_tags: 'a|b' });
    const m = {
      ...toModel(s),
      subfolder: '',
      video_quality: '' as const,
      audio_format: 'mp3_only' as const,
      skip_video_folder: 'yes' as const,
      additional_tags: ' ',
    };
    expect(changedSettings(s, m)).toEqual({
      subfolder: null,
      video_quality: null,
      audio_format: 'mp3_only',
      skip_video_folder: true,
      additional_tags: null,
    });
  });

  it('leaves out the keep-recent count while protected', () => {
    const s = settings({ auto_removal_keep_recent_count: 10 });
    expect(
      changedSettings(s, { ...toModel(s), auto_removal_protected: true, auto_removal_keep_recent_count: 5 }),
    ).toEqual({ auto_removal_protected: true });
    expect(changedSettings(s, { ...toModel(s), auto_removal_keep_recent_count: 20 })).toEqual({
      auto_removal_keep_recent_count: 20,
    });
    expect(changedSettings(s, { ...toModel(s), auto_removal_keep_recent_count: null })).toEqual({
      auto_removal_keep_recent_count: null,
    });
  });

  it('sends tab lists in canonical order and drops auto-download of hidden tabs', () => {
    const s = settings({ auto_download_enabled_tabs: 'video,short' });
    expect(changedSettings(s, { ...toModel(s), auto_download_tabs: ['shorts', 'videos'] })).toEqual({});
    expect(changedSettings(s, { ...toModel(s), hidden_tabs: ['shorts'] })).toEqual({
      hidden_tabs: ['shorts'],
      auto_download_enabled_tabs: 'video',
    });
    expect(changedSettings(s, { ...toModel(s), auto_download_tabs: [] })).toEqual({ auto_download_enabled_tabs: '' });
    expect(changedSettings(s, { ...toModel(s), m3u_enabled: true, m3u_sort_order: 'newest_first' })).toEqual({
      m3u_enabled: true,
      m3u_sort_order: 'newest_first',
    });
  });

  it('hints at tag problems and reads tags', () => {
    expect(tagsHint('')).toBeNull();
    expect(tagsHint('news | tech_talk|a-b')).toBeNull();
    expect(tagsHint('café, ok')).toContain('é ,');
    expect(tagsHint('a'.repeat(1001))).toContain('1000');
    expect(parseTags(' a | | b ')).toEqual(['a', 'b']);
  });

  it('keeps one tab visible and parses the keep count', () => {
    expect(hiddenTabsHint(['videos', 'shorts'], ['videos', 'shorts'])).toContain('At least one');
    expect(hiddenTabsHint(['videos'], ['videos', 'shorts'])).toBeNull();
    expect(hiddenTabsHint([], [])).toBeNull();
    expect(parseKeepCount('')).toBeNull();
    expect(parseKeepCount(null)).toBeNull();
    expect(parseKeepCount(' 12 ')).toBe(12);
    expect(parseKeepCount(0)).toBe(0);
    expect(parseKeepCount('-1')).toBeNaN();
    expect(parseKeepCount('1.5')).toBeNaN();
  });
  it('sends the default rating only when it changed, null for none', () => {
    const s = settings({ default_rating: 'PG' });
    expect(toModel(s).default_rating).toBe('PG');
    expect(changedSettings(s, toModel(s))).toEqual({});
    expect(changedSettings(s, { ...toModel(s), default_rating: 'TV-14' })).toEqual({ default_rating: 'TV-14' });
    expect(changedSettings(s, { ...toModel(s), default_rating: '' })).toEqual({ default_rating: null });
  });
});
