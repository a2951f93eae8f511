import type { AudioFormat, ChannelSettings, ChannelSettingsUpdate, Resolution, TabType } from './api-types';
import { TABS, autoDownloadCsv, autoDownloadTabs } from '../../shared/channel-format';

/** Limits of docs/channels.md "Settings" (contracts `ADDITIONAL_TAGS_MAX`); the subfolder and title filter rules are in `shared/field-rules.ts`. */
export const ADDITIONAL_TAGS_MAX = 1000;
export const KEEP_RECENT_MAX = 100000;
/** contracts `CHANNEL_DURATION_MAX`: duration limits are whole seconds up to a day. */
export const CHANNEL_DURATION_MAX = 86_400;

/** `skip_video_folder` as a select: null = the global `defaultSkipVideoFolder`. */
export type TriChoice = 'default' | 'yes' | 'no';

export const SKIP_FOLDER_CHOICES: readonly { value: TriChoice; label: string }[] = [
  { value: 'default', label: 'Use the global default' },
  { value: 'yes', label: 'Yes: files directly in the channel folder' },
  { value: 'no', label: 'No: one folder per video' },
];

export function toTriChoice(value: boolean | null | undefined): TriChoice {
  return value === true ? 'yes' : value === false ? 'no' : 'default';
}

export function fromTriChoice(choice: TriChoice): boolean | null {
  return choice === 'yes' ? true : choice === 'no' ? false : null;
}

/** The settings dialog's values: plain, with '' for "none" and tab names for the tab lists. */
export interface SettingsModel {
  subfolder: string;
  video_quality: Resolution | '';
  audio_format: AudioFormat | '';
  skip_video_folder: TriChoice;
  title_filter_regex: string;
  additional_tags: string;
  m3u_enabled: boolean;
  m3u_sort_order: 'oldest_first' | 'newest_first';
  auto_removal_protected: boolean;
  /** null = no limit (keep everything). */
  auto_removal_keep_recent_count: number | null;
  /** Seconds; null = no limit; NaN when what was typed is not a whole number. */
  min_duration: number | null;
  max_duration: number | null;
  hidden_tabs: TabType[];
  auto_download_tabs: TabType[];
  /** '' = no default rating. */
  default_rating: string;
}

export function toModel(s: ChannelSettings): SettingsModel {
  return {
    subfolder: s.subfolder ?? s.sub_folder ?? '',
    video_quality: s.video_quality ?? '',
    audio_format: s.audio_format ?? '',
    skip_video_folder: toTriChoice(s.skip_video_folder),
    title_filter_regex: s.title_filter_regex ?? '',
    additional_tags: s.additional_tags ?? '',
    m3u_enabled: s.m3u_enabled,
    m3u_sort_order: s.m3u_sort_order,
    auto_removal_protected: s.auto_removal_protected,
    auto_removal_keep_recent_count: s.auto_removal_keep_recent_count,
    min_duration: s.min_duration,
    max_duration: s.max_duration,
    hidden_tabs: TABS.filter((t) => s.hidden_tabs.includes(t)),
    auto_download_tabs: autoDownloadTabs(s.auto_download_enabled_tabs),
    default_rating: s.default_rating ?? '',
  };
}

const sameTabs = (a: readonly TabType[], b: readonly TabType[]): boolean =>
  a.length === b.length && a.every((t) => b.includes(t));
const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * The `PUT /api/channels/{id}/settings` body: only the fields the user changed. The keep-recent
 * count is left out while the channel is (or becomes) protected: protection clears it, and
 * sending it then is a 400. Auto-download of a tab being hidden is dropped by the server.
 */
export function changedSettings(original: ChannelSettings, model: SettingsModel): ChannelSettingsUpdate {
  const before = toModel(original);
  const out: ChannelSettingsUpdate = {};
  if (model.subfolder.trim() !== before.subfolder.trim()) out.subfolder = orNull(model.subfolder);
  if (model.video_quality !== before.video_quality) out.video_quality = model.video_quality || null;
  if (model.audio_format !== before.audio_format) out.audio_format = model.audio_format || null;
  if (model.skip_video_folder !== before.skip_video_folder)
    out.skip_video_folder = fromTriChoice(model.skip_video_folder);
  if (model.title_filter_regex.trim() !== before.title_filter_regex.trim())
    out.title_filter_regex = orNull(model.title_filter_regex);
  if (model.additional_tags.trim() !== before.additional_tags.trim())
    out.additional_tags = orNull(model.additional_tags);
  if (model.m3u_enabled !== before.m3u_enabled) out.m3u_enabled = model.m3u_enabled;
  if (model.m3u_sort_order !== before.m3u_sort_order) out.m3u_sort_order = model.m3u_sort_order;
  if (model.auto_removal_protected !== before.auto_removal_protected)
    out.auto_removal_protected = model.auto_removal_protected;
  if (!model.auto_removal_protected && model.auto_removal_keep_recent_count !== before.auto_removal_keep_recent_count) {
    out.auto_removal_keep_recent_count = model.auto_removal_keep_recent_count;
  }
  if (model.min_duration !== before.min_duration) out.min_duration = model.min_duration;
  if (model.max_duration !== before.max_duration) out.max_duration = model.max_duration;
  if (!sameTabs(model.hidden_tabs, before.hidden_tabs))
    out.hidden_tabs = TABS.filter((t) => model.hidden_tabs.includes(t));
  const wanted = model.auto_download_tabs.filter((t) => !model.hidden_tabs.includes(t));
  if (!sameTabs(wanted, before.auto_download_tabs)) out.auto_download_enabled_tabs = autoDownloadCsv(wanted);
  if (model.default_rating !== before.default_rating) out.default_rating = model.default_rating || null;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Client-side hints. They mirror the server's rules so the user sees a problem while typing;
// they never block saving: the server decides and its answer is shown.

/** Mirrors the server's `additional_tags` rule; null when fine. */
export function tagsHint(text: string): string | null {
  const t = text.trim();
  if (t.length > ADDITIONAL_TAGS_MAX) return `At most ${ADDITIONAL_TAGS_MAX} characters (now ${t.length})`;
  if (!/^[A-Za-z0-9 _|-]*$/.test(t)) {
    const bad = [...new Set(t.replace(/[A-Za-z0-9 _|-]/g, ''))].join(' ');
    return `Only letters A-Z, digits, spaces, - and _, with | between tags (not allowed: ${bad})`;
  }
  return null;
}

/** The tags as the server will store them: `" a | | b "` → `['a', 'b']`. */
export function parseTags(text: string): string[] {
  return text
    .split('|')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Hiding every detected tab is refused by the server; null when fine. */
export function hiddenTabsHint(hidden: readonly TabType[], detected: readonly TabType[]): string | null {
  return detected.length > 0 && detected.every((t) => hidden.includes(t)) ? 'At least one tab must stay visible' : null;
}

/** The keep-recent count as typed: '' → null (no limit), else a whole number ≥ 0 (NaN when not one). */
export function parseKeepCount(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const t = String(text).trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** A duration as typed, in seconds: '' → null (no limit), else a whole number ≥ 0 (NaN when not one). */
export const parseDuration = parseKeepCount;

/** Mirrors the server's rule for one duration limit; null when fine. */
export function durationHint(text: string | number | null | undefined): string | null {
  const n = parseDuration(text);
  if (n === null) return null;
  if (Number.isNaN(n)) return 'Whole seconds, 0 or more (empty = no limit)';
  return n > CHANNEL_DURATION_MAX ? `At most ${CHANNEL_DURATION_MAX.toLocaleString('en')} seconds (a day)` : null;
}

/** Mirrors the server's rule for both limits: the longest must be longer than the shortest; null when fine. */
export function durationRangeHint(min: number | null, max: number | null): string | null {
  if (min === null || max === null || Number.isNaN(min) || Number.isNaN(max)) return null;
  return min >= max ? 'The longest duration must be longer than the shortest' : null;
}

/** What a subfolder change does on saving, in words (null when it does not change). */
export function subfolderMoveNotice(before: string | null, after: string): string | null {
  const from = (before ?? '').trim();
  const to = after.trim();
  if (from === to) return null;
  const place = (s: string) => (s ? `__${s}` : 'the root of the output folder');
  return `Saving moves the channel's folder with its downloaded videos from ${place(from)} to ${place(to)}; the library, .m3u files and media-server playlists follow. It is refused while a download of the channel is queued or running.`;
}
