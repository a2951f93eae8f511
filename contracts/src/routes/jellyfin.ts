// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';

/** The routes of the jellyfin plugin. */
export interface JellyfinRoutes {
  'POST /api/mediaservers/jellyfin/libraries': {
    body: Static<typeof C.JellyfinConnectionBody>;
    response: Static<typeof C.MediaServerLibraryList>;
  };
  'POST /api/mediaservers/jellyfin/test': {
    body: Static<typeof C.JellyfinConnectionBody>;
    response: Static<typeof C.MediaServerConnectionOk>;
  };
  'POST /api/mediaservers/jellyfin/users': {
    body: Static<typeof C.JellyfinConnectionBody>;
    response: Static<typeof C.MediaServerUserList>;
  };
}
