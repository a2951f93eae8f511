/**
 * Errors of authentication: the auth plugin's routes and the core's auth gate, which enforces
 * sessions and API keys on every route. Prefix `AUTH_`.
 */
export const AuthErrorCodes = {
  noToken: 'AUTH_NO_TOKEN',
  invalidToken: 'AUTH_INVALID_TOKEN',
  invalidCredentials: 'AUTH_INVALID_CREDENTIALS',
  wrongPassword: 'AUTH_WRONG_PASSWORD',
  notConfigured: 'AUTH_NOT_CONFIGURED',
  tooManyAttempts: 'AUTH_TOO_MANY_ATTEMPTS',
  apiKeyForbidden: 'AUTH_API_KEY_FORBIDDEN',
  invalidApiKey: 'AUTH_INVALID_API_KEY',
  apiKeyLimit: 'AUTH_API_KEY_LIMIT',
  apiKeyRateLimited: 'AUTH_API_KEY_RATE_LIMITED',
  invalidSetupToken: 'AUTH_INVALID_SETUP_TOKEN',
  alreadyConfigured: 'AUTH_ALREADY_CONFIGURED',
  disabled: 'AUTH_DISABLED',
  passwordMismatch: 'AUTH_PASSWORD_MISMATCH',
  sessionNotFound: 'AUTH_SESSION_NOT_FOUND',
  apiKeyNotFound: 'AUTH_API_KEY_NOT_FOUND',
} as const;
