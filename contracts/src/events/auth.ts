import { Type, type Static } from '../typebox.js';

export const SessionCreatedPayload = Type.Object({
  sessionId: Type.Integer(),
  username: Type.String(),
  ipAddress: Type.String(),
});
export type SessionCreatedPayload = Static<typeof SessionCreatedPayload>;

export const SessionRevokedPayload = Type.Object({
  sessionIds: Type.Array(Type.Integer()),
  reason: Type.Union([Type.Literal('logout'), Type.Literal('deleted'), Type.Literal('expired')]),
});
export type SessionRevokedPayload = Static<typeof SessionRevokedPayload>;

export const ApiKeyCreatedPayload = Type.Object({ keyId: Type.Integer(), name: Type.String() });
export type ApiKeyCreatedPayload = Static<typeof ApiKeyCreatedPayload>;

export const ApiKeyDeletedPayload = Type.Object({ keyId: Type.Integer() });
export type ApiKeyDeletedPayload = Static<typeof ApiKeyDeletedPayload>;

export const CredentialsChangedPayload = Type.Object({
  username: Type.String(),
  source: Type.Union([Type.Literal('setup'), Type.Literal('preset'), Type.Literal('change-password')]),
});
export type CredentialsChangedPayload = Static<typeof CredentialsChangedPayload>;

export const AuthEvents = {
  sessionCreated: 'auth.session.created',
  sessionRevoked: 'auth.session.revoked',
  apiKeyCreated: 'auth.apiKey.created',
  apiKeyDeleted: 'auth.apiKey.deleted',
  credentialsChanged: 'auth.credentials.changed',
} as const;
