import {
  channelDirectoryRef,
  channelSettingsProviderRef,
  countSubfolders,
  downloadQueueServiceRef,
  libraryServiceRef,
  mediaServerProvidersRef,
  schedulerServiceRef,
  sourceClientRef,
  subfolderUsersRef,
  videoLinkProvidersRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin } from '@vidkeep/plugin-kit';
import { PlaylistEntity, PlaylistSyncStateEntity, PlaylistVideoEntity, PlaylistVideoWatchEntity } from './entities.js';
import { actionRoutes } from './routes/action-routes.js';
import { mediaServerRoutes } from './routes/media-server-routes.js';
import { playlistRoutes } from './routes/playlist-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { subscribeLibraryChanges } from './subscribers/library-changes.js';
import { publishOnConnect } from './subscribers/media-server-connect.js';
import { wirePlaylists } from './wiring.js';
import { playlistFeedSource } from './services/feed-source.js';
import { feedSourceProvidersRef } from '@vidkeep/contracts/feeds';

const AUTO_DOWNLOAD_TASK = 'playlists.auto-download';

/**
 * Followed playlists: listings, automatic following with a verified starting point, downloads
 * into the uploaders' channel folders, and publishing as `.m3u` files and native playlists on
 * every media server a plugin contributes (`mediaServerProvidersRef`; no kind is named here).
 */
export default definePlugin({
  id: 'playlists',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Playlists: follow, download, .m3u files and media-server playlists',
  dependsOn: ['downloader', 'library'],
  optionalDependsOn: ['scheduler', 'channels'],
  consumes: [downloadQueueServiceRef, libraryServiceRef, sourceClientRef, mediaServerProvidersRef],
  optionalConsumes: [schedulerServiceRef, channelSettingsProviderRef, channelDirectoryRef, watchStatusServiceRef],
  entities: [PlaylistEntity, PlaylistVideoEntity, PlaylistSyncStateEntity, PlaylistVideoWatchEntity],
  register(ctx) {
    const wired = wirePlaylists(ctx);
    const { store, videoStore, publisher, following, shutdown } = wired;
    subscribeLibraryChanges(ctx.events, wired);
    ctx.onReady(publishOnConnect(ctx.events, wired));

    // The subfolder registry (`GET /api/subfolders`) counts the followed playlists that download into each.
    ctx.contribute(subfolderUsersRef, 'playlists', {
      field: 'playlists',
      kind: 'count',
      describe: (n) => `${n} followed playlist${n === 1 ? '' : 's'}`,
      usage: async () => countSubfolders((await store.enabled()).map((r) => r.defaultSubFolder)),
    });
    // Followed playlists as podcast feeds (the feeds plugin).
    ctx.contribute(feedSourceProvidersRef, 'playlists', playlistFeedSource({ store, videos: videoStore }));
    // The video page's playlist links: every followed playlist that lists the video.
    ctx.contribute(videoLinkProvidersRef, 'playlists', {
      linksOf: async ({ sourceId }) => {
        const out = [];
        for (const id of await videoStore.holding(sourceId)) {
          const row = await store.byRowId(id);
          if (row?.enabled)
            out.push({ kind: 'playlist', id: row.playlistId, title: row.title, url: row.url, following: true });
        }
        return out;
      },
    });
    ctx.tryResolve(schedulerServiceRef)?.register({
      key: AUTO_DOWNLOAD_TASK,
      title: 'Automatic playlist downloads',
      description:
        'Lists every followed playlist with automatic downloads on and queues the entries added since its starting point, then selected and earlier failed ones.',
      defaultSchedule: '15 * * * *',
      run: (run) => following.sweep(run.signal),
    });

    ctx.routes(async (app) => {
      for (const routes of [playlistRoutes, videoRoutes, actionRoutes, mediaServerRoutes])
        await app.register(routes, wired.routes);
    });
    ctx.onClose(async () => {
      shutdown.abort();
      await publisher.idle();
    });
  },
});
