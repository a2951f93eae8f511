import type { ActivityTracker } from '../services/activity.js';
import type { FilenamePreviewer } from '../services/filename-preview.js';
import type { JobService } from '../services/jobs.js';
import type { VideoLibrary } from '../services/library.js';
import type { ManualDownloads } from '../services/manual-downloads.js';
import type { StorageGuard } from '../services/storage.js';
import type { ToolLocator } from '../services/tools.js';
import type { YtDlpUpdater } from '../services/ytdlp-updater.js';

/** What the downloader plugin's route modules share. */
export interface DownloaderRouteDeps {
  platformManaged: boolean;
  storage: StorageGuard;
  jobs: JobService;
  downloads: ManualDownloads;
  library: VideoLibrary;
  activity: ActivityTracker;
  tools: ToolLocator;
  updater: YtDlpUpdater;
  filenames: FilenamePreviewer;
}
