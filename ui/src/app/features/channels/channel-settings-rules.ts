import { FormControl, FormGroup, type ValidatorFn } from '@angular/forms';
import { hintValidator as hint, subfolderHint, titleFilterHint } from '../../shared/field-rules';
import type { AudioFormat, Resolution } from './api-types';
import {
  KEEP_RECENT_MAX,
  durationHint,
  durationRangeHint,
  parseDuration,
  parseKeepCount,
  tagsHint,
  type SettingsModel,
  type TriChoice,
} from './settings-form';

const durationValidator: ValidatorFn = (c) => {
  const problem = durationHint(c.value as string | number | null);
  return problem ? { hint: problem } : null;
};
/** On the longest duration: it must be longer than the shortest (re-run when the shortest changes). */
const rangeValidator: ValidatorFn = (c) => {
  const problem = durationRangeHint(
    parseDuration(c.parent?.get('min_duration')?.value as string | number | null),
    parseDuration(c.value as string | number | null),
  );
  return problem ? { hint: problem } : null;
};

const keepCountValidator: ValidatorFn = (c) => {
  const n = parseKeepCount(c.value as string | number | null);
  if (n === null) return null;
  if (Number.isNaN(n)) return { hint: 'A whole number, 0 or more (empty = keep everything)' };
  return n > KEEP_RECENT_MAX ? { hint: `At most ${KEEP_RECENT_MAX}` } : null;
};

/** The channel settings form: one control per setting, with the hints of its rules. */
export function channelSettingsForm() {
  return new FormGroup({
    subfolder: new FormControl('', { nonNullable: true, validators: [hint(subfolderHint)] }),
    video_quality: new FormControl<Resolution | ''>('', { nonNullable: true }),
    audio_format: new FormControl<AudioFormat | ''>('', { nonNullable: true }),
    skip_video_folder: new FormControl<TriChoice>('default', { nonNullable: true }),
    title_filter_regex: new FormControl('', { nonNullable: true, validators: [hint(titleFilterHint)] }),
    additional_tags: new FormControl('', { nonNullable: true, validators: [hint(tagsHint)] }),
    m3u_enabled: new FormControl(false, { nonNullable: true }),
    m3u_sort_order: new FormControl<'oldest_first' | 'newest_first'>('oldest_first', { nonNullable: true }),
    auto_removal_protected: new FormControl(false, { nonNullable: true }),
    auto_removal_keep_recent_count: new FormControl<string | number | null>(null, { validators: [keepCountValidator] }),
    default_rating: new FormControl('', { nonNullable: true }),
    min_duration: new FormControl<string | number | null>(null, { validators: [durationValidator] }),
    max_duration: new FormControl<string | number | null>(null, { validators: [durationValidator, rangeValidator] }),
  });
}

export type ChannelSettingsForm = ReturnType<typeof channelSettingsForm>;

/** A settings model as the form's values (the tabs are not form controls). */
export function formValues(m: SettingsModel): ChannelSettingsForm['value'] {
  return {
    subfolder: m.subfolder,
    video_quality: m.video_quality,
    audio_format: m.audio_format,
    skip_video_folder: m.skip_video_folder,
    title_filter_regex: m.title_filter_regex,
    additional_tags: m.additional_tags,
    m3u_enabled: m.m3u_enabled,
    m3u_sort_order: m.m3u_sort_order,
    auto_removal_protected: m.auto_removal_protected,
    auto_removal_keep_recent_count: m.auto_removal_keep_recent_count,
    default_rating: m.default_rating,
    min_duration: m.min_duration,
    max_duration: m.max_duration,
  };
}

/** The form's values and the chosen tabs as a settings model (a keep count that is not a whole number is NaN). */
export function modelOf(
  v: ReturnType<ChannelSettingsForm['getRawValue']>,
  tabs: Pick<SettingsModel, 'hidden_tabs' | 'auto_download_tabs'>,
): SettingsModel {
  return {
    subfolder: v.subfolder,
    video_quality: v.video_quality,
    audio_format: v.audio_format,
    skip_video_folder: v.skip_video_folder,
    title_filter_regex: v.title_filter_regex,
    additional_tags: v.additional_tags,
    m3u_enabled: v.m3u_enabled,
    m3u_sort_order: v.m3u_sort_order,
    auto_removal_protected: v.auto_removal_protected,
    auto_removal_keep_recent_count: parseKeepCount(v.auto_removal_keep_recent_count),
    min_duration: parseDuration(v.min_duration),
    max_duration: parseDuration(v.max_duration),
    hidden_tabs: tabs.hidden_tabs,
    auto_download_tabs: tabs.auto_download_tabs,
    default_rating: v.default_rating,
  };
}
