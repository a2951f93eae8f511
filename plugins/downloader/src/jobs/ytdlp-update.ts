/**
 * Worker thread of the nightly `downloader.ytdlp-update` task: installs and checks a new yt-dlp
 * away from the main thread and reports the outcome. Old releases are deleted by the main
 * thread, which knows whether a download still runs from one.
 */
import { runTask } from '@vidkeep/plugin-kit/worker';
import { PrivateYtDlp } from '../services/private-ytdlp.js';
import { canaryDir, runCanary } from '../services/ytdlp-canary.js';
import { YtDlpUpdater, type UpdateWorkerData } from '../services/ytdlp-updater.js';
import { processSupervisor } from '../ytdlp/supervisor.js';

runTask(async ({ workerData, send }) => {
  const data = workerData as UpdateWorkerData;
  const privateCopy = new PrivateYtDlp(data.privateDir, () => data.python, data.env);
  // The thread's own supervisor guards pip and yt-dlp; it ends with the thread, reaped.
  const r = await new YtDlpUpdater({
    binary: () => data.binary,
    method: () => data.method,
    privateCopy,
    canary: (binary) => runCanary(binary, { config: data.config, env: data.env, workDir: canaryDir(data.privateDir) }),
    downloading: () => true,
  })
    .update()
    .finally(() => processSupervisor.close());
  send({
    reason: r.reason,
    message: r.message,
    currentVersion: r.currentVersion,
    newVersion: r.newVersion ?? null,
  });
  return {
    status: r.success ? 'success' : 'error',
    outcome: r.reason,
    message: r.message,
    details: {
      method: data.method,
      currentVersion: r.currentVersion,
      newVersion: r.newVersion ?? null,
      ...(r.canary ? { canary: r.canary } : {}),
    },
  };
});
