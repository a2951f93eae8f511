// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { Route } from './route.js';

/** The routes of the jellyfin plugin. */
export interface JellyfinRoutes {
  'POST /api/mediaservers/jellyfin/libraries': Route<'MediaServerLibraryList', never, never, 'JellyfinConnectionBody'>;
  'POST /api/mediaservers/jellyfin/test': Route<'MediaServerConnectionOk', never, never, 'JellyfinConnectionBody'>;
  'POST /api/mediaservers/jellyfin/users': Route<'MediaServerUserList', never, never, 'JellyfinConnectionBody'>;
}
