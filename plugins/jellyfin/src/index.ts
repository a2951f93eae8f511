import {
  indexNewFiles,
  JellyfinConfigSection,
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
import { JellyfinClient, type JellyfinConnection } from './services/client.js';
import { JellyfinConnectionCheck } from './services/connection.js';
import { jellyfinProvider } from './services/provider.js';
import { isConfigured } from './services/settings.js';

export const JellyfinOptions = Type.Object(
  {
    scanWaitSeconds: Type.Number({
      minimum: 0,
      maximum: 600,
      default: 60,
      description: 'How long a sync looks for files Jellyfin has not indexed yet after asking it to scan',
    }),
    requestTimeoutSeconds: Type.Number({
      minimum: 0.1,
      maximum: 300,
      default: 30,
      description: 'One request to Jellyfin gives up after this long',
    }),
  },
  { additionalProperties: false },
);

/**
 * The Jellyfin-type media server: publishes every followed playlist as a native playlist
 * (`mediaServerProvidersRef`, key `jellyfin`), asks Jellyfin to index each job's new files, and
 * offers the settings page's connection checks. It does nothing until configured.
 */
export default definePlugin({
  id: 'jellyfin',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Jellyfin: playlists as native playlists, new downloads indexed, watch status',
  toggleable: true,
  options: JellyfinOptions,
  config: JellyfinConfigSection,
  register(ctx) {
    ctx.config.check('jellyfinUrl', (value) => serverUrlProblem(value));
    const settings = () => ctx.config.get();
    const shutdown = new AbortController();
    const clientFor = (conn: JellyfinConnection) =>
      new JellyfinClient(conn, {
        timeoutMs: ctx.options.requestTimeoutSeconds * 1000,
        deviceId: settings().uuid || 'vidkeep',
      });
    const saved = () => {
      const s = settings();
      return clientFor({ url: s.jellyfinUrl, apiKey: s.jellyfinApiKey, userId: s.jellyfinUserId });
    };

    ctx.contribute(
      mediaServerProvidersRef,
      'jellyfin',
      jellyfinProvider({ settings, client: saved, scanWaitMs: ctx.options.scanWaitSeconds * 1000, logger: ctx.logger }),
    );

    // Watch status: each user's played state, read from the items listed in that user's name.
    ctx.contribute(
      watchStatusProvidersRef,
      'jellyfin',
      mediaBrowserWatchProvider({
        kind: 'jellyfin',
        label: 'Jellyfin',
        isConfigured: () => isConfigured(settings()),
        configuredUserId: () => settings().jellyfinUserId,
        allUsers: () => settings().jellyfinWatchStatusAllUsers,
        client: saved,
      }),
    );

    // New downloads: once per job, never awaited by the download (a slow or down Jellyfin is a warning).
    const jobs = new JobFiles();
    ctx.events.subscribe('downloader.video.downloaded', (e) => {
      jobs.add(e.jobId, { video: e.filePath, audio: e.audioFilePath });
    });
    ctx.events.subscribe('downloader.job.finished', (e) => {
      const written = jobs.take(e.jobId);
      if (!written || !isConfigured(settings())) return;
      indexNewFiles(saved(), written, settings().jellyfinVideoLibraryIds, shutdown.signal).then(
        (plan) => ctx.logger.info({ jobId: e.jobId, ...plan }, 'Asked Jellyfin to index new downloads'),
        (err: Error) => {
          if (!shutdown.signal.aborted)
            ctx.logger.warn({ jobId: e.jobId, err: err.message }, 'Could not ask Jellyfin to index new downloads');
        },
      );
    });

    // A channel's folder moved (its subfolder changed): the libraries of the old and the new place
    // scan again, so the old items go and the files are found where they are now.
    ctx.events.subscribe('downloader.videos.moved', (e) => {
      if (!isConfigured(settings())) return;
      rescanMovedFolders(saved(), e.folders, settings().jellyfinVideoLibraryIds, shutdown.signal).then(
        (libraryIds) =>
          ctx.logger.info({ channelId: e.channelId, libraryIds }, 'Asked Jellyfin to rescan a moved channel folder'),
        (err: Error) => {
          if (!shutdown.signal.aborted)
            ctx.logger.warn(
              { channelId: e.channelId, err: err.message },
              'Could not ask Jellyfin to rescan a moved channel folder',
            );
        },
      );
    });

    const check = new JellyfinConnectionCheck({ settings, client: clientFor });
    ctx.routes(async (app) => {
      await app.register(connectionRoutes, { check });
    });
    ctx.onClose(() => shutdown.abort());
  },
});
