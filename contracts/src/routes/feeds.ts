// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { Route } from './route.js';

/** The routes of the feeds plugin. */
export interface FeedsRoutes {
  'DELETE /api/feeds': Route<'FeedsRevoked', never, 'FeedQuery'>;
  'DELETE /api/feeds/:id': Route<null, 'IdParams'>;
  'GET /api/feeds': Route<'FeedList', never, 'FeedQuery'>;
  'GET /api/feeds/opml': Route<unknown>;
  'GET /feeds/:token/artwork.jpg': Route<unknown, 'FeedTokenParams'>;
  'GET /feeds/:token/artwork/:file': Route<unknown, 'FeedFileParams'>;
  'GET /feeds/:token/chapters/:file': Route<unknown, 'FeedFileParams'>;
  'GET /feeds/:token/feed.xml': Route<unknown, 'FeedTokenParams'>;
  'GET /feeds/:token/media/:file': Route<unknown, 'FeedFileParams'>;
  'POST /api/feeds': Route<'Feed', never, never, 'NewFeed'>;
}
