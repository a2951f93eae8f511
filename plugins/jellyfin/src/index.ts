import { JellyfinConfigSection, mediaServerProvidersRef, Type } from '@vidkeep/contracts';
import { definePlugin } from '@vidkeep/core/plugin-api';
import { connectionRoutes } from './routes/connection-routes.js';
import { JellyfinClient, type JellyfinConnection } from './services/client.js';
import { JellyfinConnectionCheck } from './services/connection.js';
import { LibraryRefresher } from './services/library-refresh.js';
import { JellyfinPlaylists } from './services/playlist-sync.js';
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
  description: 'Jellyfin: playlists as native playlists, new downloads indexed',
  toggleable: true,
  options: JellyfinOptions,
  config: JellyfinConfigSection,
  register(ctx) {
    const settings = () => ctx.config.get();
    const shutdown = new AbortController();
    const clientFor = (conn: JellyfinConnection) =>
      new JellyfinClient(conn, {
        timeoutMs: ctx.options.requestTimeoutSeconds * 1000,
        deviceId: settings().uuid || 'vidkeep',
      });
    const saved = () => clientFor({ url: settings().jellyfinUrl, apiKey: settings().jellyfinApiKey });

    ctx.contribute(
      mediaServerProvidersRef,
      'jellyfin',
      new JellyfinPlaylists({
        settings,
        client: saved,
        scanWaitMs: ctx.options.scanWaitSeconds * 1000,
        logger: ctx.logger,
      }),
    );

    const refresher = new LibraryRefresher({
      settings,
      configured: () => isConfigured(settings()),
      client: saved,
      logger: ctx.logger,
      signal: shutdown.signal,
    });
    ctx.events.subscribe('downloader.video.downloaded', (e) => {
      refresher.downloaded(e.jobId, { video: e.filePath, audio: e.audioFilePath });
    });
    // Not awaited: a slow or unreachable Jellyfin never holds up the job queue.
    ctx.events.subscribe('downloader.job.finished', (e) => {
      void refresher.jobFinished(e.jobId);
    });

    const check = new JellyfinConnectionCheck({ settings, client: clientFor });
    ctx.routes(async (app) => {
      await app.register(connectionRoutes, { check });
    });
    ctx.onClose(() => shutdown.abort());
  },
});
