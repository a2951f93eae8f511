// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';

/** The routes of the auth plugin. */
export interface AuthRoutes {
  'DELETE /api/keys/:id': {
    params: Static<typeof C.IdParams>;
    response: Static<typeof C.SuccessResponse>;
  };
  'DELETE /auth/sessions/:id': {
    params: Static<typeof C.IdParams>;
    response: Static<typeof C.SuccessResponse>;
  };
  'GET /api/keys': {
    response: Static<typeof C.ApiKeyList>;
  };
  'GET /auth/sessions': {
    response: Static<typeof C.SessionList>;
  };
  'GET /auth/validate': {
    response: Static<typeof C.ValidateResponse>;
  };
  'GET /setup/status': {
    response: Static<typeof C.SetupStatusResponse>;
  };
  'GET /validateToken': {
    response: Static<typeof C.ValidateResponse>;
  };
  'POST /api/keys': {
    body: Static<typeof C.CreateApiKeyBody>;
    response: Static<typeof C.CreateApiKeyResponse>;
  };
  'POST /auth/change-password': {
    body: Static<typeof C.ChangePasswordBody>;
    response: Static<typeof C.SuccessResponse>;
  };
  'POST /auth/login': {
    body: Static<typeof C.LoginBody>;
    response: Static<typeof C.LoginResponse>;
  };
  'POST /auth/logout': {
    response: Static<typeof C.LogoutResponse>;
  };
  'POST /setup/create-auth': {
    body: Static<typeof C.SetupBody>;
    response: Static<typeof C.LoginResponse>;
  };
}
