import {
  channelArtworkProvidersRef,
  channelDirectoriesRef,
  downloadActivityProvidersRef,
  libraryServiceRef,
  mediaToolsProvidersRef,
  schedulerServiceRef,
  subfolderUsersRef,
  videoLinkProvidersRef,
  watchedLibrariesRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/plugin-kit';
import {
  LibraryFileScanEntity,
  LibrarySubfolderEntity,
  LibraryVideoEntity,
  LibraryVideoWatchEntity,
} from './entities.js';
import { fileRoutes } from './routes/file-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { wireLibrary } from './wiring.js';

export default definePlugin({
  id: 'library',
  version: '1.0.0',
  core: '^1.0.0',
  description:
    'The library of downloaded videos: records, files, ratings, protection, safe deletion, rescan, import and subfolders',
  optionalDependsOn: ['scheduler'],
  // Its own extension points: the downloader says what is downloading and lends its media tools;
  // channels and playlists say where a video appears and give channel pictures and the directory.
  consumes: [
    downloadActivityProvidersRef,
    mediaToolsProvidersRef,
    videoLinkProvidersRef,
    channelArtworkProvidersRef,
    channelDirectoriesRef,
  ],
  optionalConsumes: [schedulerServiceRef, watchStatusServiceRef, subfolderUsersRef],
  entities: [LibraryVideoEntity, LibrarySubfolderEntity, LibraryVideoWatchEntity, LibraryFileScanEntity],
  register(ctx) {
    const { service, library, pages, posters, scans, rescan, importer, subfolders } = wireLibrary(ctx);
    ctx.provide(libraryServiceRef, service);
    // The files the watch-status plugin matches against what the media servers report.
    ctx.contribute(watchedLibrariesRef, 'library', { presentVideos: () => service.presentVideos() });

    ctx.events.subscribe('core.config.updated', async ({ changedKeys }) => {
      if (changedKeys.includes('writeChannelPosters') && ctx.config.read('writeChannelPosters'))
        await posters.backfill();
    });

    // Weekly by default: a rescan where nothing changed only reads folders (about 1 s for
    // 20,000 videos, docs/library.md); users may make it daily or switch it off.
    ctx.tryResolve(schedulerServiceRef)?.register({
      key: 'library.rescan-files',
      formerKeys: ['downloader.rescan-files'],
      title: 'Rescan files',
      description:
        'Compares the library with the output directory: marks videos whose files were deleted by hand as missing, finds moved files by their id, refreshes sizes and measures unknown resolutions. Never deletes anything.',
      defaultSchedule: '30 3 * * 0',
      run: (run) => rescan.scheduled(run.trigger),
    });

    ctx.routes(async (app) => {
      mapDomainErrors(app, {});
      await app.register(videoRoutes, { library, pages });
      await app.register(fileRoutes, { scans, rescan, importer, subfolders });
    });
    // A problem here (a database an older version left) must not stop the start.
    ctx.onReady(() =>
      scans.recover().catch((err: unknown) => ctx.logger.warn({ err }, 'Could not check for interrupted file scans')),
    );
    ctx.onClose(() => scans.stop());
  },
});
