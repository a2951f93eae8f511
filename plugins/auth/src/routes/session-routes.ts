import {
  AuthErrorCodes,
  ChangePasswordBody,
  errorResponses,
  IdParams,
  LoginBody,
  LoginResponse,
  LogoutResponse,
  NotFoundError,
  SESSION_LIFETIME_MS,
  SessionList,
  SuccessResponse,
  ValidateResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox, FastifyRequest } from '@vidkeep/plugin-kit';
import { clientOf, iso, usernameOf, type AuthRouteDeps } from './deps.js';

/** The synthetic token the UI uses while authentication is disabled (spec 5, rule 7). */
export const PLATFORM_MANAGED_TOKEN = 'platform-managed-auth';

export const sessionRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, deps) => {
  const { env, credentials, sessions, account } = deps;

  app.post(
    '/auth/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in and get a session token (valid 7 days)',
        body: LoginBody,
        response: {
          200: LoginResponse,
          ...errorResponses(400, 401, 429, 503),
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      if (!env.authEnabled) {
        return {
          token: PLATFORM_MANAGED_TOKEN,
          expires: iso(new Date(Date.now() + SESSION_LIFETIME_MS)),
          username: credentials.username() || 'admin',
          message: 'Authentication is disabled (AUTH_ENABLED=false); no login is needed',
        };
      }
      const { token, session } = await account.login(username, password, clientOf(request));
      return { token, expires: iso(session.expiresAt), username };
    },
  );

  const validateSchema = {
    tags: ['auth'],
    summary: 'Check the session token',
    response: { 200: ValidateResponse, ...errorResponses(401, 403) },
  };
  const validate = async (request: FastifyRequest) => ({ valid: true, username: usernameOf(request.auth) });
  app.get('/validateToken', { schema: validateSchema }, validate);
  app.get('/auth/validate', { schema: validateSchema }, validate);

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 200: LogoutResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      if (request.auth.kind === 'session') {
        await sessions.delete(request.auth.sessionId, request.auth.username, 'logout');
      }
      return { success: true };
    },
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: "The current user's active sessions, most recently used first",
        response: { 200: SessionList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (auth.kind !== 'session') return [];
      const list = await sessions.list(auth.username);
      return list.map((s) => ({
        id: s.id,
        user_agent: s.userAgent,
        ip_address: s.ipAddress,
        createdAt: iso(s.createdAt),
        last_used_at: iso(s.lastUsedAt),
        expires_at: iso(s.expiresAt),
        current: s.id === auth.sessionId,
      }));
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one session (log out another device)',
        params: IdParams,
        response: {
          200: SuccessResponse,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      if (!(await sessions.delete(request.params.id, usernameOf(request.auth)))) {
        throw new NotFoundError(AuthErrorCodes.sessionNotFound, 'Session not found');
      }
      return { success: true, message: 'Session ended' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password (existing sessions stay valid)',
        body: ChangePasswordBody,
        response: {
          200: SuccessResponse,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await account.changePassword(usernameOf(request.auth), currentPassword, newPassword, clientOf(request));
      return {
        success: true,
        message: 'Password changed. Other sessions stay signed in; end them under sessions if needed.',
      };
    },
  );
};
