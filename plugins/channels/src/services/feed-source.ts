import type { FeedSource } from '@vidkeep/contracts/feeds';
import type { ChannelArtwork, LibraryReads } from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';

/**
 * A subscribed channel as a podcast feed (the feeds plugin's `channel` kind): its downloaded
 * videos that are still in the library, newest first (by publication day, then download time),
 * with the channel's picture as artwork.
 */
export function channelFeedSource(deps: {
  store: { byChannelId(channelId: string): Promise<ChannelRow | null> };
  library: () => Pick<LibraryReads, 'channelVideos'>;
  artwork: ChannelArtwork;
}): FeedSource {
  return {
    kind: 'channel',
    subject: async (channelId) => {
      const row = await deps.store.byChannelId(channelId);
      if (!row?.enabled) return null;
      const videos = (await deps.library().channelVideos(channelId)).filter((v) => !v.removed);
      const key = (v: (typeof videos)[number]) => `${v.uploadDate ?? '00000000'}${v.downloadedAt.toISOString()}`;
      videos.sort((a, b) => key(b).localeCompare(key(a)));
      return {
        kind: 'channel',
        id: row.channelId,
        title: row.title,
        author: row.uploader ?? row.title,
        description: row.description,
        link: row.url,
        artworkFile: await deps.artwork.posterFile(row.channelId).catch(() => null),
        order: 'episodic',
        sourceIds: videos.map((v) => v.sourceId),
      };
    },
  };
}
