import type { SchedulerService } from '@vidkeep/contracts';
import { workerFile } from '@vidkeep/plugin-kit';
import { updateCheckedPayload, type UpdateWorkerData } from './services/ytdlp-updater.js';
import type { DownloaderContext, WiredDownloader } from './wiring.js';

/** Spec 1.2: the nightly 04:00 self-update of the downloader tool; does nothing when managed. */
export function registerUpdateTask(scheduler: SchedulerService, ctx: DownloaderContext, w: WiredDownloader): void {
  const { tools, privateYtDlp, updater, downloading } = w;
  scheduler.register({
    key: 'downloader.ytdlp-update',
    title: 'Update yt-dlp',
    description:
      'Installs the newest yt-dlp with pip into a new folder, checks it (version, options, the argument list of a download) and only then uses it; a release that fails the check is not used and a notification says why. A configured yt-dlp runs its own self-update instead (not while a download runs). Skipped on the managed platform.',
    defaultSchedule: '0 4 * * *',
    worker: workerFile(import.meta.url, './jobs/ytdlp-update.js'),
    timeoutMs: 10 * 60_000,
    prepare: async () => {
      if (ctx.env.platformManaged) return { skip: 'The managed platform updates yt-dlp itself' };
      if (updater.isRunning()) return { skip: 'An update started from Settings is running' };
      const method = w.updateMethod();
      if (method === 'self' && downloading()) {
        return { skip: 'A download is running; the self-update of the configured yt-dlp waits for the next run' };
      }
      const data: UpdateWorkerData = {
        binary: tools.path('ytdlp'),
        method,
        privateDir: privateYtDlp.dir,
        python: w.python(),
        env: w.childEnv,
        config: w.config(),
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
}
