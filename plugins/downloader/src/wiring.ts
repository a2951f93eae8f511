import { join } from 'node:path';
import {
  channelArtworkProvidersRef,
  folderSettingsProvidersRef,
  libraryServiceRef,
  liveHubRef,
  type DownloaderConfigSection,
  videoSearchProvidersRef,
  type MediaTools,
  type Static,
} from '@vidkeep/contracts';
import { sharedFiles } from '@vidkeep/library-files';
import { MANAGED_TEMP_PATH, type PluginContext } from '@vidkeep/plugin-kit';
import { probeResolution } from './files/finalize.js';
import type { DownloaderOptions } from './options.js';
import type { DownloaderRouteDeps } from './routes/deps.js';
import { ActivityTracker } from './services/activity.js';
import { ArgsCheck } from './services/args-check.js';
import { CookieFile, CookieSettings } from './services/cookies.js';
import { LocalDownloadQueueService } from './services/downloader-service.js';
import { FilenamePreviewer } from './services/filename-preview.js';
import { JobStore } from './services/job-store.js';
import { JobUpdates } from './services/job-updates.js';
import { JobService } from './services/jobs.js';
import { QueueControl } from './services/queue-control.js';
import { ManualDownloads } from './services/manual-downloads.js';
import { MetadataService } from './services/metadata.js';
import { PrivateYtDlp } from './services/private-ytdlp.js';
import { DownloadQueue } from './services/queue.js';
import { YtDlpSourceClient } from './services/source-client.js';
import { PlatformGate } from './services/polite/gate.js';
import { StorageGuard } from './services/storage.js';
import { ToolLocator } from './services/tools.js';
import { VideoLookup } from './services/video-search.js';
import { canaryDir, runCanary } from './services/ytdlp-canary.js';
import { YtDlpUpdater, type UpdateMethod } from './services/ytdlp-updater.js';
import { runToCompletion } from './ytdlp/process.js';

export type DownloaderContext = PluginContext<Static<typeof DownloaderOptions>, DownloaderConfigSection>;

/** Builds the downloader's services in dependency order, and the routes' dependencies. */
export function wireDownloader(ctx: DownloaderContext) {
  const { env } = ctx;
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
    ...sharedFiles(env.paths),
    imagesDir: env.paths.imagesDir,
  };
  const hub = ctx.tryResolve(liveHubRef);
  const library = ctx.resolve(libraryServiceRef);
  // The first active contribution of each extension point answers (the channels plugin's).
  const folderSettings = ctx.resolveAll(folderSettingsProvidersRef);
  const artwork = ctx.resolveAll(channelArtworkProvidersRef);
  const videoSearch = ctx.resolveAll(videoSearchProvidersRef);
  const store = new JobStore(ctx.orm);
  const activity = new ActivityTracker(hub);
  const storage = new StorageGuard(env.paths.outputDir, config, library, ctx.events);
  const cookies = new CookieFile(
    join(env.paths.configDir, 'cookies.user.txt'),
    join(env.paths.configDir, 'cookies.user.json'),
    () => config().cookiesEnabled,
  );
  const cookieLease = () => cookies.lease();
  const gate = new PlatformGate({
    config,
    saveCooldown: (text) => ctx.config.update({ platformCooldown: text }),
    events: ctx.events,
    hub,
    logger: ctx.logger,
    timeScale: ctx.options.platformTimeScale,
  });
  const metadata = new MetadataService(tools, config, cookieLease, childEnv, gate);
  const jobUpdates = new JobUpdates(hub, (jobId) => queue.summary(jobId));
  const queue: DownloadQueue = new DownloadQueue(
    {
      config,
      store,
      library,
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
      gate,
    },
    activity,
    store,
  );
  const service = new LocalDownloadQueueService({
    queue,
    store,
    activity,
    storage,
    library,
    metadata,
    stagingDirectories: () => [paths.stagingBase],
  });
  // What the library measures and converts with: this plugin's ffprobe and ffmpeg.
  const mediaTools: MediaTools = {
    resolution: (file) => probeResolution(tools.path('ffprobe'), file, childEnv),
    convertImage: async (from, to) => {
      const r = await runToCompletion(tools.path('ffmpeg'), ['-v', 'error', '-y', '-i', from, to], {
        env: childEnv,
        timeoutMs: 30_000,
      });
      return r.exitCode === 0;
    },
    extractAudio: async (from, to) => {
      // The stream as it is (AAC in the platform's mp4: no quality lost, seconds for an hour),
      // else encoded.
      for (const codec of [
        ['-c:a', 'copy'],
        ['-c:a', 'aac', '-b:a', '128k'],
      ]) {
        const r = await runToCompletion(tools.path('ffmpeg'), ['-v', 'error', '-y', '-i', from, '-vn', ...codec, to], {
          env: childEnv,
          timeoutMs: 30 * 60_000,
        });
        if (r.exitCode === 0) return true;
      }
      return false;
    },
  };
  const sourceClient = new YtDlpSourceClient(tools, config, cookieLease, childEnv, gate);
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
    queueControl: new QueueControl({
      queue,
      store,
      config,
      setQueuePaused: (paused) => ctx.config.update({ downloadQueuePaused: paused }),
      gate,
      hub,
      onJobChanged: (jobId) => jobUpdates.jobChanged(jobId),
    }),
    downloads: new ManualDownloads({ queue, store, metadata, library }),
    activity,
    tools,
    privateYtDlp,
    events: ctx.events,
    updater,
    lookup: new VideoLookup({
      source: sourceClient,
      // The channels plugin's Data API search (its key, its quota); without it, yt-dlp.
      api: () => videoSearch.all()[0],
      library,
      activity,
      metadata,
      logger: ctx.logger,
      timeoutMs: ctx.options.searchTimeoutSeconds * 1000,
    }),
    cookies: new CookieSettings(cookies, () => ctx.config.update({ cookiesEnabled: true })),
    argsCheck: new ArgsCheck(tools, childEnv),
    filenames: new FilenamePreviewer({ tools, env: childEnv, jobsDir: env.paths.jobsDir }),
  };
  return {
    config,
    childEnv,
    python,
    tools,
    privateYtDlp,
    updateMethod,
    library,
    queue,
    gate,
    service,
    mediaTools,
    sourceClient,
    updater,
    downloading,
    routeDeps,
  };
}

export type WiredDownloader = ReturnType<typeof wireDownloader>;
