import { Type, type Static } from '../typebox.js';
import { DateTime, Nullable } from './common.js';

/** Spec 8: username 1 to 32 characters, password 8 to 64 (login accepts up to 64). */
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const API_KEY_NAME_MAX = 100;
export const MAX_ACTIVE_API_KEYS = 20;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: USERNAME_MAX }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({
  token: Type.String({ description: 'Send it as `x-access-token` on later requests' }),
  expires: DateTime,
  username: Type.String(),
  message: Type.Optional(Type.String()),
});
export type LoginResponse = Static<typeof LoginResponse>;

export const ValidateResponse = Type.Object({ valid: Type.Boolean(), username: Type.String() });
export type ValidateResponse = Static<typeof ValidateResponse>;

export const LogoutResponse = Type.Object({ success: Type.Boolean() });

export const SessionItem = Type.Object({
  id: Type.Integer(),
  user_agent: Type.String(),
  ip_address: Type.String(),
  createdAt: DateTime,
  last_used_at: DateTime,
  expires_at: DateTime,
  current: Type.Boolean({ description: 'True for the session making this request' }),
});
export type SessionItem = Static<typeof SessionItem>;
export const SessionList = Type.Array(SessionItem);

export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
    newPassword: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const SetupStatusResponse = Type.Object({
  requiresSetup: Type.Boolean(),
  platformManaged: Type.Boolean(),
  message: Nullable(Type.String()),
});
export type SetupStatusResponse = Static<typeof SetupStatusResponse>;

/**
 * The setup wizard's body. The username (1-32 after trimming) and password (8-64) rules are
 * checked by the server *after* the setup token, so a wrong token is 401 whatever else is sent;
 * the schema only bounds sizes. Clients show the rules from USERNAME_MAX / PASSWORD_MIN / _MAX.
 */
export const SetupBody = Type.Object(
  {
    token: Type.String({ maxLength: 256, description: 'The one-time setup token (64 hex characters)' }),
    username: Type.String({ maxLength: 1024, description: '1 to 32 characters after trimming' }),
    password: Type.String({ maxLength: 1024, description: '8 to 64 characters' }),
    confirmPassword: Type.String({ maxLength: 1024, description: 'Must equal `password`' }),
  },
  { additionalProperties: false },
);
export type SetupBody = Static<typeof SetupBody>;

export const ApiKeyItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  key_prefix: Type.String(),
  created_at: DateTime,
  last_used_at: Nullable(DateTime),
  is_active: Type.Boolean(),
});
export type ApiKeyItem = Static<typeof ApiKeyItem>;

export const ApiKeyList = Type.Object({ keys: Type.Array(ApiKeyItem) });
export type ApiKeyList = Static<typeof ApiKeyList>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: API_KEY_NAME_MAX,
      // Names are shown in lists and logs: no control characters (line breaks, escapes, bells).
      pattern: '^[^\\u0000-\\u001f\\u007f]*$',
      description: `1 to ${API_KEY_NAME_MAX} characters, no control characters`,
    }),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const CreateApiKeyResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  id: Type.Integer(),
  name: Type.String(),
  key: Type.String({ description: 'The full key. Shown only in this response.' }),
  prefix: Type.String(),
});
export type CreateApiKeyResponse = Static<typeof CreateApiKeyResponse>;
