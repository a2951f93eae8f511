// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { Route } from './route.js';

/** The routes of the watch-status plugin. */
export interface WatchStatusRoutes {
  'GET /api/mediaservers/watch-status': Route<'WatchStatusOverview'>;
  'GET /api/videos/:sourceId/watch-status': Route<'VideoWatchStatus', 'SourceIdParams'>;
  'POST /api/mediaservers/watch-status/sync': Route<'WatchSyncStarted'>;
}
