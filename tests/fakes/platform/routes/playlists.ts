/**
 * Playlists: `/api/playlist/<id>` for yt-dlp's `youtube:tab` extractor: a stored playlist, a
 * channel's uploads playlist (UU…) or one of its tab playlists (UULF, UUSH, UULV, UUMO).
 *
 * A stored playlist shows private and deleted videos in their place as the platform does
 * (`[Private video]`, `[Deleted video]`, no channel, no duration), and with `failAfter` its
 * listing breaks off after that many entries (the extractor raises after yielding them).
 */
import { resolvePlaylist } from '../catalog.js';
import type { Answer, Route } from '../http.js';
import type { PlatformState } from '../state.js';
import { dateOf, numberFrom, YT } from '../values.js';
import type { Json } from '../types.js';
import { listingThumbnails, platformError, REASONS, tabEntries, videoEntry } from './shapes.js';

export function playlistRoutes(s: PlatformState): Route[] {
  return [{ path: '/api/playlist/:id', handle: ({ params }) => playlistPage(s, params.id) }];
}

function playlistPage(s: PlatformState, id: string): Answer {
  // A private playlist is refused in the platform's own words (what yt-dlp prints for it).
  if (s.playlists.get(id)?.availability === 'private') return platformError(REASONS.playlistPrivate);
  const p = resolvePlaylist(s, id);
  if (!p) return platformError(REASONS.playlistMissing, { kind: 'playlist-missing' });
  const owner = s.channels.get(p.channelId);
  const own = s.playlists.has(id);
  const entries = own ? p.videoIds.map((vid) => playlistEntry(s, vid)) : tabEntries(s, 'videos', p.videoIds);
  const newest = Math.max(0, ...p.videoIds.map((vid) => s.videos.get(vid)?.timestamp ?? 0));
  const ownerHandle = owner?.handle ?? null;
  return {
    status: 200,
    body: {
      playlist: {
        id: p.id,
        title: p.title,
        description: '',
        tags: [],
        view_count: numberFrom(p.id, 100000),
        modified_date: newest ? dateOf(newest) : null,
        availability: p.availability,
        channel: owner?.name ?? null,
        channel_id: p.channelId,
        channel_url: `${YT}/channel/${p.channelId}`,
        uploader: owner?.name ?? null,
        uploader_id: ownerHandle,
        uploader_url: ownerHandle ? `${YT}/${ownerHandle}` : null,
        thumbnails: p.videoIds.length ? listingThumbnails(s, p.videoIds[0]!) : [],
        playlist_count: entries.length,
      },
      entries,
      interrupt_after: own ? (s.playlists.get(id)!.failAfter ?? null) : null,
    },
  };
}

/** One row of a stored playlist: the video, or the platform's placeholder for one nobody may watch. */
function playlistEntry(s: PlatformState, id: string): Json {
  const v = s.videos.get(id);
  if (v && v.failure !== 'private' && v.failure !== 'removed') return videoEntry(s, v);
  return {
    id,
    url: `${YT}/watch?v=${id}`,
    title: v?.failure === 'private' ? '[Private video]' : '[Deleted video]',
    description: null,
    duration: null,
    channel: null,
    channel_id: null,
    channel_url: null,
    uploader: null,
    uploader_id: null,
    uploader_url: null,
    thumbnails: [],
    view_count: null,
  };
}
