// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';

/** The routes of the emby plugin. */
export interface EmbyRoutes {
  'POST /api/mediaservers/emby/libraries': {
    body: Static<typeof C.EmbyConnectionBody>;
    response: Static<typeof C.MediaServerLibraryList>;
  };
  'POST /api/mediaservers/emby/test': {
    body: Static<typeof C.EmbyConnectionBody>;
    response: Static<typeof C.MediaServerConnectionOk>;
  };
  'POST /api/mediaservers/emby/users': {
    body: Static<typeof C.EmbyConnectionBody>;
    response: Static<typeof C.MediaServerUserList>;
  };
}
