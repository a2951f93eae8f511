import {
  AuthErrorCodes,
  CoreErrorCodes,
  ErrorEnvelope,
  LoginResponse,
  SetupBody,
  SetupStatusResponse,
} from '@vidkeep/contracts';
import { HttpError, type FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import { passwordProblem, usernameProblem } from '../services/credentials.js';
import { iso, type AuthRouteDeps } from './deps.js';

export const SETUP_REQUIRED_MESSAGE =
  'Setup required: enter the setup token printed in the server log (also stored in the setup-token file of the configuration directory).';

export const setupRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, deps) => {
  const { env, credentials, sessions, setupToken, setupLimiter } = deps;

  app.get(
    '/setup/status',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['setup'],
        summary: 'Whether the first-start setup still has to be completed',
        response: { 200: SetupStatusResponse },
      },
    },
    async () => {
      if (!env.authEnabled) {
        return {
          requiresSetup: false,
          platformManaged: true,
          message: 'Authentication is managed by the platform (AUTH_ENABLED=false).',
        };
      }
      const requiresSetup = !credentials.isConfigured();
      return { requiresSetup, platformManaged: false, message: requiresSetup ? SETUP_REQUIRED_MESSAGE : null };
    },
  );

  app.post(
    '/setup/create-auth',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['setup'],
        summary: 'Complete the first-start setup: create the login and sign in',
        description:
          'Takes the one-time setup token (64 hex characters, from the server log or `CONFIG_DIR/setup-token`), a username (1-32 characters) and a password (8-64 characters) with its confirmation. The token is checked first and consumed on success. Limited to 10 attempts per 15 minutes per client address.',
        body: SetupBody,
        response: {
          200: LoginResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          409: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      if (!env.authEnabled) {
        throw new HttpError(
          400,
          AuthErrorCodes.disabled,
          'Authentication is disabled (AUTH_ENABLED=false); there is nothing to set up',
        );
      }
      const wait = setupLimiter.retryAfterSeconds(request.clientAddress);
      if (wait > 0) {
        throw new HttpError(
          429,
          AuthErrorCodes.tooManyAttempts,
          `Too many setup attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          {},
          { 'retry-after': String(wait) },
        );
      }
      setupLimiter.record(request.clientAddress);
      const { token, username, password, confirmPassword } = request.body;
      if (!setupToken.matches(token)) {
        throw new HttpError(401, AuthErrorCodes.invalidSetupToken, 'Invalid setup token');
      }
      if (credentials.isConfigured()) {
        throw new HttpError(409, AuthErrorCodes.alreadyConfigured, 'Authentication is already configured');
      }
      const problem = usernameProblem(username) ?? passwordProblem(password);
      if (problem) throw new HttpError(400, CoreErrorCodes.validationFailed, problem);
      if (password !== confirmPassword) {
        throw new HttpError(400, AuthErrorCodes.passwordMismatch, 'Password and confirmation do not match');
      }
      if (!setupToken.claim()) {
        throw new HttpError(
          409,
          AuthErrorCodes.alreadyConfigured,
          'Setup is already being completed by another request',
        );
      }
      try {
        await credentials.set(username, password, 'setup');
        await setupToken.consume();
      } finally {
        setupToken.release();
      }
      setupLimiter.reset(request.clientAddress);
      const name = username.trim();
      const { token: sessionToken, session } = await sessions.create({
        username: name,
        userAgent: request.headers['user-agent'],
        ipAddress: request.clientAddress,
      });
      deps.logger.info({ client: request.clientAddress }, 'Setup completed; the setup token is consumed');
      return {
        token: sessionToken,
        expires: iso(session.expiresAt),
        username: name,
        message: 'Setup complete. You are signed in.',
      };
    },
  );
};
