/**
 * Worker thread of the nightly `downloader.ytdlp-update` task: runs the downloader tool's
 * self-update away from the main thread and reports the outcome.
 */
import { runTask } from '@vidkeep/core/plugin-api/worker';
import { YtDlpUpdater } from '../services/ytdlp-updater.js';

runTask(async ({ workerData }) => {
  const { binary } = workerData as { binary: string };
  const r = await new YtDlpUpdater(() => binary).update();
  return {
    status: r.success ? 'success' : 'error',
    outcome: r.reason,
    message: r.message,
    details: { currentVersion: r.currentVersion, newVersion: r.newVersion ?? null },
  };
});
