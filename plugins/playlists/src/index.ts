import {
  channelDirectoryRef,
  channelSettingsProviderRef,
  countSubfolders,
  downloaderServiceRef,
  liveHubRef,
  mediaServerProvidersRef,
  schedulerServiceRef,
  sourceClientRef,
  subfolderUsersRef,
  videoLinkProvidersRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin, keepWatchCopy } from '@vidkeep/core/plugin-api';
import { PlaylistEntity, PlaylistSyncStateEntity, PlaylistVideoEntity, PlaylistVideoWatchEntity } from './entities.js';
import { actionRoutes } from './routes/action-routes.js';
import { mediaServerRoutes } from './routes/media-server-routes.js';
import type { PlaylistRouteDeps } from './routes/deps.js';
import { playlistRoutes } from './routes/playlist-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { PlaylistFollowing } from './services/following.js';
import { PlaylistLister } from './services/lister.js';
import { PlaylistPlatform } from './services/platform.js';
import { PlaylistStore } from './services/playlist-store.js';
import { PlaylistVideos } from './services/playlist-videos.js';
import { PlaylistPublisher } from './services/publisher.js';
import { PlaylistQueue } from './services/queueing.js';
import { PlaylistSubscriptions } from './services/subscriptions.js';
import { PlaylistVideoStore } from './services/video-store.js';

const AUTO_DOWNLOAD_TASK = 'playlists.auto-download';
/** Per run and per playlist, as for channels (the reference shares `channelFilesToDownload`). */
const DEFAULT_LIMIT = 5;

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
  dependsOn: ['downloader'],
  optionalDependsOn: ['scheduler', 'channels'],
  consumes: [downloaderServiceRef, sourceClientRef, mediaServerProvidersRef],
  optionalConsumes: [schedulerServiceRef, channelSettingsProviderRef, channelDirectoryRef, watchStatusServiceRef],
  entities: [PlaylistEntity, PlaylistVideoEntity, PlaylistSyncStateEntity, PlaylistVideoWatchEntity],
  register(ctx) {
    const downloader = ctx.resolve(downloaderServiceRef);
    const sourceClient = ctx.resolve(sourceClientRef);
    const providers = ctx.resolveAll(mediaServerProvidersRef);
    const hub = ctx.tryResolve(liveHubRef) ?? null;
    const shutdown = new AbortController();
    const store = new PlaylistStore(ctx.orm);
    // The entries' copy of the watched state (pages are not remembered: nothing to forget).
    const videoStore = new PlaylistVideoStore(ctx.orm, keepWatchCopy(ctx, { entity: PlaylistVideoWatchEntity }));
    const platform = new PlaylistPlatform(() => sourceClient);
    const lister = new PlaylistLister({
      platform,
      store,
      videos: videoStore,
      downloader,
      hub,
      logger: ctx.logger,
      signal: shutdown.signal,
    });
    const publisher = new PlaylistPublisher({
      store,
      videos: videoStore,
      providers,
      outputDir: ctx.env.paths.outputDir,
      hub,
      logger: ctx.logger,
      signal: shutdown.signal,
      events: ctx.events,
    });
    // Channels may be switched off: then videos still go to their uploader's folder.
    const queue = new PlaylistQueue({
      downloader,
      channelSettings: ctx.tryResolve(channelSettingsProviderRef) ?? null,
      directory: ctx.tryResolve(channelDirectoryRef) ?? null,
    });
    const following = new PlaylistFollowing({
      store,
      videos: videoStore,
      lister,
      queue,
      downloader,
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
      downloader,
      hub,
    });
    const videos = new PlaylistVideos({ videos: videoStore, downloader, queue });

    // Spec 1.1: after every download (manual and channel downloads too) each followed playlist
    // holding the video rewrites its .m3u and syncs; a deletion drops it the same way.
    const republish = async (playlistRowIds: number[], reason: 'downloaded' | 'm3u') => {
      for (const id of playlistRowIds) {
        const row = await store.byRowId(id);
        if (!row?.enabled) continue;
        hub?.broadcast({ type: 'playlistUpdated', playlistId: row.playlistId, reason });
        void publisher.request(id, { m3u: true, sync: true });
      }
    };
    ctx.events.subscribe('downloader.video.downloaded', async (e) => {
      const files = { filePath: e.filePath, audioFilePath: e.audioFilePath };
      await republish(await videoStore.markDownloaded(e.sourceId, new Date(e.downloadedAt), files), 'downloaded');
    });
    ctx.events.subscribe('downloader.video.removed', async (e) => {
      await republish(await videoStore.markRemoved(e.sourceId), 'm3u');
    });
    // The file rescan found a video's files moved by hand: the .m3u files point at the new place.
    ctx.events.subscribe('downloader.video.relocated', async (e) => {
      const files = { filePath: e.filePath, audioFilePath: e.audioFilePath };
      await republish(await videoStore.relocate(e.sourceId, files), 'm3u');
    });
    // The subfolder registry (`GET /api/subfolders`) counts the followed playlists that download into each.
    ctx.contribute(subfolderUsersRef, 'playlists', {
      field: 'playlists',
      kind: 'count',
      describe: (n) => `${n} followed playlist${n === 1 ? '' : 's'}`,
      usage: async () => countSubfolders((await store.enabled()).map((r) => r.defaultSubFolder)),
    });
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
    // A channel's folder moved: every playlist holding one of its videos rewrites its .m3u with
    // the new paths and publishes again (media servers find the files at their new place).
    ctx.events.subscribe('downloader.videos.moved', async (e) => {
      // Where each file was: its folder's old place with the same path below it.
      const before = (path: string | null) => {
        const f = path ? e.folders.find((m) => path.startsWith(`${m.to}/`)) : undefined;
        return f && path ? [{ from: `${f.from}${path.slice(f.to.length)}`, to: path }] : [];
      };
      publisher.noteMoved(e.videos.flatMap((v) => [...before(v.filePath), ...before(v.audioFilePath)]));
      const holding = new Set<number>();
      for (const v of e.videos)
        for (const id of await videoStore.relocate(v.sourceId, {
          filePath: v.filePath,
          audioFilePath: v.audioFilePath,
        }))
          holding.add(id);
      await republish([...holding], 'downloaded');
    });

    ctx.tryResolve(schedulerServiceRef)?.register({
      key: AUTO_DOWNLOAD_TASK,
      title: 'Automatic playlist downloads',
      description:
        'Lists every followed playlist with automatic downloads on and queues the entries added since its starting point, then selected and earlier failed ones.',
      defaultSchedule: '15 * * * *',
      run: (run) => following.sweep(run.signal),
    });

    const deps: PlaylistRouteDeps = {
      subscriptions,
      videos,
      following,
      lister,
      publisher,
      servers: () =>
        providers
          .entries()
          .map((e) => ({ kind: e.key, label: e.provider.label, connected: e.provider.isConfigured() })),
    };
    ctx.routes(async (app) => {
      await app.register(playlistRoutes, deps);
      await app.register(videoRoutes, deps);
      await app.register(actionRoutes, deps);
      await app.register(mediaServerRoutes, deps);
    });
    ctx.onClose(async () => {
      shutdown.abort();
      await publisher.idle();
    });
  },
});
