import {
  channelDirectoryRef,
  channelSettingsProviderRef,
  downloadQueueServiceRef,
  libraryServiceRef,
  liveHubRef,
  mediaServerProvidersRef,
  sourceClientRef,
  type LiveHub,
  type MediaServerProvider,
  type PluginLogger,
  type ProviderSet,
} from '@vidkeep/contracts';
import { type PluginContext } from '@vidkeep/plugin-kit';
import { keepReadModel, keepWatchCopy, libraryState } from '@vidkeep/read-models';
import { PlaylistVideoWatchEntity } from './entities.js';
import type { PlaylistRouteDeps } from './routes/deps.js';
import { PlaylistFollowing } from './services/following.js';
import { PlaylistLibraryCopy } from './services/library-copy.js';
import { PlaylistLister } from './services/lister.js';
import { PlaylistPlatform } from './services/platform.js';
import { PlaylistStore } from './services/playlist-store.js';
import { PlaylistVideos } from './services/playlist-videos.js';
import { PlaylistPublisher } from './services/publisher.js';
import { PlaylistQueue } from './services/queueing.js';
import { PlaylistSubscriptions } from './services/subscriptions.js';
import { PlaylistVideoStore } from './services/video-store.js';

/** Per run and per playlist, as for channels (the reference shares `channelFilesToDownload`). */
const DEFAULT_LIMIT = 5;

/** The playlists plugin's objects, each built once with what it needs. */
export interface PlaylistsWiring {
  store: PlaylistStore;
  videoStore: PlaylistVideoStore;
  publisher: PlaylistPublisher;
  following: PlaylistFollowing;
  hub: LiveHub | null;
  routes: PlaylistRouteDeps;
  shutdown: AbortController;
  /** The media servers the plugins contribute (a live set). */
  providers: ProviderSet<MediaServerProvider>;
  logger: PluginLogger;
}

/** Builds the plugin's services in dependency order (nothing refers to an object before it exists). */
export function wirePlaylists(ctx: PluginContext): PlaylistsWiring {
  const downloads = ctx.resolve(downloadQueueServiceRef);
  const library = ctx.resolve(libraryServiceRef);
  const sourceClient = ctx.resolve(sourceClientRef);
  const providers = ctx.resolveAll(mediaServerProvidersRef);
  const hub = ctx.tryResolve(liveHubRef) ?? null;
  const shutdown = new AbortController();
  const store = new PlaylistStore(ctx.orm);
  // The entries' copy of the watched state (pages are not remembered: nothing to forget).
  const videoStore = new PlaylistVideoStore(ctx.orm, keepWatchCopy(ctx, { entity: PlaylistVideoWatchEntity }));
  const platform = new PlaylistPlatform(() => sourceClient);
  const common = { store, videos: videoStore, hub, logger: ctx.logger, signal: shutdown.signal };
  const publisher = new PlaylistPublisher({
    ...common,
    providers,
    outputDir: ctx.env.paths.outputDir,
    events: ctx.events,
  });
  // The entries' copy of the library state. Spec 1.1: after every download (manual and channel
  // downloads too) each followed playlist holding the video rewrites its `.m3u` and syncs; a
  // deletion drops it the same way, and files that moved are pointed at anew.
  const libraryCopy = keepReadModel(
    ctx,
    libraryState,
    new PlaylistLibraryCopy(ctx.orm, async (playlists) => {
      for (const [id, reason] of playlists) {
        const row = await store.byRowId(id);
        if (!row?.enabled) continue;
        hub?.broadcast({ type: 'playlistUpdated', playlistId: row.playlistId, reason });
        void publisher.request(id, { m3u: true, sync: true });
      }
    }),
  );
  const lister = new PlaylistLister({ ...common, platform, downloads, libraryState: libraryCopy });
  // Channels may be switched off: then videos still go to their uploader's folder.
  const queue = new PlaylistQueue({
    downloads,
    library,
    channelSettings: ctx.tryResolve(channelSettingsProviderRef) ?? null,
    directory: ctx.tryResolve(channelDirectoryRef) ?? null,
  });
  const following = new PlaylistFollowing({
    store,
    videos: videoStore,
    lister,
    queue,
    downloads,
    library,
    limit: () => ctx.config.read('channelFilesToDownload') ?? DEFAULT_LIMIT,
    logger: ctx.logger,
    events: ctx.events,
  });
  const subscriptions = new PlaylistSubscriptions({
    store,
    videos: videoStore,
    platform,
    lister,
    following,
    publisher,
    providers,
    downloads,
    library,
    hub,
  });
  const routes: PlaylistRouteDeps = {
    subscriptions,
    videos: new PlaylistVideos({ videos: videoStore, downloads, library, queue }),
    following,
    lister,
    publisher,
    servers: () =>
      providers.entries().map((e) => ({ kind: e.key, label: e.provider.label, connected: e.provider.isConfigured() })),
  };
  return { store, videoStore, publisher, following, hub, routes, shutdown, providers, logger: ctx.logger };
}
