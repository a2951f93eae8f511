// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';
import type { Route } from './route.js';

/** The routes of the core. */
export interface CoreRoutes {
  'GET /api/config/schema': Route<'ConfigSchemaResponse'>;
  'GET /api/health': Route<'HealthResponse'>;
  'GET /api/plugins': Route<'PluginList'>;
  'GET /getconfig': Route<'GetConfigResponse'>;
  'PATCH /api/config': Route<'GetConfigResponse', never, never, PatchApiConfigBody>;
  'PATCH /api/plugins/:id': Route<'TogglePluginResponse', 'PluginIdParams', never, 'TogglePluginRequest'>;
}

/** The body of `PATCH /api/config`. */
type PatchApiConfigBody = {
  mediaserverUrl?: string;
  apiRateLimitPerMinute?: number;
  schedules?: {
    [key: string]: Static<typeof C.TaskScheduleOverride>;
  };
  schedulerShutdownWaitSeconds?: number;
  apiKeyRateLimit?: number;
  preferredResolution?: '360' | '480' | '720' | '1080' | '1440' | '2160';
  videoCodec?: 'default' | 'h264' | 'h265';
  defaultSubfolder?: string;
  defaultSkipVideoFolder?: boolean;
  writeVideoNfoFiles?: boolean;
  writeChannelPosters?: boolean;
  writeVideoFanart?: boolean;
  setFileTimesToUploadDate?: boolean;
  videoFilenamePrefix?: string;
  useTmpForDownloads?: boolean;
  tmpFilePath?: string;
  subtitlesEnabled?: boolean;
  subtitleLanguage?: string;
  sponsorblockEnabled?: boolean;
  sponsorblockAction?: 'remove' | 'mark';
  sponsorblockCategories?: Array<
    'sponsor' | 'intro' | 'outro' | 'selfpromo' | 'preview' | 'filler' | 'interaction' | 'music_offtopic'
  >;
  sponsorblockApiUrl?: string;
  cookiesEnabled?: boolean;
  proxy?: string;
  ipFamily?: 'ipv4' | 'ipv6' | 'auto';
  downloadRateLimit?: string;
  downloadThrottledRate?: string;
  sleepRequests?: number;
  downloadSocketTimeoutSeconds?: number;
  downloadRetryCount?: number;
  downloadAutoRetryCount?: number;
  downloadAutoRetryDelaySeconds?: number;
  concurrentFragments?: number;
  concurrentJobs?: number;
  ytdlpCustomArgs?: string;
  inactivityTimeoutMinutes?: number;
  maxJobRuntimeHours?: number;
  jobHistoryDays?: number;
  jobHistoryMax?: number;
  storageMinFreeGb?: number;
  storageMaxUsedGb?: number;
  platformRequestsPerHour?: number;
  platformGigabytesPerDay?: number;
  platformCooldownMinutes?: number;
  ytdlpPath?: string;
  pythonPath?: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  channelFilesToDownload?: number;
  sourceApiKey?: string;
  tabCountBatchSize?: number;
  plexIP?: string;
  plexPort?: string;
  plexViaHttps?: boolean;
  plexApiKey?: string;
  plexPlaylistToken?: string;
  plexSourceLibraryId?: string;
  plexSubfolderLibraryMappings?: Array<Static<typeof C.PlexSubfolderLibraryMapping>>;
  plexWatchStatusAllUsers?: boolean;
  jellyfinEnabled?: boolean;
  jellyfinUrl?: string;
  jellyfinApiKey?: string;
  jellyfinUserId?: string;
  jellyfinVideoLibraryIds?: string[];
  jellyfinWatchStatusAllUsers?: boolean;
  embyEnabled?: boolean;
  embyUrl?: string;
  embyApiKey?: string;
  embyUserId?: string;
  embyVideoLibraryIds?: string[];
  embyWatchStatusAllUsers?: boolean;
  watchStatusSyncEnabled?: boolean;
  watchStatusSyncFrequency?: string;
  watchStatusWatchedRule?: 'any' | 'primary';
  autoRemovalEnabled?: boolean;
  autoRemovalVideoAgeThreshold?: string | null;
  autoRemovalFreeSpaceThreshold?: string | null;
  autoRemovalWatchedEnabled?: boolean;
  autoRemovalWatchedMinDaysSinceWatched?: string;
  autoRemovalWatchedMinVideoAgeDays?: string;
  autoRemovalKeepRecentCount?: number;
  notificationsEnabled?: boolean;
  appriseUrls?: Array<Static<typeof C.AppriseTarget>>;
  feedsPublicUrl?: string;
  feedsAudioOnDemand?: boolean;
};
