import { Type, type Static } from '../typebox.js';

/**
 * Error codes are `<AREA>_<REASON>`. Clients (the UI above all) branch on `code`, never on the
 * human-readable `error` text.
 */
export const ErrorCodes = {
  validationFailed: 'CORE_VALIDATION_FAILED',
  notFound: 'CORE_NOT_FOUND',
  payloadTooLarge: 'CORE_PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'CORE_UNSUPPORTED_MEDIA_TYPE',
  badRequest: 'CORE_BAD_REQUEST',
  internal: 'CORE_INTERNAL_ERROR',
  authUnavailable: 'CORE_AUTH_UNAVAILABLE',
  authNoToken: 'AUTH_NO_TOKEN',
  authInvalidToken: 'AUTH_INVALID_TOKEN',
  authInvalidCredentials: 'AUTH_INVALID_CREDENTIALS',
  authWrongPassword: 'AUTH_WRONG_PASSWORD',
  authNotConfigured: 'AUTH_NOT_CONFIGURED',
  authTooManyAttempts: 'AUTH_TOO_MANY_ATTEMPTS',
  authApiKeyForbidden: 'AUTH_API_KEY_FORBIDDEN',
  authInvalidApiKey: 'AUTH_INVALID_API_KEY',
  authApiKeyLimit: 'AUTH_API_KEY_LIMIT',
  authApiKeyRateLimited: 'AUTH_API_KEY_RATE_LIMITED',
  authInvalidSetupToken: 'AUTH_INVALID_SETUP_TOKEN',
  authAlreadyConfigured: 'AUTH_ALREADY_CONFIGURED',
  authDisabled: 'AUTH_DISABLED',
  authPasswordMismatch: 'AUTH_PASSWORD_MISMATCH',
  authSessionNotFound: 'AUTH_SESSION_NOT_FOUND',
  authApiKeyNotFound: 'AUTH_API_KEY_NOT_FOUND',
  platformManaged: 'CORE_PLATFORM_MANAGED',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export const ErrorDetail = Type.Object({
  path: Type.String({ description: 'Where the problem is, e.g. `body/username`' }),
  message: Type.String(),
});

/**
 * The error envelope every endpoint uses. `error` is always present and human-readable; `code` is
 * stable. Endpoints whose spec shape includes `success: false` or `message` add them.
 */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.String(),
    code: Type.String(),
    success: Type.Optional(Type.Literal(false)),
    message: Type.Optional(Type.String()),
    details: Type.Optional(Type.Array(ErrorDetail)),
    requiresSetup: Type.Optional(Type.Boolean()),
  },
  { description: 'Error body' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
