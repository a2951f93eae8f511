import { errorResponses, LoginResponse, SetupBody, SetupStatusResponse } from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { clientOf, iso, type AuthRouteDeps } from './deps.js';

export const SETUP_REQUIRED_MESSAGE =
  'Setup required: enter the setup token printed in the server log (also stored in the setup-token file of the configuration directory).';

export const setupRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, deps) => {
  const { env, credentials, account } = deps;

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
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request) => {
      const { token, session, username } = await account.completeSetup(request.body, clientOf(request));
      return { token, expires: iso(session.expiresAt), username, message: 'Setup complete. You are signed in.' };
    },
  );
};
