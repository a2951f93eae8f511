import type { AuthConfigSection, Static } from '@vidkeep/contracts';
import type { PluginContext } from '@vidkeep/plugin-kit';
import type { AuthOptions } from './options.js';
import type { AuthRouteDeps } from './routes/deps.js';
import { AccountService } from './services/account.js';
import { ApiKeyStore } from './services/api-keys.js';
import { AttemptLimiter } from './services/attempt-limiter.js';
import { AttemptLog } from './services/attempt-log.js';
import { CredentialStore } from './services/credentials.js';
import { SessionStore } from './services/sessions.js';
import { SetupTokenStore } from './services/setup-token.js';

/** Builds the auth plugin's stores, the attempt limiters (persisted across restarts) and the account service. */
export function wireAuth(ctx: PluginContext<Static<typeof AuthOptions>, AuthConfigSection>) {
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
  return { credentials, sessions, apiKeys, setupToken, limiters, deps };
}
