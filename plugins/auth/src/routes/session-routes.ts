import {
  ChangePasswordBody,
  AuthErrorCodes,
  CoreErrorCodes,
  ErrorEnvelope,
  IdParams,
  LoginBody,
  LoginResponse,
  LogoutResponse,
  SESSION_LIFETIME_MS,
  SessionList,
  SuccessResponse,
  ValidateResponse,
  type AuthContext,
} from '@vidkeep/contracts';
import { HttpError, type FastifyPluginAsyncTypebox, type FastifyRequest } from '@vidkeep/core/plugin-api';
import { passwordProblem } from '../services/credentials.js';
import { NOT_CONFIGURED_MESSAGE } from '../services/auth-service.js';
import { iso, type AuthRouteDeps } from './deps.js';

/** The synthetic token the UI uses while authentication is disabled (spec 5, rule 7). */
export const PLATFORM_MANAGED_TOKEN = 'platform-managed-auth';

function usernameOf(auth: AuthContext): string {
  return auth.kind === 'session' || auth.kind === 'disabled' ? auth.username : '';
}

function tooManyAttempts(seconds: number): HttpError {
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    AuthErrorCodes.tooManyAttempts,
    `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {},
    { 'retry-after': String(seconds) },
  );
}

export const sessionRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, deps) => {
  const { env, credentials, sessions, loginLimiter, loginAddressLimiter } = deps;

  const checkLimits = (request: FastifyRequest, username: string) => {
    const wait = Math.max(
      loginLimiter.retryAfterSeconds(`${request.clientAddress}|${username.toLowerCase()}`),
      loginAddressLimiter.retryAfterSeconds(request.clientAddress),
    );
    if (wait > 0) throw tooManyAttempts(wait);
  };
  const recordFailure = (request: FastifyRequest, username: string) => {
    loginLimiter.record(`${request.clientAddress}|${username.toLowerCase()}`);
    loginAddressLimiter.record(request.clientAddress);
  };

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
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          429: ErrorEnvelope,
          503: ErrorEnvelope,
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
      if (!credentials.isConfigured()) {
        throw new HttpError(503, AuthErrorCodes.notConfigured, NOT_CONFIGURED_MESSAGE, { requiresSetup: true });
      }
      checkLimits(request, username);
      if (!(await credentials.verify(username, password))) {
        recordFailure(request, username);
        throw new HttpError(401, AuthErrorCodes.invalidCredentials, 'Invalid credentials');
      }
      loginLimiter.reset(`${request.clientAddress}|${username.toLowerCase()}`);
      const { token, session } = await sessions.create({
        username,
        userAgent: request.headers['user-agent'],
        ipAddress: request.clientAddress,
      });
      deps.logger.info({ sessionId: session.id, client: request.clientAddress }, 'User logged in');
      return { token, expires: iso(session.expiresAt), username };
    },
  );

  const validateSchema = {
    tags: ['auth'],
    summary: 'Check the session token',
    response: { 200: ValidateResponse, 401: ErrorEnvelope, 403: ErrorEnvelope },
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
        response: { 200: LogoutResponse, 401: ErrorEnvelope, 403: ErrorEnvelope },
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
        response: { 200: SessionList, 401: ErrorEnvelope, 403: ErrorEnvelope },
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
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const username = usernameOf(request.auth);
      if (!(await sessions.delete(request.params.id, username))) {
        throw new HttpError(404, AuthErrorCodes.sessionNotFound, 'Session not found');
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
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      if (!env.authEnabled) {
        throw new HttpError(
          400,
          AuthErrorCodes.disabled,
          'Authentication is disabled (AUTH_ENABLED=false); there is no password to change',
        );
      }
      const { currentPassword, newPassword } = request.body;
      const problem = passwordProblem(newPassword);
      if (problem) throw new HttpError(400, CoreErrorCodes.validationFailed, problem);
      const username = usernameOf(request.auth);
      checkLimits(request, username);
      if (!(await credentials.verify(username, currentPassword))) {
        recordFailure(request, username);
        throw new HttpError(401, AuthErrorCodes.wrongPassword, 'Current password is incorrect');
      }
      await credentials.set(username, newPassword, 'change-password');
      return {
        success: true,
        message: 'Password changed. Other sessions stay signed in; end them under sessions if needed.',
      };
    },
  );
};
