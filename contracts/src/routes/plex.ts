// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';

/** The routes of the plex plugin. */
export interface PlexRoutes {
  'GET /getplexlibraries': {
    query: Static<typeof C.PlexTestQuery>;
    response: Static<typeof C.PlexLibraryList>;
  };
  'GET /plex/auth-url': {
    response: Static<typeof C.PlexAuthUrl>;
  };
  'GET /plex/check-pin/:pinId': {
    params: Static<typeof C.PlexPinParams>;
    response: Static<typeof C.PlexPinStatus>;
  };
  'GET /plex/server-identity': {
    query: Static<typeof C.PlexTestQuery>;
    response: Static<typeof C.PlexServerIdentity>;
  };
  'GET /refreshlibrary': {
    response: Static<typeof C.SuccessResponse>;
  };
  'POST /api/mediaservers/plex/test': {
    body: Static<typeof C.PlexConnectionTest>;
    response: Static<typeof C.PlexConnectionResult>;
  };
}
