import { FormControl, FormGroup } from '@angular/forms';
import { playlistSettings } from '../../../../testing/fixtures/playlists';
import {
  changedPlaylistSettings,
  durationClock,
  durationHint,
  notShorterThan,
  parseSeconds,
  toSettingsModel,
} from './settings-model';

describe('playlist settings model', () => {
  it('reads the settings into plain form values', () => {
    expect(toSettingsModel(playlistSettings({ default_rating: 'PG', min_duration: 60 }))).toEqual({
      default_sub_folder: '',
      video_quality: '',
      min_duration: 60,
      max_duration: null,
      title_filter_regex: '',
      audio_format: '',
      default_rating: 'PG',
      sort_order: 'default',
    });
  });

  it('reads seconds as typed and checks them like the server', () => {
    expect([parseSeconds(null), parseSeconds(''), parseSeconds(' 90 '), parseSeconds(45)]).toEqual([
      null,
      null,
      90,
      45,
    ]);
    expect(parseSeconds('1.5')).toBeNaN();
    expect(parseSeconds('-3')).toBeNaN();
    expect(durationHint('')).toBeNull();
    expect(durationHint('1000000')).toBeNull();
    expect(durationHint('1000001')).toBe('At most 1,000,000 seconds');
    expect(durationHint('ten')).toContain('whole number');
    expect([durationClock(600), durationClock(''), durationClock('x')]).toEqual(['10:00', '', '']);
  });

  it('refuses a longest length shorter than the shortest', () => {
    const form = new FormGroup({
      min: new FormControl<number | null>(600),
      max: new FormControl<number | null>(300, { validators: [notShorterThan('min')] }),
    });
    // A control validates first before it has a parent: the form's reset or a change runs it again.
    form.controls.max.updateValueAndValidity();
    expect(form.controls.max.errors).toEqual({ hint: 'Must not be shorter than the shortest duration' });
    form.controls.min.setValue(null);
    form.controls.max.updateValueAndValidity();
    expect(form.controls.max.errors).toBeNull();
  });

  it('sends only what changed, with null for emptied fields', () => {
    const original = playlistSettings({ default_sub_folder: 'Music', title_filter_regex: 'live', min_duration: 60 });
    const model = toSettingsModel(original);
    expect(changedPlaylistSettings(original, { ...model, default_sub_folder: ' Music ' })).toEqual({});
    expect(
      changedPlaylistSettings(original, {
        ...model,
        default_sub_folder: '',
        title_filter_regex: ' ',
        min_duration: '',
        max_duration: '3600',
        video_quality: '720',
        audio_format: 'mp3_only',
        default_rating: 'TV-14',
        sort_order: 'reversed',
      }),
    ).toEqual({
      default_sub_folder: null,
      title_filter_regex: null,
      min_duration: null,
      max_duration: 3600,
      video_quality: '720',
      audio_format: 'mp3_only',
      default_rating: 'TV-14',
      sort_order: 'reversed',
    });
    expect(
      changedPlaylistSettings(playlistSettings({ default_rating: 'PG' }), toSettingsModel(playlistSettings())),
    ).toEqual({ default_rating: null });
  });
});
