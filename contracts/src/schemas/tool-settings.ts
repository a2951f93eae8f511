import { ErrorEnvelope } from '../errors/envelope.js';
import { Type, type Static } from '../typebox.js';
import { DateTime, Nullable } from './common.js';

/**
 * Settings that need a tool to check them: the uploaded cookie file (downloader), the custom
 * yt-dlp arguments (downloader) and the platform's Data API key (channels).
 */

/** Largest cookie file `POST /api/cookies/upload` accepts (5 MB). */
export const COOKIE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** `GET /api/cookies/status`: whether cookies are set and what they hold, never a cookie's value. */
export const CookieStatus = Type.Object({
  cookiesEnabled: Type.Boolean({ description: 'The `cookiesEnabled` setting: yt-dlp gets the file when it exists' }),
  customCookiesUploaded: Type.Boolean({ description: 'A cookie file was uploaded through vidkeep and is still there' }),
  customFileExists: Type.Boolean({
    description: '`CONFIG_DIR/cookies.user.txt` exists (uploaded, or put there by hand)',
  }),
  inUse: Type.Boolean({
    description: 'The next yt-dlp call gets the file: cookies are enabled and the file exists and is readable',
  }),
  sizeBytes: Nullable(Type.Integer({ minimum: 0 })),
  uploadedAt: Nullable(DateTime, { description: 'When it was uploaded (null for a file put there by hand)' }),
  valid: Nullable(Type.Boolean(), { description: 'The file is a Netscape cookie file (null without a file)' }),
  problem: Nullable(Type.String(), { description: 'What is wrong with the file, in plain words' }),
  cookieCount: Type.Integer({ minimum: 0 }),
  domains: Type.Array(Type.String(), { description: 'Every domain the file has cookies for, without the leading dot' }),
  expiredCount: Type.Integer({ minimum: 0, description: 'Cookies whose expiry has passed (yt-dlp ignores them)' }),
  loginCookiePresent: Type.Boolean({
    description: "The platform's login cookies (e.g. LOGIN_INFO, SID, __Secure-3PSID) are there and not expired",
  }),
  loginCookies: Type.Array(Type.String(), { description: 'Names of the login cookies found (names only)' }),
  loginExpiresAt: Nullable(DateTime, { description: 'The earliest expiry of those login cookies' }),
});
export type CookieStatus = Static<typeof CookieStatus>;

export const CookieChangeResponse = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  cookieStatus: CookieStatus,
});
export type CookieChangeResponse = Static<typeof CookieChangeResponse>;

export const ValidateArgsRequest = Type.Object(
  {
    args: Type.String({
      maxLength: 2000,
      description: 'The custom yt-dlp arguments as typed in Settings (`ytdlpCustomArgs`)',
    }),
  },
  { additionalProperties: false },
);
export type ValidateArgsRequest = Static<typeof ValidateArgsRequest>;

export const ValidateArgsResponse = Type.Object({
  ok: Type.Boolean({ description: 'yt-dlp accepts the arguments' }),
  message: Type.String(),
  args: Type.Array(Type.String(), { description: 'The arguments as yt-dlp will get them (after quoting)' }),
  stderr: Nullable(Type.String(), { description: "yt-dlp's complaint when it refused them" }),
});
export type ValidateArgsResponse = Static<typeof ValidateArgsResponse>;

/** The 400 of the check: the envelope plus the option at fault as typed (null for a quoting problem). */
export const ValidateArgsRefusal = Type.Intersect([
  ErrorEnvelope,
  Type.Object({
    option: Type.Optional(Nullable(Type.String({ description: 'The refused option or token, e.g. `--exec`' }))),
  }),
]);
export type ValidateArgsRefusal = Static<typeof ValidateArgsRefusal>;

/** Why a Data API key test failed (the reference's codes). */
export const API_KEY_PROBLEMS = [
  'KEY_INVALID',
  'KEY_RESTRICTED',
  'API_NOT_ENABLED',
  'QUOTA_EXCEEDED',
  'RATE_LIMITED',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'UNKNOWN',
] as const;
export const ApiKeyProblem = Type.Enum(API_KEY_PROBLEMS);
export type ApiKeyProblem = Static<typeof ApiKeyProblem>;

export const TestSourceApiKeyRequest = Type.Object(
  {
    apiKey: Type.Optional(
      Type.String({
        maxLength: 200,
        pattern: '^[A-Za-z0-9_-]*$',
        description: 'The key to test; empty or absent tests the stored `sourceApiKey`',
      }),
    ),
  },
  { additionalProperties: false },
);
export type TestSourceApiKeyRequest = Static<typeof TestSourceApiKeyRequest>;

export const TestSourceApiKeyResponse = Type.Object({
  ok: Type.Boolean({ description: 'The platform accepted the key and answered' }),
  code: Nullable(ApiKeyProblem),
  reason: Nullable(Type.String({ description: 'What is wrong, in plain words (null when ok)' })),
  tested: Type.Union([Type.Literal('given'), Type.Literal('stored')], {
    description: 'Which key was tested: the one in the request or the stored one',
  }),
  unitsSpent: Type.Integer({
    minimum: 0,
    description:
      'Quota units this test cost (the Data API charges even a refused request; it has no endpoint that tells what is left)',
  }),
  dailyQuotaUnits: Type.Integer({ description: "The platform's default daily quota per project" }),
  quotaResetsAt: DateTime,
  storedKeyCoolingDownUntil: Nullable(DateTime, {
    description:
      'The stored key hit its quota: vidkeep uses yt-dlp instead until then (midnight Pacific time); null when it is not resting',
  }),
});
export type TestSourceApiKeyResponse = Static<typeof TestSourceApiKeyResponse>;
