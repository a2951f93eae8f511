import { Type, type Static } from '../typebox.js';
import { managed, secret } from './annotations.js';
import { presented } from './presentation.js';
import { AUTH_PRESENTATION } from './presentation/auth.js';

/** Config keys owned by the auth plugin. Credentials live in the config file (spec 5, rule 5). */
export const AuthConfigSection = presented(
  Type.Object({
    username: managed(secret(Type.String({ default: '', maxLength: 32 }))),
    passwordHash: managed(secret(Type.String({ default: '' }))),
    apiKeyRateLimit: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 10,
      description: 'Requests per minute allowed for each API key on the download endpoint',
    }),
  }),
  AUTH_PRESENTATION,
);

export type AuthConfigSection = Static<typeof AuthConfigSection>;
