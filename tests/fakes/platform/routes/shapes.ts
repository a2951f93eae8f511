/**
 * What the yt-dlp plugin gets from more than one area: the platform's error texts and the
 * listing rows of tabs, playlists and search results (shaped like the real extractors' output).
 */
import type { Answer } from '../http.js';
import { availabilityOf, listed, viewsOf } from '../catalog.js';
import { THUMBNAIL, THUMBNAIL_SMALL } from '../media.js';
import type { PlatformState } from '../state.js';
import type { FakeTab, Json, StoredVideo } from '../types.js';
import { YT } from '../values.js';

/** Platform texts (external-apis.md 5.7; the plugin appends yt-dlp's cookie hint to "sign in" reasons). */
export const REASONS = {
  private: "Private video. Sign in if you've been granted access to this video",
  'members-only': 'Join this channel to get access to members-only content like this video, and other exclusive perks.',
  removed: 'Video unavailable. This video has been removed by the uploader',
  'bot-check': 'Sign in to confirm you’re not a bot',
  unavailable: 'Video unavailable',
  upcoming: 'This live event will begin in a few moments.',
  terminated: "YouTube said: This account has been terminated for a violation of YouTube's Terms of Service.",
  playlistMissing: 'YouTube said: The playlist does not exist.',
  playlistPrivate: 'YouTube said: This playlist is private.',
} as const;

/** A refusal the plugin raises as yt-dlp's ExtractorError with this message (`kind` picks the error class). */
export const platformError = (message: string, extra: Json = {}): Answer => ({
  status: 200,
  body: { error: { message, ...extra } },
});

export const TOO_MANY_REQUESTS: Answer = { status: 429, body: 'Too Many Requests' };

/** The channel and uploader fields of a video or channel: both name the channel. */
export function channelFields(name: string, channelId: string, handle: string): Json {
  return {
    channel: name,
    channel_id: channelId,
    channel_url: `${YT}/channel/${channelId}`,
    uploader: name,
    uploader_id: handle,
    uploader_url: `${YT}/${handle}`,
  };
}

export const listingThumbnails = (s: PlatformState, id: string) => [
  { url: `${s.base}/vi/${id}/hqdefault.jpg`, width: THUMBNAIL_SMALL.width, height: THUMBNAIL_SMALL.height },
  { url: `${s.base}/vi/${id}/maxresdefault.jpg`, width: THUMBNAIL.width, height: THUMBNAIL.height },
];

/** A row of a videos/streams tab, a playlist or search results (youtube:tab `_extract_video`). */
export function videoEntry(s: PlatformState, v: StoredVideo): Json {
  const liveStatus = v.liveStatus === 'not_live' ? null : v.liveStatus === 'post_live' ? 'was_live' : v.liveStatus;
  const live = liveStatus === 'is_live' || liveStatus === 'is_upcoming';
  return {
    id: v.id,
    url: v.mediaType === 'short' ? `${YT}/shorts/${v.id}` : `${YT}/watch?v=${v.id}`,
    title: v.title,
    description: v.description.split('\n')[0]!.slice(0, 100) || null,
    duration: live ? null : v.duration,
    ...channelFields(v.channel, v.channelId, v.handle),
    thumbnails: listingThumbnails(s, v.id),
    timestamp: v.timestamp,
    release_timestamp: liveStatus === 'is_upcoming' ? v.timestamp : null,
    availability: availabilityOf(v) === 'subscriber_only' ? 'subscriber_only' : null,
    [live ? 'concurrent_view_count' : 'view_count']: live ? 0 : viewsOf(v),
    live_status: liveStatus,
    channel_is_verified: null,
  };
}

/** A row of a shorts tab: only id, url, title, view_count and thumbnails. */
function shortEntry(s: PlatformState, v: StoredVideo): Json {
  return {
    id: v.id,
    url: `${YT}/shorts/${v.id}`,
    title: v.title,
    view_count: viewsOf(v),
    thumbnails: listingThumbnails(s, v.id),
  };
}

/** The rows of a tab or playlist; private and removed videos are hidden from listings. */
export function tabEntries(s: PlatformState, tab: FakeTab, ids: string[]): Json[] {
  return ids
    .map((id) => s.videos.get(id))
    .filter(listed)
    .map((v) => (tab === 'shorts' ? shortEntry(s, v) : videoEntry(s, v)));
}
