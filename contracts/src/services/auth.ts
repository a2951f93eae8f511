import { serviceRef } from './ref.js';

/**
 * How a route is authenticated. Set per route as `config: { auth: ... }`; the default is
 * `session`. The core's auth hook enforces it by asking the `AuthService`.
 * - `public`: no credentials needed.
 * - `session`: a session token (`x-access-token`); an API key gets 403.
 * - `sessionOrApiKey`: a session token or an API key (`x-api-key`); API-key requests are rate
 *   limited per key (`apiKeyRateLimit` per minute) and carry `RateLimit-*` headers.
 */
export type RouteAuthMode = 'public' | 'session' | 'sessionOrApiKey';

export type AuthContext =
  | { kind: 'session'; username: string; sessionId: number }
  | { kind: 'apiKey'; keyId: number; keyName: string }
  /** `AUTH_ENABLED=false`: authentication is bypassed for every request. */
  | { kind: 'disabled'; username: string }
  /** A public route reached without credentials. */
  | { kind: 'anonymous' };

export interface AuthRequestInfo {
  mode: RouteAuthMode;
  accessToken?: string;
  apiKey?: string;
  clientAddress: string;
  userAgent?: string;
}

export type AuthDecision =
  | { ok: true; auth: AuthContext }
  | {
      ok: false;
      statusCode: 401 | 403 | 503;
      error: string;
      code: string;
      requiresSetup?: boolean;
    };

/** Provided by the auth plugin; called by the core's auth hook on every non-public request. */
export interface AuthService {
  authenticate(info: AuthRequestInfo): Promise<AuthDecision>;
  /** Requests per minute allowed per API key (config `apiKeyRateLimit`). */
  apiKeyRateLimit(): number;
  /** True while `AUTH_ENABLED=false`. */
  isDisabled(): boolean;
}

export const authServiceRef = serviceRef<AuthService>('auth.authService');
