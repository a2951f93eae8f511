import { join } from 'node:path';
import {
  channelArtworkProvidersRef,
  channelDirectoriesRef,
  folderSettingsProvidersRef,
  downloaderServiceRef,
  DownloaderConfigSection,
  liveHubRef,
  schedulerServiceRef,
  sourceClientRef,
  Type,
  subfolderUsersRef,
  videoLinkProvidersRef,
  watchStatusServiceRef,
} from '@vidkeep/contracts';
import { definePlugin, MANAGED_TEMP_PATH, mapDomainErrors, workerFile } from '@vidkeep/core/plugin-api';
import { keepWatchCopy } from '@vidkeep/read-models';
import {
  DownloaderFileScanEntity,
  DownloaderJobEntity,
  DownloaderJobVideoEntity,
  DownloaderSubfolderEntity,
  DownloaderVideoEntity,
  DownloaderVideoWatchEntity,
} from './entities.js';
import type { DownloaderRouteDeps } from './routes/deps.js';
import { downloadRoutes } from './routes/download-routes.js';
import { errorStatuses } from './routes/errors.js';
import { fileRoutes, type FileRouteDeps } from './routes/file-routes.js';
import { filenameRoutes } from './routes/filename-routes.js';
import { jobRoutes } from './routes/job-routes.js';
import { lookupRoutes } from './routes/lookup-routes.js';
import { toolSettingsRoutes } from './routes/tool-settings-routes.js';
import { updateRoutes } from './routes/update-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { ActivityTracker } from './services/activity.js';
import { CookieFile, CookieSettings } from './services/cookies.js';
import { ArgsCheck, customArgsProblem } from './services/args-check.js';
import { LocalDownloaderService } from './services/downloader-service.js';
import { JobStore } from './services/job-store.js';
import { JobUpdates } from './services/job-updates.js';
import { JobService } from './services/jobs.js';
import { VideoLibrary } from './services/library.js';
import { ManualDownloads } from './services/manual-downloads.js';
import { MetadataService } from './services/metadata.js';
import { FileScans } from './services/files/file-scans.js';
import { LibraryFileStore } from './services/files/library-file-store.js';
import { LibraryImporter } from './services/files/library-import.js';
import { FileRescan } from './services/files/rescan.js';
import { FileScanStore } from './services/files/scan-store.js';
import { SubfolderRegistry } from './services/files/subfolders.js';
import { FilenamePreviewer } from './services/filename-preview.js';
import { ChannelFolderMover } from './services/channel-move.js';
import { ChannelPosters } from './services/posters.js';
import { DownloadQueue } from './services/queue.js';
import { YtDlpSourceClient } from './services/source-client.js';
import { StorageGuard } from './services/storage.js';
import { ToolLocator } from './services/tools.js';
import { VideoLookup, VideoSearchApi } from './services/video-search.js';
import { VideoStore } from './services/video-store.js';
import { PrivateYtDlp } from './services/private-ytdlp.js';
import { canaryDir, runCanary } from './services/ytdlp-canary.js';
import {
  updateCheckedPayload,
  YtDlpUpdater,
  type UpdateMethod,
  type UpdateWorkerData,
} from './services/ytdlp-updater.js';
import { probeResolution } from './files/finalize.js';
import { runToCompletion } from './ytdlp/process.js';
import { processSupervisor } from './ytdlp/supervisor.js';
import { unsupportedVersionProblem } from './ytdlp/versions.js';

/** Manifest options of the downloader (tuning that is not a user setting). */
export const DownloaderOptions = Type.Object(
  {
    stallNoticeSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 15,
      description: 'A download that receives no byte for this long shows that it is stalled',
    }),
    searchTimeoutSeconds: Type.Integer({
      minimum: 1,
      maximum: 600,
      default: 60,
      description: 'Video searches and URL checks give up (504, or "did not answer in time") after this long',
    }),
  },
  { additionalProperties: false },
);

/** How long after the app is ready the tool version probes run (after the server listens). */
const TOOL_PROBE_DELAY_MS = 1000;

export default definePlugin({
  id: 'downloader',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Downloads with yt-dlp and ffmpeg: persistent job queue, files, live activity',
  optionalDependsOn: ['scheduler'],
  // Its own extension points: the channels plugin contributes folder settings, pictures and its
  // directory, so the downloader depends on no plugin for them.
  consumes: [folderSettingsProvidersRef, channelArtworkProvidersRef, channelDirectoriesRef],
  // The watch-status plugin depends on this one, so its service is resolved only when used.
  optionalConsumes: [schedulerServiceRef, watchStatusServiceRef, subfolderUsersRef, videoLinkProvidersRef],
  config: DownloaderConfigSection,
  options: DownloaderOptions,
  entities: [
    DownloaderJobEntity,
    DownloaderJobVideoEntity,
    DownloaderVideoEntity,
    DownloaderSubfolderEntity,
    DownloaderVideoWatchEntity,
    DownloaderFileScanEntity,
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
    const childEnv: NodeJS.ProcessEnv = { ...env.variables };
    const python = () => config().pythonPath.trim() || 'python3';
    // The private yt-dlp that "Update yt-dlp" installs with pip (issue 16): preferred over PATH.
    const privateYtDlp = new PrivateYtDlp(join(env.paths.configDir, 'yt-dlp'), python, childEnv);
    const tools = new ToolLocator(
      () => {
        const c = config();
        return { ytdlp: c.ytdlpPath || env.variables.YTDLP_PATH || '', ffmpeg: c.ffmpegPath, ffprobe: c.ffprobePath };
      },
      privateYtDlp,
      Date.now,
      childEnv,
    );
    const updateMethod = (): UpdateMethod => (tools.ytdlpSource() === 'configured' ? 'self' : 'private');
    const paths = {
      outputDir: env.paths.outputDir,
      get stagingBase() {
        const c = config();
        // Default staging sits inside the output directory (hidden), so the final move is a rename.
        return c.useTmpForDownloads ? c.tmpFilePath : join(env.paths.outputDir, '.vidkeep-staging');
      },
      infoDir: join(env.paths.jobsDir, 'info'),
      imagesDir: env.paths.imagesDir,
      archiveFile: join(env.paths.configDir, 'complete.list'),
    };
    const hub = ctx.tryResolve(liveHubRef);
    // The first active contribution of each extension point answers (the channels plugin's).
    const folderSettings = ctx.resolveAll(folderSettingsProvidersRef);
    const artwork = ctx.resolveAll(channelArtworkProvidersRef);
    const directories = ctx.resolveAll(channelDirectoriesRef);
    const store = new JobStore(ctx.orm);
    // The library's copy of the watched state; a change forgets the remembered totals.
    const watchCopy = keepWatchCopy(ctx, {
      entity: DownloaderVideoWatchEntity,
      onChange: () => videoStore.watchChanged(),
    });
    const videoStore = new VideoStore(ctx.orm, watchCopy);
    const activity = new ActivityTracker(hub);
    const storage = new StorageGuard(env.paths.outputDir, config, videoStore, ctx.events);
    const cookies = new CookieFile(
      join(env.paths.configDir, 'cookies.user.txt'),
      join(env.paths.configDir, 'cookies.user.json'),
      () => config().cookiesEnabled,
    );
    const cookieLease = () => cookies.lease();
    const metadata = new MetadataService(tools, config, cookieLease, childEnv);
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
        channelSettings: () => folderSettings.all()[0],
        channelArtwork: () => artwork.all()[0],
        env: childEnv,
        paths,
        cookies,
        metadata,
        onJobChanged: (jobId) => jobUpdates.jobChanged(jobId),
        stallNoticeMs: ctx.options.stallNoticeSeconds * 1000,
      },
      activity,
      store,
    );
    // Where a video appears (its channel, followed playlists): contributed by the plugins that know.
    const linkProviders = ctx.resolveAll(videoLinkProvidersRef);
    const library = new VideoLibrary({
      videos: videoStore,
      activity,
      events: ctx.events,
      outputDir: env.paths.outputDir,
      imagesDir: env.paths.imagesDir,
      legacyImagesDir: env.paths.legacyImagesDir,
      onSpaceFreed: () => queue.storageFreed(),
      infoDir: paths.infoDir,
      linkProviders: () => linkProviders.all(),
      warn: (message, context) => ctx.logger.warn(context, message),
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
    const sourceClient = new YtDlpSourceClient(tools, config, cookieLease, childEnv);
    ctx.provide(sourceClientRef, sourceClient);

    // Switching channel posters on gives the folders downloaded before their poster too.
    const posters = new ChannelPosters({
      videos: videoStore,
      outputDir: env.paths.outputDir,
      artwork: () => artwork.all()[0],
      logger: ctx.logger,
    });
    ctx.events.subscribe('core.config.updated', async ({ changedKeys }) => {
      if (changedKeys.includes('writeChannelPosters') && config().writeChannelPosters) await posters.backfill();
    });

    // A prefix yt-dlp rejects never reaches a download: the save runs the same dry run as the preview.
    const filenames = new FilenamePreviewer({ tools, env: childEnv, jobsDir: env.paths.jobsDir });
    ctx.config.check('videoFilenamePrefix', (prefix) => filenames.problem(prefix));

    // A new private yt-dlp goes into a folder of its own and is checked before use (issue 30), so
    // downloads go on during an update; only a configured yt-dlp's `-U` waits for them.
    const downloading = () => queue.runningCount() > 0;
    const updater = new YtDlpUpdater({
      binary: () => tools.path('ytdlp'),
      method: updateMethod,
      privateCopy: privateYtDlp,
      canary: (binary) => runCanary(binary, { config: config(), env: childEnv, workDir: canaryDir(privateYtDlp.dir) }),
      busy: () => (downloading() ? 'A download is running; update yt-dlp when it has finished' : null),
      downloading,
    });
    const routeDeps: DownloaderRouteDeps = {
      platformManaged: env.platformManaged,
      storage,
      jobs: new JobService({ queue, store }),
      downloads: new ManualDownloads({ queue, store, metadata, videos: videoStore }),
      library,
      activity,
      tools,
      privateYtDlp,
      events: ctx.events,
      updater,
      lookup: new VideoLookup({
        source: sourceClient,
        // The channels plugin's key (`sourceApiKey`); without that plugin there is none.
        api: new VideoSearchApi(
          env.variables.VIDKEEP_SOURCE_API_URL || 'https://www.googleapis.com/youtube/v3',
          () => ctx.config.read('sourceApiKey') ?? '',
        ),
        videos: videoStore,
        activity,
        metadata,
        logger: ctx.logger,
        timeoutMs: ctx.options.searchTimeoutSeconds * 1000,
      }),
      cookies: new CookieSettings(cookies, () => ctx.config.update({ cookiesEnabled: true })),
      argsCheck: new ArgsCheck(tools, childEnv),
      filenames,
    };
    const files = filesOnDisk();
    // The rule a job start applies to the custom arguments also applies when they are saved.
    ctx.config.check('ytdlpCustomArgs', customArgsProblem);
    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      await app.register(updateRoutes, routeDeps);
      await app.register(downloadRoutes, routeDeps);
      await app.register(jobRoutes, routeDeps);
      await app.register(videoRoutes, routeDeps);
      await app.register(fileRoutes, files);
      await app.register(lookupRoutes, routeDeps);
      await app.register(toolSettingsRoutes, routeDeps);
      await app.register(filenameRoutes, routeDeps);
    });

    /** Files on disk (docs/library.md): the rescan, library imports and the subfolder registry. */
    function filesOnDisk(): FileRouteDeps {
      const scans = new FileScans({
        store: new FileScanStore(ctx.orm),
        hub,
        logger: ctx.logger,
        outputDir: env.paths.outputDir,
      });
      const fileStore = new LibraryFileStore(ctx.orm, () => videoStore.filesWritten());
      // A staging folder inside the output directory that is not hidden is not library content.
      const skipDirs = () => new Set([paths.stagingBase]);
      const probe = (file: string) => probeResolution(tools.path('ffprobe'), file, childEnv);
      const isActive = (sourceId: string) => activity.get(sourceId) !== undefined;
      const registerSubfolders = (names: string[]) => videoStore.registerSubfolders(names);
      const rescan = new FileRescan({
        outputDir: env.paths.outputDir,
        skipDirs,
        files: fileStore,
        scans,
        isActive,
        probe,
        events: ctx.events,
        registerSubfolders,
      });
      const importer = new LibraryImporter({
        outputDir: env.paths.outputDir,
        skipDirs,
        infoDir: paths.infoDir,
        imagesDir: env.paths.imagesDir,
        archiveFile: paths.archiveFile,
        files: fileStore,
        scans,
        probe,
        convertImage: async (from, to) => {
          const r = await runToCompletion(tools.path('ffmpeg'), ['-v', 'error', '-y', '-i', from, to], {
            env: childEnv,
            timeoutMs: 30_000,
          });
          return r.exitCode === 0;
        },
        events: ctx.events,
        registerSubfolders,
        channels: () => directories.all()[0],
        flatLayout: () => config().defaultSkipVideoFolder,
        isActive,
        logger: ctx.logger,
      });
      const subfolders = new SubfolderRegistry({
        outputDir: env.paths.outputDir,
        registry: {
          names: () => videoStore.subfolders(),
          register: registerSubfolders,
          unregister: (name) => videoStore.unregisterSubfolder(name),
        },
        users: ctx.resolveAll(subfolderUsersRef),
        defaultSubfolder: () => config().defaultSubfolder,
      });
      // Weekly by default: a rescan where nothing changed only reads folders (about 1 s for
      // 20,000 videos, docs/library.md); users may make it daily or switch it off.
      ctx.tryResolve(schedulerServiceRef)?.register({
        key: 'downloader.rescan-files',
        title: 'Rescan files',
        description:
          'Compares the library with the output directory: marks videos whose files were deleted by hand as missing, finds moved files by their id, refreshes sizes and measures unknown resolutions. Never deletes anything.',
        defaultSchedule: '30 3 * * 0',
        run: (run) => rescan.scheduled(run.trigger),
      });
      // A problem here (a database an older version left) must not stop the start.
      ctx.onReady(() =>
        scans.recover().catch((err: unknown) => ctx.logger.warn({ err }, 'Could not check for interrupted file scans')),
      );
      ctx.onClose(() => scans.stop());
      return { scans, rescan, importer, subfolders };
    }

    // Spec 1.2: the nightly 04:00 self-update of the downloader tool; does nothing when managed.
    ctx.tryResolve(schedulerServiceRef)?.register({
      key: 'downloader.ytdlp-update',
      title: 'Update yt-dlp',
      description:
        'Installs the newest yt-dlp with pip into a new folder, checks it (version, options, the argument list of a download) and only then uses it; a release that fails the check is not used and a notification says why. A configured yt-dlp runs its own self-update instead (not while a download runs). Skipped on the managed platform.',
      defaultSchedule: '0 4 * * *',
      worker: workerFile(import.meta.url, './jobs/ytdlp-update.js'),
      timeoutMs: 10 * 60_000,
      prepare: async () => {
        if (env.platformManaged) return { skip: 'The managed platform updates yt-dlp itself' };
        if (updater.isRunning()) return { skip: 'An update started from Settings is running' };
        const method = updateMethod();
        if (method === 'self' && downloading()) {
          return { skip: 'A download is running; the self-update of the configured yt-dlp waits for the next run' };
        }
        const data: UpdateWorkerData = {
          binary: tools.path('ytdlp'),
          method,
          privateDir: privateYtDlp.dir,
          python: python(),
          env: childEnv,
          config: config(),
        };
        return { workerData: data };
      },
      // The worker changed the release files: read them again. The new version is used from the
      // next job on; the tools are checked again for the UI.
      onData: (data) => {
        privateYtDlp.reload();
        void tools.check('ytdlp').catch(() => undefined);
        void privateYtDlp.prune(downloading).catch(() => undefined);
        const event = updateCheckedPayload(data as Parameters<typeof updateCheckedPayload>[0], 'scheduled');
        if (event) ctx.events.publish('downloader.tool.updateChecked', event);
      },
    });

    ctx.healthCheck('tools', () => {
      const missing = (['ytdlp', 'ffmpeg', 'ffprobe'] as const).filter((t) => !tools.known(t).found);
      if (missing.length > 0) {
        return {
          ok: false,
          message: `Not found: ${missing.map((t) => tools.path(t)).join(', ')}. Downloads cannot run until they are installed (Debian: apt-get install yt-dlp ffmpeg) or their paths are set.`,
        };
      }
      const ytdlp = tools.known('ytdlp');
      const tooOld = unsupportedVersionProblem(ytdlp.version, ytdlp.path);
      return tooOld ? { ok: false, message: tooOld } : { ok: true };
    });

    // The version probes start a second after the app is ready, once the server listens: the
    // three spawns (and the process supervisor's shell, started with the first tool) cost about
    // 75 ms of the main thread, which the first answer would otherwise wait for. Until they
    // report, a tool counts as found, and a job that starts meanwhile reports a missing tool
    // by itself; `GET /api/tools` checks a tool it has not seen yet.
    let probeTimer: NodeJS.Timeout | undefined;
    const probeTools = () =>
      tools.checkAll().then(
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
          const tooOld = unsupportedVersionProblem(found.ytdlp.version, found.ytdlp.path);
          if (tooOld) ctx.logger.warn({ path: found.ytdlp.path }, tooOld);
          // What the yt-dlp understands is read before the first job needs it; releases two
          // updates old are deleted while nothing runs from them.
          void tools.ytdlp().catch(() => undefined);
          void privateYtDlp.prune(downloading).catch(() => undefined);
        },
        (err: unknown) => ctx.logger.warn({ err }, 'Checking the downloader tools failed'),
      );
    ctx.onReady(async () => {
      probeTimer = setTimeout(() => void probeTools(), TOOL_PROBE_DELAY_MS);
      probeTimer.unref();
      await queue.start();
    });
    ctx.onClose(() => {
      clearTimeout(probeTimer);
      return queue.stop();
    });
  },
});
