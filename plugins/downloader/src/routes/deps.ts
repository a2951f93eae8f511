import type { EventBus } from '@vidkeep/contracts';
import type { ActivityTracker } from '../services/activity.js';
import type { ArgsCheck } from '../services/args-check.js';
import type { CookieSettings } from '../services/cookies.js';
import type { FilenamePreviewer } from '../services/filename-preview.js';
import type { JobService } from '../services/jobs.js';
import type { QueueControl } from '../services/queue-control.js';
import type { ManualDownloads } from '../services/manual-downloads.js';
import type { StorageGuard } from '../services/storage.js';
import type { ToolLocator } from '../services/tools.js';
import type { PrivateYtDlp } from '../services/private-ytdlp.js';
import type { VideoLookup } from '../services/video-search.js';
import type { YtDlpUpdater } from '../services/ytdlp-updater.js';

/** What the downloader plugin's route modules share. */
export interface DownloaderRouteDeps {
  platformManaged: boolean;
  storage: StorageGuard;
  jobs: JobService;
  queueControl: QueueControl;
  downloads: ManualDownloads;
  activity: ActivityTracker;
  tools: ToolLocator;
  updater: YtDlpUpdater;
  events: Pick<EventBus, 'publish'>;
  privateYtDlp: PrivateYtDlp;
  lookup: VideoLookup;
  cookies: CookieSettings;
  argsCheck: ArgsCheck;
  filenames: FilenamePreviewer;
}
