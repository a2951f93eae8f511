import {
  downloadSettingsPatch,
  normalizeRating,
  normalizeSubfolderInput,
  type ErrorDetail,
  type Playlist,
  type PlaylistSettings,
  type PlaylistSettingsUpdate,
} from '@vidkeep/contracts';
import { compileTitleFilter } from '@vidkeep/plugin-kit';
import type { PlaylistRow } from '../entities.js';

export type PlaylistPatch = Partial<
  Pick<
    PlaylistRow,
    | 'defaultSubFolder'
    | 'videoQuality'
    | 'minDuration'
    | 'maxDuration'
    | 'titleFilterRegex'
    | 'audioFormat'
    | 'defaultRating'
    | 'sortOrder'
  >
>;

/**
 * Checks a settings change (all eight keys are optional) and turns it into a row patch. Every
 * problem is reported at once; nothing applies when any exists. The title filter must compile
 * (the reference never checked it); the subfolder follows the channel subfolder rules, so
 * `__playlists__` is refused.
 */
export function checkSettings(
  input: PlaylistSettingsUpdate,
  current: Pick<PlaylistRow, 'minDuration' | 'maxDuration'> = { minDuration: null, maxDuration: null },
): { ok: true; patch: PlaylistPatch } | { ok: false; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  const patch: PlaylistPatch = downloadSettingsPatch(input);
  if (input.default_sub_folder !== undefined) {
    const sub = normalizeSubfolderInput(input.default_sub_folder);
    if (!sub.ok) errors.push({ path: 'default_sub_folder', message: sub.error });
    // Undefined (the global-default sentinel) and null both mean "the global default" here.
    else patch.defaultSubFolder = sub.subfolder ?? null;
  }
  if (input.sort_order !== undefined) patch.sortOrder = input.sort_order;
  const min = patch.minDuration !== undefined ? patch.minDuration : current.minDuration;
  const max = patch.maxDuration !== undefined ? patch.maxDuration : current.maxDuration;
  if (min !== null && max !== null && min > max) {
    errors.push({ path: 'max_duration', message: 'max_duration must not be shorter than min_duration' });
  }
  if (input.title_filter_regex !== undefined) {
    const text = (input.title_filter_regex ?? '').trim();
    const compiled = compileTitleFilter(text, { caseInsensitive: true });
    if (!compiled.ok) errors.push({ path: 'title_filter_regex', message: compiled.error });
    else patch.titleFilterRegex = text === '' ? null : text;
  }
  if (input.default_rating !== undefined) {
    const rating = normalizeRating(input.default_rating);
    if (!rating.ok) errors.push({ path: 'default_rating', message: rating.error });
    else patch.defaultRating = rating.rating;
  }
  return errors.length ? { ok: false, errors } : { ok: true, patch };
}

export function settingsOf(row: PlaylistRow): PlaylistSettings {
  return {
    default_sub_folder: row.defaultSubFolder,
    video_quality: (row.videoQuality ?? null) as PlaylistSettings['video_quality'],
    min_duration: row.minDuration,
    max_duration: row.maxDuration,
    title_filter_regex: row.titleFilterRegex,
    audio_format: (row.audioFormat ?? null) as PlaylistSettings['audio_format'],
    default_rating: row.defaultRating,
    sort_order: row.sortOrder,
  };
}

/** The media-server kinds that have reference field names (`sync_to_<kind>`). */
export const NAMED_SYNC_KINDS = ['plex', 'jellyfin', 'emby'] as const;

/** Whether a playlist syncs to a kind: yes unless switched off for that kind. */
export const syncsTo = (row: Pick<PlaylistRow, 'syncTargets'>, kind: string) => row.syncTargets[kind] !== false;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPlaylist(row: PlaylistRow, videoCount: number): Playlist {
  return {
    id: row.id,
    playlist_id: row.playlistId,
    title: row.title,
    url: row.url,
    description: row.description,
    uploader: row.uploader,
    uploader_id: row.uploaderId,
    thumbnail: row.thumbnail,
    availability: row.availability,
    video_count: videoCount,
    reported_count: row.reportedCount,
    enabled: row.enabled,
    auto_download: row.autoDownload,
    sync_to_plex: syncsTo(row, 'plex'),
    sync_to_jellyfin: syncsTo(row, 'jellyfin'),
    sync_to_emby: syncsTo(row, 'emby'),
    sync_targets: { ...row.syncTargets },
    public_on_servers: row.publicOnServers,
    ...settingsOf(row),
    lastFetched: iso(row.lastFetched),
    last_listing_complete: row.lastListingComplete,
    auto_download_baseline_at: iso(row.autoDownloadBaselineAt),
    auto_download_baseline_id: row.autoDownloadBaselineId,
    auto_download_setup_error: row.autoDownloadSetupError,
    m3u_path: row.m3uPath,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
