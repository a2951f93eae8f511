import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000AuthInitial } from './20261122000000_auth_initial.js';
import { Migration20261122010000DownloaderInitial } from './20261122010000_downloader_initial.js';
import { Migration20261122020000SchedulerInitial } from './20261122020000_scheduler_initial.js';
import { Migration20261123000000ChannelsInitial } from './20261123000000_channels_initial.js';
import { Migration20261124000000ChannelsRenameVideosTable } from './20261124000000_channels_rename_videos_table.js';
import { Migration20261125000000PlaylistsInitial } from './20261125000000_playlists_initial.js';
import { Migration20261126000000WatchStatusInitial } from './20261126000000_watch_status_initial.js';
import { Migration20261126100000DownloaderVideoWatch } from './20261126100000_downloader_video_watch.js';
import { Migration20261126100100ChannelsVideoWatch } from './20261126100100_channels_video_watch.js';
import { Migration20261126100200PlaylistsVideoWatch } from './20261126100200_playlists_video_watch.js';
import { Migration20261127000000DownloaderVideoProtected } from './20261127000000_downloader_video_protected.js';
import { Migration20261127000001RetentionInitial } from './20261127000001_retention_initial.js';

/**
 * The single migration timeline of the built-in plugins, applied in name order at start.
 * File names are `<timestamp>_<plugin-id>_<change>.ts`; add new ones at the end of this list.
 */
export const builtinMigrations: MigrationObject[] = [
  { name: '20261122000000_auth_initial', class: Migration20261122000000AuthInitial },
  { name: '20261122010000_downloader_initial', class: Migration20261122010000DownloaderInitial },
  { name: '20261122020000_scheduler_initial', class: Migration20261122020000SchedulerInitial },
  { name: '20261123000000_channels_initial', class: Migration20261123000000ChannelsInitial },
  {
    name: '20261124000000_channels_rename_videos_table',
    class: Migration20261124000000ChannelsRenameVideosTable,
  },
  { name: '20261125000000_playlists_initial', class: Migration20261125000000PlaylistsInitial },
  { name: '20261126000000_watch_status_initial', class: Migration20261126000000WatchStatusInitial },
  { name: '20261126100000_downloader_video_watch', class: Migration20261126100000DownloaderVideoWatch },
  { name: '20261126100100_channels_video_watch', class: Migration20261126100100ChannelsVideoWatch },
  { name: '20261126100200_playlists_video_watch', class: Migration20261126100200PlaylistsVideoWatch },
  {
    name: '20261127000000_downloader_video_protected',
    class: Migration20261127000000DownloaderVideoProtected,
  },
  { name: '20261127000001_retention_initial', class: Migration20261127000001RetentionInitial },
];
