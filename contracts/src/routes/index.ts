// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { AuthRoutes } from './auth.js';
import type { ChannelsRoutes } from './channels.js';
import type { CoreRoutes } from './core.js';
import type { DownloaderRoutes } from './downloader.js';
import type { EmbyRoutes } from './emby.js';
import type { FeedsRoutes } from './feeds.js';
import type { JellyfinRoutes } from './jellyfin.js';
import type { LibraryRoutes } from './library.js';
import type { NotificationsRoutes } from './notifications.js';
import type { PlaylistsRoutes } from './playlists.js';
import type { PlexRoutes } from './plex.js';
import type { RetentionRoutes } from './retention.js';
import type { SchedulerRoutes } from './scheduler.js';
import type { WatchStatusRoutes } from './watch-status.js';

/**
 * Every route of the API, keyed `METHOD /path` (path parameters as `:name`): the types of its
 * `params`, `query`, `body` (those it takes) and its success `response`.
 */
export interface RouteMap
  extends
    AuthRoutes,
    ChannelsRoutes,
    CoreRoutes,
    DownloaderRoutes,
    EmbyRoutes,
    FeedsRoutes,
    JellyfinRoutes,
    LibraryRoutes,
    NotificationsRoutes,
    PlaylistsRoutes,
    PlexRoutes,
    RetentionRoutes,
    SchedulerRoutes,
    WatchStatusRoutes {}
