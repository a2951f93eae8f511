import type { RuntimeEnvironment, FastifyRequest } from '@vidkeep/plugin-kit';
import type { AuthContext } from '@vidkeep/contracts';
import type { AccountService, Client } from '../services/account.js';
import type { ApiKeyStore } from '../services/api-keys.js';
import type { CredentialStore } from '../services/credentials.js';
import type { SessionStore } from '../services/sessions.js';

/** What the auth plugin's route modules share. */
export interface AuthRouteDeps {
  env: Readonly<RuntimeEnvironment>;
  credentials: CredentialStore;
  sessions: SessionStore;
  apiKeys: ApiKeyStore;
  account: AccountService;
}

export const iso = (d: Date): string => d.toISOString();

/** The client a request comes from, for rate limits and session records. */
export const clientOf = (request: FastifyRequest): Client => ({
  address: request.clientAddress,
  userAgent: request.headers['user-agent'],
});

/** The signed-in user's name ('' for an API key, which never reaches these routes). */
export function usernameOf(auth: AuthContext): string {
  return auth.kind === 'session' || auth.kind === 'disabled' ? auth.username : '';
}
