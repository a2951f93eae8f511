import { AuthConfigSection, authServiceRef, schedulerServiceRef } from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/plugin-kit';
import { AuthApiKeyEntity, AuthFailedAttemptEntity, AuthSessionEntity } from './entities.js';
import { AuthOptions } from './options.js';
import { errorStatuses } from './routes/errors.js';
import { keyRoutes } from './routes/key-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { setupRoutes } from './routes/setup-routes.js';
import { LocalAuthService } from './services/auth-service.js';
import { applyPreset } from './services/preset.js';
import { wireAuth } from './wiring.js';

export { AuthOptions };

/**
 * Local login with sessions (spec 5), the first-start setup with a one-time token, and API keys
 * for the download endpoint; provides `authServiceRef`, which the core's auth hook uses.
 */
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
    const { env, config } = ctx;
    const { credentials, sessions, apiKeys, setupToken, limiters, deps } = wireAuth(ctx);

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
