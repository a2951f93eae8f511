import type { EventBus, PluginLogger } from '@vidkeep/contracts';
import type { RuntimeEnvironment } from '@vidkeep/core/plugin-api';
import type { ApiKeyStore } from '../services/api-keys.js';
import type { AttemptLimiter } from '../services/attempt-limiter.js';
import type { CredentialStore } from '../services/credentials.js';
import type { SessionStore } from '../services/sessions.js';
import type { SetupTokenStore } from '../services/setup-token.js';

/** What the auth plugin's route modules share. */
export interface AuthRouteDeps {
  env: Readonly<RuntimeEnvironment>;
  logger: PluginLogger;
  events: EventBus;
  credentials: CredentialStore;
  sessions: SessionStore;
  apiKeys: ApiKeyStore;
  setupToken: SetupTokenStore;
  /** Failed logins per client address and username. */
  loginLimiter: AttemptLimiter;
  /** Failed logins per client address, whatever the username. */
  loginAddressLimiter: AttemptLimiter;
  /** Setup submissions per client address. */
  setupLimiter: AttemptLimiter;
}

export const iso = (d: Date): string => d.toISOString();
