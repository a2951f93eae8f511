import type { FeedSource } from '@vidkeep/contracts/feeds';
import type { PlaylistRow } from '../entities.js';
import type { PublishedRow } from './playlist-video-rows.js';

/**
 * A followed playlist as a podcast feed (the feeds plugin's `playlist` kind): a serial podcast of
 * its downloaded entries in the order its `.m3u` and media servers get (its own order, or the
 * reverse when its order setting says so; ignored entries left out).
 */
export function playlistFeedSource(deps: {
  store: { byPlaylistId(playlistId: string): Promise<PlaylistRow | null> };
  videos: { published(playlistRowId: number): Promise<PublishedRow[]> };
}): FeedSource {
  return {
    kind: 'playlist',
    subject: async (playlistId) => {
      const row = await deps.store.byPlaylistId(playlistId);
      if (!row?.enabled) return null;
      const entries = await deps.videos.published(row.id);
      if (row.sortOrder === 'reversed') entries.reverse();
      return {
        kind: 'playlist',
        id: row.playlistId,
        title: row.title,
        author: row.uploader,
        description: row.description,
        link: row.url,
        artworkFile: null,
        order: 'serial',
        sourceIds: entries.map((e) => e.sourceId),
      };
    },
  };
}
