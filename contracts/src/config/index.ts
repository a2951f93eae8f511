export * from './annotations.js';
export * from './presentation.js';
export * from './core.js';
export * from './auth.js';
export * from './downloader.js';
export * from './scheduler.js';
export * from './channels.js';
export * from './plex.js';
export * from './jellyfin.js';
export * from './emby.js';
export * from './watch-status.js';
export * from './retention.js';
export * from './notifications.js';
export * from './feeds.js';
import type { CoreConfigSection } from './core.js';
import type { AuthConfigSection } from './auth.js';
import type { DownloaderConfigSection } from './downloader.js';
import type { SchedulerConfigSection } from './scheduler.js';
import type { ChannelsConfigSection } from './channels.js';
import type { PlexConfigSection } from './plex.js';
import type { JellyfinConfigSection } from './jellyfin.js';
import type { EmbyConfigSection } from './emby.js';
import type { WatchStatusConfigSection } from './watch-status.js';
import type { RetentionConfigSection } from './retention.js';
import type { NotificationsConfigSection } from './notifications.js';
import type { FeedsConfigSection } from './feeds.js';

/**
 * The whole configuration as the running service sees it: the core's keys plus every built-in
 * plugin's section (a disabled plugin's keys are simply absent at run time). Third-party plugins
 * add their keys by augmenting this interface:
 *
 *   declare module '@vidkeep/contracts' { interface AppConfig { acmeFooInterval: number } }
 */
export interface AppConfig
  extends
    CoreConfigSection,
    AuthConfigSection,
    DownloaderConfigSection,
    SchedulerConfigSection,
    ChannelsConfigSection,
    PlexConfigSection,
    JellyfinConfigSection,
    EmbyConfigSection,
    WatchStatusConfigSection,
    RetentionConfigSection,
    NotificationsConfigSection,
    FeedsConfigSection {}
