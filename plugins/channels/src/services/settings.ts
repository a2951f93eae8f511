import {
  ADDITIONAL_TAGS_MAX,
  ChannelErrorCodes as E,
  downloadSettingsPatch,
  InvalidInputError,
  MEDIA_TYPE_TAB,
  MEDIA_TYPES,
  normalizeRating,
  subfolderProblem,
  type ChannelAddSettings,
  type ChannelDownloadSettings,
  type ChannelSettings,
  type ChannelSettingsUpdate,
  type MediaType,
} from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import { parseTabs, settingsOf, tabsCsv, visibleTabs } from './channel-rows.js';
import { compileTitleFilter } from '@vidkeep/plugin-kit';

export type SettingsPatch = Partial<Omit<ChannelRow, 'id' | 'createdAt' | 'updatedAt'>>;
export interface SettingsProblem {
  path: string;
  message: string;
}
export type SettingsResult = { ok: true; patch: SettingsPatch } | { ok: false; errors: SettingsProblem[] };

const TAGS = /^[A-Za-z0-9 _|-]*$/;

/** Keeps only media types whose tab is detected and visible (when tabs are known). */
export function usableMediaTypes(csv: string, row: Pick<ChannelRow, 'availableTabs' | 'hiddenTabs'>): string {
  const wanted = csv
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is MediaType => (MEDIA_TYPES as readonly string[]).includes(s));
  const visible = row.availableTabs === null ? null : visibleTabs(row);
  return MEDIA_TYPES.filter(
    (m) => wanted.includes(m) && (visible === null || visible.includes(MEDIA_TYPE_TAB[m])),
  ).join(',');
}

/** A subfolder as stored: trimmed, `null` for none. */
function normalizeSubfolder(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
}

/**
 * Checks a settings change against every rule of spec 2.3 and turns it into a row patch.
 * All problems are reported at once; nothing is applied when any exists.
 */
export function validateSettings(current: ChannelRow, input: ChannelSettingsUpdate): SettingsResult {
  const errors: SettingsProblem[] = [];
  const patch: SettingsPatch = downloadSettingsPatch(input);
  if (input.subfolder !== undefined) {
    const sub = normalizeSubfolder(input.subfolder);
    const problem = sub ? subfolderProblem(sub) : null;
    if (problem) errors.push({ path: 'subfolder', message: problem });
    else patch.subFolder = sub;
  }
  if (input.title_filter_regex !== undefined) {
    const text = (input.title_filter_regex ?? '').trim();
    const compiled = compileTitleFilter(text);
    if (!compiled.ok) errors.push({ path: 'title_filter_regex', message: compiled.error });
    else patch.titleFilterRegex = text === '' ? null : text;
  }
  if (input.additional_tags !== undefined) {
    const tags = (input.additional_tags ?? '').trim();
    if (tags.length > ADDITIONAL_TAGS_MAX)
      errors.push({
        path: 'additional_tags',
        message: `additional_tags must be at most ${ADDITIONAL_TAGS_MAX} characters`,
      });
    else if (!TAGS.test(tags)) {
      errors.push({
        path: 'additional_tags',
        message: 'additional_tags may contain only letters, digits, spaces, dashes, underscores and | (the separator)',
      });
    } else {
      const cleaned = tags
        .split('|')
        .map((t) => t.trim())
        .filter(Boolean)
        .join('|');
      patch.additionalTags = cleaned === '' ? null : cleaned;
    }
  }
  if (input.m3u_enabled !== undefined) patch.m3uEnabled = input.m3u_enabled;
  if (input.m3u_sort_order !== undefined) patch.m3uSortOrder = input.m3u_sort_order;
  const protectedAfter = input.auto_removal_protected ?? current.autoRemovalProtected;
  if (input.auto_removal_protected !== undefined) {
    patch.autoRemovalProtected = input.auto_removal_protected;
    // Spec 2.3: protecting the channel clears its keep-recent count.
    if (input.auto_removal_protected) patch.autoRemovalKeepRecentCount = null;
  }
  if (input.auto_removal_keep_recent_count !== undefined && input.auto_removal_keep_recent_count !== null) {
    if (protectedAfter) {
      errors.push({
        path: 'auto_removal_keep_recent_count',
        message:
          'auto_removal_keep_recent_count cannot be set while auto_removal_protected is true (protection already keeps every video)',
      });
    } else patch.autoRemovalKeepRecentCount = input.auto_removal_keep_recent_count;
  } else if (input.auto_removal_keep_recent_count === null && !protectedAfter) patch.autoRemovalKeepRecentCount = null;
  if (input.skip_video_folder !== undefined) patch.skipVideoFolder = input.skip_video_folder;
  const min = patch.minDuration !== undefined ? patch.minDuration : current.minDuration;
  const max = patch.maxDuration !== undefined ? patch.maxDuration : current.maxDuration;
  if (min !== null && max !== null && min >= max) {
    errors.push({
      path: input.max_duration !== undefined ? 'max_duration' : 'min_duration',
      message: `max_duration (${max} s) must be longer than min_duration (${min} s)`,
    });
  }
  let tabsRow: Pick<ChannelRow, 'availableTabs' | 'hiddenTabs'> = current;
  if (input.hidden_tabs !== undefined) {
    const detected = parseTabs(current.availableTabs);
    const hidden = input.hidden_tabs.filter((t) => detected.includes(t) || current.availableTabs === null);
    if (detected.length > 0 && detected.every((t) => hidden.includes(t))) {
      errors.push({ path: 'hidden_tabs', message: 'At least one detected tab must stay visible' });
    } else {
      patch.hiddenTabs = hidden.length ? tabsCsv(hidden) : null;
      tabsRow = { availableTabs: current.availableTabs, hiddenTabs: patch.hiddenTabs };
      if (input.auto_download_enabled_tabs === undefined) {
        patch.autoDownloadEnabledTabs = usableMediaTypes(current.autoDownloadEnabledTabs, tabsRow);
      }
    }
  }
  if (input.auto_download_enabled_tabs !== undefined)
    patch.autoDownloadEnabledTabs = usableMediaTypes(input.auto_download_enabled_tabs, tabsRow);
  if (input.default_rating !== undefined) {
    const rating = normalizeRating(input.default_rating);
    if (!rating.ok) errors.push({ path: 'default_rating', message: rating.error });
    else patch.defaultRating = rating.rating;
  }
  return errors.length ? { ok: false, errors } : { ok: true, patch };
}

/** The settings object of an `/updatechannels` add item, checked with the same rules. */
export function validateAddSettings(current: ChannelRow, input: ChannelAddSettings): SettingsResult {
  const r = validateSettings(current, {
    ...(input.sub_folder !== undefined ? { subfolder: input.sub_folder } : {}),
    ...(input.video_quality !== undefined ? { video_quality: input.video_quality } : {}),
    ...(input.audio_format !== undefined ? { audio_format: input.audio_format } : {}),
    ...(input.auto_download_enabled_tabs !== undefined
      ? { auto_download_enabled_tabs: input.auto_download_enabled_tabs }
      : {}),
  });
  if (!r.ok) r.errors = r.errors.map((e) => ({ ...e, path: e.path === 'subfolder' ? 'sub_folder' : e.path }));
  return r;
}

export function toSettings(row: ChannelRow): ChannelSettings {
  return {
    channel_id: row.channelId,
    title: row.title,
    enabled: row.enabled,
    subfolder: row.subFolder,
    sub_folder: row.subFolder,
    ...settingsOf(row),
    detected_tabs: parseTabs(row.availableTabs),
  };
}

/** Settings that break the rules, every problem listed (`prefix` says what was not done). */
export function invalidSettings(errors: SettingsProblem[], prefix = ''): InvalidInputError {
  return new InvalidInputError(
    E.invalidSettings,
    `${prefix}${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    {
      details: errors,
    },
  );
}

/** Whether a patch moves the channel to another subfolder (none and empty are the same). */
export const changesSubfolder = (row: Pick<ChannelRow, 'subFolder'>, patch: SettingsPatch) =>
  patch.subFolder !== undefined && (patch.subFolder ?? null) !== (row.subFolder ?? null);

/** What the downloader needs of a channel when it files one of its videos. */
export function downloadSettingsOf(row: ChannelRow): ChannelDownloadSettings {
  const { channelId, enabled, folderName, subFolder, videoQuality, audioFormat, additionalTags, skipVideoFolder } = row;
  return {
    defaultRating: row.defaultRating,
    channelId,
    enabled,
    folderName,
    subfolder: subFolder,
    videoQuality,
    audioFormat,
    additionalTags,
    skipVideoFolder,
  };
}
