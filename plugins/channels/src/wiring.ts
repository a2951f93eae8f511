import {
  downloadQueueServiceRef,
  libraryServiceRef,
  liveHubRef,
  schedulerServiceRef,
  sourceClientRef,
  type ChannelsConfigSection,
  type Static,
} from '@vidkeep/contracts';
import { type PluginContext } from '@vidkeep/plugin-kit';
import { keepReadModel, keepWatchCopy, libraryState } from '@vidkeep/read-models';
import { ChannelVideoWatchEntity } from './entities.js';
import type { ChannelsOptions } from './options.js';
import type { ChannelRouteDeps } from './routes/deps.js';
import { ApiKeyTest } from './services/api-key-test.js';
import { ChannelAutomation } from './services/automation.js';
import { ChannelList } from './services/channel-list.js';
import { ChannelLibraryCopy } from './services/library-copy.js';
import { ChannelSettingsService } from './services/channel-settings.js';
import { ChannelStore } from './services/channel-store.js';
import { DataApiClient } from './services/data-api.js';
import { DownloadAll } from './services/download-all.js';
import { TabFetcher } from './services/fetcher.js';
import { ImportStore } from './services/import/import-store.js';
import { SubscriptionImporter } from './services/import/importer.js';
import { ImportPreviews } from './services/import/previews.js';
import { ChannelListings } from './services/listings.js';
import { ChannelPlatform } from './services/platform.js';
import { ChannelSearch } from './services/search.js';
import { ChannelSubscriptions } from './services/subscriptions.js';
import { SweepStarter } from './services/sweep-starter.js';
import { ChannelTabs } from './services/tabs.js';
import { VideoIgnores } from './services/video-ignores.js';
import { ChannelVideoStore } from './services/video-store.js';

export const AUTO_DOWNLOAD_TASK = 'channels.auto-download';
const DEFAULT_DATA_API = 'https://www.googleapis.com/youtube/v3';

export type ChannelsContext = PluginContext<Static<typeof ChannelsOptions>, ChannelsConfigSection>;

/** Builds the channels plugin's services in dependency order, and the routes' dependencies. */
export function wireChannels(ctx: ChannelsContext) {
  const config = () => ctx.config.get();
  const downloadQueue = ctx.resolve(downloadQueueServiceRef);
  const libraryService = ctx.resolve(libraryServiceRef);
  const downloads = () => downloadQueue;
  const library = () => libraryService;
  const sourceClient = ctx.resolve(sourceClientRef);
  const hub = ctx.tryResolve(liveHubRef) ?? null;
  const shutdown = new AbortController();
  const store = new ChannelStore(ctx.orm);
  // The listings' copy of the watched state; a change forgets the remembered pages.
  const watchCopy = keepWatchCopy(ctx, { entity: ChannelVideoWatchEntity, onChange: () => videos.watchChanged() });
  const videos = new ChannelVideoStore(ctx.orm, watchCopy);
  // The listings' copy of the library state; once recorded, the channel pages showing these
  // videos are told to count again (a bulk deletion: at most four messages a second per channel).
  const libraryCopy = keepReadModel(
    ctx,
    libraryState,
    new ChannelLibraryCopy(ctx.orm, (channels) => {
      videos.rowsChanged(channels.keys());
      for (const [channelId, reason] of channels)
        if (reason)
          hub?.broadcast({ type: 'channelUpdated', channelId, reason }, { coalesceKey: `channelUpdated:${channelId}` });
    }),
  );
  const platform = new ChannelPlatform(() => sourceClient);
  const api = new DataApiClient(
    ctx.env.variables.VIDKEEP_SOURCE_API_URL || DEFAULT_DATA_API,
    () => config().sourceApiKey,
  );
  const fetcher = new TabFetcher({
    store,
    videos,
    platform,
    downloads,
    libraryState: libraryCopy,
    hub,
    logger: ctx.logger,
    signal: shutdown.signal,
    sleepRequests: () => ctx.config.read('sleepRequests') ?? 0,
  });
  const automation = new ChannelAutomation({
    store,
    videos,
    platform,
    fetcher,
    api,
    downloads,
    library,
    config,
    logger: ctx.logger,
    outputDir: ctx.env.paths.outputDir,
    events: ctx.events,
  });
  const settings = new ChannelSettingsService({
    store,
    videos,
    downloads,
    library,
    defaultSubfolder: () => ctx.config.read('defaultSubfolder'),
    writeM3u: (row) => automation.writeM3u(row),
  });
  const tabs = new ChannelTabs({
    store,
    videos,
    platform,
    logger: ctx.logger,
    refreshTabCounts: async (row) => {
      await automation.refreshCounts(row, shutdown.signal);
    },
  });
  const search = new ChannelSearch({
    api,
    platform,
    store,
    logger: ctx.logger,
    timeoutMs: ctx.options.searchTimeoutSeconds * 1000,
  });
  const scheduler = ctx.tryResolve(schedulerServiceRef);
  const subscriptions = new ChannelSubscriptions({
    store,
    platform,
    tabs,
    settings,
    downloads,
    library,
    autoDownload: () => ({
      newest: config().channelFilesToDownload,
      nextCheckAt: scheduler?.nextRunAt?.(AUTO_DOWNLOAD_TASK) ?? null,
    }),
  });
  const previews = new ImportPreviews({
    store,
    client: () => sourceClient,
    configDir: ctx.env.paths.configDir,
    timeoutMs: ctx.options.importPreviewTimeoutSeconds * 1000,
  });
  const importer = new SubscriptionImporter({
    store: new ImportStore(ctx.orm),
    subscriptions,
    hub,
    logger: ctx.logger,
  });
  const deps: ChannelRouteDeps = {
    channels: new ChannelList(store),
    subscriptions,
    tabs,
    settings,
    listings: new ChannelListings({ store, videos, fetcher, downloads, library }),
    fetcher,
    ignores: new VideoIgnores({ store, videos }),
    downloadAll: new DownloadAll({
      store,
      videos,
      downloads,
      library,
      preferredResolution: () => ctx.config.read('preferredResolution') ?? '1080',
    }),
    sweep: new SweepStarter({
      scheduler: scheduler ?? null,
      taskKey: AUTO_DOWNLOAD_TASK,
      sweep: () => automation.sweep(),
    }),
    search,
    apiKeyTest: new ApiKeyTest(api, () => config().sourceApiKey),
    previews,
    importer,
  };
  return {
    store,
    videos,
    automation,
    settings,
    api,
    search,
    hub,
    libraryService,
    previews,
    importer,
    shutdown,
    scheduler,
    deps,
  };
}
