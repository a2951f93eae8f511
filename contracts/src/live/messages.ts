import type { FetchOutcome } from '../schemas/channels/fetch-all.js';
import type { TabType } from '../schemas/channels/tabs.js';
import type { Diagnosis } from '../schemas/downloader/failures.js';
import type { DownloadProgress, JobSummary, JobVideoState } from '../schemas/downloader/jobs.js';
import type { PlatformState } from '../schemas/downloader/platform.js';
import type { FileScanOperation, FileScanProgress, FileScanRun, FileScanTrigger } from '../schemas/library-files.js';
import type { TaskRun } from '../schemas/scheduler.js';
import type { ImportResult, ImportSummary } from '../schemas/subscription-import.js';

/**
 * Every message the WebSocket at `/api/ws` sends, by `type`. The server's hub accepts only these
 * shapes and the UI reads them without casts. A third-party plugin adds its own by augmenting the
 * map (`declare module '@vidkeep/contracts' { interface LiveMessageMap { acmeThing: {...} } }`);
 * its type should start with the plugin's id.
 */
export interface LiveMessageMap {
  /** Sent once after authentication; a new `instanceId` means the server restarted. */
  ready: { instanceId: string };
  /** A plugin was switched on or off at run time (`PATCH /api/plugins/{id}`): what it offers came or went. */
  pluginToggled: { pluginId: string; enabled: boolean };
  /** The set of queued and downloading videos changed; fetch `/api/videos/activity` again. */
  videoActivityUpdated: { instanceId: string; revision: number };
  /** A job's summary changed (state, counts, message). */
  jobUpdated: { job: JobSummary };
  /** The whole queue was paused or resumed (`POST /api/queue/pause`, `/resume`). */
  queueUpdated: { paused: boolean };
  /** The platform budget or cool-down changed: a cool-down began or ended, or the budget ran out. */
  platformUpdated: { platform: PlatformState };
  /** One video of a running job moved on (coalesced to four a second per video). */
  jobProgress: {
    jobId: string;
    sourceId: string;
    state: JobVideoState;
    progress: DownloadProgress | null;
    diagnosis: Diagnosis | null;
  };
  /** A scheduled task's run started, progressed or finished. */
  scheduleRunUpdated: { run: TaskRun };
  /**
   * A channel tab listing is running (`listing`, `saving`) or finished (`done`). A full fetch
   * ("Load all") also says how far it got, page by page (the fields of `fetch-status`'s
   * `progress`), and on `done` how it ended (`outcome`).
   */
  channelFetchProgress: {
    channelId: string;
    tabType: TabType;
    fetchType: 'full' | 'refresh';
    stage: 'listing' | 'saving' | 'done';
    itemsFetched: number;
    pagesRead?: number;
    expectedTotal?: number | null;
    etaSeconds?: number | null;
    sleepRequests?: number;
    cancelling?: boolean;
    outcome?: FetchOutcome;
  };
  /**
   * Something a channel page counts changed: one of its videos was downloaded or its file
   * deleted (after the channel's listing recorded it); fetch the tab figures and videos again.
   */
  channelUpdated: { channelId: string; reason: 'downloaded' | 'removed' };
  /** A playlist listing is running (`listing`, `saving`) or finished (`done`). */
  playlistFetchProgress: {
    playlistId: string;
    stage: 'listing' | 'saving' | 'done';
    itemsFetched: number;
  };
  /**
   * Something a playlist page shows changed (a video downloaded, a sync or `.m3u` rebuild finished,
   * a listing saved); fetch the playlist again.
   */
  playlistUpdated: { playlistId: string; reason: 'downloaded' | 'synced' | 'm3u' | 'listed' | 'settings' };
  /**
   * The filesystem rescan or a library import started (`running`, no `lastRun` yet), moved on
   * (`progress`, coalesced to four a second) or finished (`running: false`, `lastRun` = the run
   * as `GET /api/maintenance/rescan-status` shows it). The reference's `rescanStatus`, extended.
   */
  rescanStatus: {
    running: boolean;
    runId: number;
    operation: FileScanOperation;
    trigger: FileScanTrigger;
    progress: FileScanProgress | null;
    lastRun: FileScanRun | null;
  };
  /**
   * A subscription import started, moved on (one channel done: `lastResult`) or finished
   * (`import.status` is no longer `running`); coalesced to four a second per import.
   */
  subscriptionImportUpdated: { import: ImportSummary; lastResult: ImportResult | null };
}

export type LiveMessageType = keyof LiveMessageMap;

/** One message as sent: `{ type, ...payload }`; without a type argument, the union of all. */
export type LiveMessage<K extends LiveMessageType = LiveMessageType> = K extends LiveMessageType
  ? { type: K } & LiveMessageMap[K]
  : never;

/** Narrows a received message to one type. */
export function isLiveMessage<K extends LiveMessageType>(
  message: { type: string },
  type: K,
): message is LiveMessage<K> {
  return message.type === type;
}
