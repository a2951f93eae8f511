import type { SortChoice } from '../../shared/list-controls';
import type { SortOrder } from '../../shared/paged-list';
import { watchedStateQuery, type WatchedState } from '../../shared/watch-state';
import type { Playlist, PlaylistSetupError, PlaylistVideo, PlaylistVideosQuery } from './api-types';

/** The contracts' `PLAYLIST_SELECTION_MAX`: entries per download or selection request. */
export const SELECTION_MAX = 1000;

const DATE_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time as "Mar 1, 2026, 12:00 PM" (English, the browser's time zone); null → ''. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? DATE_TIME.format(new Date(iso)) : '');

/** Why automatic downloads wait (`auto_download_setup_error`), in plain words. */
export const SETUP_ERROR_TEXT: Readonly<Record<PlaylistSetupError, string>> = {
  PLAYLIST_TOO_LARGE:
    'the playlist has more than 5,000 entries, more than automatic following supports. Follow it by hand: select its videos and download them.',
  PLAYLIST_REFRESH_INCOMPLETE:
    'the listing of the playlist could not be verified as complete, so no starting point was saved. Downloads start after a complete refresh (Refresh, or the next scheduled run).',
};

export type AutoDownloadKind = 'off' | 'waiting' | 'on';

type AutoFields = Pick<Playlist, 'auto_download' | 'auto_download_setup_error' | 'auto_download_baseline_at'>;

/** Whether automatic downloads run, wait (and why) or are off, in plain words. */
export function autoDownloadState(p: AutoFields): { kind: AutoDownloadKind; text: string } {
  if (!p.auto_download) return { kind: 'off', text: 'Automatic downloads are off.' };
  if (p.auto_download_setup_error)
    return { kind: 'waiting', text: `Automatic downloads wait: ${SETUP_ERROR_TEXT[p.auto_download_setup_error]}` };
  if (!p.auto_download_baseline_at)
    return {
      kind: 'waiting',
      text: 'Automatic downloads wait for a starting point: it is saved after the next complete listing.',
    };
  return {
    kind: 'on',
    text: `Automatic downloads are on: videos added after ${formatDateTime(p.auto_download_baseline_at)} download by themselves.`,
  };
}

/** "Select for automatic download" works only with automatic downloads on and a starting point. */
export const canSelectForAutomatic = (p: AutoFields): boolean => p.auto_download && !!p.auto_download_baseline_at;

/** When the playlist was last listed, and whether that listing was complete. */
export function listingText(p: Pick<Playlist, 'lastFetched' | 'last_listing_complete'>): string {
  if (!p.lastFetched) return 'Not listed yet';
  const when = `Last listed ${formatDateTime(p.lastFetched)}`;
  return p.last_listing_complete ? when : `${when} (not verified as complete)`;
}

export interface Badge {
  text: string;
  /** The class of `shared/badges.css`: '' (neutral), ok, busy or bad. */
  kind: '' | 'ok' | 'busy' | 'bad';
  /** Its test id: `badge-<key>`. */
  key: string;
}

/** Every state of an entry worth a badge, most important first. */
export function videoBadges(v: PlaylistVideo): Badge[] {
  const out: Badge[] = [];
  if (v.active === 'downloading') out.push({ text: 'Downloading…', kind: 'busy', key: 'downloading' });
  if (v.active === 'queued') out.push({ text: 'Queued', kind: 'busy', key: 'queued' });
  if (v.downloaded) out.push({ text: 'Downloaded', kind: 'ok', key: 'downloaded' });
  else if (v.previously_downloaded) out.push({ text: 'Downloaded, then deleted', kind: '', key: 'previously' });
  if (v.unavailable) out.push({ text: 'Private or deleted', kind: 'bad', key: 'unavailable' });
  if (v.ignored) out.push({ text: 'Ignored', kind: '', key: 'ignored' });
  if (v.auto_download_requested && !v.downloaded)
    out.push({ text: 'Selected for automatic download', kind: '', key: 'requested' });
  return out;
}

/** What the title of an entry says; private and deleted ones often have none. */
export const videoTitle = (v: PlaylistVideo): string =>
  v.title ?? (v.unavailable ? 'Private or deleted video' : v.source_id);

// ---------------------------------------------------------------------------------------------
// The videos list: sort, filter, query

export type PlaylistVideoSort = 'position' | 'first_seen';
export type DownloadState = PlaylistVideosQuery['downloadState'];

export const VIDEO_SORT_CHOICES: readonly SortChoice<PlaylistVideoSort>[] = [
  { value: 'position', label: 'Playlist order', asc: 'First to last', desc: 'Last to first' },
  { value: 'first_seen', label: 'First seen', asc: 'Oldest first', desc: 'Newest first', only: 'desc' },
];

export const DOWNLOAD_STATE_CHOICES: readonly { value: DownloadState; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'downloaded', label: 'Downloaded' },
  { value: 'not_downloaded', label: 'Not downloaded' },
];

export interface VideoListState {
  pageIndex: number;
  pageSize: number;
  search: string;
  sortBy: PlaylistVideoSort;
  sortOrder: SortOrder;
  downloadState: DownloadState;
  /** Left out of the query while it is "any". */
  watchedState?: WatchedState;
}

/** The query of `GET /api/playlists/:id/videos` for the list's state (1-based pages). */
export function playlistVideosQuery(s: VideoListState): Partial<PlaylistVideosQuery> {
  return {
    page: s.pageIndex + 1,
    pageSize: s.pageSize,
    sortOrder: s.sortBy === 'first_seen' ? 'recent' : s.sortOrder,
    downloadState: s.downloadState,
    ...(s.search ? { search: s.search } : {}),
    ...(s.watchedState && watchedStateQuery(s.watchedState) ? { watchedState: s.watchedState } : {}),
  };
}
