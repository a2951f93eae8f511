import { AuthErrorCodes } from './auth.js';
import { ChannelErrorCodes } from './channels.js';
import { CoreErrorCodes } from './core.js';
import { DownloaderErrorCodes } from './downloader.js';
import { PlaylistErrorCodes } from './playlists.js';
import { PlexErrorCodes } from './plex.js';
import { JellyfinErrorCodes } from './jellyfin.js';
import { EmbyErrorCodes } from './emby.js';
import { SchedulerErrorCodes } from './scheduler.js';
import { WatchStatusErrorCodes } from './watch-status.js';
import { RetentionErrorCodes } from './retention.js';
import { NotificationErrorCodes } from './notifications.js';
import { FeedErrorCodes } from './feeds.js';

/**
 * Every error code, one file per owner with its own prefix (`CORE_`, `AUTH_`, `DOWNLOAD_`,
 * `CHANNELS_`, `SCHEDULER_`, `PLAYLISTS_`, `JELLYFIN_`, `EMBY_`, `WATCH_STATUS_`, `RETENTION_`, `NOTIFICATIONS_`, `FEEDS_`). Codes are `<PREFIX>_<REASON>`; clients (the UI above all) branch on
 * `code`, never on the human-readable `error` text.
 */
export * from './envelope.js';
export * from './domain.js';
export * from './core.js';
export * from './auth.js';
export * from './downloader.js';
export * from './channels.js';
export * from './scheduler.js';
export * from './playlists.js';
export * from './plex.js';
export * from './jellyfin.js';
export * from './emby.js';
export * from './watch-status.js';
export * from './retention.js';
export * from './notifications.js';
export * from './feeds.js';

type Values<T> = T[keyof T];
export type ErrorCode =
  | Values<typeof CoreErrorCodes>
  | Values<typeof AuthErrorCodes>
  | Values<typeof DownloaderErrorCodes>
  | Values<typeof ChannelErrorCodes>
  | Values<typeof SchedulerErrorCodes>
  | Values<typeof PlaylistErrorCodes>
  | Values<typeof PlexErrorCodes>
  | Values<typeof JellyfinErrorCodes>
  | Values<typeof EmbyErrorCodes>
  | Values<typeof WatchStatusErrorCodes>
  | Values<typeof RetentionErrorCodes>
  | Values<typeof NotificationErrorCodes>
  | Values<typeof FeedErrorCodes>;
