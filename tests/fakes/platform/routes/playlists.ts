/**
 * Playlists: `/api/playlist/<id>` for yt-dlp's `youtube:tab` extractor: a stored playlist, a
 * channel's uploads playlist (UU…) or one of its tab playlists (UULF, UUSH, UULV, UUMO).
 */
import { resolvePlaylist } from '../catalog.js';
import type { Answer, Route } from '../http.js';
import type { PlatformState } from '../state.js';
import { dateOf, numberFrom, YT } from '../values.js';
import { listingThumbnails, platformError, REASONS, tabEntries } from './shapes.js';

export function playlistRoutes(s: PlatformState): Route[] {
  return [{ path: '/api/playlist/:id', handle: ({ params }) => playlistPage(s, params.id) }];
}

function playlistPage(s: PlatformState, id: string): Answer {
  const p = resolvePlaylist(s, id);
  if (!p) return platformError(REASONS.playlistMissing, { kind: 'playlist-missing' });
  const owner = s.channels.get(p.channelId);
  const entries = tabEntries(s, 'videos', p.videoIds);
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
    },
  };
}
