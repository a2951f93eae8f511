import {
  channelArtworkRef,
  channelDirectoryRef,
  channelRetentionRef,
  channelSettingsProviderRef,
  ChannelsConfigSection,
  countSubfolders,
  downloaderServiceRef,
  schedulerServiceRef,
  sourceClientRef,
  subfolderUsersRef,
  videoLinkProvidersRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/core/plugin-api';
import {
  ChannelEntity,
  ChannelVideoEntity,
  ChannelVideoWatchEntity,
  SubscriptionImportEntity,
  SubscriptionImportItemEntity,
} from './entities.js';
import { ChannelsOptions } from './options.js';
import { channelRoutes } from './routes/channel-routes.js';
import { downloadRoutes } from './routes/download-routes.js';
import { errorStatuses } from './routes/errors.js';
import { importRoutes } from './routes/import-routes.js';
import { legacyPaths } from './routes/legacy-paths.js';
import { searchRoutes } from './routes/search-routes.js';
import { settingsRoutes } from './routes/settings-routes.js';
import { sourceApiRoutes } from './routes/source-api-routes.js';
import { tabRoutes } from './routes/tab-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { ChannelArtworkService } from './services/channel-artwork.js';
import { ChannelDirectoryService } from './services/channel-directory.js';
import { ChannelRetentionService } from './services/retention-settings.js';
import { resyncLibraryFlags, subscribeLibraryChanges } from './subscribers/library-changes.js';
import { registerTasks } from './tasks.js';
import { wireChannels } from './wiring.js';

export { ChannelsOptions };

export default definePlugin({
  id: 'channels',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Channel subscriptions: tabs, listings, settings, download-all and automatic downloads',
  dependsOn: ['downloader'],
  optionalDependsOn: ['scheduler'],
  consumes: [downloaderServiceRef, sourceClientRef],
  optionalConsumes: [schedulerServiceRef, watchStatusServiceRef],
  options: ChannelsOptions,
  config: ChannelsConfigSection,
  entities: [
    ChannelEntity,
    ChannelVideoEntity,
    ChannelVideoWatchEntity,
    SubscriptionImportEntity,
    SubscriptionImportItemEntity,
  ],
  register(ctx) {
    const wired = wireChannels(ctx);
    const { store, videos, automation, settings, previews, importer, shutdown, scheduler, deps } = wired;
    subscribeLibraryChanges(ctx.events, wired);
    ctx.onReady(() => resyncLibraryFlags(wired, ctx.logger));
    ctx.provide(channelSettingsProviderRef, settings);
    ctx.provide(channelDirectoryRef, new ChannelDirectoryService(store, ctx.logger));
    ctx.provide(channelRetentionRef, new ChannelRetentionService(store));
    // The subfolder registry (`GET /api/subfolders`) counts the subscribed channels filed in each.
    ctx.contribute(subfolderUsersRef, 'channels', {
      field: 'channels',
      kind: 'count',
      describe: (n) => `${n} subscribed channel${n === 1 ? '' : 's'}`,
      usage: async () => countSubfolders((await store.enabled()).map((r) => r.subFolder)),
    });
    ctx.provide(
      channelArtworkRef,
      new ChannelArtworkService({ store, imagesDir: ctx.env.paths.imagesDir, logger: ctx.logger }),
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
    if (scheduler) registerTasks(scheduler, automation);

    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      for (const routes of [
        searchRoutes,
        legacyPaths,
        channelRoutes,
        tabRoutes,
        settingsRoutes,
        videoRoutes,
        downloadRoutes,
        sourceApiRoutes,
        importRoutes,
      ])
        await app.register(routes, deps);
    });
    // Cookies a crashed import preview left in CONFIG_DIR are removed.
    ctx.onReady(() => previews.removeLeftovers());
    ctx.onClose(async () => {
      shutdown.abort();
      await importer.stop();
    });
  },
});
