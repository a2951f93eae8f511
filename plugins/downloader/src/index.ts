import {
  channelArtworkProvidersRef,
  downloadActivityProvidersRef,
  downloaderServiceRef,
  downloadQueueServiceRef,
  DownloaderConfigSection,
  folderSettingsProvidersRef,
  libraryServiceRef,
  mediaToolsProvidersRef,
  schedulerServiceRef,
  sourceClientRef,
  videoSearchProvidersRef,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/plugin-kit';
import { DownloaderJobEntity, DownloaderJobVideoEntity } from './entities.js';
import { probeToolsSoon, registerToolHealth } from './health.js';
import { DownloaderOptions } from './options.js';
import { downloadRoutes } from './routes/download-routes.js';
import { filenameRoutes } from './routes/filename-routes.js';
import { jobRoutes } from './routes/job-routes.js';
import { queueRoutes } from './routes/queue-routes.js';
import { lookupRoutes } from './routes/lookup-routes.js';
import { toolSettingsRoutes } from './routes/tool-settings-routes.js';
import { updateRoutes } from './routes/update-routes.js';
import { customArgsProblem } from './services/args-check.js';
import { legacyDownloaderService } from './services/downloader-service.js';
import { registerUpdateTask } from './tasks.js';
import { wireDownloader } from './wiring.js';
import { processSupervisor } from './ytdlp/supervisor.js';

export { DownloaderOptions };

export default definePlugin({
  id: 'downloader',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Downloads with yt-dlp and ffmpeg: persistent job queue, the yt-dlp runner, tools and updates',
  // Finished downloads are recorded in the library; the library learns of downloads through its
  // own extension points, so it depends on nobody.
  dependsOn: ['library'],
  optionalDependsOn: ['scheduler'],
  // Its own extension points: the channels plugin contributes folder settings, pictures and
  // its Data API video search.
  consumes: [libraryServiceRef, folderSettingsProvidersRef, channelArtworkProvidersRef, videoSearchProvidersRef],
  optionalConsumes: [schedulerServiceRef],
  config: DownloaderConfigSection,
  options: DownloaderOptions,
  entities: [DownloaderJobEntity, DownloaderJobVideoEntity],
  register(ctx) {
    // No yt-dlp or ffmpeg outlives the service; the supervisor reports its own troubles here.
    processSupervisor.useLogger(ctx.logger);
    const wired = wireDownloader(ctx);
    const { service, queue, library, routeDeps } = wired;
    ctx.provide(downloadQueueServiceRef, service);
    ctx.provide(downloaderServiceRef, legacyDownloaderService(service, library));
    ctx.provide(sourceClientRef, wired.sourceClient);
    ctx.contribute(downloadActivityProvidersRef, 'downloader', service);
    ctx.contribute(mediaToolsProvidersRef, 'downloader', wired.mediaTools);

    // A deletion may end a pause for storage: the queue checks again at once.
    ctx.events.subscribe('downloader.video.removed', () => queue.storageFreed());
    // A prefix or custom arguments yt-dlp rejects never reach a download: saving runs the checks
    // a job start and the preview run.
    ctx.config.check('videoFilenamePrefix', (prefix) => routeDeps.filenames.problem(prefix));
    ctx.config.check('ytdlpCustomArgs', customArgsProblem);
    ctx.routes(async (app) => {
      mapDomainErrors(app, {});
      for (const routes of [
        updateRoutes,
        downloadRoutes,
        jobRoutes,
        queueRoutes,
        lookupRoutes,
        toolSettingsRoutes,
        filenameRoutes,
      ]) {
        await app.register(routes, routeDeps);
      }
    });
    const scheduler = ctx.tryResolve(schedulerServiceRef);
    if (scheduler) registerUpdateTask(scheduler, ctx, wired);
    registerToolHealth(ctx, wired);

    let cancelProbe = () => {};
    ctx.onReady(async () => {
      cancelProbe = probeToolsSoon(ctx, wired);
      await queue.start();
    });
    ctx.onClose(() => {
      cancelProbe();
      return queue.stop();
    });
  },
});
