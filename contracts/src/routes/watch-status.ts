// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';

/** The routes of the watch-status plugin. */
export interface WatchStatusRoutes {
  'GET /api/mediaservers/watch-status': {
    response: Static<typeof C.WatchStatusOverview>;
  };
  'GET /api/videos/:sourceId/watch-status': {
    params: Static<typeof C.SourceIdParams>;
    response: Static<typeof C.VideoWatchStatus>;
  };
  'POST /api/mediaservers/watch-status/sync': {
    response: Static<typeof C.WatchSyncStarted>;
  };
}
