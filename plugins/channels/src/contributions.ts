import {
  channelArtworkProvidersRef,
  channelArtworkRef,
  channelDirectoriesRef,
  channelDirectoryRef,
  channelRetentionRef,
  channelSettingsProviderRef,
  countSubfolders,
  folderSettingsProvidersRef,
  libraryServiceRef,
  subfolderUsersRef,
  videoLinkProvidersRef,
  videoSearchProvidersRef,
} from '@vidkeep/contracts';
import { feedSourceProvidersRef } from '@vidkeep/contracts/feeds';
import { ChannelArtworkService } from './services/channel-artwork.js';
import { ChannelDirectoryService } from './services/channel-directory.js';
import { channelFeedSource } from './services/feed-source.js';
import { ChannelRetentionService } from './services/retention-settings.js';
import type { ChannelsContext, wireChannels } from './wiring.js';

/**
 * What the channels plugin offers others: its services (for playlists, retention and third-party
 * plugins) and its contributions to the downloader's extension points (folder settings, pictures,
 * the directory for imports, subfolder usage, a video's channel link, the Data API video search).
 */
export function offerServices(
  ctx: ChannelsContext,
  { store, videos, settings, api }: Pick<ReturnType<typeof wireChannels>, 'store' | 'videos' | 'settings' | 'api'>,
): void {
  // For other plugins (playlists) and, as contributions, for the downloader's extension points.
  const directory = new ChannelDirectoryService(store, ctx.logger);
  const artwork = new ChannelArtworkService({ store, imagesDir: ctx.env.paths.imagesDir, logger: ctx.logger });
  ctx.provide(channelSettingsProviderRef, settings);
  ctx.provide(channelDirectoryRef, directory);
  ctx.provide(channelArtworkRef, artwork);
  ctx.contribute(folderSettingsProvidersRef, 'channels', settings);
  ctx.contribute(channelDirectoriesRef, 'channels', directory);
  ctx.contribute(channelArtworkProvidersRef, 'channels', artwork);
  ctx.provide(channelRetentionRef, new ChannelRetentionService(store));
  // The downloader's video search goes through this plugin's one Data API client: one key, one
  // quota policy (a spent quota rests the key until midnight Pacific for every caller).
  ctx.contribute(videoSearchProvidersRef, 'channels', {
    available: () => api.available(),
    search: (query, count, signal) => api.searchVideos(query, count, signal),
  });
  // The subfolder registry (`GET /api/subfolders`) counts the subscribed channels filed in each.
  ctx.contribute(subfolderUsersRef, 'channels', {
    field: 'channels',
    kind: 'count',
    describe: (n) => `${n} subscribed channel${n === 1 ? '' : 's'}`,
    usage: async () => countSubfolders((await store.enabled()).map((r) => r.subFolder)),
  });

  // Subscribed channels as podcast feeds (the feeds plugin).
  ctx.contribute(
    feedSourceProvidersRef,
    'channels',
    channelFeedSource({ store, library: () => ctx.resolve(libraryServiceRef), artwork }),
  );

  // The video page's "channel" link.
  ctx.contribute(videoLinkProvidersRef, 'channels', {
    linksOf: async ({ sourceId, channelId }) => {
      const id = channelId ?? (await videos.anyListing(sourceId))?.channelId ?? null;
      const row = id ? await store.byChannelId(id) : null;
      return row
        ? [{ kind: 'channel', id: row.channelId, title: row.title, url: row.url, following: row.enabled }]
        : [];
    },
  });
}
