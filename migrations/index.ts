import type { MigrationObject } from '@mikro-orm/core';

/** A migration whose module is imported only when it has to run. */
export interface LazyMigration {
  name: string;
  load(): Promise<MigrationObject['class']>;
}

/**
 * The single migration timeline of the built-in plugins, applied in name order at start.
 * File names are `<timestamp>_<plugin-id>_<change>.ts`; add new ones at the end of this list.
 * Each is imported only when it has to run (see `openDatabase` in core).
 */
export const builtinMigrations: LazyMigration[] = [
  {
    name: '20261122000000_auth_initial',
    load: async () => (await import('./20261122000000_auth_initial.js')).Migration20261122000000AuthInitial,
  },
  {
    name: '20261122010000_downloader_initial',
    load: async () => (await import('./20261122010000_downloader_initial.js')).Migration20261122010000DownloaderInitial,
  },
  {
    name: '20261122020000_scheduler_initial',
    load: async () => (await import('./20261122020000_scheduler_initial.js')).Migration20261122020000SchedulerInitial,
  },
  {
    name: '20261123000000_channels_initial',
    load: async () => (await import('./20261123000000_channels_initial.js')).Migration20261123000000ChannelsInitial,
  },
  {
    name: '20261124000000_channels_rename_videos_table',
    load: async () =>
      (await import('./20261124000000_channels_rename_videos_table.js'))
        .Migration20261124000000ChannelsRenameVideosTable,
  },
  {
    name: '20261125000000_playlists_initial',
    load: async () => (await import('./20261125000000_playlists_initial.js')).Migration20261125000000PlaylistsInitial,
  },
  {
    name: '20261126000000_watch_status_initial',
    load: async () =>
      (await import('./20261126000000_watch_status_initial.js')).Migration20261126000000WatchStatusInitial,
  },
  {
    name: '20261126100000_downloader_video_watch',
    load: async () =>
      (await import('./20261126100000_downloader_video_watch.js')).Migration20261126100000DownloaderVideoWatch,
  },
  {
    name: '20261126100100_channels_video_watch',
    load: async () =>
      (await import('./20261126100100_channels_video_watch.js')).Migration20261126100100ChannelsVideoWatch,
  },
  {
    name: '20261126100200_playlists_video_watch',
    load: async () =>
      (await import('./20261126100200_playlists_video_watch.js')).Migration20261126100200PlaylistsVideoWatch,
  },
  {
    name: '20261127000000_downloader_video_protected',
    load: async () =>
      (await import('./20261127000000_downloader_video_protected.js')).Migration20261127000000DownloaderVideoProtected,
  },
  {
    name: '20261127000001_retention_initial',
    load: async () => (await import('./20261127000001_retention_initial.js')).Migration20261127000001RetentionInitial,
  },
  {
    name: '20261127100000_downloader_video_missing',
    load: async () =>
      (await import('./20261127100000_downloader_video_missing.js')).Migration20261127100000DownloaderVideoMissing,
  },
  {
    name: '20261127110000_auth_failed_attempts',
    load: async () =>
      (await import('./20261127110000_auth_failed_attempts.js')).Migration20261127110000AuthFailedAttempts,
  },
  {
    name: '20261128000000_channels_subscription_imports',
    load: async () =>
      (await import('./20261128000000_channels_subscription_imports.js'))
        .Migration20261128000000ChannelsSubscriptionImports,
  },
  {
    name: '20261128010000_downloader_file_scans',
    load: async () =>
      (await import('./20261128010000_downloader_file_scans.js')).Migration20261128010000DownloaderFileScans,
  },
  {
    name: '20261128020000_downloader_video_rating',
    load: async () =>
      (await import('./20261128020000_downloader_video_rating.js')).Migration20261128020000DownloaderVideoRating,
  },
  {
    name: '20261128020100_channels_default_rating',
    load: async () =>
      (await import('./20261128020100_channels_default_rating.js')).Migration20261128020100ChannelsDefaultRating,
  },
  {
    name: '20261128020200_channels_video_library_flags',
    load: async () =>
      (await import('./20261128020200_channels_video_library_flags.js'))
        .Migration20261128020200ChannelsVideoLibraryFlags,
  },
  {
    name: '20261128030000_downloader_job_retry_at',
    load: async () =>
      (await import('./20261128030000_downloader_job_retry_at.js')).Migration20261128030000DownloaderJobRetryAt,
  },
  {
    name: '20261128030100_channels_duration_limits',
    load: async () =>
      (await import('./20261128030100_channels_duration_limits.js')).Migration20261128030100ChannelsDurationLimits,
  },
  {
    name: '20261128040000_downloader_video_list_index',
    load: async () =>
      (await import('./20261128040000_downloader_video_list_index.js')).Migration20261128040000DownloaderVideoListIndex,
  },
  {
    name: '20261129000000_library_tables',
    load: async () => (await import('./20261129000000_library_tables.js')).Migration20261129000000LibraryTables,
  },
  {
    name: '20261129110000_downloader_job_queue_control',
    load: async () =>
      (await import('./20261129110000_downloader_job_queue_control.js'))
        .Migration20261129110000DownloaderJobQueueControl,
  },
  {
    name: '20261129150000_downloader_job_turns',
    load: async () =>
      (await import('./20261129150000_downloader_job_turns.js')).Migration20261129150000DownloaderJobTurns,
  },
];
