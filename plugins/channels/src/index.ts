import {
  channelArtworkRef,
  channelDirectoryRef,
  channelRetentionRef,
  channelSettingsProviderRef,
  ChannelsConfigSection,
  countSubfolders,
  downloaderServiceRef,
  liveHubRef,
  schedulerServiceRef,
  sourceClientRef,
  subfolderUsersRef,
  Type,
  videoLinkProvidersRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin, keepWatchCopy, mapDomainErrors } from '@vidkeep/core/plugin-api';
import {
  ChannelEntity,
  ChannelVideoEntity,
  ChannelVideoWatchEntity,
  SubscriptionImportEntity,
  SubscriptionImportItemEntity,
} from './entities.js';
import { channelRoutes } from './routes/channel-routes.js';
import type { ChannelRouteDeps } from './routes/deps.js';
import { downloadRoutes } from './routes/download-routes.js';
import { errorStatuses } from './routes/errors.js';
import { importRoutes } from './routes/import-routes.js';
import { sourceApiRoutes } from './routes/source-api-routes.js';
import { legacyPaths } from './routes/legacy-paths.js';
import { searchRoutes } from './routes/search-routes.js';
import { settingsRoutes } from './routes/settings-routes.js';
import { tabRoutes } from './routes/tab-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { ApiKeyTest } from './services/api-key-test.js';
import { ChannelArtworkService } from './services/channel-artwork.js';
import { ChannelDirectoryService } from './services/channel-directory.js';
import { ImportStore } from './services/import/import-store.js';
import { SubscriptionImporter } from './services/import/importer.js';
import { ImportPreviews } from './services/import/previews.js';
import { ChannelAutomation } from './services/automation.js';
import { ChannelList } from './services/channel-list.js';
import { ChannelSettingsService } from './services/channel-settings.js';
import { ChannelStore } from './services/channel-store.js';
import { DataApiClient } from './services/data-api.js';
import { DownloadAll } from './services/download-all.js';
import { TabFetcher } from './services/fetcher.js';
import { ChannelListings } from './services/listings.js';
import { ChannelRetentionService } from './services/retention-settings.js';
import { ChannelPlatform } from './services/platform.js';
import { ChannelSearch } from './services/search.js';
import { ChannelSubscriptions } from './services/subscriptions.js';
import { SweepStarter } from './services/sweep-starter.js';
import { ChannelTabs } from './services/tabs.js';
import { VideoIgnores } from './services/video-ignores.js';
import { ChannelVideoStore } from './services/video-store.js';

export const ChannelsOptions = Type.Object(
  {
    searchTimeoutSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 60,
      description: 'Channel searches give up (504) after this long',
    }),
    importPreviewTimeoutSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 60,
      description: "A subscription import's cookie preview gives up (504) after this long",
    }),
  },
  { additionalProperties: false },
);

const AUTO_DOWNLOAD_TASK = 'channels.auto-download';
const TAB_COUNTS_TASK = 'channels.tab-counts';
const DEFAULT_DATA_API = 'https://www.googleapis.com/youtube/v3';

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
    const config = () => ctx.config.get();
    const downloaderService = ctx.resolve(downloaderServiceRef);
    const downloader = () => downloaderService;
    const sourceClient = ctx.resolve(sourceClientRef);
    const hub = ctx.tryResolve(liveHubRef) ?? null;
    const shutdown = new AbortController();
    const store = new ChannelStore(ctx.orm);
    // The listings' copy of the watched state; a change forgets the remembered pages.
    const watchCopy = keepWatchCopy(ctx, { entity: ChannelVideoWatchEntity, onChange: () => videos.watchChanged() });
    const videos = new ChannelVideoStore(ctx.orm, watchCopy);
    const platform = new ChannelPlatform(() => sourceClient);
    const api = new DataApiClient(
      ctx.env.variables.VIDKEEP_SOURCE_API_URL || DEFAULT_DATA_API,
      () => config().sourceApiKey,
    );
    const fetcher = new TabFetcher({
      store,
      videos,
      platform,
      downloader,
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
      downloader,
      config,
      logger: ctx.logger,
      outputDir: ctx.env.paths.outputDir,
      events: ctx.events,
    });
    const settings = new ChannelSettingsService({
      store,
      videos,
      downloader,
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

    // Downloads keep the listing cache current: downloaded (exact date), deleted, and .m3u files.
    const m3uPending = new Set<string>();
    // Once recorded, the channel pages showing these videos are told to count again (a bulk
    // deletion: at most four messages a second per channel).
    const changed = (channelIds: readonly string[], reason: 'downloaded' | 'removed') => {
      for (const channelId of channelIds)
        hub?.broadcast({ type: 'channelUpdated', channelId, reason }, { coalesceKey: `channelUpdated:${channelId}` });
    };
    ctx.events.subscribe('downloader.video.downloaded', async (e) => {
      changed(
        await videos.markDownloaded(
          e.sourceId,
          e.publishedAt ? new Date(e.publishedAt) : null,
          new Date(e.downloadedAt),
        ),
        'downloaded',
      );
      if (e.channelId) m3uPending.add(e.channelId);
    });
    ctx.events.subscribe('downloader.video.removed', async (e) => {
      changed(await videos.markRemoved(e.sourceId), 'removed');
    });
    // The library's protected and missing flags, copied for the listings' filters.
    ctx.events.subscribe('downloader.videos.changed', async ({ sourceIds }) => {
      const known = await downloaderService.libraryVideos(sourceIds);
      const seen = new Set(known.map((v) => v.sourceId));
      await videos.setLibraryFlags(
        known.map((v) => ({ sourceId: v.sourceId, protected: v.protected, missing: v.missing })),
        sourceIds.filter((id) => !seen.has(id)),
      );
    });
    ctx.onReady(() => {
      // In the background: the first answer never waits for it.
      void downloaderService
        .flaggedVideos()
        .then((flagged) => videos.syncLibraryFlags(flagged))
        .then((n) => n > 0 && ctx.logger.info({ videos: n }, 'Library flags of channel videos brought up to date'))
        .catch((err: unknown) => ctx.logger.warn({ err }, 'Copying the library flags of channel videos failed'));
    });
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
    ctx.events.subscribe('downloader.job.finished', async () => {
      const ids = [...m3uPending];
      m3uPending.clear();
      for (const id of ids) {
        const row = await store.byChannelId(id);
        if (row?.m3uEnabled) await automation.writeM3u(row);
      }
    });

    const scheduler = ctx.tryResolve(schedulerServiceRef);
    scheduler?.register({
      key: AUTO_DOWNLOAD_TASK,
      title: 'Automatic channel downloads',
      description:
        "Looks at the newest videos of every enabled tab of subscribed channels and queues the new ones that match the channel's title filter.",
      defaultSchedule: '0 * * * *',
      run: (run) => automation.sweep(run.signal),
    });
    scheduler?.register({
      key: TAB_COUNTS_TASK,
      title: 'Refresh channel tab counts',
      description:
        'Looks up how many public videos each tab has on the platform: every channel daily with a Data API key, otherwise a capped batch of channels not looked up in three days.',
      defaultSchedule: '30 5 * * *',
      run: (run) => automation.refreshAllCounts(run.signal),
    });

    const subscriptions = new ChannelSubscriptions({ store, platform, tabs, settings, downloader });
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
      listings: new ChannelListings({ store, videos, fetcher, downloader }),
      fetcher,
      ignores: new VideoIgnores({ store, videos }),
      downloadAll: new DownloadAll({
        store,
        videos,
        downloader,
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
    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      await app.register(searchRoutes, deps);
      await app.register(legacyPaths, deps);
      await app.register(channelRoutes, deps);
      await app.register(tabRoutes, deps);
      await app.register(settingsRoutes, deps);
      await app.register(videoRoutes, deps);
      await app.register(downloadRoutes, deps);
      await app.register(sourceApiRoutes, deps);
      await app.register(importRoutes, deps);
    });
    // Cookies a crashed import preview left in CONFIG_DIR are removed.
    ctx.onReady(() => previews.removeLeftovers());
    ctx.onClose(async () => {
      shutdown.abort();
      await importer.stop();
    });
  },
});
