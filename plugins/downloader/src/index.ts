import { DownloaderConfigSection } from '@vidkeep/contracts';
import { definePlugin, MANAGED_TEMP_PATH } from '@vidkeep/core/plugin-api';
import { updateRoutes } from './routes/update-routes.js';
import { YtDlpUpdater } from './services/ytdlp-updater.js';

export default definePlugin({
  id: 'downloader',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Downloads with yt-dlp and ffmpeg (this release: tool update and staging settings)',
  config: DownloaderConfigSection,
  register(ctx) {
    if (ctx.env.platformManaged) {
      // Spec 1.2: the managed platform forces staging on, at runtime only (never saved).
      ctx.config.setOverride('useTmpForDownloads', true);
      ctx.config.setOverride('tmpFilePath', MANAGED_TEMP_PATH);
    }
    const updater = new YtDlpUpdater(() => ctx.env.variables.YTDLP_PATH || 'yt-dlp');
    ctx.routes(async (app) => {
      await app.register(updateRoutes, { platformManaged: ctx.env.platformManaged, updater });
    });
  },
});
