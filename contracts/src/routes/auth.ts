// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { Route } from './route.js';

/** The routes of the auth plugin. */
export interface AuthRoutes {
  'DELETE /api/keys/:id': Route<'SuccessResponse', 'IdParams'>;
  'DELETE /auth/sessions/:id': Route<'SuccessResponse', 'IdParams'>;
  'GET /api/keys': Route<'ApiKeyList'>;
  'GET /auth/sessions': Route<'SessionList'>;
  'GET /auth/validate': Route<'ValidateResponse'>;
  'GET /setup/status': Route<'SetupStatusResponse'>;
  'GET /validateToken': Route<'ValidateResponse'>;
  'POST /api/keys': Route<'CreateApiKeyResponse', never, never, 'CreateApiKeyBody'>;
  'POST /auth/change-password': Route<'SuccessResponse', never, never, 'ChangePasswordBody'>;
  'POST /auth/login': Route<'LoginResponse', never, never, 'LoginBody'>;
  'POST /auth/logout': Route<'LogoutResponse'>;
  'POST /setup/create-auth': Route<'LoginResponse', never, never, 'SetupBody'>;
}
