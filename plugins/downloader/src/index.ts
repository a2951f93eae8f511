import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  channelArtworkRef,
  channelSettingsProviderRef,
  downloaderServiceRef,
  DownloaderConfigSection,
  liveHubRef,
  schedulerServiceRef,
  sourceClientRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin, keepWatchCopy, MANAGED_TEMP_PATH, mapDomainErrors, workerFile } from '@vidkeep/core/plugin-api';
import {
  DownloaderJobEntity,
  DownloaderJobVideoEntity,
  DownloaderSubfolderEntity,
  DownloaderVideoEntity,
  DownloaderVideoWatchEntity,
} from './entities.js';
import type { DownloaderRouteDeps } from './routes/deps.js';
import { downloadRoutes } from './routes/download-routes.js';
import { errorStatuses } from './routes/errors.js';
import { filenameRoutes } from './routes/filename-routes.js';
import { jobRoutes } from './routes/job-routes.js';
import { updateRoutes } from './routes/update-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { ActivityTracker } from './services/activity.js';
import { LocalDownloaderService } from './services/downloader-service.js';
import { JobStore } from './services/job-store.js';
import { JobUpdates } from './services/job-updates.js';
import { JobService } from './services/jobs.js';
import { VideoLibrary } from './services/library.js';
import { ManualDownloads } from './services/manual-downloads.js';
import { MetadataService } from './services/metadata.js';
import { FilenamePreviewer } from './services/filename-preview.js';
import { ChannelFolderMover } from './services/channel-move.js';
import { ChannelPosters } from './services/posters.js';
import { DownloadQueue } from './services/queue.js';
import { YtDlpSourceClient } from './services/source-client.js';
import { StorageGuard } from './services/storage.js';
import { ToolLocator } from './services/tools.js';
import { VideoStore } from './services/video-store.js';
import { YtDlpUpdater } from './services/ytdlp-updater.js';
import { processSupervisor } from './ytdlp/supervisor.js';

export default definePlugin({
  id: 'downloader',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Downloads with yt-dlp and ffmpeg: persistent job queue, files, live activity',
  optionalDependsOn: ['scheduler'],
  // The watch-status plugin depends on this one, so its service is resolved only when used.
  optionalConsumes: [schedulerServiceRef, channelSettingsProviderRef, channelArtworkRef, watchStatusServiceRef],
  config: DownloaderConfigSection,
  entities: [
    DownloaderJobEntity,
    DownloaderJobVideoEntity,
    DownloaderVideoEntity,
    DownloaderSubfolderEntity,
    DownloaderVideoWatchEntity,
  ],
  register(ctx) {
    const { env } = ctx;
    // No yt-dlp or ffmpeg outlives the service; the supervisor reports its own troubles here.
    processSupervisor.useLogger(ctx.logger);
    if (env.platformManaged) {
      // Spec 1.2: the managed platform forces staging on, at runtime only (never saved).
      ctx.config.setOverride('useTmpForDownloads', true);
      ctx.config.setOverride('tmpFilePath', MANAGED_TEMP_PATH);
    }
    const config = () => ctx.config.get();
    const tools = new ToolLocator(() => {
      const c = config();
      return { ytdlp: c.ytdlpPath || env.variables.YTDLP_PATH || '', ffmpeg: c.ffmpegPath, ffprobe: c.ffprobePath };
    });
    const paths = {
      outputDir: env.paths.outputDir,
      get stagingBase() {
        const c = config();
        // Default staging sits inside the output directory (hidden), so the final move is a rename.
        return c.useTmpForDownloads ? c.tmpFilePath : join(env.paths.outputDir, '.vidkeep-staging');
      },
      infoDir: join(env.paths.jobsDir, 'info'),
      imagesDir: env.paths.imagesDir,
      cookiesFile: join(env.paths.configDir, 'cookies.user.txt'),
      archiveFile: join(env.paths.configDir, 'complete.list'),
    };
    const hub = ctx.tryResolve(liveHubRef);
    const store = new JobStore(ctx.orm);
    // The library's copy of the watched state; a change forgets the remembered totals.
    const watchCopy = keepWatchCopy(ctx, {
      entity: DownloaderVideoWatchEntity,
      onChange: () => videoStore.watchChanged(),
    });
    const videoStore = new VideoStore(ctx.orm, watchCopy);
    const activity = new ActivityTracker(hub);
    const storage = new StorageGuard(env.paths.outputDir, config, videoStore);
    const childEnv: NodeJS.ProcessEnv = { ...env.variables };
    const cookiesFile = async (): Promise<string | null> => {
      if (!config().cookiesEnabled) return null;
      return access(paths.cookiesFile, constants.R_OK).then(
        () => paths.cookiesFile,
        () => null,
      );
    };
    const metadata = new MetadataService(tools, config, cookiesFile, childEnv);
    const jobUpdates = new JobUpdates(hub, (jobId) => queue.summary(jobId));
    const queue: DownloadQueue = new DownloadQueue(
      {
        config,
        store,
        videos: videoStore,
        tools,
        activity,
        hub,
        events: ctx.events,
        logger: ctx.logger,
        storage,
        channelSettings: () => ctx.tryResolve(channelSettingsProviderRef),
        channelArtwork: () => ctx.tryResolve(channelArtworkRef),
        env: childEnv,
        paths,
        metadata,
        onJobChanged: (jobId) => jobUpdates.jobChanged(jobId),
      },
      activity,
      store,
    );
    const library = new VideoLibrary({
      videos: videoStore,
      activity,
      events: ctx.events,
      outputDir: env.paths.outputDir,
      imagesDir: env.paths.imagesDir,
      legacyImagesDir: env.paths.legacyImagesDir,
      onSpaceFreed: () => queue.storageFreed(),
    });
    const service: LocalDownloaderService = new LocalDownloaderService({
      queue,
      store,
      videos: videoStore,
      activity,
      storage,
      library,
      metadata,
      mover: new ChannelFolderMover({
        videos: videoStore,
        outputDir: env.paths.outputDir,
        busy: (channelId) => service.hasActiveDownloadsForChannel(channelId),
        exclusive: (work) => queue.whileNothingQueues(work),
        events: ctx.events,
        logger: ctx.logger,
      }),
    });
    ctx.provide(downloaderServiceRef, service);
    ctx.provide(sourceClientRef, new YtDlpSourceClient(tools, config, cookiesFile, childEnv));

    // Switching channel posters on gives the folders downloaded before their poster too.
    const posters = new ChannelPosters({
      videos: videoStore,
      outputDir: env.paths.outputDir,
      artwork: () => ctx.tryResolve(channelArtworkRef),
      logger: ctx.logger,
    });
    ctx.events.subscribe('core.config.updated', async ({ changedKeys }) => {
      if (changedKeys.includes('writeChannelPosters') && config().writeChannelPosters) await posters.backfill();
    });

    // A prefix yt-dlp rejects never reaches a download: the save runs the same dry run as the preview.
    const filenames = new FilenamePreviewer({ tools, env: childEnv, jobsDir: env.paths.jobsDir });
    ctx.config.checkOnSave('videoFilenamePrefix', (prefix) => filenames.problem(prefix));

    const routeDeps: DownloaderRouteDeps = {
      platformManaged: env.platformManaged,
      storage,
      jobs: new JobService({ queue, store }),
      downloads: new ManualDownloads({ queue, store, metadata }),
      library,
      activity,
      tools,
      updater: new YtDlpUpdater(() => tools.path('ytdlp')),
      filenames,
    };
    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      await app.register(updateRoutes, routeDeps);
      await app.register(downloadRoutes, routeDeps);
      await app.register(jobRoutes, routeDeps);
      await app.register(videoRoutes, routeDeps);
      await app.register(filenameRoutes, routeDeps);
    });

    // Spec 1.2: the nightly 04:00 self-update of the downloader tool; does nothing when managed.
    ctx.tryResolve(schedulerServiceRef)?.register({
      key: 'downloader.ytdlp-update',
      title: 'Update yt-dlp',
      description: "Runs yt-dlp's self-update. Skipped on the managed platform and while a download runs.",
      defaultSchedule: '0 4 * * *',
      worker: workerFile(import.meta.url, './jobs/ytdlp-update.js'),
      timeoutMs: 10 * 60_000,
      prepare: async () => {
        if (env.platformManaged) return { skip: 'The managed platform updates yt-dlp itself' };
        if (queue.runningCount() > 0) return { skip: 'A download is running; the update waits for the next run' };
        return { workerData: { binary: tools.path('ytdlp') } };
      },
    });

    ctx.healthCheck('tools', () => {
      const missing = (['ytdlp', 'ffmpeg', 'ffprobe'] as const).filter((t) => !tools.known(t).found);
      return missing.length === 0
        ? { ok: true }
        : {
            ok: false,
            message: `Not found: ${missing.map((t) => tools.path(t)).join(', ')}. Downloads cannot run until they are installed (Debian: apt-get install yt-dlp ffmpeg) or their paths are set.`,
          };
    });

    ctx.onReady(async () => {
      // The version probes (about 0.4 s for yt-dlp) run beside the start, not before the first
      // answer: until they report, a tool counts as found, and a job that starts meanwhile
      // reports a missing tool by itself.
      void tools.checkAll().then(
        (found) => {
          for (const t of Object.values(found)) {
            if (!t.found) {
              ctx.logger.warn(
                { tool: t.name, path: t.path },
                `${t.path} was not found: downloads will fail until it is installed (Debian: apt-get install yt-dlp ffmpeg) or its path is set in Settings`,
              );
            }
          }
          ctx.logger.info({ ytdlp: found.ytdlp.version, ffmpeg: found.ffmpeg.version }, 'Downloader tools checked');
        },
        (err: unknown) => ctx.logger.warn({ err }, 'Checking the downloader tools failed'),
      );
      await queue.start();
    });
    ctx.onClose(() => queue.stop());
  },
});
