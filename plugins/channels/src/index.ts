import {
  ChannelsConfigSection,
  downloadQueueServiceRef,
  libraryServiceRef,
  schedulerServiceRef,
  sourceClientRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/plugin-kit';
import {
  ChannelEntity,
  ChannelVideoEntity,
  ChannelVideoWatchEntity,
  SubscriptionImportEntity,
  SubscriptionImportItemEntity,
} from './entities.js';
import { offerServices } from './contributions.js';
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
import { subscribeLibraryChanges } from './subscribers/library-changes.js';
import { registerTasks } from './tasks.js';
import { wireChannels } from './wiring.js';

export { ChannelsOptions };

export default definePlugin({
  id: 'channels',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Channel subscriptions: tabs, listings, settings, download-all and automatic downloads',
  dependsOn: ['downloader', 'library'],
  optionalDependsOn: ['scheduler'],
  consumes: [downloadQueueServiceRef, libraryServiceRef, sourceClientRef],
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
    const { automation, previews, importer, shutdown, scheduler, deps } = wired;
    subscribeLibraryChanges(ctx.events, wired);
    offerServices(ctx, wired);
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
