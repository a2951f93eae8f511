import { Type } from '@vidkeep/contracts';

/** The manifest options of the auth plugin: login and setup attempt limits. */
export const AuthOptions = Type.Object(
  {
    loginMaxFailures: Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 5,
      description: 'Failed logins allowed per client address and username in the window',
    }),
    loginAddressMaxFailures: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 20,
      description: 'Failed logins allowed per client address (any username) in the window',
    }),
    loginWindowMinutes: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
    setupMaxAttempts: Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 10,
      description: 'Setup submissions allowed per client address in the window',
    }),
    setupWindowMinutes: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
  },
  { additionalProperties: false },
);
