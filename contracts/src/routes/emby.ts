// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { Route } from './route.js';

/** The routes of the emby plugin. */
export interface EmbyRoutes {
  'POST /api/mediaservers/emby/libraries': Route<'MediaServerLibraryList', never, never, 'EmbyConnectionBody'>;
  'POST /api/mediaservers/emby/test': Route<'MediaServerConnectionOk', never, never, 'EmbyConnectionBody'>;
  'POST /api/mediaservers/emby/users': Route<'MediaServerUserList', never, never, 'EmbyConnectionBody'>;
}
