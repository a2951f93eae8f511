/**
 * Worker thread of the nightly `downloader.ytdlp-update` task: runs the downloader tool's
 * self-update away from the main thread and reports the outcome.
 */
import { runTask } from '@vidkeep/core/plugin-api/worker';
import { PrivateYtDlp } from '../services/private-ytdlp.js';
import { YtDlpUpdater, type UpdateWorkerData } from '../services/ytdlp-updater.js';
import { processSupervisor } from '../ytdlp/supervisor.js';

runTask(async ({ workerData, send }) => {
  const data = workerData as UpdateWorkerData;
  const privateCopy = new PrivateYtDlp(data.privateDir, () => data.python, data.env);
  // The thread's own supervisor guards pip and yt-dlp -U; it ends with the thread, reaped.
  const r = await new YtDlpUpdater(
    () => data.binary,
    () => data.method,
    privateCopy,
  )
    .update()
    .finally(() => processSupervisor.close());
  send({ reason: r.reason, message: r.message, currentVersion: r.currentVersion, newVersion: r.newVersion ?? null });
  return {
    status: r.success ? 'success' : 'error',
    outcome: r.reason,
    message: r.message,
    details: { method: data.method, currentVersion: r.currentVersion, newVersion: r.newVersion ?? null },
  };
});
