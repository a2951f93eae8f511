import { defineEntity } from '@vidkeep/plugin-kit';

export interface AuthSession {
  id: number;
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  username: string;
  userAgent: string;
  ipAddress: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

export const AuthSessionEntity = defineEntity<AuthSession>({
  name: 'AuthSession',
  tableName: 'auth_sessions',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    tokenHash: { type: 'string', length: 64, unique: true },
    username: { type: 'string', length: 32 },
    userAgent: { type: 'string', length: 512, default: '' },
    ipAddress: { type: 'string', length: 64, default: '' },
    createdAt: { type: 'datetime' },
    lastUsedAt: { type: 'datetime' },
    expiresAt: { type: 'datetime', index: true },
  },
});

export interface AuthApiKey {
  id: number;
  name: string;
  keyPrefix: string;
  /** SHA-256 of the full key. */
  keyHash: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  isActive: boolean;
}

export const AuthApiKeyEntity = defineEntity<AuthApiKey>({
  name: 'AuthApiKey',
  tableName: 'auth_api_keys',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string', length: 100 },
    keyPrefix: { type: 'string', length: 16 },
    keyHash: { type: 'string', length: 64, unique: true },
    createdAt: { type: 'datetime' },
    lastUsedAt: { type: 'datetime', nullable: true },
    isActive: { type: 'boolean', default: true },
  },
});

/** A failed sign-in or setup attempt, kept so a restart does not lift a lockout. */
export interface AuthFailedAttempt {
  id: number;
  /** Which limiter counted it: `login`, `login-address` or `setup`. */
  limiter: string;
  /** The limiter's key: the client address, with the username for `login`. */
  attemptKey: string;
  attemptedAt: Date;
}

export const AuthFailedAttemptEntity = defineEntity<AuthFailedAttempt>({
  name: 'AuthFailedAttempt',
  tableName: 'auth_failed_attempts',
  indexes: [{ properties: ['limiter', 'attemptedAt'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    limiter: { type: 'string', length: 16 },
    attemptKey: { type: 'string', length: 200 },
    attemptedAt: { type: 'datetime' },
  },
});
