/**
 * Worker thread of the nightly `downloader.ytdlp-update` task: runs the downloader tool's
 * self-update away from the main thread and reports the outcome.
 */
import { runTask } from '@vidkeep/core/plugin-api/worker';
import { YtDlpUpdater } from '../services/ytdlp-updater.js';
import { processSupervisor } from '../ytdlp/supervisor.js';

runTask(async ({ workerData }) => {
  const { binary } = workerData as { binary: string };
  // The thread's own supervisor guards yt-dlp -U; it ends with the thread, reaped.
  const r = await new YtDlpUpdater(() => binary).update().finally(() => processSupervisor.close());
  return {
    status: r.success ? 'success' : 'error',
    outcome: r.reason,
    message: r.message,
    details: { currentVersion: r.currentVersion, newVersion: r.newVersion ?? null },
  };
});
