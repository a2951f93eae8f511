import type { ValidatorFn } from '@angular/forms';
import { formatClock } from '../../../shared/channel-format';
import type {
  AudioFormat,
  PlaylistSettings,
  PlaylistSettingsUpdate,
  PlaylistSortOrder,
  Resolution,
} from '../api-types';

/** The contracts' `CONTENT_RATINGS` (a value import would bundle TypeBox); '' = none. */
export const CONTENT_RATINGS = [
  'G',
  'PG',
  'PG-13',
  'R',
  'NC-17',
  'TV-Y',
  'TV-Y7',
  'TV-G',
  'TV-PG',
  'TV-14',
  'TV-MA',
] as const;

/** The largest duration the server accepts, in seconds. */
export const DURATION_MAX = 1_000_000;

export const SORT_ORDER_CHOICES: readonly { value: PlaylistSortOrder; label: string }[] = [
  { value: 'default', label: "The playlist's own order" },
  { value: 'reversed', label: "Reversed: the owner's list from last to first" },
];

/** The settings dialog's values: plain, '' for "none" or "the global default". */
export interface PlaylistSettingsModel {
  default_sub_folder: string;
  video_quality: Resolution | '';
  /** Seconds as typed (a number field gives numbers, an emptied one null). */
  min_duration: string | number | null;
  max_duration: string | number | null;
  title_filter_regex: string;
  audio_format: AudioFormat | '';
  default_rating: string;
  sort_order: PlaylistSortOrder;
}

export function toSettingsModel(s: PlaylistSettings): PlaylistSettingsModel {
  return {
    default_sub_folder: s.default_sub_folder ?? '',
    video_quality: s.video_quality ?? '',
    min_duration: s.min_duration,
    max_duration: s.max_duration,
    title_filter_regex: s.title_filter_regex ?? '',
    audio_format: s.audio_format ?? '',
    default_rating: s.default_rating ?? '',
    sort_order: s.sort_order,
  };
}

/** Seconds as typed: empty → null (no limit), a whole number ≥ 0, else NaN. */
export function parseSeconds(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const t = String(value).trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** Mirrors the server's duration limits; null when fine. */
export function durationHint(value: string | number | null): string | null {
  const n = parseSeconds(value);
  if (n === null) return null;
  if (Number.isNaN(n)) return 'A whole number of seconds, 0 or more (empty = no limit)';
  return n > DURATION_MAX ? `At most ${DURATION_MAX.toLocaleString('en')} seconds` : null;
}

/** What a number of seconds is as a clock, for the field's hint: 600 → "10:00". */
export const durationClock = (value: string | number | null): string => {
  const n = parseSeconds(value);
  return n === null || Number.isNaN(n) ? '' : formatClock(n);
};

/**
 * The longest-duration field's rule, as the server checks it: not shorter than the shortest.
 * Re-run it when the shortest changes.
 */
export const notShorterThan =
  (minField: string): ValidatorFn =>
  (c) => {
    const min = parseSeconds(c.parent?.get(minField)?.value as string | number | null);
    const max = parseSeconds(c.value as string | number | null);
    if (min === null || max === null || Number.isNaN(min) || Number.isNaN(max)) return null;
    return min > max ? { hint: 'Must not be shorter than the shortest duration' } : null;
  };

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The `PUT …/settings` body: only the fields the user changed (durations must parse first). */
export function changedPlaylistSettings(
  original: PlaylistSettings,
  model: PlaylistSettingsModel,
): PlaylistSettingsUpdate {
  const before = toSettingsModel(original);
  const out: PlaylistSettingsUpdate = {};
  if (model.default_sub_folder.trim() !== before.default_sub_folder.trim())
    out.default_sub_folder = orNull(model.default_sub_folder);
  if (model.video_quality !== before.video_quality) out.video_quality = model.video_quality || null;
  const min = parseSeconds(model.min_duration);
  if (min !== original.min_duration) out.min_duration = min;
  const max = parseSeconds(model.max_duration);
  if (max !== original.max_duration) out.max_duration = max;
  if (model.title_filter_regex.trim() !== before.title_filter_regex.trim())
    out.title_filter_regex = orNull(model.title_filter_regex);
  if (model.audio_format !== before.audio_format) out.audio_format = model.audio_format || null;
  if (model.default_rating !== before.default_rating) out.default_rating = model.default_rating || null;
  if (model.sort_order !== before.sort_order) out.sort_order = model.sort_order;
  return out;
}
