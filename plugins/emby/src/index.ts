import {
  indexNewFiles,
  EmbyConfigSection,
  JobFiles,
  rescanMovedFolders,
  mediaServerProvidersRef,
  mediaBrowserWatchProvider,
  Type,
  watchStatusProvidersRef,
  serverUrlProblem,
} from '@vidkeep/contracts';
import { definePlugin } from '@vidkeep/core/plugin-api';
import { connectionRoutes } from './routes/connection-routes.js';
import { EmbyClient, type EmbyConnection } from './services/client.js';
import { EmbyConnectionCheck } from './services/connection.js';
import { embyProvider } from './services/provider.js';
import { isConfigured } from './services/settings.js';

export const EmbyOptions = Type.Object(
  {
    scanWaitSeconds: Type.Number({
      minimum: 0,
      maximum: 600,
      default: 60,
      description: 'How long a sync looks for files Emby has not indexed yet after asking it to scan',
    }),
    requestTimeoutSeconds: Type.Number({
      minimum: 0.1,
      maximum: 300,
      default: 30,
      description: 'One request to Emby gives up after this long',
    }),
  },
  { additionalProperties: false },
);

/**
 * The Emby-type media server: publishes every followed playlist as a native playlist
 * (`mediaServerProvidersRef`, key `emby`), asks Emby to index each job's new files, and
 * offers the settings page's connection checks. It does nothing until configured.
 */
export default definePlugin({
  id: 'emby',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Emby: playlists as native playlists, new downloads indexed, watch status',
  toggleable: true,
  options: EmbyOptions,
  config: EmbyConfigSection,
  register(ctx) {
    ctx.config.check('embyUrl', (value) => serverUrlProblem(value));
    const settings = () => ctx.config.get();
    const shutdown = new AbortController();
    const clientFor = (conn: EmbyConnection) => new EmbyClient(conn, ctx.options.requestTimeoutSeconds * 1000);
    const saved = () => {
      const s = settings();
      return clientFor({ url: s.embyUrl, apiKey: s.embyApiKey, userId: s.embyUserId });
    };

    ctx.contribute(
      mediaServerProvidersRef,
      'emby',
      embyProvider({ settings, client: saved, scanWaitMs: ctx.options.scanWaitSeconds * 1000, logger: ctx.logger }),
    );

    // Watch status: each user's played state, read from the items listed in that user's name.
    ctx.contribute(
      watchStatusProvidersRef,
      'emby',
      mediaBrowserWatchProvider({
        kind: 'emby',
        label: 'Emby',
        isConfigured: () => isConfigured(settings()),
        configuredUserId: () => settings().embyUserId,
        allUsers: () => settings().embyWatchStatusAllUsers,
        client: saved,
      }),
    );

    // New downloads: once per job, never awaited by the download (a slow or down Emby is a warning).
    const jobs = new JobFiles();
    ctx.events.subscribe('downloader.video.downloaded', (e) => {
      jobs.add(e.jobId, { video: e.filePath, audio: e.audioFilePath });
    });
    ctx.events.subscribe('downloader.job.finished', (e) => {
      const written = jobs.take(e.jobId);
      if (!written || !isConfigured(settings())) return;
      indexNewFiles(saved(), written, settings().embyVideoLibraryIds, shutdown.signal).then(
        (plan) => ctx.logger.info({ jobId: e.jobId, ...plan }, 'Asked Emby to index new downloads'),
        (err: Error) => {
          if (!shutdown.signal.aborted)
            ctx.logger.warn({ jobId: e.jobId, err: err.message }, 'Could not ask Emby to index new downloads');
        },
      );
    });

    // A channel's folder moved (its subfolder changed): the libraries of the old and the new place
    // scan again, so the old items go and the files are found where they are now.
    ctx.events.subscribe('downloader.videos.moved', (e) => {
      if (!isConfigured(settings())) return;
      rescanMovedFolders(saved(), e.folders, settings().embyVideoLibraryIds, shutdown.signal).then(
        (libraryIds) =>
          ctx.logger.info({ channelId: e.channelId, libraryIds }, 'Asked Emby to rescan a moved channel folder'),
        (err: Error) => {
          if (!shutdown.signal.aborted)
            ctx.logger.warn(
              { channelId: e.channelId, err: err.message },
              'Could not ask Emby to rescan a moved channel folder',
            );
        },
      );
    });

    const check = new EmbyConnectionCheck({ settings, client: clientFor });
    ctx.routes(async (app) => {
      await app.register(connectionRoutes, { check });
    });
    ctx.onClose(() => shutdown.abort());
  },
});
