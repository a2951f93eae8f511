// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { Route } from './route.js';

/** The routes of the plex plugin. */
export interface PlexRoutes {
  'GET /getplexlibraries': Route<'PlexLibraryList', never, 'PlexTestQuery'>;
  'GET /plex/auth-url': Route<'PlexAuthUrl'>;
  'GET /plex/check-pin/:pinId': Route<'PlexPinStatus', 'PlexPinParams'>;
  'GET /plex/server-identity': Route<'PlexServerIdentity', never, 'PlexTestQuery'>;
  'GET /refreshlibrary': Route<'SuccessResponse'>;
  'POST /api/mediaservers/plex/test': Route<'PlexConnectionResult', never, never, 'PlexConnectionTest'>;
}
