import {
  AuthErrorCodes,
  type AuthConfigSection,
  type AuthDecision,
  type AuthRequestInfo,
  type AuthService,
} from '@vidkeep/contracts';
import type { PluginConfig } from '@vidkeep/plugin-kit';
import type { ApiKeyStore } from './api-keys.js';
import type { CredentialStore } from './credentials.js';
import type { SessionStore } from './sessions.js';

export const NOT_CONFIGURED_MESSAGE =
  'Authentication not configured: complete the setup wizard (POST /setup/create-auth) first';

const fail = (statusCode: 401 | 403 | 503, code: string, error: string, requiresSetup?: boolean): AuthDecision => ({
  ok: false,
  statusCode,
  code,
  error,
  ...(requiresSetup ? { requiresSetup } : {}),
});

/**
 * The decision the core's auth hook asks for on every protected request, in this order:
 * authentication disabled → pass; no credentials yet → 503; an API key → 403 unless the route
 * accepts keys, 401 if unknown; no session token → 403; unknown or expired token → 401.
 */
export class LocalAuthService implements AuthService {
  constructor(
    private readonly authEnabled: boolean,
    private readonly config: PluginConfig<AuthConfigSection>,
    private readonly credentials: CredentialStore,
    private readonly sessions: SessionStore,
    private readonly apiKeys: ApiKeyStore,
  ) {}

  isDisabled(): boolean {
    return !this.authEnabled;
  }

  apiKeyRateLimit(): number {
    return this.config.get().apiKeyRateLimit;
  }

  async authenticate(info: AuthRequestInfo): Promise<AuthDecision> {
    if (!this.authEnabled) {
      return { ok: true, auth: { kind: 'disabled', username: this.credentials.username() || 'admin' } };
    }
    if (!this.credentials.isConfigured()) {
      return fail(503, AuthErrorCodes.notConfigured, NOT_CONFIGURED_MESSAGE, true);
    }
    if (info.apiKey) {
      if (info.mode !== 'sessionOrApiKey') {
        return fail(
          403,
          AuthErrorCodes.apiKeyForbidden,
          'API keys can only access the download endpoint (POST /api/videos/download)',
        );
      }
      const key = this.apiKeys.validate(info.apiKey);
      if (!key) return fail(401, AuthErrorCodes.invalidApiKey, 'Invalid API key');
      return { ok: true, auth: { kind: 'apiKey', keyId: key.id, keyName: key.name } };
    }
    if (!info.accessToken) return fail(403, AuthErrorCodes.noToken, 'No token provided');
    const session = await this.sessions.validate(info.accessToken);
    if (!session) return fail(401, AuthErrorCodes.invalidToken, 'Invalid or expired token');
    return { ok: true, auth: { kind: 'session', username: session.username, sessionId: session.id } };
  }
}
