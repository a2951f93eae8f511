import {
  AuthConfigSection,
  authServiceRef,
  PASSWORD_MAX,
  PASSWORD_MIN,
  schedulerServiceRef,
  Type,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors, type PluginContext } from '@vidkeep/core/plugin-api';
import { AuthApiKeyEntity, AuthFailedAttemptEntity, AuthSessionEntity } from './entities.js';
import type { AuthRouteDeps } from './routes/deps.js';
import { errorStatuses } from './routes/errors.js';
import { keyRoutes } from './routes/key-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { setupRoutes } from './routes/setup-routes.js';
import { AccountService } from './services/account.js';
import { ApiKeyStore } from './services/api-keys.js';
import { AttemptLimiter } from './services/attempt-limiter.js';
import { AttemptLog } from './services/attempt-log.js';
import { LocalAuthService } from './services/auth-service.js';
import { CredentialStore, usernameProblem } from './services/credentials.js';
import { SessionStore } from './services/sessions.js';
import { SetupTokenStore } from './services/setup-token.js';

export const AuthOptions = Type.Object(
  {
    loginMaxFailures: Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 5,
      description: 'Failed logins allowed per client address and username in the window',
    }),
    loginAddressMaxFailures: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 20,
      description: 'Failed logins allowed per client address (any username) in the window',
    }),
    loginWindowMinutes: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
    setupMaxAttempts: Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 10,
      description: 'Setup submissions allowed per client address in the window',
    }),
    setupWindowMinutes: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
  },
  { additionalProperties: false },
);

/**
 * Applies AUTH_PRESET_USERNAME / AUTH_PRESET_PASSWORD (spec 5, rule 6) on every start. Both must
 * be valid; a value that is too short (or too long) makes the pair ignored, with a warning.
 */
async function applyPreset(ctx: PluginContext, credentials: CredentialStore, sessions: SessionStore): Promise<void> {
  const { username, password } = ctx.env.authPreset;
  if (username === undefined && password === undefined) return;
  const problems: string[] = [];
  if (username === undefined) problems.push('AUTH_PRESET_USERNAME is not set');
  else if (usernameProblem(username)) problems.push(`AUTH_PRESET_USERNAME ignored: must be 1 to 32 characters`);
  if (password === undefined) problems.push('AUTH_PRESET_PASSWORD is not set');
  else if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    problems.push(`AUTH_PRESET_PASSWORD ignored: must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  if (problems.length > 0 || username === undefined || password === undefined) {
    ctx.logger.warn({ problems }, 'Preset credentials ignored');
    return;
  }
  const name = username.trim();
  if (await credentials.matchesCurrent(name, password)) return;
  await credentials.set(name, password, 'preset');
  // A renamed account's old sessions belong to a user that no longer exists.
  const revoked = await sessions.revokeAllExcept(name);
  ctx.logger.info(
    { username: name, revokedSessions: revoked },
    'Credentials set from AUTH_PRESET_USERNAME / AUTH_PRESET_PASSWORD',
  );
}

export default definePlugin({
  id: 'auth',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Local login with sessions, first-start setup, API keys for the download endpoint',
  optionalDependsOn: ['scheduler'],
  optionalConsumes: [schedulerServiceRef],
  options: AuthOptions,
  config: AuthConfigSection,
  entities: [AuthSessionEntity, AuthApiKeyEntity, AuthFailedAttemptEntity],
  register(ctx) {
    const { env, config, events, options } = ctx;
    const credentials = new CredentialStore(config, events);
    const sessions = new SessionStore(ctx.orm, events, ctx.logger);
    const apiKeys = new ApiKeyStore(ctx.orm, events, ctx.logger);
    const setupToken = new SetupTokenStore(env.paths.setupTokenFile);
    const minutes = (m: number) => m * 60_000;
    const attemptLog = new AttemptLog(ctx.orm, ctx.logger);
    const limiters = {
      loginLimiter: new AttemptLimiter(options.loginMaxFailures, minutes(options.loginWindowMinutes)).persistTo(
        'login',
        attemptLog,
      ),
      loginAddressLimiter: new AttemptLimiter(
        options.loginAddressMaxFailures,
        minutes(options.loginWindowMinutes),
      ).persistTo('login-address', attemptLog),
      setupLimiter: new AttemptLimiter(options.setupMaxAttempts, minutes(options.setupWindowMinutes)).persistTo(
        'setup',
        attemptLog,
      ),
    };
    const account = new AccountService({
      authEnabled: env.authEnabled,
      logger: ctx.logger,
      credentials,
      sessions,
      setupToken,
      ...limiters,
    });
    const deps: AuthRouteDeps = { env, credentials, sessions, apiKeys, account };

    ctx.provide(authServiceRef, new LocalAuthService(env.authEnabled, config, credentials, sessions, apiKeys));
    // Spec 5: expired sessions are removed daily at 03:00 (and once at every start, below).
    ctx.tryResolve(schedulerServiceRef)?.register({
      key: 'auth.session-cleanup',
      title: 'Remove expired sessions',
      defaultSchedule: '0 3 * * *',
      async run() {
        const removed = await sessions.cleanupExpired();
        return {
          outcome: removed > 0 ? 'removed' : 'nothing-to-do',
          message: `Removed ${removed} expired session${removed === 1 ? '' : 's'}`,
          details: { removed },
        };
      },
    });

    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      await app.register(sessionRoutes, deps);
      await app.register(setupRoutes, deps);
      await app.register(keyRoutes, deps);
    });

    ctx.onReady(async () => {
      await applyPreset(ctx, credentials, sessions);
      await apiKeys.load();
      // A lockout outlives a restart: the failed attempts still inside their window count again.
      await Promise.all(Object.values(limiters).map((l) => l.restore()));
      // Expired sessions go at every start too, so a server that is off at 03:00 still drops them.
      const removed = await sessions.cleanupExpired();
      if (removed > 0) ctx.logger.info({ removed }, 'Removed expired sessions');

      if (!env.authEnabled) {
        ctx.logger.warn(
          'Authentication is disabled (AUTH_ENABLED=false): every request is accepted without credentials',
        );
        return;
      }
      if (credentials.isConfigured()) {
        await setupToken.consume();
        return;
      }
      const token = await setupToken.ensure();
      ctx.logger.info({ setupToken: token }, `Setup token: ${token}`);
      ctx.logger.warn(
        { setupTokenFile: setupToken.path },
        `Setup required: open the web UI (or POST /setup/create-auth) and enter the setup token from ${setupToken.path}`,
      );
    });
  },
});
